/**
 * The loop of a process's background jobs (scheduled backups, the pick-up photo sweep, conversation
 * alerts, the day's summaries): look, then wait, then look again. The next wait starts when a look
 * has ended, so a slow look never overlaps the next; the timer is unref'd, so it never keeps a
 * process alive; and `stop` answers once a look under way has finished, so a closing server does
 * not pull the database from under it. Whether a look has work to do across several processes is
 * the job's own claim (a slot, a counter, an update), not this loop's.
 */
export class RepeatingLook {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;

  /**
   * @param look one look; a rejection is the job's to report, the loop only goes on.
   * @param everyMs the wait after each look.
   * @param firstAfterMs the wait before the first look (by default a whole `everyMs`).
   */
  constructor(
    private readonly look: () => Promise<unknown>,
    private readonly everyMs: number,
    private readonly firstAfterMs: number = everyMs,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.timer = setTimeout(() => this.lookNow(), this.firstAfterMs).unref();
  }

  /** Stops looking; a look under way finishes first. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private lookNow(): void {
    this.running = this.look()
      .catch(() => {})
      .finally(() => {
        this.running = undefined;
        if (!this.stopped) this.timer = setTimeout(() => this.lookNow(), this.everyMs).unref();
      });
  }
}
