import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { BackupConfig } from '../../config.js';
import type { Db } from '../../db/connect.js';
import { RepeatingLook } from '../../lib/repeating-look.js';
import { nowIso } from '../../lib/time.js';
import { type BackupSource, backupToFile } from './backup.js';
import { claimSlot, filesBeyond, finishRun } from './backup-run.repository.js';

/** How often a server looks whether the current slot still needs its backup (at most). */
const LOOK_EVERY_MS = 60_000;

export type SlotOutcome =
  | { ran: true; ok: true; file: string; bytes: number }
  | { ran: true; ok: false; message: string }
  | { ran: false };

/**
 * Scheduled backups (docs/decisions/0033-backup-and-restore.md). Time is cut into slots of the
 * interval, counted from the epoch, so every process names the same slot; the first to insert the
 * slot's row makes the backup and records how it went, the others see the row and do nothing.
 * Only the scheduled backups' own files are pruned (by their rows), never a backup made by hand.
 */
export class BackupScheduler {
  private readonly loop: RepeatingLook;

  constructor(
    private readonly db: Db,
    private readonly source: BackupSource,
    private readonly config: BackupConfig,
    private readonly log: FastifyBaseLogger,
  ) {
    // Looks at once, then every minute (or every interval, when shorter).
    this.loop = new RepeatingLook(() => this.runDue(), Math.min(LOOK_EVERY_MS, config.intervalMs), 0);
  }

  /** Scheduled backups off (an interval of 0): never looks. */
  start(): void {
    if (this.config.intervalMs > 0) this.loop.start();
  }

  /** Stops looking; a backup under way finishes first. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Makes the backup of the slot `at` falls in, unless another process (or this one) has claimed it. */
  async runDue(at: Date = new Date()): Promise<SlotOutcome> {
    if (this.config.intervalMs <= 0) return { ran: false };
    const slot = Math.floor(at.getTime() / this.config.intervalMs);
    let claimed: boolean;
    try {
      claimed = await claimSlot(this.db, slot, at.toISOString());
    } catch (error) {
      this.log.error({ err: error }, 'scheduled backup: could not claim the slot');
      return { ran: false };
    }
    if (!claimed) return { ran: false };
    try {
      const { file, bytes } = await backupToFile(
        { ...this.source, passphrase: this.config.passphrase },
        { dir: this.config.dir },
      );
      const fileName = path.basename(file);
      await finishRun(this.db, slot, {
        finishedAt: nowIso(),
        ok: true,
        fileName,
        bytes,
        message: 'Backup written.',
      });
      await this.prune();
      this.log.info({ file, bytes }, 'scheduled backup written');
      return { ran: true, ok: true, file, bytes };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log.error({ err: error }, 'scheduled backup failed');
      await finishRun(this.db, slot, {
        finishedAt: nowIso(),
        ok: false,
        fileName: null,
        bytes: null,
        message,
      }).catch(() => {});
      return { ran: true, ok: false, message };
    }
  }

  /** Deletes the scheduled backups beyond the newest `keep`. */
  private async prune(): Promise<void> {
    for (const name of await filesBeyond(this.db, this.config.keep)) {
      // A name from our own table; still, never a path outside the folder.
      if (name !== path.basename(name)) continue;
      await fs.rm(path.join(this.config.dir, name), { force: true }).catch(() => {});
    }
  }
}
