import type { Db } from '../db/connect.js';

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
} as const;

/** The counters of `keys` as one stamp (a key never raised counts 0). */
export async function readAnswerVersions(db: Db, keys: readonly string[]): Promise<string> {
  const rows = await db
    .selectFrom('answer_version')
    .select(['key', 'version'])
    .where('key', 'in', keys)
    .execute();
  const versions = new Map(rows.map((row) => [row.key, Number(row.version)]));
  return keys.map((key) => versions.get(key) ?? 0).join('.');
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
    private readonly db: Db,
    private readonly maxAnswers: number,
  ) {}

  async get(id: string, keys: readonly string[], make: () => Promise<T>): Promise<T> {
    const stamp = await readAnswerVersions(this.db, keys);
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
