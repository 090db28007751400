import { afterEach, describe, expect, it } from 'vitest';
import { rawConnection } from '../test/http-clients.js';
import { type ListeningApp, listeningApp } from '../test/listening-app.js';

const loginRequest = (body: string, language = 'en') =>
  'POST /api/users/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
  `Accept-Language: ${language}\r\nContent-Length: ${body.length}\r\n\r\n${body}`;

describe('a request body that trickles in', () => {
  let t: ListeningApp | undefined;
  afterEach(async () => {
    await t?.dispose();
    t = undefined;
  });

  it('is cut with 408 once it falls below BODY_MIN_RATE; a slow but steady one is answered', async () => {
    // Node's own request timeout is far away: only the rate can cut the drip.
    t = await listeningApp('sqlite', {
      HEADERS_TIMEOUT_MS: '500',
      BODY_MIN_RATE: '1000',
      REQUEST_TIMEOUT_MS: '120000',
    });
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'x'.repeat(20_000) });
    const request = loginRequest(body);
    const head = request.length - body.length;

    // Ten times the minimum: 1,000 bytes every 100 ms, the whole body in about two seconds.
    const steady = rawConnection(t.port);
    steady.socket.write(request.slice(0, head));
    let sent = head;
    const timer = setInterval(() => {
      steady.socket.write(request.slice(sent, sent + 1_000));
      sent += 1_000;
      if (sent >= request.length) clearInterval(timer);
    }, 100);
    steady.socket.once('close', () => clearInterval(timer));

    // One byte every 100 ms: a hundredth of the minimum; from a French visitor of a school that offers French.
    await t.database.db.updateTable('school_settings').set({ languages: 'en,fr' }).execute();
    const drip = rawConnection(t.port);
    const french = loginRequest(body, 'fr');
    drip.socket.write(french.slice(0, french.length - body.length));
    drip.drip(body, 100);

    await Promise.race([drip.closed, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    expect(drip.closedByServer).toBe(true);
    expect(drip.dripped).toBeLessThan(body.length);
    expect(drip.received).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(drip.received).toContain('"code":"REQUEST_TIMEOUT"');
    expect(drip.received).toContain('Le corps de la requête est arrivé trop lentement.');

    await new Promise<void>((resolve) => {
      if (steady.received.includes('\r\n\r\n{')) resolve();
      else steady.socket.on('data', () => steady.received.includes('\r\n\r\n{') && resolve());
    });
    expect(sent).toBeGreaterThanOrEqual(request.length);
    // The login route's own answer to the whole body (the password is too long), not a timeout.
    expect(steady.received).toMatch(/^HTTP\/1\.1 4\d\d /);
    expect(steady.received).not.toMatch(/^HTTP\/1\.1 408 /);
    steady.dispose();
  });
});
