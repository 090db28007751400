import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_TYPE } from '../../shared/constants.js';
import { findSessionUser } from '../features/auth/session.js';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../test/databases.js';
import { bearer, userWithSession } from '../test/school-fixtures.js';
import { authPlugin } from './auth.js';
import { errorHandlerPlugin } from './error-handler.js';

/**
 * The auth plugin keeps every answer of a guarded route out of caches, in one place
 * (docs/decisions/0039-private-answers-and-limits.md): whatever the route or the plugins around it
 * said, and for refusals too. A public answer, the same for everyone, keeps its own caching.
 */
describe.each(TEST_ENGINES)('private answers on %s', (engine) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    token = (await userWithSession(database.db, USER_TYPE.parent)).token;
    app = Fastify({ logger: false });
    app.decorate('db', database.db);
    await app.register(errorHandlerPlugin);
    await app.register(authPlugin, { findSessionUser });
    await app.register(async (feature) => {
      // A careless feature: its plugin lets every answer be kept a while, its route says no-cache.
      feature.addHook('onSend', async (_request, reply, payload) => {
        reply.header('cache-control', 'public, max-age=600');
        return payload;
      });
      feature.get('/careless', { onRequest: feature.authenticate }, async (_request, reply) =>
        reply.header('cache-control', 'no-cache').send({ medicalNotes: 'asthma' }),
      );
    });
    app.get('/stricter', { onRequest: app.requireTypes(USER_TYPE.parent) }, async (_request, reply) =>
      reply.header('cache-control', 'private, no-store, max-age=0').send({ ok: true }),
    );
    app.get('/public', async (_request, reply) =>
      reply.header('cache-control', 'no-cache').send({ ok: true }),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  it('a guarded route answers no-store, whatever the route and its plugins said', async () => {
    const res = await app.inject({ url: '/careless', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('so do its refusals: no token, an unknown token, a type it does not let through', async () => {
    const none = await app.inject({ url: '/careless' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['cache-control']).toBe('no-store');
    const forged = await app.inject({ url: '/careless', headers: bearer('x'.repeat(43)) });
    expect(forged.statusCode).toBe(401);
    expect(forged.headers['cache-control']).toBe('no-store');
    const teacher = await userWithSession(database.db, USER_TYPE.teacher);
    const wrongType = await app.inject({ url: '/stricter', headers: bearer(teacher.token) });
    expect(wrongType.statusCode).toBe(403);
    expect(wrongType.headers['cache-control']).toBe('no-store');
  });

  it('a route that says more than no-store keeps its words', async () => {
    const res = await app.inject({ url: '/stricter', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store, max-age=0');
  });

  it('a public route, the same for everyone, keeps its caching even for a signed-in caller', async () => {
    const res = await app.inject({ url: '/public', headers: bearer(token) });
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
