import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MEDIA_RULES } from '../../../shared/api/admin.js';
import { IMAGE_RULES, USER_MESSAGES } from '../../../shared/api/users.js';
import { STALE_AFTER_MS, sweepStaleTemporaries, uploadTempDir } from '../../lib/upload-temp.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { withTestApp } from '../../test-helpers.js';
import {
  bearer,
  call,
  countUsers,
  DEMO,
  form,
  jpegWithGps,
  nextAddress,
  png,
  registrationFields,
  tokenOf,
  userIdOf,
} from '../users/test-helpers.js';

/**
 * docs/decisions/0011-upload-streaming.md: uploads are streamed to temporary files under `<DATA_DIR>/tmp/`,
 * never buffered whole, and every temporary file goes whatever the answer (stored, refused, failed, or a
 * client that left). Memory itself is measured in `npm run bench` (bench/uploads.ts).
 */

/** Patient enough for a busy machine; these wait for something to happen, they time nothing. */
const WAIT = { timeout: 15_000, interval: 20 };

/** A JPEG of noise: about 1 MB at 1000 x 800, big enough to be seen on its way through. */
function noisyJpeg(width = 1000, height = 800): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#888',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** Every file and folder under `dir`, relative, sorted (none when it does not exist). */
async function entriesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true }).catch(() => [] as string[]);
  return entries.sort();
}

/** Sizes of the files under `dir` now. */
async function fileSizesUnder(dir: string): Promise<number[]> {
  const sizes: number[] = [];
  for (const entry of await entriesUnder(dir)) {
    const stat = await fs.stat(path.join(dir, entry)).catch(() => undefined);
    if (stat?.isFile()) sizes.push(stat.size);
  }
  return sizes;
}

interface FilePart {
  field?: string;
  name: string;
  data: Buffer;
}

/** A multipart body, and where the bytes of its first file begin (to stop sending inside them). */
function multipartBody(fields: Record<string, string>, files: readonly FilePart[]) {
  const boundary = `----upload${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  let firstFileAt = -1;
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? IMAGE_RULES.field}"; ` +
          `filename="${file.name}"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
    );
    if (firstFileAt < 0) firstFileAt = chunks.reduce((sum, c) => sum + c.length, 0);
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(chunks),
    firstFileAt,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Records the largest file seen under `dir` while it runs, sampling as fast as it can. */
function watchLargestFile(dir: string) {
  let largest = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      for (const size of await fileSizesUnder(dir)) largest = Math.max(largest, size);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return largest;
    },
  };
}

describe.each(TEST_ENGINES)('uploads stream through temporary files on %s', (engine) => {
  const t = withTestApp(engine, { demo: true });
  let tmpDir: string;

  beforeAll(async () => {
    tmpDir = uploadTempDir(t.appConfig.dataDir);
  });

  const uploaded = () => entriesUnder(t.appConfig.uploadsDir);

  /** Runs `work`, then checks the temp folder is empty and the uploads folder unchanged. */
  async function expectNothingLeft(work: () => Promise<void>): Promise<void> {
    const before = await uploaded();
    const users = await countUsers(t.db);
    await work();
    expect(await entriesUnder(tmpDir)).toEqual([]);
    expect(await uploaded()).toEqual(before);
    expect(await countUsers(t.db)).toEqual(users);
  }

  /**
   * Sends a registration through a stream: everything up to `pauseAfter` bytes into the first
   * file, then waits until the server holds at least half of them in a temporary file (it never
   * would, were the upload read into memory; the parser may hold back a few bytes that could
   * start a boundary), then the rest.
   */
  async function registerInStages(
    files: readonly FilePart[],
    fields = registrationFields(),
    pauseAfter = 1 << 20,
  ) {
    const { body, firstFileAt, contentType } = multipartBody(fields, files);
    const stream = new PassThrough();
    const answer = t.app.inject({
      method: 'POST',
      url: '/api/users',
      remoteAddress: nextAddress(),
      headers: { 'content-type': contentType },
      payload: stream,
    });
    stream.write(body.subarray(0, firstFileAt + pauseAfter));
    await vi.waitFor(async () => {
      expect(Math.max(0, ...(await fileSizesUnder(tmpDir)))).toBeGreaterThanOrEqual(pauseAfter / 2);
    }, WAIT);
    stream.end(body.subarray(firstFileAt + pauseAfter));
    return answer;
  }

  it('a photo is written to a temporary file while it arrives, and stored from there', async () => {
    const photo = await jpegWithGps(800, 600);
    const padded = await noisyJpeg(1600, 1200);
    expect(padded.length).toBeGreaterThan(1 << 20);
    const before = await entriesUnder(path.join(t.appConfig.uploadsDir, 'users'));
    const res = await registerInStages(
      [
        { name: 'big.jpg', data: padded },
        { name: 'small.jpg', data: photo },
      ],
      registrationFields({ email: 'streamed@example.org' }),
    );
    expect(res.statusCode).toBe(201);
    // Only the two stored pictures remain, and nothing in the temp folder.
    expect(await entriesUnder(tmpDir)).toEqual([]);
    const after = await entriesUnder(path.join(t.appConfig.uploadsDir, 'users'));
    const added = after.filter((f) => !before.includes(f));
    const rows = await t.db
      .selectFrom('user_photo')
      .select('image')
      .where('user_id', '=', await userIdOf(t.db, 'streamed@example.org'))
      .execute();
    expect(added.map((f) => `users/${f}`).sort()).toEqual(rows.map((r) => r.image).sort());
    expect(added).toHaveLength(2);
  });

  it('a file over the limit is a 413; no temporary file ever holds more than the limit', async () => {
    const limit = IMAGE_RULES.maxBytes;
    const huge = Buffer.concat([await jpegWithGps(), crypto.randomBytes(limit + 3 * 1024 * 1024)]);
    await expectNothingLeft(async () => {
      const watch = watchLargestFile(tmpDir);
      const res = await registerInStages([{ name: 'huge.jpg', data: huge }], registrationFields(), 2 << 20);
      const largest = await watch.stop();
      expect(res.statusCode).toBe(413);
      expect(res.json().error.code).toBe('FILE_TOO_LARGE');
      expect(largest).toBeGreaterThanOrEqual(1 << 20);
      expect(largest).toBeLessThanOrEqual(limit);
    });
  });

  const notPixels = Buffer.alloc(1 << 20, 'not pixels ');
  it.each([
    [
      'a photo that is not a picture',
      'images',
      async () => ({ files: [{ name: 'notes.jpg', data: notPixels }], fields: registrationFields() }),
    ],
    [
      'good photos with a bad field',
      'email',
      async () => ({
        files: [
          { name: 'a.jpg', data: await noisyJpeg() },
          { name: 'b.png', data: await png(1400, 1000) },
        ],
        fields: registrationFields({ email: 'not-an-email' }),
      }),
    ],
    [
      'nine good photos and one that is not a picture',
      'images',
      async () => {
        const photo = await noisyJpeg();
        return {
          files: [
            ...Array.from({ length: 9 }, (_, i) => ({ name: `p${i}.jpg`, data: photo })),
            { name: 'notes.jpg', data: notPixels },
          ],
          fields: registrationFields({ email: 'nine.good@example.org' }),
        };
      },
    ],
  ])('%s: a 400 on %s, and neither temporary files nor pictures are left', async (_label, field, make) => {
    const { files, fields } = await make();
    await expectNothingLeft(async () => {
      const res = await registerInStages(files, fields, 256 * 1024);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details?.map((d: { field: string }) => d.field)).toEqual([field]);
    });
  });

  it.each([
    ['in the middle of a file', (body: Buffer, firstFileAt: number) => body.subarray(0, firstFileAt + 40)],
    ['before its closing boundary', (body: Buffer) => body.subarray(0, body.lastIndexOf('--') - 40)],
  ])('a form cut off %s is a 400 and leaves nothing', async (_where, cut) => {
    const { body, firstFileAt, contentType } = multipartBody(
      registrationFields({ email: 'cut@example.org' }),
      [{ name: 'a.png', data: await png() }],
    );
    await expectNothingLeft(async () => {
      const res = await call(t.app, {
        method: 'POST',
        url: '/api/users',
        headers: { 'content-type': contentType },
        payload: cut(body, firstFileAt),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('MALFORMED_FORM');
    });
  });

  it('a client that leaves mid-upload leaves nothing behind', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { body, firstFileAt, contentType } = multipartBody(
      registrationFields({ email: 'gone@example.org' }),
      [{ name: 'half.jpg', data: crypto.randomBytes(3 << 20) }],
    );
    const before = await uploaded();
    const socket = net.connect(Number(new URL(address).port), '127.0.0.1');
    socket.on('error', () => {});
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/users HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\n` +
        `Content-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body.subarray(0, firstFileAt + (1 << 20)));
    await vi.waitFor(async () => {
      expect(Math.max(0, ...(await fileSizesUnder(tmpDir)))).toBeGreaterThanOrEqual(1 << 20);
    }, WAIT);
    socket.destroy();
    await vi.waitFor(async () => {
      expect(await entriesUnder(tmpDir)).toEqual([]);
    }, WAIT);
    expect(await uploaded()).toEqual(before);
    expect(
      await t.db.selectFrom('app_user').select('id').where('email_key', '=', 'gone@example.org').execute(),
    ).toEqual([]);
  });

  it('a JSON body naming a file as a processed picture is refused; the file is not copied', async () => {
    const secret = path.join(t.appConfig.dataDir, 'not-a-photo.txt');
    await fs.writeFile(secret, 'private');
    await expectNothingLeft(async () => {
      const res = await call(t.app, {
        method: 'POST',
        url: '/api/users',
        payload: {
          ...registrationFields({ email: 'forger@example.org' }),
          images: [{ name: 'x.webp', size: 7, image: { file: secret, bytes: 7, width: 1, height: 1 } }],
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([{ field: 'images', message: USER_MESSAGES.notAFile }]);
    });
  });

  it('a profile update with photos leaves only the new pictures, nothing temporary', async () => {
    const token = await tokenOf(t.app, DEMO.student2);
    const res = await call(t.app, {
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(token),
      payload: form({ name: 'New Photos' }, [{ name: 'me.jpg', data: await jpegWithGps(900, 700) }]),
    });
    expect(res.statusCode).toBe(200);
    expect(await entriesUnder(tmpDir)).toEqual([]);
    const image = res.json().results.image as string;
    expect(image).toMatch(/^users\/[0-9a-f]{32}\.webp$/);
    expect((await fs.stat(path.join(t.appConfig.uploadsDir, image))).isFile()).toBe(true);
  });

  it('media uploads: stored widths remain, a refused or too large one leaves nothing', async () => {
    const principal = await tokenOf(t.app, DEMO.principal);
    const upload = (data: Buffer, name = 'wide.png') => {
      const body = new FormData();
      body.append(MEDIA_RULES.field, new Blob([new Uint8Array(data)], { type: 'image/png' }), name);
      return call(t.app, {
        method: 'POST',
        url: '/api/admin/media',
        headers: bearer(principal),
        payload: body,
      });
    };
    const stored = await upload(await png(1300, 700));
    expect(stored.statusCode).toBe(201);
    expect(await entriesUnder(tmpDir)).toEqual([]);
    for (const variant of stored.json().data.variants as { image: string }[]) {
      expect((await fs.stat(path.join(t.appConfig.uploadsDir, variant.image))).isFile()).toBe(true);
    }
    await expectNothingLeft(async () => {
      expect((await upload(Buffer.from('not a picture'), 'notes.png')).statusCode).toBe(400);
      const tooLarge = Buffer.concat([await png(), crypto.randomBytes(MEDIA_RULES.maxBytes)]);
      expect((await upload(tooLarge, 'huge.png')).statusCode).toBe(413);
    });
  });
});

describe('stale temporary folders', () => {
  it('are swept when untouched for an hour; fresh ones (another live request) stay', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'schoolyard-tmp-sweep-'));
    try {
      const now = Date.now();
      const old = path.join(root, 'request-old');
      const fresh = path.join(root, 'request-fresh');
      const oldButWritten = path.join(root, 'request-slow');
      for (const dir of [old, fresh, oldButWritten]) {
        await fs.mkdir(dir);
        await fs.writeFile(path.join(dir, '1.upload'), 'bytes');
      }
      const longAgo = new Date(now - STALE_AFTER_MS - 60_000);
      await fs.utimes(path.join(old, '1.upload'), longAgo, longAgo);
      await fs.utimes(old, longAgo, longAgo);
      // A slow upload: the folder is old, but its file is still being written.
      await fs.utimes(oldButWritten, longAgo, longAgo);
      await sweepStaleTemporaries(root, now);
      expect((await fs.readdir(root)).sort()).toEqual(['request-fresh', 'request-slow']);
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });
});
