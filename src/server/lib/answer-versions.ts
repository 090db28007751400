import crypto from 'node:crypto';
import type { Db } from '../db/connect.js';
import type { Signals } from './signals.js';

/**
 * Private answers kept in memory by the versions of what they are made of
 * (docs/decisions/0084-kept-answers-of-the-day.md). The database's triggers (migration
 * 2026-12-05T0100-answer-versions) raise a key's counter in the transaction of every write to its
 * rows, whichever code path or server process wrote; a kept answer is given again only while the
 * counters of its keys read as they did when it was made.
 */

/** The keys the triggers raise; their spelling is the migration's. */
export const ANSWER_KEYS = {
  /** A pupil's log entries, register rows and photo moments. */
  child: (pupilId: number) => `child:${pupilId}`,
  /** The log entries written in a class. */
  classLog: (classId: number) => `class:${classId}`,
  /** A pupil's conversation: its messages and their read receipts. */
  conversation: (pupilId: number) => `conversation:${pupilId}`,
  /** Names of users and classes, enrolments, guardians, care records, settings, message hours. */
  school: 'school',
  /** The school calendar's entries and the classes they are for (migration 2026-12-07T0500-calendar-answers). */
  calendar: 'calendar',
  /**
   * What a class's report cards are made of: marks, exams, the register, who teaches what, the cards'
   * comments, notes and versions, terms, years, subjects (migration 2026-12-07T0600-report-card-answers).
   */
  reportCards: 'report-cards',
  /**
   * What the admissions board and the classes' seats are made of: cases, moves, offers, capacities,
   * classes, years, enrolments, next classes (migration 2026-12-08T0600-admission-answers).
   */
  admissions: 'admissions',
} as const;

/** The counters of `keys` as one stamp (a key never raised counts 0). */
export async function readAnswerVersions(db: Db, keys: readonly string[]): Promise<string> {
  const versions = await readVersions(db, keys);
  return keys.map((key) => versions.get(key) ?? 0).join('.');
}

async function readVersions(db: Db, keys: readonly string[]): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('answer_version')
    .select(['key', 'version'])
    .where('key', 'in', keys)
    .execute();
  return new Map(rows.map((row) => [row.key, Number(row.version)]));
}

/**
 * Reads the counters for the kept answers of one process. On SQLite, from the database at each
 * request (a few microseconds). On PostgreSQL each raise is also sent to every process (channel
 * `answers` of lib/signals.ts, in commit order), so a counter heard or read once is known from memory
 * and a request saves a query; the database is asked again
 * - while the listening connection is down, and after it came back (what was missed is unknown);
 * - for a counter never seen;
 * - after a write request of this process, until this process hears the mark it sends once that
 *   request is answered: its writes' notifications come before the mark, so it reads its own writes.
 * Another process's write is seen when its notification arrives, a moment after its commit.
 */
export class AnswerVersions {
  private readonly known = new Map<string, number>();
  private listening: () => boolean = () => false;
  /** Raised when what is known may have missed a signal; a read started before it learns nothing. */
  private epoch = 0;
  /** Marks of this process's write requests under way, and of those answered whose mark is not back. */
  private readonly writing = new Set<string>();
  private readonly sent = new Set<string>();
  private publishMark: ((mark: string) => Promise<void>) | undefined;

  constructor(private readonly db: Db) {}

  /** Keeps counters from `signals` (PostgreSQL); returns the way to stop. */
  follow(signals: Signals, listening: () => boolean): () => void {
    this.listening = listening;
    this.publishMark = (marker) => signals.publish({ channel: 'answers', marker });
    const stop = signals.subscribe((signal) => {
      if (signal.channel === 'resync') this.forget();
      if (signal.channel !== 'answers') return;
      if (signal.marker !== undefined) this.sent.delete(signal.marker);
      else if (signal.versions === undefined) this.forget();
      else for (const [key, version] of Object.entries(signal.versions)) this.learn(key, version);
    });
    return () => {
      stop();
      this.listening = () => false;
      this.publishMark = undefined;
      this.forget();
    };
  }

  async read(keys: readonly string[]): Promise<string> {
    const trusted = this.trusted();
    if (trusted && keys.every((key) => this.known.has(key))) {
      return keys.map((key) => this.known.get(key)).join('.');
    }
    const epoch = this.epoch;
    const versions = await readVersions(this.db, keys);
    const stamp = keys.map((key) => versions.get(key) ?? 0);
    // Versions only grow, so a read older than a notification heard meanwhile teaches nothing wrong.
    if (trusted && epoch === this.epoch) {
      for (const [i, key] of keys.entries()) this.learn(key, stamp[i] ?? 0);
    }
    return stamp.join('.');
  }

  /**
   * A request that may write has started: until the mark sent after it (`wroteAll`) comes back, the
   * counters are read from the database. Returns the mark.
   */
  mayWrite(): string | undefined {
    if (!this.publishMark) return undefined;
    const mark = crypto.randomUUID();
    this.writing.add(mark);
    return mark;
  }

  /** The request of `mark` is answered (or gone): its writes are committed; send the mark after them. */
  wroteAll(mark: string): void {
    if (!this.writing.delete(mark)) return;
    const publish = this.publishMark;
    if (!publish) return;
    this.sent.add(mark);
    // Not sent (the database is down): the mark stays awaited and reads keep asking the database
    // until the next resync forgets it.
    publish(mark).catch(() => undefined);
  }

  private trusted(): boolean {
    return this.listening() && this.writing.size === 0 && this.sent.size === 0;
  }

  private learn(key: string, version: number): void {
    if (version > (this.known.get(key) ?? -1)) this.known.set(key, version);
  }

  /** What was kept may have missed signals (and sent marks with them): read the database again. */
  private forget(): void {
    this.known.clear();
    this.sent.clear();
    this.epoch += 1;
  }
}

/**
 * Answers kept by id (what they answer: viewer, pupil, day...) with the stamp of their keys read
 * before they were made; at most `maxAnswers`, the least recently given out first. The stamp is read
 * before the answer is made, so a write that commits in between leaves a newer answer under an older
 * stamp, never the reverse: the next request reads the newer stamp and makes the answer again.
 */
export class AnswersKeptByVersion<T> {
  private readonly kept = new Map<string, { stamp: string; answer: Promise<T> }>();

  constructor(
    private readonly versions: AnswerVersions,
    private readonly maxAnswers: number,
  ) {}

  async get(id: string, keys: readonly string[], make: () => Promise<T>): Promise<T> {
    const stamp = await this.versions.read(keys);
    const kept = this.kept.get(id);
    this.kept.delete(id);
    if (kept && kept.stamp === stamp) {
      this.kept.set(id, kept);
      return kept.answer;
    }
    const entry = { stamp, answer: make() };
    this.kept.set(id, entry);
    if (this.kept.size > this.maxAnswers) {
      const oldest = this.kept.keys().next();
      if (!oldest.done) this.kept.delete(oldest.value);
    }
    try {
      return await entry.answer;
    } catch (error) {
      // A failed answer is not kept: the next request tries again.
      if (this.kept.get(id) === entry) this.kept.delete(id);
      throw error;
    }
  }

  /** How many answers are kept (for tests). */
  get size(): number {
    return this.kept.size;
  }
}
