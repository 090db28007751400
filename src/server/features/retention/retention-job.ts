import type { FastifyBaseLogger } from 'fastify';
import { RepeatingLook } from '../../lib/repeating-look.js';
import { type RetentionDeps, runNightly } from './retention.service.js';

/** How often a process looks whether the day's run is still to do; the first look waits as long. */
const LOOK_EVERY_MS = 30 * 60 * 1000;

/**
 * The nightly retention run (docs/decisions/0110-retention-and-erasure.md), once a day across
 * every process on the database: each look claims the day's slot (`retention_run.slot` is unique),
 * and only the process whose insert wins runs it.
 */
export class RetentionJob {
  private readonly loop = new RepeatingLook(() => this.runDue(), LOOK_EVERY_MS);

  constructor(
    private readonly deps: RetentionDeps,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.loop.start();
  }

  /** Stops looking; a run under way finishes first. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Runs the day of `now` unless a process has run it; answers whether this one did. */
  async runDue(now: Date = new Date()): Promise<boolean> {
    try {
      const run = await runNightly(this.deps, now);
      if (!run) return false;
      if (run.message) this.log.error({ run: run.id, message: run.message }, 'the retention run failed');
      else
        this.log.info(
          { run: run.id, rows: run.rows, files: run.files, backups: run.backups },
          'retention run',
        );
      return true;
    } catch (error) {
      this.log.error({ err: error }, 'the retention run could not start');
      return false;
    }
  }
}
