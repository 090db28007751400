import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TEST_ENGINES } from '../../test/databases.js';

describe.each(TEST_ENGINES)('the installable app on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { demo: true });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('has a manifest named after the school that opens the dashboard, standalone', async () => {
    const res = await t.app.inject({ url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = res.json();
    const { name } = await t.db.selectFrom('school_settings').select('name').executeTakeFirstOrThrow();
    expect(manifest).toMatchObject({ name, start_url: '/dashboard', display: 'standalone', scope: '/' });
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toContain('512x512');
  });

  it('draws its icons from the school’s logo, or the default, at the sizes it names', async () => {
    for (const size of [192, 512]) {
      const res = await t.app.inject({ url: `/app-icons/${size}.png` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([size, size]);
    }
    await t.db.updateTable('school_settings').set({ logo: '' }).execute();
    const fallback = await t.app.inject({ url: '/app-icons/192.png' });
    expect((await sharp(fallback.rawPayload).metadata()).width).toBe(192);
    expect((await t.app.inject({ url: '/app-icons/64.png' })).statusCode).toBe(400);
  });
});
