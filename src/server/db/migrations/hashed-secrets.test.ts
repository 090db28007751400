import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { confirm, unsubscribe } from '../../features/newsletter/newsletter.service.js';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../../test/databases.js';
import { migrateTo, migrateToLatest } from '../migrate.js';

const sha256 = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

describe.each(TEST_ENGINES)('migration 2026-11-30T0200-hashed-secrets on %s', (engine) => {
  let test: TestDatabase | undefined;
  afterEach(async () => {
    await test?.dispose();
    test = undefined;
  });

  it('hashes the clear tokens in place (the links mailed keep working) and takes keys out of mails', async () => {
    test = await createTestDatabase(engine);
    const { db } = test;
    await migrateTo(db, '2026-11-29T0200-backup-runs');
    // biome-ignore lint/suspicious/noExplicitAny: the schema of the day has a clear `token`
    const before = db as any;
    const now = new Date().toISOString();
    const subscriber = (email: string, token: string) => ({
      name: email,
      email,
      email_key: email,
      created_at: now,
      confirmed_at: null,
      token,
    });
    const pending = 'p'.repeat(32);
    const confirmed = 'c'.repeat(32);
    await before
      .insertInto('newsletter_subscriber')
      .values([subscriber('pending@example.org', pending), subscriber('confirmed@example.org', confirmed)])
      .execute();
    const mail = (messageId: string, status: string, token: string) => ({
      message_id: messageId,
      kind: 'newsletter',
      // Another address: the unsubscribe below would drop a waiting newsletter to its own.
      to_address: 'other@example.org',
      to_name: 'C',
      subject: 'News',
      text_body: `Unsubscribe: https://school.test/newsletter/unsubscribe?token=${token}`,
      html_body: `<a href="https://school.test/newsletter/unsubscribe?token=${token}">unsubscribe</a>`,
      headers: JSON.stringify({
        'List-Unsubscribe': `<https://school.test/api/newsletter/unsubscribe?token=${token}>`,
      }),
      status,
      next_attempt_at: now,
      created_at: now,
    });
    await before
      .insertInto('mail_outbox')
      .values([
        mail('<waiting@school.test>', 'waiting', confirmed),
        mail('<sent@school.test>', 'sent', confirmed),
      ])
      .execute();

    await migrateToLatest(db);

    const rows = await db
      .selectFrom('newsletter_subscriber')
      .select(['email', 'token_hash'])
      .orderBy('email')
      .execute();
    expect(rows).toEqual([
      { email: 'confirmed@example.org', token_hash: sha256(confirmed) },
      { email: 'pending@example.org', token_hash: sha256(pending) },
    ]);
    const mails = await db
      .selectFrom('mail_outbox')
      .select(['message_id', 'text_body', 'html_body', 'headers', 'link_keys'])
      .orderBy('message_id')
      .execute();
    for (const row of mails)
      expect(`${row.text_body}${row.html_body}${row.headers}`).not.toContain(confirmed);
    expect(mails.map((row) => row.link_keys)).toEqual([
      null,
      JSON.stringify([confirmed, confirmed, confirmed]),
    ]);

    // The links already mailed still work.
    await confirm(db, pending);
    await unsubscribe(db, confirmed);
    expect(await db.selectFrom('newsletter_subscriber').select(['email', 'confirmed_at']).execute()).toEqual([
      { email: 'pending@example.org', confirmed_at: expect.any(String) },
    ]);

    // And back: the schema of the day again (the tokens stay hashes: no link mailed before works).
    await migrateTo(db, '2026-11-29T0200-backup-runs');
    const back = await before.selectFrom('mail_outbox').select(['text_body']).execute();
    expect(back.map((row: { text_body: string }) => row.text_body)).toContain(
      `Unsubscribe: https://school.test/newsletter/unsubscribe?token=${confirmed}`,
    );
  });
});
