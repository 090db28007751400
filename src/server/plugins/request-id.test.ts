import { describe, expect, it } from 'vitest';
import { HONEYPOT_FIELD } from '../../shared/api/newsletter.js';
import { TEST_ENGINES } from '../test/databases.js';
import { withTestApp } from '../test-helpers.js';
import { REQUEST_LINE } from './request-log.js';

interface LogLine {
  reqId?: string;
  msg?: string;
  level: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * Request ids (docs/decisions/0034-several-processes.md): the load balancer's `X-Request-Id` when it
 * is a sane token, else a new one; on the answer and on every log line written for the request.
 */
describe.each(TEST_ENGINES)('request ids on %s', (engine) => {
  const logLines: string[] = [];
  const t = withTestApp(engine, { logLines, logLevel: 'debug' });

  /** The log lines written while `send` ran (requests through inject run one at a time here). */
  async function linesOf<T>(send: () => Promise<T>): Promise<{ answer: T; lines: LogLine[] }> {
    logLines.length = 0;
    const answer = await send();
    // Every line is JSON, as a log collector reads it.
    const lines = logLines.map((line) => JSON.parse(line) as LogLine);
    return { answer, lines };
  }

  it.each([
    ['a public call', { url: '/api/home' }],
    ['a public call answered from the kept answers', { url: '/api/home' }],
    ['an unknown address (404)', { url: '/api/no-such-call' }],
    ['a refused body (400)', { method: 'POST' as const, url: '/api/users/login', payload: {} }],
    [
      'a handler that logs (a filled honeypot)',
      {
        method: 'POST' as const,
        url: '/api/newsletter',
        payload: { name: 'Robot', email: 'robot@example.com', [HONEYPOT_FIELD]: 'spam' },
      },
    ],
  ])('keeps the load balancer’s id for %s: on the answer and on every line', async (_what, request) => {
    const id = `lb-${Math.random().toString(36).slice(2)}.1_A`;
    const { answer, lines } = await linesOf(() =>
      t.app.inject({ ...request, headers: { 'x-request-id': id } }),
    );
    expect(answer.headers['x-request-id']).toBe(id);
    expect(lines.map((line) => line.msg)).toContain(REQUEST_LINE);
    for (const line of lines) expect(line.reqId, JSON.stringify(line)).toBe(id);
  });

  it('logs through the request in handlers: the honeypot line carries the id', async () => {
    const { answer, lines } = await linesOf(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/newsletter',
        payload: { name: 'Robot', email: 'robot@example.com', [HONEYPOT_FIELD]: 'spam' },
      }),
    );
    const honeypot = lines.find((line) => line.msg === 'honeypot filled; nothing stored');
    expect(honeypot?.reqId).toBe(answer.headers['x-request-id']);
  });

  it('makes a new id for a request without one, different for each request', async () => {
    const first = await linesOf(() => t.app.inject({ url: '/api/home' }));
    const second = await linesOf(() => t.app.inject({ url: '/api/home' }));
    const ids = [first.answer.headers['x-request-id'], second.answer.headers['x-request-id']];
    for (const id of ids) expect(id).toMatch(UUID);
    expect(ids[0]).not.toBe(ids[1]);
    for (const line of first.lines) expect(line.reqId).toBe(ids[0]);
    for (const line of second.lines) expect(line.reqId).toBe(ids[1]);
  });

  it.each([
    ['too long', 'a'.repeat(65)],
    ['with a space', 'id 1'],
    ['with markup', '<script>'],
    ['with a colon', 'a:b'],
    ['empty', ''],
  ])('replaces an id that is %s', async (_what, sent) => {
    const { answer, lines } = await linesOf(() =>
      t.app.inject({ url: '/api/home', headers: { 'x-request-id': sent } }),
    );
    const id = answer.headers['x-request-id'];
    expect(id).toMatch(UUID);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.reqId).toBe(id);
  });

  it('keeps an id of 64 characters', async () => {
    const id = `${'x'.repeat(60)}-9.Z`;
    const answer = await t.app.inject({ url: '/api/home', headers: { 'x-request-id': id } });
    expect(answer.headers['x-request-id']).toBe(id);
  });
});
