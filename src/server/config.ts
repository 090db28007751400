import path from 'node:path';
import { z } from 'zod';

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
  DEMO_DATA: booleanText.default(true),
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
});

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

export type DatabaseConfig = { engine: 'sqlite'; file: string } | { engine: 'postgres'; url: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  database: DatabaseConfig;
  demoData: boolean;
  trustProxyHops: number;
  timeouts: ClientTimeouts;
  shutdown: ShutdownConfig;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  webDistDir: string | undefined;
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
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    database: e.DATABASE_URL
      ? { engine: 'postgres', url: e.DATABASE_URL }
      : { engine: 'sqlite', file: path.join(dataDir, 'schoolyard.sqlite') },
    demoData: e.DEMO_DATA,
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
  };
}

/** The URL with its password hidden, for messages. */
export function describeDatabase(database: DatabaseConfig): string {
  if (database.engine === 'sqlite') return `SQLite at ${database.file}`;
  const url = new URL(database.url);
  return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
}
