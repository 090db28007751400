import { describe, expect, it } from 'vitest';
import {
  CONTENT_COLLECTION_NAMES,
  CONTENT_COLLECTIONS,
  isDatedCollection,
  wireRecordSchema,
} from '../../../shared/api/content.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { DEMO_MINIMUM } from '../../test/demo-minimum.js';
import { withTestApp } from '../../test-helpers.js';
import { insertContentRecord } from './content.repository.js';

describe.each(TEST_ENGINES)('public content calls on %s', (engine) => {
  const t = withTestApp(engine, { demo: true });

  it.each(CONTENT_COLLECTION_NAMES)(
    'GET /api/%s answers the documented fields, non-empty',
    async (collection) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/${collection}` });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { data: Record<string, unknown>[] };
      expect(body.data.length).toBeGreaterThanOrEqual(DEMO_MINIMUM[collection]);
      const wireFields = Object.values(CONTENT_COLLECTIONS[collection].fields).map((f) => f.wire);
      for (const record of body.data) {
        expect(wireRecordSchema(collection).strict().parse(record)).toEqual(record);
        const dates = isDatedCollection(collection) ? ['publishedAt', 'updatedAt'] : [];
        expect(Object.keys(record).sort()).toEqual(['id', 'images', ...wireFields, ...dates].sort());
        for (const date of dates) expect(record[date]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
      }
    },
  );

  it('sends the misspelt contract names, never the internal ones', async () => {
    const home = (await t.app.inject({ url: '/api/home' })).json();
    expect(home.data[0]).toHaveProperty('learm_more');
    expect(home.data[0]).toHaveProperty('discription');
    expect(home.data[0]).not.toHaveProperty('description');
    const kids = (await t.app.inject({ url: '/api/kidsclasses' })).json();
    expect(kids.data[0]).toHaveProperty('tution_fee');
    const contacts = (await t.app.inject({ url: '/api/contacts' })).json();
    expect(contacts.data[0]).toHaveProperty('opening_hour');
  });

  it('gallery images carry a category and every image has alt text', async () => {
    const gallery = (await t.app.inject({ url: '/api/gallery' })).json();
    const images = gallery.data[0].images as { category?: string; alt: string }[];
    expect(images.length).toBeGreaterThanOrEqual(12);
    expect(new Set(images.map((i) => i.category))).toEqual(new Set(['Playing', 'Drawing', 'Reading']));
    for (const collection of CONTENT_COLLECTION_NAMES) {
      const body = (await t.app.inject({ url: `/api/${collection}` })).json();
      for (const record of body.data) {
        for (const image of record.images) expect(image.alt.trim()).not.toBe('');
      }
    }
  });

  it('serves every referenced image from /uploads with its type and nosniff', async () => {
    const body = (await t.app.inject({ url: '/api/gallery' })).json();
    const first = body.data[0].images[0].image as string;
    const res = await t.app.inject({ url: `/uploads/${first}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe.each(TEST_ENGINES)('content order on %s', (engine) => {
  const t = withTestApp(engine);

  it('answers an empty list for an empty collection', async () => {
    const res = await t.app.inject({ url: '/api/facilities' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [] });
  });

  it('lists records by position, images by their own order', async () => {
    await t.db.transaction().execute(async (trx) => {
      await insertContentRecord(
        trx,
        'facilities',
        { icon: 'bi-tree', heading: 'Second', description: 'b' },
        [],
        2,
      );
      await insertContentRecord(
        trx,
        'facilities',
        { icon: 'bi-bus-front', heading: 'First', description: 'a' },
        [
          { image: 'one.webp', alt: 'One' },
          { image: 'two.webp', alt: 'Two' },
        ],
        1,
      );
    });
    const body = (await t.app.inject({ url: '/api/facilities' })).json();
    expect(body.data.map((r: { heading: string }) => r.heading)).toEqual(['First', 'Second']);
    expect(body.data[0]).toMatchObject({ image: 'bi-bus-front', discription: 'a' });
    expect(body.data[0].images).toEqual([
      { image: 'one.webp', alt: 'One' },
      { image: 'two.webp', alt: 'Two' },
    ]);
  });
});
