import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../../../shared/api/live.js';
import { type EventSourceLike, followLiveEvents, RECONNECT_MS } from './live-events.js';

/** A stand-in for the browser's EventSource that the test drives. */
class FakeSource implements EventSourceLike {
  static opened: FakeSource[] = [];
  closed = false;
  onerror: ((event: Event) => void) | null = null;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  live(data: LiveEvent | string, type = 'live') {
    const event = new MessageEvent(type, { data: typeof data === 'string' ? data : JSON.stringify(data) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
}

const open = (url: string) => new FakeSource(url);

/** A client holding one query under each key, to see which the events make stale. */
function clientWith(keys: string[][]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, 1);
  const stale = () =>
    keys.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => key.join('/'));
  return { client, stale };
}

describe('following the live events', () => {
  afterEach(() => {
    FakeSource.opened = [];
    vi.useRealTimers();
  });

  it('makes stale the queries of the event’s kind, and only those', () => {
    const { client, stale } = clientWith([
      ['conversations', '12'],
      ['child-day', '12', '2026-12-04'],
      ['unread-counts'],
      ['care-log', '12'],
      ['photo-moments'],
      ['content', 'home'],
    ]);
    const stop = followLiveEvents(client, open);
    const source = FakeSource.opened[0] as FakeSource;
    expect(source.url).toBe('/api/events');
    source.live({ kind: 'message', childId: 12 });
    expect(stale()).toEqual(['conversations/12', 'child-day/12/2026-12-04', 'unread-counts']);
    stop();
    expect(source.closed).toBe(true);
  });

  it('a typed message or an arrival makes the register and the staff’s day stale, not the rest of the school area', () => {
    const { client, stale } = clientWith([
      ['school', 'register', 'class', '4', '2026-12-04'],
      ['school', 'dashboard', 'today'],
      ['school', 'pupils'],
      ['photo-moments'],
    ]);
    followLiveEvents(client, open);
    (FakeSource.opened[0] as FakeSource).live({ kind: 'register', childId: 12 });
    expect(stale()).toEqual(['school/register/class/4/2026-12-04', 'school/dashboard/today']);
  });

  it('ignores what is not a live event', () => {
    const { client, stale } = clientWith([
      ['child-day', '1'],
      ['school', 'notifications'],
    ]);
    followLiveEvents(client, open);
    const source = FakeSource.opened[0] as FakeSource;
    source.live('not json');
    source.live('{"kind":"party","childId":1}');
    expect(stale()).toEqual([]);
    source.live({ kind: 'notice', childId: null });
    expect(stale()).toEqual(['school/notifications']);
  });

  it('makes every live query stale when the server may have missed events', () => {
    const { client, stale } = clientWith([
      ['child-day', '1'],
      ['school', 'notifications'],
      ['school', 'register', 'class', '4'],
      ['school', 'pupils'],
      ['content', 'home'],
    ]);
    followLiveEvents(client, open);
    (FakeSource.opened[0] as FakeSource).live('{}', 'resync');
    expect(stale()).toEqual(['child-day/1', 'school/notifications', 'school/register/class/4']);
  });

  it('opens the stream again after it failed, waiting longer each time, and not once stopped', () => {
    vi.useFakeTimers();
    const { client } = clientWith([]);
    const stop = followLiveEvents(client, open);
    (FakeSource.opened[0] as FakeSource).fail();
    expect((FakeSource.opened[0] as FakeSource).closed).toBe(true);
    vi.advanceTimersByTime(RECONNECT_MS.first - 1);
    expect(FakeSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSource.opened).toHaveLength(2);
    (FakeSource.opened[1] as FakeSource).fail();
    vi.advanceTimersByTime(RECONNECT_MS.first);
    expect(FakeSource.opened).toHaveLength(2);
    vi.advanceTimersByTime(RECONNECT_MS.first);
    expect(FakeSource.opened).toHaveLength(3);
    (FakeSource.opened[2] as FakeSource).fail();
    stop();
    vi.advanceTimersByTime(RECONNECT_MS.max);
    expect(FakeSource.opened).toHaveLength(3);
  });
});
