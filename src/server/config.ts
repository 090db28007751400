import path from 'node:path';
import { z } from 'zod';
import { isIssuerUrl, SSO_AUDIENCES, type SsoAudience } from '../shared/api/single-sign-on.js';

/** Start-up cannot go on; `message` is one sentence for the operator. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const booleanText = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['true', 'false', '1', '0', 'yes', 'no'].includes(v), 'must be true or false')
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A duration in milliseconds from `min` up to one day. */
const milliseconds = (fallback: number, min = 100) =>
  z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(min, `must be at least ${min} (milliseconds)`)
    .max(86_400_000, 'must be at most 86400000 (one day, in milliseconds)')
    .default(fallback);

const EnvSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || isPostgresUrl(v), 'must be a postgres:// or postgresql:// URL'),
  /**
   * Whether an empty database gets the demo school. Unset: yes on this machine only (PUBLIC_URL unset
   * or local), so that a real school's address never opens with the demo's published passwords.
   */
  DEMO_DATA: booleanText.optional(),
  /**
   * Where stored files (uploaded pictures) live: `disk`, the uploads folder under DATA_DIR (one
   * server), or `database`, a table of the school's database, so that several server processes on
   * one PostgreSQL serve every upload (docs/decisions/0032-file-store.md).
   */
  FILE_STORE: z
    .string()
    .trim()
    .toLowerCase()
    .default('disk')
    .refine((v) => v === 'disk' || v === 'database', 'must be disk or database')
    .transform((v) => v as FileStoreKind),
  /**
   * How many reverse proxies stand in front of the server (0: none). Client addresses, and so the
   * per-address rate limits, come from X-Forwarded-For only through that many hops; trusting it
   * without a proxy would let a client choose its own address.
   */
  TRUST_PROXY_HOPS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(10, 'must be at most 10')
    .default(0),
  // Slow clients and shutdown (docs/decisions/0010-shutdown-and-timeouts.md). Headers come in one
  // packet from any real client, so they get little time; a whole request may be a registration
  // with ten 5 MB photos from a phone, so it gets a lot, and a body that trickles is cut by its rate.
  /** From a request's first byte to the end of its headers; also how long a new connection may stay silent. */
  HEADERS_TIMEOUT_MS: milliseconds(15_000),
  /** From a request's first byte to the end of its body (50 MB at 0.45 Mbit/s still fits). */
  REQUEST_TIMEOUT_MS: milliseconds(900_000),
  /** A body must average at least this many bytes a second, after a head start of HEADERS_TIMEOUT_MS. */
  BODY_MIN_RATE: z.coerce
    .number({ error: 'must be a number of bytes a second' })
    .int('must be a whole number of bytes a second')
    .min(1, 'must be at least 1 (bytes a second)')
    .max(100_000_000, 'must be at most 100000000 (bytes a second)')
    .default(1_000),
  /** How long a kept-alive connection may wait, idle, for its next request. */
  KEEP_ALIVE_TIMEOUT_MS: milliseconds(72_000),
  /** How long a connection with a request under way may send and receive nothing at all. */
  CONNECTION_TIMEOUT_MS: milliseconds(120_000),
  /** Shutdown: how long a kept-alive connection left idle after SIGTERM is waited for before it is closed. */
  SHUTDOWN_IDLE_GRACE_MS: milliseconds(1_000, 0),
  /** Shutdown: when connections still open are cut and the database is closed anyway. */
  SHUTDOWN_TIMEOUT_MS: milliseconds(10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built React app lives; the default is the build output next to this package. */
  WEB_DIST_DIR: z.string().optional(),
  /**
   * Tests only: a request whose `Accept-Language` asks first for the pseudo-locale (en-XA) gets its
   * pages and answers in it, so that a walk of every screen finds text no catalog gave
   * (docs/decisions/0069-pseudo-locale-walk.md). Never offered to a school.
   */
  PSEUDO_LOCALE: booleanText.default(false),
  // Email (docs/decisions/0022-email-outbox.md). Without SMTP_URL nothing leaves the machine: mails
  // wait in the outbox, where the principal reads them.
  /** `smtp://user:pass@host:port` (STARTTLS when offered) or `smtps://...` (TLS from the start). */
  SMTP_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine(
      (v) => v === undefined || isSmtpUrl(v),
      'must be an smtp:// or smtps:// URL such as smtp://user:password@mail.example.org:587 (with % codes for special characters in the user name and password)',
    ),
  /** The sender: `office@school.example` or `Our School <office@school.example>`. */
  MAIL_FROM: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine(
      (v) => v === undefined || parseMailbox(v) !== undefined,
      'must be an email address, optionally with a name: Our School <office@school.example>',
    ),
  /** How often the sender looks for mail to send; 0: never on its own (tests send by hand). */
  MAIL_POLL_MS: milliseconds(2_000, 0),
  /** Where families reach the site; every link in a mail starts with it. */
  PUBLIC_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine(
      (v) => v === undefined || isPublicUrl(v),
      'must be the http:// or https:// address of the site, without ? or #, such as https://school.example',
    ),
  // Scheduled backups (docs/decisions/0033-backup-and-restore.md), into DATA_DIR/backups.
  /** Hours between scheduled backups; 0 (the default): none. */
  BACKUP_EVERY_HOURS: z.coerce
    .number({ error: 'must be a number of hours (0: no scheduled backups)' })
    .min(0, 'must be 0 (off) or more hours')
    .max(8_760, 'must be at most 8760 (hours: once a year)')
    .refine((v) => v === 0 || v * 3_600_000 >= 60_000, 'must be 0 (off) or at least 0.017 (one minute)')
    .default(0),
  /**
   * Encrypts every backup (scheduled, `npm run backup`, the principal's download) with this
   * passphrase (AES-256-GCM, scrypt); a restore then needs it (docs/decisions/0036-restores-that-lose-nothing.md).
   */
  /**
   * The key that seals staff's two-factor secrets (docs/decisions/0108-two-factor-for-staff.md):
   * 32 bytes in base64. Unset: DATA_DIR/two-factor.key, made on first need.
   */
  TWO_FACTOR_KEY: z
    .string()
    .optional()
    .transform((v) => (v === '' || v === undefined ? undefined : v.trim()))
    .refine(
      (v) => v === undefined || Buffer.from(v, 'base64').length === 32,
      'must be 32 bytes in base64 (openssl rand -base64 32), or unset for a key file under DATA_DIR',
    ),
  BACKUP_PASSPHRASE: z
    .string()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine(
      (v) => v === undefined || (v.trim().length >= 12 && v.length <= 1024),
      'must be at least 12 characters (a few words), or unset for unencrypted backups',
    ),
  /** How many scheduled backups stay in DATA_DIR/backups; older ones are deleted. */
  BACKUP_KEEP: z.coerce
    .number({ error: 'must be a number of backups to keep' })
    .int('must be a whole number of backups to keep')
    .min(1, 'must be at least 1')
    .max(10_000, 'must be at most 10000')
    .default(7),
  // Signing in with the school's OpenID Connect provider (docs/decisions/0107-sign-in-with-the-schools-provider.md).
  /** The provider's issuer, e.g. https://accounts.google.com; unset: no sign-in with a provider. */
  OIDC_ISSUER_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine(
      (v) => v === undefined || isIssuerUrl(v),
      'must be the https:// address of the provider (http:// only for localhost), such as https://accounts.google.com',
    ),
  OIDC_CLIENT_ID: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  /** Unset: a public client (PKCE alone). */
  OIDC_CLIENT_SECRET: z
    .string()
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  /** The provider's name on the login page's button: "Sign in with Google". */
  OIDC_NAME: z.string().trim().max(60, 'must be at most 60 characters').default(''),
  /**
   * Who may sign in with it: staff, parents or both; with OIDC_STAFF_MUST, what applies until the
   * principal chooses on the screen (docs/decisions/0114-the-principal-sets-the-sign-in-provider.md).
   */
  OIDC_FOR: z
    .string()
    .trim()
    .toLowerCase()
    .default('both')
    .refine((v) => (SSO_AUDIENCES as readonly string[]).includes(v), 'must be staff, parents or both')
    .transform((v) => v as SsoAudience),
  /** Staff (the principal aside) may not log in with a password. */
  OIDC_STAFF_MUST: booleanText.default(false),
});

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    // The transport decodes the user name and password; a stray % would stop it at start-up.
    decodeURIComponent(url.username);
    decodeURIComponent(url.password);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function isPublicUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.hostname !== '' &&
      url.username === '' &&
      url.password === '' &&
      url.search === '' &&
      url.hash === '' &&
      !value.includes('?') &&
      !value.includes('#')
    );
  } catch {
    return false;
  }
}

const emailCheck = z.email();

/** `a@b.example` or `Name <a@b.example>` (the name may be quoted); undefined when it is neither. */
export function parseMailbox(value: string): { name: string; address: string } | undefined {
  const named = /^\s*(?:"([^"]*)"|([^<>"]*?))\s*<([^<>\s]+)>\s*$/.exec(value);
  const name = (named?.[1] ?? named?.[2] ?? '').trim();
  const address = named ? (named[3] ?? '') : value.trim();
  if (/[\r\n]/.test(value) || !emailCheck.safeParse(address).success) return undefined;
  return { name, address };
}

function isPostgresUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** How long the server waits for slow clients (all in milliseconds but `bodyMinRate`, bytes a second). */
export interface ClientTimeouts {
  headers: number;
  request: number;
  bodyMinRate: number;
  keepAlive: number;
  connection: number;
}

/** How the server stops on SIGTERM (src/server/plugins/drain.ts), in milliseconds. */
export interface ShutdownConfig {
  idleGrace: number;
  timeout: number;
}

/** Outbound email (features/mail). */
export interface MailConfig {
  /** Undefined: nothing is sent; mails wait in the outbox for the principal to read. */
  smtpUrl: string | undefined;
  /** The sender's address, and its name ('' for the school's name at the time of sending). */
  from: { name: string; address: string };
  /** The site's address without a trailing slash, e.g. `https://school.example`. */
  publicUrl: string;
  /** How often the sender looks for due mail (0: only when asked). */
  pollMs: number;
}

/** Where stored files live (lib/file-store). */
export type FileStoreKind = 'disk' | 'database';

/** Scheduled backups (features/backup/scheduler.ts). */
export interface BackupConfig {
  /** Milliseconds between scheduled backups; 0: none. */
  intervalMs: number;
  /** How many scheduled backups are kept. */
  keep: number;
  /** Where backups are written: DATA_DIR/backups. */
  dir: string;
  /** BACKUP_PASSPHRASE: backups are encrypted with it; undefined: they are not. */
  passphrase: string | undefined;
}

/** The connection to the school's OpenID Connect provider (features/single-sign-on). */
export interface SsoConnection {
  issuer: string;
  clientId: string;
  /** Undefined: a public client, PKCE alone. */
  clientSecret: string | undefined;
  /** The name on the button; '' shows the issuer's host. */
  name: string;
}

/** Who may sign in with the provider, and whether staff must. */
export interface SsoPolicy {
  audience: SsoAudience;
  staffMust: boolean;
}

/** A provider with its policy, as the OIDC_* variables give them both. */
export type SsoConfig = SsoConnection & SsoPolicy;

export type DatabaseConfig = { engine: 'sqlite'; file: string } | { engine: 'postgres'; url: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** The disk store's folder (FILE_STORE=disk). */
  uploadsDir: string;
  fileStore: FileStoreKind;
  database: DatabaseConfig;
  /** Plant the demo school in an empty database (DEMO_DATA; unset: only when the site is local). */
  demoData: boolean;
  trustProxyHops: number;
  timeouts: ClientTimeouts;
  shutdown: ShutdownConfig;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  webDistDir: string | undefined;
  mail: MailConfig;
  backup: BackupConfig;
  /** The key of two-factor secrets: TWO_FACTOR_KEY, else a file under DATA_DIR (features/two-factor). */
  twoFactor?: { key: string | undefined; keyFile: string };
  /** PSEUDO_LOCALE: `Accept-Language: en-XA` gets the pseudo-locale (tests only). */
  pseudoLocale?: boolean;
  /**
   * OIDC_ISSUER_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_NAME: the provider the environment
   * names, which the principal's screen then shows read-only; undefined: the principal may enter one
   * (docs/decisions/0114-the-principal-sets-the-sign-in-provider.md), else password log-in only.
   */
  sso?: SsoConnection;
  /** OIDC_FOR, OIDC_STAFF_MUST: who may use the provider until the principal chooses; unset: both, false. */
  ssoDefaults?: SsoPolicy;
}

/** Reads the environment once; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = issue?.path.join('.') ?? 'environment';
    throw new ConfigError(`Bad configuration: ${variable} ${issue?.message ?? 'is invalid'}.`);
  }
  const e = parsed.data;
  // Node refuses the pair otherwise (headersTimeout <= requestTimeout); say so in our words.
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS) {
    throw new ConfigError(
      'Bad configuration: HEADERS_TIMEOUT_MS must not be longer than REQUEST_TIMEOUT_MS.',
    );
  }
  if (e.OIDC_ISSUER_URL !== undefined && e.OIDC_CLIENT_ID === undefined) {
    throw new ConfigError('Bad configuration: OIDC_CLIENT_ID must be set with OIDC_ISSUER_URL.');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    fileStore: e.FILE_STORE,
    database: e.DATABASE_URL
      ? { engine: 'postgres', url: e.DATABASE_URL }
      : { engine: 'sqlite', file: path.join(dataDir, 'schoolyard.sqlite') },
    demoData: e.DEMO_DATA ?? isLocalAddress(publicUrl),
    trustProxyHops: e.TRUST_PROXY_HOPS,
    timeouts: {
      headers: e.HEADERS_TIMEOUT_MS,
      request: e.REQUEST_TIMEOUT_MS,
      bodyMinRate: e.BODY_MIN_RATE,
      keepAlive: e.KEEP_ALIVE_TIMEOUT_MS,
      connection: e.CONNECTION_TIMEOUT_MS,
    },
    shutdown: { idleGrace: e.SHUTDOWN_IDLE_GRACE_MS, timeout: e.SHUTDOWN_TIMEOUT_MS },
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    pseudoLocale: e.PSEUDO_LOCALE,
    mail: {
      smtpUrl: e.SMTP_URL,
      // Without MAIL_FROM: no-reply at the site's own host name.
      from: (e.MAIL_FROM && parseMailbox(e.MAIL_FROM)) || {
        name: '',
        address: `no-reply@${mailHostOf(publicUrl)}`,
      },
      publicUrl,
      pollMs: e.MAIL_POLL_MS,
    },
    backup: {
      intervalMs: Math.round(e.BACKUP_EVERY_HOURS * 3_600_000),
      keep: e.BACKUP_KEEP,
      dir: path.join(dataDir, 'backups'),
      passphrase: e.BACKUP_PASSPHRASE,
    },
    sso:
      e.OIDC_ISSUER_URL !== undefined && e.OIDC_CLIENT_ID !== undefined
        ? {
            issuer: e.OIDC_ISSUER_URL,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            name: e.OIDC_NAME,
          }
        : undefined,
    ssoDefaults: { audience: e.OIDC_FOR, staffMust: e.OIDC_STAFF_MUST },
    twoFactor: { key: e.TWO_FACTOR_KEY, keyFile: path.join(dataDir, 'two-factor.key') },
  };
}

/** The host name a sender address and Message-IDs use; `localhost` becomes `localhost.localdomain`. */
function mailHostOf(publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  return host.includes('.') && !host.startsWith('[')
    ? host
    : `${host.replace(/[[\]:]/g, '') || 'localhost'}.localdomain`;
}

/** Where mail goes, with the password hidden, for the start-up log. */
export function describeMail(mail: MailConfig): string {
  if (!mail.smtpUrl) return 'Mail is not sent (no SMTP_URL): it waits in the Outbox (principal, /outbox).';
  const url = new URL(mail.smtpUrl);
  return `Mail is sent through ${url.protocol}//${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)} as ${mail.from.address}.`;
}

/** Whether a site address leads to this machine only: localhost, 127.0.0.1, [::1] or a *.localhost name. */
export function isLocalAddress(url: string): boolean {
  const host = new URL(url).hostname;
  return ['localhost', '127.0.0.1', '[::1]'].includes(host) || host.endsWith('.localhost');
}

/**
 * A warning for the start-up log when a site others reach (PUBLIC_URL not local) runs with the demo
 * school (DEMO_DATA=true): anyone who read the README can log in with its passwords.
 */
export function demoPasswordsWarning(config: Pick<Config, 'demoData' | 'mail'>): string | undefined {
  if (!config.demoData || isLocalAddress(config.mail.publicUrl)) return undefined;
  return `Warning: DEMO_DATA=true at ${config.mail.publicUrl}: the demo school's passwords are published in the README, so anyone can log in as its principal. Use DEMO_DATA=true only for a trial.`;
}

/**
 * A warning for the start-up log when mail is sent but its links lead to this machine only
 * (PUBLIC_URL not set, or set to localhost): families could not open them.
 */
export function mailLinkWarning(mail: MailConfig): string | undefined {
  if (!mail.smtpUrl) return undefined;
  if (!isLocalAddress(mail.publicUrl)) return undefined;
  return `Warning: links in mails lead to ${mail.publicUrl}, which families cannot open; set PUBLIC_URL to the site's address.`;
}

/** The URL with its password hidden, for messages. */
/** For the start-up log: where stored files live. */
export function describeFileStore(config: Pick<Config, 'fileStore' | 'uploadsDir'>): string {
  return config.fileStore === 'database' ? 'in the database' : `on disk at ${config.uploadsDir}`;
}

export function describeDatabase(database: DatabaseConfig): string {
  if (database.engine === 'sqlite') return `SQLite at ${database.file}`;
  const url = new URL(database.url);
  return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
}
