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

export type DatabaseConfig = { engine: 'sqlite'; file: string } | { engine: 'postgres'; url: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  database: DatabaseConfig;
  demoData: boolean;
  trustProxyHops: number;
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
