import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETUP_ERROR_CODES } from '../../../shared/api/setup.js';
import { loadConfig } from '../../config.js';
import { isDatabaseEmpty } from '../../demo/index.js';
import { type PreparedApp, prepareApp } from '../../startup.js';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../../test/databases.js';
import { hashToken } from '../auth/session.js';
import { readSettings } from '../settings/settings.repository.js';
import { STARTER_PICTURES } from './starter-site.js';

/**
 * A real school's first start (issue 27, point 9; docs/decisions/0041-first-start-of-a-real-school.md):
 * with PUBLIC_URL at a real address an empty database gets no demo school but a one-time set-up
 * link; until it is used the set-up page is the only page; using it makes the principal and names
 * the school, once.
 */
describe.each(TEST_ENGINES)('the first start of a real school (%s)', (engine) => {
  let t: TestDatabase;
  const apps: PreparedApp[] = [];
  const start = async (folder: string) => {
    const prepared = await prepareApp({
      ...loadConfig({
        DATA_DIR: path.join(t.dataDir, folder),
        LOG_LEVEL: 'silent',
        MAIL_POLL_MS: '0',
        PUBLIC_URL: 'https://school.example',
      }),
      database: t.config,
    });
    apps.push(prepared);
    return prepared;
  };
  const tokenOf = (link: string | undefined) => new URL(link ?? '').searchParams.get('token') ?? '';
  const setUp = (app: FastifyInstance, token: string, email = 'head@school.example') =>
    app.inject({
      method: 'POST',
      url: '/api/setup',
      payload: {
        token,
        schoolName: 'Riverside Primary',
        name: 'Ada Head',
        email,
        password: 'a-long-secret-1',
      },
    });

  let first: PreparedApp;
  let second: PreparedApp;

  beforeAll(async () => {
    t = await createTestDatabase(engine, { migrated: false });
    first = await start('first');
  });
  afterAll(async () => {
    for (const { app } of apps) await app.close();
    await t?.dispose();
  });

  it('plants no demo school and prints a set-up link whose token is stored only as a hash', async () => {
    expect(first.demoLogins).toBeUndefined();
    expect(first.setupLink).toMatch(/^https:\/\/school\.example\/setup\?token=[\w-]{43}$/);
    const token = tokenOf(first.setupLink);
    const db = first.app.db;
    expect(await isDatabaseEmpty(db)).toBe(true);
    const rows = await db.selectFrom('setup_token').selectAll().execute();
    expect(rows.map((row) => row.token_hash)).toEqual([hashToken(token)]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('before set-up: pages lead to /setup, calls answer 503 SETUP_REQUIRED, health and readiness answer', async () => {
    const { app } = first;
    for (const url of ['/', '/about', '/login', '/dashboard', '/no-such-page']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(303);
      expect(res.headers.location, url).toBe('/setup');
    }
    for (const [method, url] of [
      ['GET', '/api/home'],
      ['GET', '/api/settings'],
      ['POST', '/api/users/login'],
      ['POST', '/api/users'],
      ['POST', '/api/enquiries'],
      ['GET', '/api/users/profile'],
      ['GET', '/api/openapi.json'],
      ['GET', '/uploads/demo/scenes/hero-1-800.webp'],
      ['POST', '/contact'],
    ] as const) {
      const res = await app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(503);
      expect(res.json().error.code).toBe(SETUP_ERROR_CODES.required);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    const status = await app.inject({ url: '/api/setup' });
    expect(status.json()).toEqual({ data: { required: true } });
    // The set-up page itself is served (a 503 here: the web app is not built in this test).
    expect((await app.inject({ url: '/setup' })).statusCode).not.toBe(303);
  });

  it('a restart before set-up prints a new link that replaces the old one, on any process', async () => {
    second = await start('second');
    expect(second.demoLogins).toBeUndefined();
    expect(second.setupLink).toBeDefined();
    expect(second.setupLink).not.toBe(first.setupLink);
    const old = await setUp(second.app, tokenOf(first.setupLink));
    expect(old.statusCode).toBe(403);
    expect(old.json().error.code).toBe(SETUP_ERROR_CODES.linkInvalid);
    const rows = await second.app.db.selectFrom('setup_token').select('token_hash').execute();
    expect(rows.map((row) => row.token_hash)).toEqual([hashToken(tokenOf(second.setupLink))]);
  });

  it('refuses a bad body or an unknown token and changes nothing', async () => {
    const { app } = first;
    const bad = await app.inject({
      method: 'POST',
      url: '/api/setup',
      payload: { token: tokenOf(second.setupLink), schoolName: '', name: 'A', email: 'x', password: 'short' },
    });
    expect(bad.statusCode).toBe(400);
    for (const token of ['', 'x'.repeat(43), 'not a token']) {
      const res = await setUp(app, token);
      expect([400, 403], token).toContain(res.statusCode);
    }
    expect(await isDatabaseEmpty(app.db)).toBe(true);
    expect((await app.inject({ url: '/api/setup' })).json()).toEqual({ data: { required: true } });
  });

  it('the link makes the principal and names the school, once; then the site works and they log in', async () => {
    // Made through the first process with the second's link: both read the same database.
    const done = await setUp(first.app, tokenOf(second.setupLink));
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json().data).toMatchObject({
      name: 'Ada Head',
      email: 'head@school.example',
      schoolName: 'Riverside Primary',
    });
    expect(done.body).not.toContain('a-long-secret-1');
    expect((await readSettings(first.app.db)).name).toBe('Riverside Primary');
    expect(await first.app.db.selectFrom('setup_token').selectAll().execute()).toEqual([]);

    const again = await setUp(second.app, tokenOf(second.setupLink), 'other@school.example');
    expect(again.statusCode).toBe(403);
    expect(again.json().error.code).toBe(SETUP_ERROR_CODES.linkInvalid);

    for (const { app } of [first, second]) {
      expect((await app.inject({ url: '/api/setup' })).json()).toEqual({ data: { required: false } });
      expect((await app.inject({ url: '/api/home' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/about' })).statusCode).not.toBe(303);
      const login = await app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: 'head@school.example', password: 'a-long-secret-1' },
      });
      expect(login.statusCode).toBe(200);
      const profile = await app.inject({
        url: '/api/users/profile',
        headers: { authorization: `Bearer ${login.json().token}` },
      });
      expect(profile.json().results.type).toBe('Principle');
    }
    const demo = await first.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'principal@demo.school', password: 'demo12345' },
    });
    expect(demo.statusCode).toBe(401);
  });

  it('set-up planted the starter site: the school named, neutral texts, pictures that are there', async () => {
    const { app } = first;
    const read = async (collection: string) => {
      const res = await app.inject({ url: `/api/${collection}` });
      expect(res.statusCode, collection).toBe(200);
      return res.json().data as Record<string, unknown>[];
    };
    const [hero] = await read('home');
    expect(hero).toMatchObject({ heading: 'Welcome to Riverside Primary' });
    expect(String(hero?.discription)).toContain('Riverside Primary');
    const about = await read('about');
    expect(about).toHaveLength(2);
    expect(about[1]).toMatchObject({ heading2: 'About Riverside Primary', heading3: '' });
    expect((await read('contacts'))[0]).toMatchObject({ heading1: 'Get In Touch', address: '', email: '' });
    expect((await read('class'))[0]).toMatchObject({ heading2: 'Classes at Riverside Primary' });
    // Nothing that would be a claim about a school we know nothing of: no people, classes or posts.
    for (const collection of ['kidsclasses', 'teacher', 'comments', 'blog', 'facilities', 'blogdetails']) {
      expect(await read(collection), collection).toEqual([]);
    }
    expect((await read('gallery'))[0]?.images).toEqual([]);
    // Every picture it names is stored and served; none of the demo's.
    const pictures = [...(await read('home')), ...about].flatMap(
      (record) => record.images as { image: string; alt: string }[],
    );
    expect(pictures.map((picture) => picture.image).sort()).toEqual(
      Object.values(STARTER_PICTURES)
        .map((picture) => picture.image)
        .sort(),
    );
    for (const picture of pictures) {
      expect(picture.alt).not.toBe('');
      const file = await app.inject({ url: `/uploads/${picture.image}` });
      expect(file.statusCode, picture.image).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
    }
    const everything = JSON.stringify(
      await Promise.all(['home', 'about', 'class', 'gallery', 'contacts'].map(read)),
    ).toLowerCase();
    for (const word of ['lorem', 'sunny meadows', 'demo']) expect(everything).not.toContain(word);
  });

  it('a start after set-up prints no link and plants nothing', async () => {
    const third = await start('third');
    expect(third.setupLink).toBeUndefined();
    expect(third.demoLogins).toBeUndefined();
    expect((await third.app.inject({ url: '/api/home' })).statusCode).toBe(200);
  });
});

describe.each(TEST_ENGINES)('a start on this machine (%s)', (engine) => {
  let t: TestDatabase;
  let prepared: PreparedApp | undefined;
  beforeAll(async () => {
    t = await createTestDatabase(engine, { migrated: false });
  });
  afterAll(async () => {
    await prepared?.app.close();
    await t?.dispose();
  });

  it('without PUBLIC_URL still plants the demo school and no set-up link', async () => {
    prepared = await prepareApp({
      ...loadConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent', MAIL_POLL_MS: '0' }),
      database: t.config,
    });
    expect(prepared.demoLogins?.length).toBeGreaterThan(0);
    expect(prepared.setupLink).toBeUndefined();
    expect((await prepared.app.inject({ url: '/api/home' })).statusCode).toBe(200);
  });
});
