import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, MAX_IMAGES_PER_RECORD } from '../../../shared/api/admin.js';
import {
  CONTENT_COLLECTION_NAMES,
  CONTENT_COLLECTIONS,
  type ContentCollection,
  isDatedCollection,
  wireRecordSchema,
} from '../../../shared/api/content.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { withDemoSchool } from '../../test/school-fixtures.js';
import { bearer, call } from '../users/test-helpers.js';

type FieldError = { field: string; message: string };
type WireRecord = Record<string, unknown> & { id: number; images: Record<string, unknown>[] };

const detailsOf = (body: { error: { details?: FieldError[] } }) => body.error.details ?? [];
const fieldsOf = (body: { error: { details?: FieldError[] } }) => detailsOf(body).map((d) => d.field);
const messageFor = (body: { error: { details?: FieldError[] } }, field: string) =>
  detailsOf(body).find((d) => d.field === field)?.message;

const fieldsOfCollection = (collection: ContentCollection) =>
  Object.values(CONTENT_COLLECTIONS[collection].fields);

describe.each(TEST_ENGINES)('content admin calls on %s', (engine) => {
  const { t, f } = withDemoSchool(engine);
  /** A picture the demo school stored, so it exists under /uploads. */
  let demoImage: string;
  beforeAll(async () => {
    const gallery = (await call(t.app, { url: '/api/gallery' })).json();
    demoImage = gallery.data[0].images[0].image;
  });

  /** A valid body of a collection: every wire field, and one picture (with a category in the gallery). */
  function validBody(collection: ContentCollection, text = 'Sample'): Record<string, unknown> {
    const body: Record<string, unknown> = {};
    for (const field of fieldsOfCollection(collection)) {
      body[field.wire] =
        field.kind === 'icon' ? 'bi-tree' : field.kind === 'class' ? '' : `${text} ${field.label}`;
    }
    const image: Record<string, string> = { image: demoImage, alt: `${text} picture` };
    if (collection === 'gallery') image.category = 'Drawing';
    body.images = [image];
    return body;
  }

  const send = (
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    token = f.tokens.principal,
  ) =>
    call(t.app, {
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const publicList = async (collection: ContentCollection): Promise<WireRecord[]> =>
    (await call(t.app, { url: `/api/${collection}` })).json().data;

  const otherCollection = (collection: ContentCollection): ContentCollection =>
    collection === 'blog' ? 'comments' : 'blog';

  describe.each(CONTENT_COLLECTION_NAMES)('%s', (collection) => {
    const base = `/api/admin/content/${collection}`;

    it('creates, replaces and deletes a record; the public GET shows each change at once', async () => {
      const before = await publicList(collection);

      const created = await send('POST', base, validBody(collection, 'New'));
      expect(created.statusCode, created.body).toBe(201);
      const record = created.json().data as WireRecord;
      expect(wireRecordSchema(collection).strict().parse(record)).toEqual(record);
      // A blog post carries the server's dates (when it was stored and last changed).
      const dated = isDatedCollection(collection);
      const dates = dated ? { publishedAt: expect.any(String), updatedAt: expect.any(String) } : {};
      expect(record).toEqual({ id: expect.any(Number), ...validBody(collection, 'New'), ...dates });
      const afterCreate = await publicList(collection);
      expect(afterCreate).toHaveLength(before.length + 1);
      expect(afterCreate.at(-1)).toEqual(record);

      // The record as the GET answered it may go back with a change: its dates are ignored.
      const { id: _id, ...asRead } = record;
      const replaced = await send('PUT', `${base}/${record.id}`, {
        ...asRead,
        ...validBody(collection, 'Changed'),
        ...(dated ? { publishedAt: '1999-01-01T00:00:00.000Z', updatedAt: '1999-01-01T00:00:00.000Z' } : {}),
        images: [],
      });
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(replaced.json().data).toEqual({
        id: record.id,
        ...validBody(collection, 'Changed'),
        ...(dated ? { publishedAt: record.publishedAt, updatedAt: expect.any(String) } : {}),
        images: [],
      });
      if (dated) expect(String(replaced.json().data.updatedAt) >= String(record.updatedAt)).toBe(true);
      expect((await publicList(collection)).find((r) => r.id === record.id)).toEqual(replaced.json().data);

      const deleted = await send('DELETE', `${base}/${record.id}`);
      expect(deleted.statusCode).toBe(204);
      expect(deleted.body).toBe('');
      expect(await publicList(collection)).toEqual(before);
      expect((await send('DELETE', `${base}/${record.id}`)).statusCode).toBe(404);
      expect((await send('PUT', `${base}/${record.id}`, validBody(collection))).statusCode).toBe(404);
    });

    it('refuses invalid bodies with 400 and a detail on the field, and stores nothing', async () => {
      const before = await publicList(collection);
      const firstField = fieldsOfCollection(collection).find((f) => f.kind !== 'icon');
      if (!firstField) throw new Error(`${collection} has no text field`);
      const withImage = (image: Record<string, unknown>) => ({ ...validBody(collection), images: [image] });
      const category = collection === 'gallery' ? { category: 'Playing' } : {};

      const cases: [string, unknown, string, string | RegExp][] = [
        [
          'missing alt',
          withImage({ image: demoImage, ...category }),
          'images.0.alt',
          ADMIN_MESSAGES.enterAlt,
        ],
        [
          'empty alt',
          withImage({ image: demoImage, alt: '   ', ...category }),
          'images.0.alt',
          ADMIN_MESSAGES.enterAlt,
        ],
        ['unknown field', { ...validBody(collection), colour: 'red' }, 'body', 'Unknown field: colour'],
        ['internal field name', { ...validBody(collection), description: 'x' }, 'body', /^Unknown field/],
        [
          'too long',
          { ...validBody(collection), [firstField.wire]: 'x'.repeat(firstField.max + 1) },
          firstField.wire,
          ADMIN_MESSAGES.tooLong(firstField.label, firstField.max),
        ],
        [
          'missing field',
          Object.fromEntries(Object.entries(validBody(collection)).filter(([k]) => k !== firstField.wire)),
          firstField.wire,
          ADMIN_MESSAGES.mustBeText(firstField.label),
        ],
        [
          'path traversal',
          withImage({ image: '../x.webp', alt: 'x', ...category }),
          'images.0.image',
          ADMIN_MESSAGES.badImagePath,
        ],
        [
          'traversal inside',
          withImage({ image: 'demo/../../x.webp', alt: 'x', ...category }),
          'images.0.image',
          ADMIN_MESSAGES.badImagePath,
        ],
        [
          'absolute path',
          withImage({ image: '/etc/passwd', alt: 'x', ...category }),
          'images.0.image',
          ADMIN_MESSAGES.badImagePath,
        ],
        [
          'a URL',
          withImage({ image: 'https://evil.example/x.webp', alt: 'x', ...category }),
          'images.0.image',
          ADMIN_MESSAGES.badImagePath,
        ],
        [
          'a dotfile',
          withImage({ image: 'demo/.hidden.webp', alt: 'x', ...category }),
          'images.0.image',
          ADMIN_MESSAGES.badImagePath,
        ],
        [
          'not a picture',
          withImage({ image: 'test.sqlite', alt: 'x', ...category }),
          'images.0.image',
          ADMIN_MESSAGES.badImagePath,
        ],
        [
          'missing file',
          withImage({ image: 'media/0123456789abcdef0123456789abcdef-400.webp', alt: 'x', ...category }),
          'images.0.image',
          ADMIN_MESSAGES.imageNotFound,
        ],
        [
          'images not a list',
          { ...validBody(collection), images: 'a.webp' },
          'images',
          ADMIN_MESSAGES.imagesList,
        ],
        [
          'too many images',
          {
            ...validBody(collection),
            images: Array(MAX_IMAGES_PER_RECORD + 1).fill(withImage({}).images[0]),
          },
          'images',
          ADMIN_MESSAGES.tooManyImages(MAX_IMAGES_PER_RECORD),
        ],
        ['not an object', ['a'], 'body', ADMIN_MESSAGES.notAnObject],
      ];
      if (collection === 'gallery') {
        cases.push(
          [
            'missing category',
            withImage({ image: demoImage, alt: 'x' }),
            'images.0.category',
            ADMIN_MESSAGES.chooseCategory,
          ],
          [
            'bad category',
            withImage({ image: demoImage, alt: 'x', category: 'Singing' }),
            'images.0.category',
            ADMIN_MESSAGES.chooseCategory,
          ],
        );
      } else {
        cases.push([
          'category outside the gallery',
          withImage({ image: demoImage, alt: 'x', category: 'Playing' }),
          'images.0',
          ADMIN_MESSAGES.noCategory,
        ]);
      }
      if (collection === 'facilities') {
        cases.push([
          'icon not an icon name',
          { ...validBody(collection), image: 'x.webp' },
          'image',
          ADMIN_MESSAGES.iconName,
        ]);
      }

      const record = (await publicList(collection))[0];
      for (const [label, body, field, message] of cases) {
        for (const [method, url] of [
          ['POST', base],
          ['PUT', `${base}/${record?.id}`],
        ] as const) {
          if (method === 'PUT' && !record) continue;
          const res = await send(method, url, body);
          expect(res.statusCode, `${method} ${label}: ${res.body}`).toBe(400);
          const answer = res.json();
          expect(answer.error.code, label).toBe('VALIDATION_FAILED');
          expect(fieldsOf(answer), label).toContain(field);
          expect(messageFor(answer, field), label).toMatch(message);
        }
      }
      expect(await publicList(collection)).toEqual(before);
    });

    it('only the principal: 401 without a token, 403 for a teacher or a student', async () => {
      const [record] = await publicList(collection);
      const id = record?.id ?? 1;
      const calls = [
        ['POST', base, validBody(collection)],
        ['PUT', `${base}/${id}`, validBody(collection)],
        ['DELETE', `${base}/${id}`, undefined],
        ['POST', `${base}/order`, { ids: [id] }],
      ] as const;
      for (const [method, url, body] of calls) {
        const none = await send(method, url, body, '');
        expect(none.statusCode, `${method} ${url} without a token`).toBe(401);
        expect(none.json().error.code).toBe('UNAUTHORIZED');
        for (const token of [f.tokens.teacher, f.tokens.student]) {
          const res = await send(method, url, body, token);
          expect(res.statusCode, `${method} ${url}`).toBe(403);
          expect(res.json().error.code).toBe('FORBIDDEN');
        }
      }
      // Even an invalid body is refused for who the caller is, before what it says.
      expect((await send('POST', base, { nonsense: true }, f.tokens.student)).statusCode).toBe(403);
    });

    it('a record of another collection, or none at all, is a 404', async () => {
      const [foreign] = await publicList(otherCollection(collection));
      if (!foreign) throw new Error('the demo school has records in every collection');
      const before = await publicList(otherCollection(collection));
      expect((await send('PUT', `${base}/${foreign.id}`, validBody(collection))).statusCode).toBe(404);
      expect((await send('DELETE', `${base}/${foreign.id}`)).statusCode).toBe(404);
      expect((await send('PUT', `${base}/2147483647`, validBody(collection))).statusCode).toBe(404);
      expect(await publicList(otherCollection(collection))).toEqual(before);
      expect((await send('DELETE', `${base}/abc`)).statusCode).toBe(400);
      expect((await send('DELETE', `${base}/0`)).statusCode).toBe(400);
    });

    it('reorders the records: every id once, then the public GET follows the new order', async () => {
      const before = await publicList(collection);
      let ids = before.map((r) => r.id);
      if (ids.length < 2) {
        await send('POST', base, validBody(collection, 'Extra'));
        ids = (await publicList(collection)).map((r) => r.id);
      }
      const reversed = [...ids].reverse();
      const res = await send('POST', `${base}/order`, { ids: reversed });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.map((r: WireRecord) => r.id)).toEqual(reversed);
      expect((await publicList(collection)).map((r) => r.id)).toEqual(reversed);

      const [foreign] = await publicList(otherCollection(collection));
      const wrong = [
        reversed.slice(1),
        [...reversed, reversed[0]],
        [...reversed.slice(1), foreign?.id],
        [],
        ['1'],
      ];
      for (const body of wrong) {
        const refused = await send('POST', `${base}/order`, { ids: body });
        expect(refused.statusCode, JSON.stringify(body)).toBe(400);
        expect(fieldsOf(refused.json()).some((f) => f.startsWith('ids'))).toBe(true);
      }
      expect((await send('POST', `${base}/order`, { ids: reversed, extra: 1 })).statusCode).toBe(400);
      expect((await publicList(collection)).map((r) => r.id)).toEqual(reversed);

      // Back as it was, for the other tests.
      expect((await send('POST', `${base}/order`, { ids })).statusCode).toBe(200);
    });
  });

  it('an unknown collection is a 404', async () => {
    for (const [method, url] of [
      ['POST', '/api/admin/content/homework'],
      ['PUT', '/api/admin/content/homework/1'],
      ['DELETE', '/api/admin/content/homework/1'],
      ['POST', '/api/admin/content/homework/order'],
      ['POST', '/api/admin/content/__proto__'],
    ] as const) {
      const res = await send(method, url, method === 'DELETE' ? undefined : validBody('home'));
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('stores text as text: markup comes back verbatim, as a string', async () => {
    const heading = '<script>alert("hi")</script> & <b>bold</b>';
    const res = await send('POST', '/api/admin/content/blog', {
      ...validBody('blog'),
      heading,
      discription: '<img src=x onerror=alert(1)>',
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json().data;
    const stored = (await publicList('blog')).find((r) => r.id === id);
    expect(stored?.heading).toBe(heading);
    expect(stored?.discription).toBe('<img src=x onerror=alert(1)>');
    expect((await send('DELETE', `/api/admin/content/blog/${id}`)).statusCode).toBe(204);
  });

  it('trims fields and keeps images in the order sent, with gallery categories', async () => {
    const images = [
      { image: demoImage, alt: ' First ', category: 'Reading' },
      { image: demoImage, alt: 'Second', category: 'Playing' },
    ];
    const res = await send('POST', '/api/admin/content/gallery', {
      heading1: '  Our Gallery  ',
      heading2: 'Moments',
      images,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toEqual({
      id: expect.any(Number),
      heading1: 'Our Gallery',
      heading2: 'Moments',
      images: [
        { image: demoImage, alt: 'First', category: 'Reading' },
        { image: demoImage, alt: 'Second', category: 'Playing' },
      ],
    });
    expect((await send('DELETE', `/api/admin/content/gallery/${res.json().data.id}`)).statusCode).toBe(204);
  });

  it('documents every admin content route in the OpenAPI document', async () => {
    const doc = (await call(t.app, { url: '/api/openapi.json' })).json();
    const post = doc.paths['/api/admin/content/kidsclasses'].post;
    expect(post.tags).toEqual(['Content admin']);
    expect(Object.keys(post.requestBody.content['application/json'].schema.properties).sort()).toEqual(
      [
        'heading',
        'discription',
        'age_of_kids',
        'total_seat',
        'class_time',
        'tution_fee',
        'class_id',
        'images',
      ].sort(),
    );
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403']));
    const put = doc.paths['/api/admin/content/kidsclasses/{id}'].put;
    expect(Object.keys(put.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404']));
    expect(doc.paths['/api/admin/content/kidsclasses/{id}'].delete.responses).toHaveProperty('204');
    expect(doc.paths['/api/admin/content/kidsclasses/order'].post.tags).toEqual(['Content admin']);
  });
});
