import type { LiveEvent } from '../../shared/api/live.js';

/**
 * One small module owns what one server process must tell the others
 * (docs/guides: "Signals between processes"): a change to the public site's content, and a change
 * to a child's day that open event streams must hear of. Features publish after their write has
 * committed and subscribe for what they keep or stream; how a signal travels is this module's
 * business: in memory for one process (SQLite), LISTEN/NOTIFY on PostgreSQL.
 */
export type Signal = { channel: 'content' } | { channel: 'live'; event: LiveEvent };

export type SignalListener = (signal: Signal) => void;

export interface Signals {
  /** Tells every process, this one included. Call it after the change has committed. */
  publish(signal: Signal): Promise<void>;
  /** Hears every signal from now on; returns the way to stop. */
  subscribe(listener: SignalListener): () => void;
  close(): Promise<void>;
}

/** Signals within one process: what a single server on SQLite needs. */
export class LocalSignals implements Signals {
  private readonly listeners = new Set<SignalListener>();

  async publish(signal: Signal): Promise<void> {
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
