import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { connectDatabase } from '../db/connect.js';
import { call, nextAddress } from '../features/users/test-helpers.js';
import { FORM_RATE_LIMIT } from '../lib/public-forms.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { TEST_ENGINES } from '../test/databases.js';

const BOOKING = { name: 'Ben Parent', email: 'ben@example.org', className: 'Class 2' };

describe.each(TEST_ENGINES)('rate limits kept in the database on %s', (engine) => {
  let t: TestApp;
  /** A second server process on the same database: its own app and connection. */
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp(engine);
    other = await buildApp(t.appConfig, { db: await connectDatabase(t.config), logger: false });
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
    await t?.dispose();
  });

  const book = (app: FastifyInstance, remoteAddress: string) =>
    call(app, { method: 'POST', url: '/api/bookings', payload: BOOKING, remoteAddress });
  const rows = () => t.db.selectFrom('rate_limit').selectAll().execute();

  it('two server processes share one count per address and form', async () => {
    const address = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < FORM_RATE_LIMIT.max; i += 1) {
      statuses.push((await book(i % 2 === 0 ? t.app : other, address)).statusCode);
    }
    expect(statuses).toEqual(Array(FORM_RATE_LIMIT.max).fill(201));
    // Each process alone has seen fewer than the limit; together they have seen it.
    for (const app of [t.app, other]) {
      const limited = await book(app, address);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await book(other, nextAddress())).statusCode).toBe(201);
  });

  it('stores no address, and a finished window starts again at one', async () => {
    const address = nextAddress();
    expect((await book(t.app, address)).statusCode).toBe(201);
    const stored = await rows();
    expect(JSON.stringify(stored)).not.toContain(address);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.key))).toBe(true);
    // Move every window back past its end: the next send is the first of a new window.
    await t.db
      .updateTable('rate_limit')
      .set({ hits: FORM_RATE_LIMIT.max + 3, window_start: Date.now() - 11 * 60 * 1000 })
      .execute();
    const again = await book(other, address);
    expect(again.statusCode).toBe(201);
    expect(again.headers['x-ratelimit-remaining']).toBe(String(FORM_RATE_LIMIT.max - 1));
  });
});
