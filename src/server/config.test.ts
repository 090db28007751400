import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  demoPasswordsWarning,
  describeDatabase,
  describeFileStore,
  describeMail,
  loadConfig,
  mailLinkWarning,
} from './config.js';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.database).toEqual({ engine: 'sqlite', file: path.resolve('./data/schoolyard.sqlite') });
    expect(config.uploadsDir).toBe(path.resolve('./data/uploads'));
    expect(config.fileStore).toBe('disk');
    expect(config.demoData).toBe(true);
    expect(config.timeouts).toEqual({
      headers: 15_000,
      request: 900_000,
      bodyMinRate: 1_000,
      keepAlive: 72_000,
      connection: 120_000,
    });
    expect(config.shutdown).toEqual({ idleGrace: 1_000, timeout: 10_000 });
  });

  it('lets a test walk ask for the pseudo-locale only when PSEUDO_LOCALE says so', () => {
    expect(loadConfig({}).pseudoLocale).toBe(false);
    expect(loadConfig({ PSEUDO_LOCALE: 'true' }).pseudoLocale).toBe(true);
    expect(() => loadConfig({ PSEUDO_LOCALE: 'sometimes' })).toThrow(/PSEUDO_LOCALE must be true or false/);
  });

  it('keeps stored files on disk or in the database (FILE_STORE)', () => {
    expect(loadConfig({ FILE_STORE: 'database' }).fileStore).toBe('database');
    expect(loadConfig({ FILE_STORE: ' Disk ' }).fileStore).toBe('disk');
    // Allowed with SQLite too: one server gains nothing by it, but loses nothing either.
    expect(loadConfig({ FILE_STORE: 'database' }).database.engine).toBe('sqlite');
    expect(() => loadConfig({ FILE_STORE: 's3' })).toThrow(
      new ConfigError('Bad configuration: FILE_STORE must be disk or database.'),
    );
    expect(describeFileStore(loadConfig({ FILE_STORE: 'database' }))).toBe('in the database');
    expect(describeFileStore(loadConfig({}))).toBe(`on disk at ${path.resolve('./data/uploads')}`);
  });

  it('reads the timeouts and the shutdown settings', () => {
    const config = loadConfig({
      HEADERS_TIMEOUT_MS: '1000',
      REQUEST_TIMEOUT_MS: '5000',
      BODY_MIN_RATE: '50',
      KEEP_ALIVE_TIMEOUT_MS: '2000',
      CONNECTION_TIMEOUT_MS: '3000',
      SHUTDOWN_IDLE_GRACE_MS: '0',
      SHUTDOWN_TIMEOUT_MS: '4000',
    });
    expect(config.timeouts).toEqual({
      headers: 1_000,
      request: 5_000,
      bodyMinRate: 50,
      keepAlive: 2_000,
      connection: 3_000,
    });
    expect(config.shutdown).toEqual({ idleGrace: 0, timeout: 4_000 });
  });

  it('reads the scheduled backups: off by default, hours into milliseconds, into DATA_DIR/backups', () => {
    expect(loadConfig({ DATA_DIR: '/srv/school' }).backup).toEqual({
      intervalMs: 0,
      keep: 7,
      dir: path.resolve('/srv/school/backups'),
    });
    expect(loadConfig({ BACKUP_EVERY_HOURS: '24', BACKUP_KEEP: '14' }).backup).toMatchObject({
      intervalMs: 86_400_000,
      keep: 14,
    });
    expect(loadConfig({ BACKUP_EVERY_HOURS: '0.5' }).backup.intervalMs).toBe(1_800_000);
  });

  it('refuses a headers timeout longer than the request timeout', () => {
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '20000', REQUEST_TIMEOUT_MS: '10000' })).toThrow(
      new ConfigError('Bad configuration: HEADERS_TIMEOUT_MS must not be longer than REQUEST_TIMEOUT_MS.'),
    );
  });

  it('chooses PostgreSQL for a postgres URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://school:pw@db.example:5433/school' });
    expect(config.database).toEqual({
      engine: 'postgres',
      url: 'postgres://school:pw@db.example:5433/school',
    });
    expect(describeDatabase(config.database)).toBe('PostgreSQL at db.example:5433/school');
  });

  it('reads DEMO_DATA=false and PORT', () => {
    const config = loadConfig({ DEMO_DATA: 'false', PORT: '8080' });
    expect(config.demoData).toBe(false);
    expect(config.port).toBe(8080);
  });

  // A real school's address never opens with the demo's published passwords (issue 27, point 9).
  it.each([
    [{}, true],
    [{ PUBLIC_URL: 'http://localhost:3000' }, true],
    [{ PUBLIC_URL: 'http://127.0.0.1:8080/' }, true],
    [{ PUBLIC_URL: 'http://[::1]:3000' }, true],
    [{ PUBLIC_URL: 'http://school.localhost' }, true],
    [{ PUBLIC_URL: 'https://school.example' }, false],
    [{ PUBLIC_URL: 'http://10.0.0.5:3000' }, false],
    [{ PUBLIC_URL: 'https://school.example', DEMO_DATA: 'true' }, true],
    [{ PUBLIC_URL: 'https://school.example', DEMO_DATA: 'false' }, false],
    [{ DEMO_DATA: 'false' }, false],
  ])('plants the demo school by default only on a local site: %j -> %s', (env, demo) => {
    expect(loadConfig(env).demoData).toBe(demo);
  });

  it('warns that the demo passwords are public only when DEMO_DATA=true on a site others reach', () => {
    expect(demoPasswordsWarning(loadConfig({}))).toBeUndefined();
    expect(demoPasswordsWarning(loadConfig({ PUBLIC_URL: 'https://school.example' }))).toBeUndefined();
    expect(
      demoPasswordsWarning(loadConfig({ PUBLIC_URL: 'https://school.example', DEMO_DATA: 'true' })),
    ).toMatch(/passwords are published/);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/school' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ DEMO_DATA: 'maybe' }, 'DEMO_DATA'],
    [{ HEADERS_TIMEOUT_MS: '15s' }, 'HEADERS_TIMEOUT_MS'],
    [{ REQUEST_TIMEOUT_MS: '50' }, 'REQUEST_TIMEOUT_MS'],
    [{ BODY_MIN_RATE: '0' }, 'BODY_MIN_RATE'],
    [{ KEEP_ALIVE_TIMEOUT_MS: '1.5' }, 'KEEP_ALIVE_TIMEOUT_MS'],
    [{ CONNECTION_TIMEOUT_MS: '-1' }, 'CONNECTION_TIMEOUT_MS'],
    [{ SHUTDOWN_IDLE_GRACE_MS: 'soon' }, 'SHUTDOWN_IDLE_GRACE_MS'],
    [{ SHUTDOWN_TIMEOUT_MS: '99999999999' }, 'SHUTDOWN_TIMEOUT_MS'],
  ])('refuses %j with one sentence naming the variable', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain(variable);
      expect(message.split('\n')).toHaveLength(1);
    }
  });
});

describe('the mail settings (docs/decisions/0022-email-outbox.md)', () => {
  it('sends nothing by default, from no-reply at the site’s host, with links to the local server', () => {
    const { mail } = loadConfig({});
    expect(mail).toEqual({
      smtpUrl: undefined,
      from: { name: '', address: 'no-reply@localhost.localdomain' },
      publicUrl: 'http://localhost:3000',
      pollMs: 2_000,
    });
    expect(describeMail(mail)).toBe(
      'Mail is not sent (no SMTP_URL): it waits in the Outbox (principal, /outbox).',
    );
    expect(loadConfig({ PORT: '8080', SMTP_URL: '' }).mail).toMatchObject({
      smtpUrl: undefined,
      publicUrl: 'http://localhost:8080',
    });
  });

  it('reads SMTP_URL, MAIL_FROM, PUBLIC_URL and MAIL_POLL_MS', () => {
    const { mail } = loadConfig({
      SMTP_URL: 'smtps://office%40school.example:p%40ss@mail.school.example',
      MAIL_FROM: '"Sunshine Kindergarten" <office@school.example>',
      PUBLIC_URL: 'https://www.school.example/site/',
      MAIL_POLL_MS: '0',
    });
    expect(mail).toEqual({
      smtpUrl: 'smtps://office%40school.example:p%40ss@mail.school.example',
      from: { name: 'Sunshine Kindergarten', address: 'office@school.example' },
      publicUrl: 'https://www.school.example/site',
      pollMs: 0,
    });
    // The start-up line names the server, never the password.
    expect(describeMail(mail)).toBe(
      'Mail is sent through smtps://mail.school.example:465 as office@school.example.',
    );
    expect(describeMail(loadConfig({ SMTP_URL: 'smtp://mail.example.org' }).mail)).toContain(
      'smtp://mail.example.org:587',
    );
  });

  it('warns when mail is sent with links that lead to this machine only', () => {
    expect(mailLinkWarning(loadConfig({ SMTP_URL: 'smtp://mail.example.org' }).mail)).toBe(
      "Warning: links in mails lead to http://localhost:3000, which families cannot open; set PUBLIC_URL to the site's address.",
    );
    expect(
      mailLinkWarning(
        loadConfig({ SMTP_URL: 'smtp://mail.example.org', PUBLIC_URL: 'http://127.0.0.1:3000' }).mail,
      ),
    ).toContain('set PUBLIC_URL');
    expect(
      mailLinkWarning(
        loadConfig({ SMTP_URL: 'smtp://mail.example.org', PUBLIC_URL: 'https://school.example' }).mail,
      ),
    ).toBeUndefined();
    // Without SMTP_URL nothing leaves the machine, so the links are only read in the Outbox.
    expect(mailLinkWarning(loadConfig({}).mail)).toBeUndefined();
  });

  it('takes the sender’s host from PUBLIC_URL when MAIL_FROM is not set, and a bare address as MAIL_FROM', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://school.example' }).mail.from).toEqual({
      name: '',
      address: 'no-reply@school.example',
    });
    expect(loadConfig({ MAIL_FROM: 'office@school.example' }).mail.from).toEqual({
      name: '',
      address: 'office@school.example',
    });
    expect(loadConfig({ MAIL_FROM: 'Our School <office@school.example>' }).mail.from).toEqual({
      name: 'Our School',
      address: 'office@school.example',
    });
  });

  it.each([
    [
      { SMTP_URL: 'http://x' },
      'Bad configuration: SMTP_URL must be an smtp:// or smtps:// URL such as smtp://user:password@mail.example.org:587 (with % codes for special characters in the user name and password).',
    ],
    [{ SMTP_URL: 'mail.example.org' }, 'Bad configuration: SMTP_URL must be an smtp:// or smtps:// URL'],
    [{ SMTP_URL: 'smtp://user:50%off@mail.example.org' }, 'Bad configuration: SMTP_URL must be'],
    [{ SMTP_URL: 'smtp://mail.example.org:99999' }, 'Bad configuration: SMTP_URL must be'],
    [
      { MAIL_FROM: 'the office' },
      'Bad configuration: MAIL_FROM must be an email address, optionally with a name: Our School <office@school.example>.',
    ],
    [{ MAIL_FROM: 'Office <office@school.example' }, 'Bad configuration: MAIL_FROM must be'],
    [
      { MAIL_FROM: 'Office <office@school.example>\nBcc: x@y.example' },
      'Bad configuration: MAIL_FROM must be',
    ],
    [
      { PUBLIC_URL: 'school.example' },
      'Bad configuration: PUBLIC_URL must be the http:// or https:// address of the site, without ? or #, such as https://school.example.',
    ],
    [{ PUBLIC_URL: 'ftp://school.example' }, 'Bad configuration: PUBLIC_URL must be'],
    [{ PUBLIC_URL: 'https://school.example/?page=1' }, 'Bad configuration: PUBLIC_URL must be'],
    [{ PUBLIC_URL: 'https://school.example/#top' }, 'Bad configuration: PUBLIC_URL must be'],
    [{ PUBLIC_URL: 'https://admin:secret@school.example' }, 'Bad configuration: PUBLIC_URL must be'],
    [{ MAIL_POLL_MS: 'often' }, 'Bad configuration: MAIL_POLL_MS must be a number of milliseconds.'],
    [{ MAIL_POLL_MS: '-1' }, 'Bad configuration: MAIL_POLL_MS must be at least 0 (milliseconds).'],
    [{ MAIL_POLL_MS: '2.5' }, 'Bad configuration: MAIL_POLL_MS must be a whole number of milliseconds.'],
    [{ BACKUP_EVERY_HOURS: 'daily' }, 'Bad configuration: BACKUP_EVERY_HOURS must be a number of hours'],
    [{ BACKUP_EVERY_HOURS: '-1' }, 'Bad configuration: BACKUP_EVERY_HOURS must be 0 (off) or more hours.'],
    [{ BACKUP_EVERY_HOURS: '0.001' }, 'Bad configuration: BACKUP_EVERY_HOURS must be 0 (off) or at least'],
    [{ BACKUP_KEEP: '0' }, 'Bad configuration: BACKUP_KEEP must be at least 1.'],
    [{ BACKUP_KEEP: '2.5' }, 'Bad configuration: BACKUP_KEEP must be a whole number of backups to keep.'],
  ])('refuses %j with one sentence', (env, start) => {
    let message = '';
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message.startsWith(start), message).toBe(true);
    expect(message.split('\n')).toHaveLength(1);
    expect(message.endsWith('.')).toBe(true);
  });
});
