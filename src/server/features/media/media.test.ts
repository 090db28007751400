import crypto from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  MEDIA_MESSAGES,
  MEDIA_RULES,
  type Media,
  MediaSchema,
  mediaSrcSet,
  mediaVariants,
} from '../../../shared/api/admin.js';
import { MediaListSchema } from '../../../shared/api/media.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { pngDeclaring } from '../../test/png.js';
import { withDemoSchool } from '../../test/school-fixtures.js';
import { bearer, call, jpegWithGps, png } from '../users/test-helpers.js';

type FieldError = { field: string; message: string };
const messageFor = (body: { error: { details?: FieldError[] } }, field: string) =>
  body.error.details?.find((d) => d.field === field)?.message;

interface Part {
  name: string;
  value: string | { filename: string; data: Buffer; type?: string };
}

function multipart(parts: readonly Part[]): FormData {
  const data = new FormData();
  for (const part of parts) {
    if (typeof part.value === 'string') data.append(part.name, part.value);
    else {
      const blob = new Blob([new Uint8Array(part.value.data)], { type: part.value.type ?? 'image/jpeg' });
      data.append(part.name, blob, part.value.filename);
    }
  }
  return data;
}

const file = (filename: string, data: Buffer, type?: string): Part => ({
  name: 'file',
  value: { filename, data, ...(type ? { type } : {}) },
});

describe('the media naming convention', () => {
  const name = '0123456789abcdef0123456789abcdef';
  it('derives every stored width from the largest file’s name', () => {
    expect(mediaVariants(`media/${name}-1200.webp`)).toEqual([
      { width: 400, image: `media/${name}-400.webp` },
      { width: 800, image: `media/${name}-800.webp` },
      { width: 1200, image: `media/${name}-1200.webp` },
    ]);
    expect(mediaVariants(`media/${name}-1000.webp`)?.map((v) => v.width)).toEqual([400, 800, 1000]);
    expect(mediaVariants(`media/${name}-300.webp`)).toEqual([
      { width: 300, image: `media/${name}-300.webp` },
    ]);
    expect(mediaSrcSet(`media/${name}-800.webp`)).toBe(
      `/uploads/media/${name}-400.webp 400w, /uploads/media/${name}-800.webp 800w`,
    );
  });

  it('derives a demo scene’s widths the same way, in its closer steps', () => {
    expect(mediaVariants('demo/scenes/hero-1-800.webp')).toEqual([
      { width: 320, image: 'demo/scenes/hero-1-320.webp' },
      { width: 480, image: 'demo/scenes/hero-1-480.webp' },
      { width: 640, image: 'demo/scenes/hero-1-640.webp' },
      { width: 800, image: 'demo/scenes/hero-1-800.webp' },
    ]);
    expect(mediaSrcSet('demo/scenes/gallery-playing-1-600.webp')).toBe(
      '/uploads/demo/scenes/gallery-playing-1-320.webp 320w, /uploads/demo/scenes/gallery-playing-1-480.webp 480w, ' +
        '/uploads/demo/scenes/gallery-playing-1-600.webp 600w',
    );
  });

  it('leaves other pictures alone', () => {
    expect(mediaVariants('demo/hero.webp')).toBeUndefined();
    expect(mediaVariants('demo/teacher-1.webp')).toBeUndefined();
    expect(mediaVariants('demo/scenes/hero-0800.webp')).toBeUndefined();
    expect(mediaVariants('demo/scenes/../hero-800.webp')).toBeUndefined();
    expect(mediaVariants('users/abc.webp')).toBeUndefined();
    expect(mediaVariants(`media/${name}-0400.webp`)).toBeUndefined();
    expect(mediaSrcSet('demo/hero.webp')).toBeUndefined();
    expect(mediaSrcSet(`media/${name}-300.webp`)).toBeUndefined();
  });
});

describe.each(TEST_ENGINES)('media library on %s', (engine) => {
  const { t, f } = withDemoSchool(engine);

  /** The names of the stored files under the media folder, whichever store keeps them. */
  const storedIn = async (folder: string) => {
    const names: string[] = [];
    for await (const file of t.app.files.list()) {
      if (file.path.startsWith(`${folder}/`)) names.push(file.path.slice(folder.length + 1));
    }
    return names.sort();
  };
  const storedFiles = () => storedIn(MEDIA_RULES.folder);
  const mediaRows = async () =>
    Number(
      (
        await t.db
          .selectFrom('media')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  const upload = (parts: readonly Part[], token = f.tokens.principal) =>
    call(t.app, {
      method: 'POST',
      url: '/api/admin/media',
      headers: token ? bearer(token) : {},
      payload: multipart(parts),
    });

  async function expectNothingStored(work: () => Promise<void>) {
    const files = await storedFiles();
    const rows = await mediaRows();
    await work();
    expect(await storedFiles()).toEqual(files);
    expect(await mediaRows()).toBe(rows);
  }

  const served = async (image: string) => {
    const res = await call(t.app, { url: `/uploads/${image}` });
    expect(res.statusCode, image).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    return res.rawPayload;
  };

  it('stores a phone photo upright, as WebP without EXIF or GPS, in every width up to 1200', async () => {
    const photo = await jpegWithGps(2000, 1500, '#c84');
    const input = await sharp(photo).metadata();
    expect(input.exif?.includes(Buffer.from('PhoneMaker'))).toBe(true);

    const res = await upload([file('sports-day.jpg', photo), { name: 'alt', value: ' Children racing ' }]);
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data as Media;
    expect(MediaSchema.strict().parse(data)).toEqual(data);
    expect(data.name).toMatch(/^[0-9a-f]{32}$/);
    expect(data).toMatchObject({
      image: `media/${data.name}-1200.webp`,
      width: 1200,
      height: 900,
      alt: 'Children racing',
      originalName: 'sports-day.jpg',
      usedBy: [],
    });
    expect(data.variants).toEqual([
      { width: 400, height: 300, image: `media/${data.name}-400.webp` },
      { width: 800, height: 600, image: `media/${data.name}-800.webp` },
      { width: 1200, height: 900, image: `media/${data.name}-1200.webp` },
    ]);
    // The convention: the variants follow from `image` alone.
    expect(mediaVariants(data.image)).toEqual(data.variants.map(({ width, image }) => ({ width, image })));

    let bytes = 0;
    for (const variant of data.variants) {
      const stored = await served(variant.image);
      bytes += stored.length;
      const meta = await sharp(stored).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(stored.includes(Buffer.from('EXIF', 'latin1'))).toBe(false);
      expect(stored.includes(Buffer.from('PhoneMaker', 'latin1'))).toBe(false);
    }
    expect(data.bytes).toBe(bytes);
  });

  it('turns a picture upright by its EXIF orientation, and names it by its upright width', async () => {
    const sideways = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#48c' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await upload([file('sideways.jpg', sideways)]);
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data as Media;
    expect([data.width, data.height]).toEqual([1000, 1600]);
    expect(data.image).toBe(`media/${data.name}-1000.webp`);
    expect(data.variants.map((v) => v.width)).toEqual([400, 800, 1000]);
    const meta = await sharp(await served(data.image)).metadata();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([1000, 1600]);
  });

  it('never enlarges: a small picture is stored once, in its own size', async () => {
    const res = await upload([file('tiny.png', await png(300, 200), 'image/png')]);
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data as Media;
    expect(data.image).toBe(`media/${data.name}-300.webp`);
    expect(data.variants).toEqual([{ width: 300, height: 200, image: data.image }]);
    expect(await storedFiles()).toEqual(expect.arrayContaining([`${data.name}-300.webp`]));
    expect((await storedFiles()).filter((f) => f.startsWith(data.name))).toEqual([`${data.name}-300.webp`]);
    const meta = await sharp(await served(data.image)).metadata();
    expect([meta.width, meta.height]).toEqual([300, 200]);
  });

  it('keeps a very tall picture no taller than 2400 px', async () => {
    const tall = await sharp({ create: { width: 1000, height: 5000, channels: 3, background: '#8c4' } })
      .png()
      .toBuffer();
    const res = await upload([file('banner.png', tall, 'image/png')]);
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data as Media;
    expect([data.width, data.height]).toEqual([480, 2400]);
    expect(data.variants.map((v) => v.width)).toEqual([400, 480]);
  });

  it('refuses what is not a picture with a clear 400, and stores nothing', async () => {
    await expectNothingStored(async () => {
      const res = await upload([file('notes.jpg', Buffer.from('these are not pixels'), 'image/jpeg')]);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(messageFor(res.json(), 'file')).toMatch(/^notes\.jpg is not a picture we can read/);

      const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>1</script></svg>';
      const svgRes = await upload([file('logo.svg', Buffer.from(svg), 'image/svg+xml')]);
      expect(svgRes.statusCode).toBe(400);
      expect(messageFor(svgRes.json(), 'file')).toMatch(/is not a picture we can read/);
    });
  });

  it('refuses a decompression bomb (a tiny file claiming 10 gigapixels) with a 400', async () => {
    await expectNothingStored(async () => {
      const res = await upload([file('bomb.png', pngDeclaring(100_000, 100_000), 'image/png')]);
      expect(res.statusCode).toBe(400);
      expect(messageFor(res.json(), 'file')).toMatch(/^bomb\.png has too many pixels/);
    });
  });

  it('refuses a file over 8 MB with a 413 and a clear message, never a 500', async () => {
    const big = Buffer.concat([await jpegWithGps(), crypto.randomBytes(MEDIA_RULES.maxBytes + 10)]);
    await expectNothingStored(async () => {
      const res = await upload([file('huge.jpg', big)]);
      expect(res.statusCode).toBe(413);
      expect(res.json().error).toEqual({
        code: 'FILE_TOO_LARGE',
        message: `${MEDIA_MESSAGES.tooLarge}.`,
        details: [{ field: 'file', message: MEDIA_MESSAGES.tooLarge }],
      });
    });
  });

  it('takes one picture at a time, and needs one', async () => {
    await expectNothingStored(async () => {
      const two = await upload([
        file('a.png', await png(), 'image/png'),
        file('b.png', await png(), 'image/png'),
      ]);
      expect(two.statusCode).toBe(400);
      expect(messageFor(two.json(), 'file')).toBe(MEDIA_MESSAGES.oneFile);

      const none = await upload([{ name: 'alt', value: 'Nothing' }]);
      expect(none.statusCode).toBe(400);
      expect(messageFor(none.json(), 'file')).toBe(MEDIA_MESSAGES.chooseFile);

      const json = await call(t.app, {
        method: 'POST',
        url: '/api/admin/media',
        headers: bearer(f.tokens.principal),
        payload: { file: 'media/x.webp' },
      });
      expect(json.statusCode).toBe(400);
      expect(messageFor(json.json(), 'file')).toBe(MEDIA_MESSAGES.chooseFile);

      const longAlt = await upload([
        file('a.png', await png(), 'image/png'),
        { name: 'alt', value: 'x'.repeat(301) },
      ]);
      expect(longAlt.statusCode).toBe(400);
      expect(messageFor(longAlt.json(), 'alt')).toBe(MEDIA_MESSAGES.altTooLong);
    });
  });

  it('a JSON body imitating a processed picture is refused, and nothing is written', async () => {
    const forged = {
      data: '<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>',
      width: 1,
      height: 1,
    };
    await expectNothingStored(async () => {
      const res = await call(t.app, {
        method: 'POST',
        url: '/api/admin/media',
        headers: bearer(f.tokens.principal),
        payload: { file: { name: 'x.webp', size: 10, media: { width: 1, height: 1, renditions: [forged] } } },
      });
      expect(res.statusCode).toBe(400);
      expect(messageFor(res.json(), 'file')).toBe(MEDIA_MESSAGES.chooseFile);
    });
    // The same guard covers the account forms, which share plugins/uploads.ts.
    const before = await storedIn('users');
    const registration = await call(t.app, {
      method: 'POST',
      url: '/api/users',
      payload: {
        name: 'Forged Photo',
        degination: 'Parent',
        discription: 'Testing',
        type: 'Parent',
        gender: 'Other',
        dob: '1990-01-01',
        address: '1 Street',
        contact: '123456',
        email: 'forged.photo@example.org',
        password: 'a-long-password-1',
        images: [{ name: 'x.webp', size: 10, image: forged }],
      },
    });
    expect(registration.statusCode).toBe(400);
    expect(registration.json().error.details).toEqual([
      { field: 'images', message: 'Please choose photo files' },
    ]);
    expect(await storedIn('users')).toEqual(before);
  });

  it('only the principal: 401 without a token, 403 for a teacher', async () => {
    await expectNothingStored(async () => {
      const parts = [file('a.png', await png(), 'image/png')];
      expect((await upload(parts, '')).statusCode).toBe(401);
      expect((await upload(parts, f.tokens.teacher)).statusCode).toBe(403);
      expect((await call(t.app, { url: '/api/admin/media' })).statusCode).toBe(401);
      expect(
        (await call(t.app, { url: '/api/admin/media', headers: bearer(f.tokens.teacher) })).statusCode,
      ).toBe(403);
      const name = '0123456789abcdef0123456789abcdef';
      expect((await call(t.app, { method: 'DELETE', url: `/api/admin/media/${name}` })).statusCode).toBe(401);
      expect(
        (
          await call(t.app, {
            method: 'DELETE',
            url: `/api/admin/media/${name}`,
            headers: bearer(f.tokens.teacher),
          })
        ).statusCode,
      ).toBe(403);
    });
  });

  it('lists pictures newest first with where each is used; deleting one in use is a 409', async () => {
    const first = (await upload([file('first.png', await png(900, 600), 'image/png')])).json().data as Media;
    const second = (await upload([file('second.png', await png(500, 500), 'image/png')])).json()
      .data as Media;

    // A content record shows the second picture (its smaller width, even).
    const smaller = second.variants[0]?.image ?? '';
    const created = await call(t.app, {
      method: 'POST',
      url: '/api/admin/content/comments',
      headers: bearer(f.tokens.principal),
      payload: {
        name: 'A parent',
        degination: 'Mother',
        discription: 'Lovely school',
        images: [{ image: smaller, alt: 'A parent smiling' }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const recordId = created.json().data.id as number;

    const list = await call(t.app, { url: '/api/admin/media', headers: bearer(f.tokens.principal) });
    expect(list.statusCode).toBe(200);
    const items = list.json().data as Media[];
    for (const item of items) expect(MediaSchema.strict().parse(item)).toEqual(item);
    const names = items.map((m) => m.name);
    expect(names.indexOf(second.name)).toBeLessThan(names.indexOf(first.name));
    expect(items.find((m) => m.name === second.name)?.usedBy).toEqual([
      { collection: 'comments', id: recordId },
    ]);
    expect(items.find((m) => m.name === first.name)?.usedBy).toEqual([]);

    const refused = await call(t.app, {
      method: 'DELETE',
      url: `/api/admin/media/${second.name}`,
      headers: bearer(f.tokens.principal),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'MEDIA_IN_USE',
      message: MEDIA_MESSAGES.inUse,
      details: [{ collection: 'comments', id: recordId }],
    });
    await served(second.image);

    // Replace the picture: point the record at the other one, then the old one may go.
    const replaced = await call(t.app, {
      method: 'PUT',
      url: `/api/admin/content/comments/${recordId}`,
      headers: bearer(f.tokens.principal),
      payload: {
        name: 'A parent',
        degination: 'Mother',
        discription: 'Lovely school',
        images: [{ image: first.image, alt: 'A parent smiling' }],
      },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const publicComments = (await call(t.app, { url: '/api/comments' })).json().data;
    expect(publicComments.find((r: { id: number }) => r.id === recordId).images).toEqual([
      { image: first.image, alt: 'A parent smiling' },
    ]);

    const deleted = await call(t.app, {
      method: 'DELETE',
      url: `/api/admin/media/${second.name}`,
      headers: bearer(f.tokens.principal),
    });
    expect(deleted.statusCode).toBe(204);
    expect((await storedFiles()).filter((f) => f.startsWith(second.name))).toEqual([]);
    for (const variant of second.variants) {
      expect((await call(t.app, { url: `/uploads/${variant.image}` })).statusCode).toBe(404);
    }
    const after = (await call(t.app, { url: '/api/admin/media', headers: bearer(f.tokens.principal) })).json()
      .data as Media[];
    expect(after.map((m) => m.name)).not.toContain(second.name);
    expect(after.find((m) => m.name === first.name)?.usedBy).toEqual([
      { collection: 'comments', id: recordId },
    ]);

    expect(
      (
        await call(t.app, {
          method: 'DELETE',
          url: `/api/admin/media/${second.name}`,
          headers: bearer(f.tokens.principal),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(t.app, {
          method: 'DELETE',
          url: '/api/admin/media/..%2Fdemo',
          headers: bearer(f.tokens.principal),
        })
      ).statusCode,
    ).toBe(400);
  });

  it('lists every other picture the site shows (the demo’s) once, with its records, and lets a record use it', async () => {
    const list = await call(t.app, { url: '/api/admin/media', headers: bearer(f.tokens.principal) });
    expect(list.statusCode).toBe(200);
    const { data: uploads, sitePictures } = MediaListSchema.strict().parse(list.json());
    const home = (await call(t.app, { url: '/api/home' })).json().data[0] as {
      id: number;
      images: { image: string; alt: string }[];
    };
    const hero = home.images[0];
    if (!hero) throw new Error('The demo home banner has a picture');
    expect(sitePictures).toContainEqual({
      image: hero.image,
      alt: hero.alt,
      usedBy: expect.arrayContaining([{ collection: 'home', id: home.id }]),
    });
    // Every picture any record shows is in the library, as an upload or as one of the site's.
    const shown = new Set<string>();
    for (const collection of ['home', 'about', 'kidsclasses', 'teacher', 'blog', 'gallery', 'comments']) {
      const records = (await call(t.app, { url: `/api/${collection}` })).json().data as (typeof home)[];
      for (const record of records) for (const image of record.images) shown.add(image.image);
    }
    expect(shown.size).toBeGreaterThan(10);
    const listed = new Set([
      ...sitePictures.map((picture) => picture.image),
      ...uploads.flatMap((media) => media.variants.map((variant) => variant.image)),
    ]);
    expect([...shown].filter((image) => !listed.has(image))).toEqual([]);
    expect(new Set(sitePictures.map((p) => p.image)).size).toBe(sitePictures.length);

    // A shipped picture is given to a record like an upload.
    const comment = await call(t.app, {
      method: 'POST',
      url: '/api/admin/content/comments',
      headers: bearer(f.tokens.principal),
      payload: {
        name: 'A parent',
        degination: 'Father',
        discription: 'Bright pictures',
        images: [{ image: hero.image, alt: 'Our school' }],
      },
    });
    expect(comment.statusCode, comment.body).toBe(201);
    const again = MediaListSchema.parse(
      (await call(t.app, { url: '/api/admin/media', headers: bearer(f.tokens.principal) })).json(),
    );
    expect(again.sitePictures.find((p) => p.image === hero.image)?.usedBy).toContainEqual({
      collection: 'comments',
      id: comment.json().data.id,
    });
  });

  it('documents the upload in the OpenAPI document', async () => {
    const doc = (await call(t.app, { url: '/api/openapi.json' })).json();
    const post = doc.paths['/api/admin/media'].post;
    expect(post.tags).toEqual(['Media']);
    expect(post.requestBody.content).toHaveProperty(['multipart/form-data']);
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '413']));
    expect(doc.paths['/api/admin/media/{name}'].delete.responses).toHaveProperty('409');
  });
});
