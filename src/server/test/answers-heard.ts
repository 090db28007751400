import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import { readAnswerVersions } from '../lib/answer-versions.js';

/**
 * Waits until `app` knows the answer counters of `keys` that a write straight to the database (as
 * another server process would write) raised. On SQLite the app reads them at each request; on
 * PostgreSQL it hears them by notification a moment after the commit
 * (docs/decisions/0084-kept-answers-of-the-day.md), so a test that wrote around the app and reads a
 * kept answer at once would race the notification.
 */
export async function untilAppHeard(app: FastifyInstance, keys: readonly string[]): Promise<void> {
  const written = await readAnswerVersions(app.db, keys);
  await vi.waitFor(async () => expect(await app.answerVersions.read(keys)).toBe(written));
}
