import { sql } from 'kysely';
import pg from 'pg';
import { z } from 'zod';
import { type LiveEvent, LiveEventSchema } from '../../shared/api/live.js';
import type { DatabaseConfig } from '../config.js';
import type { Db } from '../db/connect.js';

/**
 * One small module owns what one server process must tell the others
 * (docs/guides: "Signals between processes"): a change to the public site's content, and a change
 * to a child's day that open event streams must hear of. Features publish after their write has
 * committed and subscribe for what they keep or stream; how a signal travels is this module's
 * business: in memory for one process (SQLite), LISTEN/NOTIFY on PostgreSQL.
 */
export type Signal =
  /** The public site's content changed; `version` is its data version after the change, when known. */
  | { channel: 'content'; version?: number }
  | { channel: 'live'; event: LiveEvent }
  /**
   * Sent by the database's own triggers (docs/decisions/0084-kept-answers-of-the-day.md): the
   * answer versions a commit raised, or none when they were too many to name (everything may have
   * moved). `marker`: a process's own mark after its writes (lib/answer-versions.ts).
   */
  | { channel: 'answers'; versions?: Record<string, number>; marker?: string }
  /**
   * Only delivered within a process, never published: signals may have been missed (the listening
   * connection was down), so what a listener keeps by them must be read again.
   */
  | { channel: 'resync' };

/** What features publish (a resync is the signals module's own). */
export type PublishedSignal = Exclude<Signal, { channel: 'resync' }>;

export type SignalListener = (signal: Signal) => void;

export interface Signals {
  /** Tells every process, this one included. Call it after the change has committed. */
  publish(signal: PublishedSignal): Promise<void>;
  /** Hears every signal from now on; returns the way to stop. */
  subscribe(listener: SignalListener): () => void;
  close(): Promise<void>;
}

/** Signals within one process: what a single server on SQLite needs. */
export class LocalSignals implements Signals {
  private readonly listeners = new Set<SignalListener>();

  async publish(signal: PublishedSignal): Promise<void> {
    this.deliver(signal);
  }

  subscribe(listener: SignalListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }

  /** Hands a signal to this process's listeners; a listener that throws does not stop the others. */
  protected deliver(signal: Signal): void {
    for (const listener of this.listeners) {
      try {
        listener(signal);
      } catch {
        // A listener's failure is its own (an event stream whose client left); the rest still hear.
      }
    }
  }
}

/** Every signal as it travels between processes; a payload that is not one is dropped. */
const SignalSchema = z.discriminatedUnion('channel', [
  z.object({ channel: z.literal('content'), version: z.number().int().nonnegative().optional() }),
  z.object({ channel: z.literal('live'), event: LiveEventSchema }),
  z.object({
    channel: z.literal('answers'),
    versions: z.record(z.string(), z.number().int().nonnegative()).optional(),
    marker: z.string().max(100).optional(),
  }),
]);

/** The PostgreSQL channel every process LISTENs on (per database, so test databases do not mix). */
export const SIGNALS_CHANNEL = 'schoolyard_signals';

/** The NOTIFY statement of a signal, for a write to send inside its own transaction. */
export function notifySignal(signal: PublishedSignal) {
  return sql`select pg_notify(${SIGNALS_CHANNEL}, ${JSON.stringify(signal)})`;
}

interface Logger {
  warn(object: object, message: string): void;
}

export interface PgSignalsOptions {
  /** The first wait before connecting again after the listening connection dropped; doubles to 5 s. */
  retryMs?: number;
}

/**
 * Signals between every process on one PostgreSQL database: LISTEN on a connection of its own (a
 * pooled one may be handed to another query), NOTIFY through the app's pool. PostgreSQL delivers a
 * notification after its transaction commits, to every listener, the sender included; so this
 * process hears its own signals the same way as the others' (once). When the listening connection
 * drops it connects again, then delivers `{ channel: 'resync' }` to this process's listeners, as it
 * does after the first connection: what was kept may have missed a signal and is read again.
 */
export class PgSignals extends LocalSignals {
  private client: pg.Client | undefined;
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryMs: number;
  private readonly firstRetryMs: number;
  private connecting: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly url: string,
    private readonly log: Logger,
    options: PgSignalsOptions = {},
  ) {
    super();
    this.firstRetryMs = options.retryMs ?? 100;
    this.retryMs = this.firstRetryMs;
  }

  /** Connects and LISTENs; resolves once listening (or once the first attempt failed: it retries). */
  start(): Promise<void> {
    this.connecting ??= this.connect();
    return this.connecting;
  }

  override async publish(signal: PublishedSignal): Promise<void> {
    await notifySignal(signal).execute(this.db);
  }

  override async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
    await super.close();
  }

  /** Whether the listening connection is up (tests, the ready check). */
  get listening(): boolean {
    return this.client !== undefined;
  }

  /** Drops the listening connection as a network failure would (tests of the reconnection). */
  async dropConnectionForTest(): Promise<void> {
    const client = this.client;
    if (!client) return;
    this.lost(client, new Error('dropped by a test'));
    await client.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 5000 });
    client.on('notification', (message) => this.hear(message.payload));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('the listening connection ended')));
    try {
      await client.connect();
      await client.query(`listen ${SIGNALS_CHANNEL}`);
    } catch (error) {
      this.lost(client, error);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.retryMs = this.firstRetryMs;
    this.deliver({ channel: 'resync' });
  }

  private lost(client: pg.Client, error: unknown): void {
    if (this.client === client) this.client = undefined;
    client.removeAllListeners('end');
    client.removeAllListeners('notification');
    client.on('error', () => {});
    client.end().catch(() => {});
    if (this.closed || this.retryTimer) return;
    this.log.warn({ err: error }, 'signals: the LISTEN connection dropped; connecting again');
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.connecting = this.connect();
    }, this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, 5_000);
  }

  private hear(payload: string | undefined): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload ?? '');
    } catch {
      parsed = undefined;
    }
    const signal = SignalSchema.safeParse(parsed);
    if (!signal.success) {
      this.log.warn({ payload: payload?.slice(0, 200) }, 'signals: a notification that is no signal');
      return;
    }
    this.deliver(signal.data);
  }
}

/** The signals a server on `database` needs: in memory on SQLite (one process), else LISTEN/NOTIFY. */
export function createSignals(database: DatabaseConfig, db: Db, log: Logger): Signals {
  return database.engine === 'postgres' ? new PgSignals(db, database.url, log) : new LocalSignals();
}
