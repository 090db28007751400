import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { type Config, loadConfig } from '../../config.js';
import type { Db } from '../../db/connect.js';
import { DiskFileStore } from '../../lib/file-store/disk-file-store.js';
import { hashToken } from '../../lib/secret-token.js';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../../test/databases.js';
import { sendMail, withMailingDemoSchool } from '../../test/mail.js';
import { bearer, DEMO_USERS, logIn } from '../../test/school-fixtures.js';
import type { CapturedMail } from '../../test/smtp-capture.js';
import { nextAddress } from '../users/test-helpers.js';
import { backupToFile } from './backup.js';
import { restoreArchive } from './restore.js';

/**
 * No live secret at rest, so none in a backup (docs/decisions/0037-no-live-secret-at-rest.md): a
 * school with sessions, password resets and newsletter subscribers, some of their mails sent and
 * some still queued, is backed up; the archive holds none of the live tokens, and nothing in it
 * opens anything once restored. Every token is stored only as its hash.
 */

/** Every `?token=` of a mail's links (text, HTML and the List-Unsubscribe header), by page. */
function linksIn(mail: CapturedMail): { page: string; token: string }[] {
  const header = mail.parsed.headerLines.map((h) => h.line).join('\n');
  const found: { page: string; token: string }[] = [];
  for (const text of [mail.text, mail.html, header]) {
    for (const match of text.matchAll(/https:\/\/school\.test(\/[a-z/-]+)\?token=([A-Za-z0-9_-]+)/g)) {
      const [, page = '', token = ''] = match;
      if (!found.some((f) => f.token === token && f.page === page)) found.push({ page, token });
    }
  }
  return found;
}

/** The strings of an archive's rows that have the shape of a token or of a token's hash. */
function tokenShapedStrings(archive: string): Set<string> {
  const found = new Set<string>();
  for (const line of archive.split('\n')) {
    if (!line.startsWith('[')) continue;
    for (const value of JSON.parse(line) as unknown[]) {
      if (typeof value !== 'string') continue;
      for (const [match] of value.matchAll(/[A-Za-z0-9_-]{32,64}/g)) found.add(match);
    }
  }
  return found;
}

/** Every value of every table, as text: what a direct read of the database shows. */
async function everyStoredValue(db: Db): Promise<string> {
  const tables = await db.introspection.getTables();
  const parts: string[] = [];
  for (const table of tables) {
    // biome-ignore lint/suspicious/noExplicitAny: every table, whatever its type
    const rows = await (db as any).selectFrom(table.name).selectAll().execute();
    parts.push(JSON.stringify(rows, (_key, value) => (typeof value === 'bigint' ? String(value) : value)));
  }
  return parts.join('\n');
}

/** The app on a database restored into, as a server would start on it. */
async function appOn(database: TestDatabase): Promise<FastifyInstance> {
  const config: Config = {
    ...loadConfig({ DATA_DIR: database.dataDir, LOG_LEVEL: 'silent', DEMO_DATA: 'false', MAIL_POLL_MS: '0' }),
    database: database.config,
    webDistDir: path.join(database.dataDir, 'no-web-build'),
  };
  const app = await buildApp(config, { db: database.db, logger: false });
  await app.ready();
  return app;
}

/** What each kind of token is tried on, and whether the answer means it opened something. */
const USES = {
  session: (app: FastifyInstance, token: string) =>
    app.inject({ url: '/api/users/profile', headers: bearer(token), remoteAddress: nextAddress() }),
  reset: (app: FastifyInstance, token: string) =>
    app.inject({
      method: 'POST',
      url: '/api/users/password-reset/confirm',
      payload: { token, password: 'Taken-over-123' },
      remoteAddress: nextAddress(),
    }),
  confirm: (app: FastifyInstance, token: string) =>
    app.inject({
      method: 'POST',
      url: '/api/newsletter/confirm',
      payload: { token },
      remoteAddress: nextAddress(),
    }),
  unsubscribe: (app: FastifyInstance, token: string) =>
    app.inject({
      method: 'POST',
      url: '/api/newsletter/unsubscribe',
      payload: { token },
      remoteAddress: nextAddress(),
    }),
} as const;
type Use = keyof typeof USES;

const USE_OF_PAGE: Record<string, Use> = {
  '/reset-password': 'reset',
  '/newsletter/confirm': 'confirm',
  '/newsletter/unsubscribe': 'unsubscribe',
  '/api/newsletter/unsubscribe': 'unsubscribe',
};

describe.each(TEST_ENGINES)('no live secret at rest, so none in a backup, on %s', (engine) => {
  const { t, f, smtp } = withMailingDemoSchool(engine);
  const restored: TestDatabase[] = [];
  afterAll(async () => {
    for (const database of restored) await database.dispose();
  });

  const requestReset = async (email: string) =>
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/users/password-reset',
          payload: { email },
          remoteAddress: nextAddress(),
        })
      ).statusCode,
    ).toBe(202);
  const subscribe = async (name: string, email: string) =>
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/newsletter',
          payload: { name, email },
          remoteAddress: nextAddress(),
        })
      ).statusCode,
    ).toBe(201);
  const sendNewsletter = async (subject: string) =>
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/newsletters',
          payload: { subject, text: 'News of the week.' },
          headers: bearer(f.tokens.principal),
        })
      ).statusCode,
    ).toBe(201);
  const linksTo = (address: string) => smtp.to(address).flatMap(linksIn);

  /** The clear tokens the test knows: the sessions' (answered to clients) and every mail's links. */
  const sessions: string[] = [];
  const liveLinks = () => smtp.mails.flatMap(linksIn);

  it('a fresh backup holds no live token, and nothing in it opens anything once restored', async () => {
    sessions.push(...Object.values(f.tokens), await logIn(t.app, DEMO_USERS.teacher2));

    // Sent before the backup: a password reset, a confirmation, a confirmed subscriber's newsletter.
    await requestReset(DEMO_USERS.teacher);
    await subscribe('Pending Sent', 'pending.sent@example.org');
    await subscribe('Comes Confirmed', 'confirmed@example.org');
    await sendMail(t);
    const [confirmLink] = linksTo('confirmed@example.org');
    expect((await USES.confirm(t.app, confirmLink?.token ?? '')).statusCode).toBe(200);
    await sendNewsletter('Sent before the backup');
    await sendMail(t);

    // Queued when the backup is made: a password reset, a confirmation and a newsletter.
    await requestReset(DEMO_USERS.student);
    await subscribe('Pending Queued', 'pending.queued@example.org');
    await sendNewsletter('Queued at the backup');

    const { file } = await backupToFile(
      { database: t.config, files: new DiskFileStore(path.join(t.dataDir, 'uploads')) },
      { dir: path.join(t.dataDir, 'backups') },
    );
    // The queued mails go out after the backup: their links are live tokens too.
    expect(await sendMail(t)).toBeGreaterThan(3);

    const links = liveLinks();
    for (const page of Object.keys(USE_OF_PAGE)) {
      expect(
        links.some((link) => link.page === page),
        page,
      ).toBe(true);
    }
    expect(linksTo(DEMO_USERS.student).some((link) => link.page === '/reset-password')).toBe(true);
    expect(linksTo('pending.queued@example.org').some((link) => link.page === '/newsletter/confirm')).toBe(
      true,
    );

    const archive = zlib.gunzipSync(await fs.readFile(file)).toString('utf8');
    expect(archive).toContain('"kind":"manifest"');
    for (const token of [...sessions, ...links.map((link) => link.token)]) {
      expect(archive.includes(token), `the archive holds the live token ${token}`).toBe(false);
    }

    // Restored into a fresh database, nothing in the archive opens anything: not a token, not a hash.
    const target = await createTestDatabase(engine);
    restored.push(target);
    await restoreArchive(file, {
      database: target.config,
      files: () => new DiskFileStore(path.join(target.dataDir, 'uploads')),
      dataDir: target.dataDir,
    });
    const app = await appOn(target);
    try {
      const candidates = tokenShapedStrings(archive);
      expect(candidates.size).toBeGreaterThan(10);
      for (const candidate of candidates) {
        for (const [use, tryIt] of Object.entries(USES)) {
          const res = await tryIt(app, candidate);
          expect(res.statusCode, `${candidate} as a ${use} token: ${res.body}`).toBeGreaterThanOrEqual(400);
        }
      }
      // A mail that was queued comes back without the key of its link.
      const keys = await target.db.selectFrom('mail_outbox').select('link_keys').execute();
      expect(keys.every((row) => row.link_keys === null)).toBe(true);
    } finally {
      await app.close();
    }

    // The tokens the archive does not hold were live: each opens what it is for, here.
    for (const token of sessions) expect((await USES.session(t.app, token)).statusCode).toBe(200);
    const byUse = (use: Use) => links.filter((link) => USE_OF_PAGE[link.page] === use);
    for (const { token } of byUse('confirm')) expect((await USES.confirm(t.app, token)).statusCode).toBe(200);
    for (const { token } of byUse('reset')) expect((await USES.reset(t.app, token)).statusCode).toBe(200);
    const lastNewsletter = linksTo('confirmed@example.org').filter((link) =>
      link.page.endsWith('unsubscribe'),
    );
    expect((await USES.unsubscribe(t.app, lastNewsletter.at(-1)?.token ?? '')).statusCode).toBe(200);
  });

  it('stores each token only as its hash: a direct read of the database never shows one', async () => {
    await requestReset(DEMO_USERS.teacher2);
    await subscribe('Another Pending', 'another.pending@example.org');
    await sendNewsletter('Stored as hashes');
    // While the mails wait, their keys are beside them, never in their bodies.
    const waiting = await t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('status', '=', 'waiting')
      .execute();
    expect(waiting.length).toBeGreaterThan(2);
    for (const mail of waiting) {
      expect(mail.link_keys, mail.subject).not.toBeNull();
      expect(`${mail.text_body}${mail.html_body}${mail.headers}`).not.toMatch(/token=[A-Za-z0-9_-]/);
    }
    await sendMail(t);

    const session = await logIn(t.app, DEMO_USERS.parent);
    const tokens = [...sessions, session, ...liveLinks().map((link) => link.token)];
    const stored = await everyStoredValue(t.db);
    for (const token of tokens) expect(stored.includes(token), token).toBe(false);

    const hashes = async (table: 'session' | 'password_reset' | 'newsletter_unsubscribe') =>
      (await t.db.selectFrom(table).select('token_hash').execute()).map((row) => row.token_hash);
    expect(await hashes('session')).toContain(hashToken(session));
    const [reset] = linksTo(DEMO_USERS.teacher2).filter((link) => link.page === '/reset-password');
    expect(await hashes('password_reset')).toContain(hashToken(reset?.token ?? ''));
    const [confirm] = linksTo('another.pending@example.org');
    const subscriber = await t.db
      .selectFrom('newsletter_subscriber')
      .select('token_hash')
      .where('email_key', '=', 'another.pending@example.org')
      .executeTakeFirst();
    expect(subscriber?.token_hash).toBe(hashToken(confirm?.token ?? ''));
    const newsletter = smtp.mails.filter((mail) => mail.subject === 'Stored as hashes');
    for (const mail of newsletter) {
      const [unsubscribe] = linksIn(mail);
      expect(await hashes('newsletter_unsubscribe')).toContain(hashToken(unsubscribe?.token ?? ''));
    }
  });
});
