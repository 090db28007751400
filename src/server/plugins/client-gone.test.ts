import net from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../test/databases.js';

/** Sends a whole request and resets the connection at once, as a client that gives up does. */
function sendAndReset(port: number, request: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(request, () => {
        socket.resetAndDestroy();
        resolve();
      });
    });
    socket.on('error', reject);
  });
}

const json = (path: string, body: object) => {
  const text = JSON.stringify(body);
  return `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`;
};

describe.each(TEST_ENGINES)('a client that resets right after sending, on %s', (engine) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let port: number;
  const lines: { level: number; msg: string; err?: unknown }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const config = {
      ...loadConfig({ DATA_DIR: database.dataDir, DEMO_DATA: 'false' }),
      database: database.config,
    };
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        callback();
      },
    });
    app = await buildApp(config, { db: database.db, logger: { level: 'debug', stream } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  it('is no error in the log, on rate-limited routes and on log-in; the server goes on', async () => {
    for (let i = 0; i < 25; i++) {
      await sendAndReset(
        port,
        json('/api/bookings', { name: 'Ann', email: 'a@b.org', className: 'Class 1' }),
      );
      await sendAndReset(port, json('/api/users/login', { email: 'nobody@x.org', password: 'guess-guess' }));
    }
    // Let the server reach every request it was sent.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);

    const problems = lines.filter((line) => line.level >= 40);
    expect(problems).toEqual([]);
    // The case did happen (not every reset beats the server to the request, most do).
    expect(lines.filter((line) => line.msg.startsWith('the client went away')).length).toBeGreaterThan(0);
  });
});
