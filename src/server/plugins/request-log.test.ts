import { describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../test/databases.js';
import { withTestApp } from '../test-helpers.js';
import { loggedUrl, REQUEST_LINE } from './request-log.js';

interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  method?: string;
  url?: string;
  statusCode?: number;
  responseTime?: number;
}

const INFO = 30;

/**
 * The server's log at `info` (LOG_LEVEL's default): one line per request with its method, address,
 * status and time; nothing for the load balancer's probes, which come every few seconds.
 */
describe.each(TEST_ENGINES)('the request log at info on %s', (engine) => {
  const logLines: string[] = [];
  const t = withTestApp(engine, { logLines, logLevel: 'info' });

  async function linesOf(send: () => Promise<unknown>): Promise<LogLine[]> {
    logLines.length = 0;
    await send();
    return logLines.map((line) => JSON.parse(line) as LogLine);
  }

  it.each([
    ['a public call', 'GET', '/api/home', 200],
    ['the same call answered from the kept answers', 'GET', '/api/home', 200],
    ['an unknown address', 'GET', '/api/no-such-call?x=1', 404],
    ['a refused body', 'POST', '/api/users/login', 400],
    ['a call without a session', 'GET', '/api/admin/outbox', 401],
  ] as const)(
    'writes one line for %s: method, address, status and time',
    async (_what, method, url, status) => {
      const lines = await linesOf(() =>
        t.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) }),
      );
      const requestLines = lines.filter((line) => line.msg === REQUEST_LINE);
      expect(requestLines, JSON.stringify(lines)).toHaveLength(1);
      const [line] = requestLines;
      expect(line).toMatchObject({ level: INFO, method, url, statusCode: status });
      expect(line?.responseTime).toBeGreaterThanOrEqual(0);
      expect(typeof line?.reqId).toBe('string');
      // Fastify's own pair of lines is off.
      expect(lines.map((one) => one.msg)).not.toContain('incoming request');
      expect(lines.map((one) => one.msg)).not.toContain('request completed');
    },
  );

  it.each(['/api/health', '/api/ready', '/api/health?probe=lb'])(
    'writes nothing for the probe %s',
    async (url) => {
      const lines = await linesOf(() => t.app.inject({ url }));
      expect(lines).toEqual([]);
    },
  );

  it('leaves a link key out of the address it logs', async () => {
    const lines = await linesOf(() =>
      t.app.inject({ url: '/api/newsletter/confirm?token=SECRETKEY123&x=1' }),
    );
    const line = lines.find((one) => one.msg === REQUEST_LINE);
    expect(line?.url).toBe('/api/newsletter/confirm?token=…&x=1');
    expect(logLines.join('')).not.toContain('SECRETKEY123');
  });
});

describe('loggedUrl', () => {
  it('hides every token parameter and keeps the rest', () => {
    expect(loggedUrl('/reset?token=abc')).toBe('/reset?token=…');
    expect(loggedUrl('/a?x=1&TOKEN=abc&y=2')).toBe('/a?x=1&TOKEN=…&y=2');
    expect(loggedUrl('/plain')).toBe('/plain');
    expect(loggedUrl(`/api/calendar/feeds/${'a'.repeat(43)}.ics`)).toBe('/api/calendar/feeds/….ics');
    expect(loggedUrl('/api/calendar/feeds')).toBe('/api/calendar/feeds');
  });
});
