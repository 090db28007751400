import http from 'node:http';
import net from 'node:net';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../test/databases.js';
import { get, rawConnection } from '../test/http-clients.js';
import { type ListeningApp, listeningApp } from '../test/listening-app.js';

/** Resolves once the server has the headers of a request (the real server's own event). */
const requestArrived = (t: ListeningApp) =>
  new Promise<void>((resolve) => t.app.server.once('request', () => resolve()));

/** Whether a new connection to the port is refused. */
const connectRefused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });

const loginHead = (body: string) =>
  'POST /api/users/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
  `Content-Length: ${body.length}\r\n\r\n`;

describe.each(TEST_ENGINES)('drainAndClose (%s)', (engine) => {
  let t: ListeningApp | undefined;
  const agents: http.Agent[] = [];
  afterEach(async () => {
    for (const agent of agents.splice(0)) agent.destroy();
    await t?.dispose();
    t = undefined;
  });

  it('answers a request that had arrived in full, with Connection: close, then closes the database', async () => {
    t = await listeningApp(engine);
    const client = rawConnection(t.port);
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
    const arrived = requestArrived(t);
    client.socket.write(loginHead(body) + body.slice(0, 10));
    await arrived;

    let drained = false;
    const closing = t.app.drainAndClose().then(() => {
      drained = true;
    });
    expect(t.app.draining).toBe(true);
    expect(await connectRefused(t.port)).toBe(true);
    client.socket.write(body.slice(10));
    await client.closed;

    expect(client.received).toMatch(/^HTTP\/1\.1 401 /);
    expect(client.received).toMatch(/\r\nconnection: close\r\n/i);
    expect(client.received).toContain('"code":"INVALID_CREDENTIALS"');
    expect(client.closedByServer).toBe(true);
    await closing;
    expect(drained).toBe(true);
    await expect(sql`select 1`.execute(t.database.db)).rejects.toThrow();
  });

  it('answers a request sent on an idle kept-alive connection within the grace; closes one left idle', async () => {
    t = await listeningApp(engine, { SHUTDOWN_IDLE_GRACE_MS: '1000' });
    const used = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const unused = new http.Agent({ keepAlive: true, maxSockets: 1 });
    agents.push(used, unused);
    const before = await get(used, t.port, '/api/ready');
    expect(before.status).toBe(200);
    expect(before.connection).toBe('keep-alive');
    const idle = await get(unused, t.port, '/api/home');
    let idleEndedByServer = false;
    idle.socket.once('end', () => {
      idleEndedByServer = true;
    });
    const idleClosed = new Promise<void>((resolve) => idle.socket.once('close', () => resolve()));

    const closing = t.app.drainAndClose();
    const during = await get(used, t.port, '/api/ready');
    expect(during.socket).toBe(before.socket);
    expect(during.status).toBe(503);
    expect(during.connection).toBe('close');
    expect(JSON.parse(during.body)).toEqual({
      error: { code: 'SHUTTING_DOWN', message: 'The server is shutting down; try again in a moment.' },
    });

    await idleClosed;
    expect(idleEndedByServer).toBe(true);
    await closing;
  });

  it('cuts what is still open at SHUTDOWN_TIMEOUT_MS, says so in the log, and closes anyway', async () => {
    // A head start and a request timeout far longer than the test: only the drain's deadline cuts.
    t = await listeningApp(engine, {
      SHUTDOWN_TIMEOUT_MS: '500',
      HEADERS_TIMEOUT_MS: '60000',
      REQUEST_TIMEOUT_MS: '120000',
    });
    const client = rawConnection(t.port);
    const arrived = requestArrived(t);
    client.socket.write(`${loginHead('{"email":"a@b.c","password":"0123456789"}')}{"email"`);
    await arrived;

    await t.app.drainAndClose();
    await client.closed;
    expect(client.closedByServer).toBe(true);
    expect(t.logLines.join('\n')).toContain('1 connection(s) still open 500 ms after the shutdown began');
    await expect(sql`select 1`.execute(t.database.db)).rejects.toThrow();
  });

  it('with no connection open closes at once; a second call waits for the same close', async () => {
    t = await listeningApp(engine);
    await t.app.drainAndClose();
    // A second call (a second signal, or dispose) waits for the same close.
    await t.app.drainAndClose();
    expect(t.app.server.listening).toBe(false);
  });
});
