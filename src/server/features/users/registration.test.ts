import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../../shared/api/users.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { pngDeclaring } from '../../test/png.js';
import {
  bearer,
  call,
  countUsers,
  DEMO,
  form,
  jpegWithGps,
  login,
  png,
  REGISTRATION_PASSWORD,
  register,
  registrationFields,
  storedUserFiles,
  tokenOf,
  userIdOf,
} from './test-helpers.js';
import { REGISTRATION_RATE_LIMIT } from './users.routes.js';

type FieldError = { field: string; message: string };
const fieldsOf = (body: { error: { details?: FieldError[] } }) =>
  (body.error.details ?? []).map((d) => d.field);
const messageFor = (body: { error: { details?: FieldError[] } }, field: string) =>
  body.error.details?.find((d) => d.field === field)?.message;

describe.each(TEST_ENGINES)('registration (POST /api/users) on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { demo: true });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  /** Runs `work` and checks that it left no user row, no photo row and no file behind. */
  async function expectNothingStored(work: () => Promise<void>): Promise<void> {
    const before = await countUsers(t.db);
    const filesBefore = await storedUserFiles(t.app.files);
    await work();
    expect(await countUsers(t.db)).toEqual(before);
    expect(await storedUserFiles(t.app.files)).toEqual(filesBefore);
  }

  async function expectFieldError(fields: Record<string, string>, field: string, message?: string | RegExp) {
    await expectNothingStored(async () => {
      const res = await register(t.app, fields);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(fieldsOf(body)).toContain(field);
      if (message !== undefined) expect(messageFor(body, field)).toMatch(message);
    });
  }

  it.each([
    ['name', USER_MESSAGES.enterName],
    ['degination', USER_MESSAGES.enterDesignation],
    ['discription', USER_MESSAGES.enterDescription],
    ['type', USER_MESSAGES.chooseType],
    ['gender', USER_MESSAGES.chooseGender],
    ['dob', USER_MESSAGES.enterDob],
    ['address', USER_MESSAGES.enterAddress],
    ['contact', USER_MESSAGES.enterContact],
    ['email', USER_MESSAGES.enterEmail],
    ['password', USER_MESSAGES.enterPassword],
  ])('a missing %s is a 400 naming that field', async (field, message) => {
    await expectFieldError(registrationFields({ [field]: undefined }), field, message);
  });

  it.each(['name', 'degination', 'discription', 'address', 'contact', 'email'])(
    'a blank %s is a 400 naming that field',
    async (field) => {
      await expectFieldError(registrationFields({ [field]: '   ' }), field);
    },
  );

  it('names every invalid field at once', async () => {
    const res = await register(t.app, { social_link: 'javascript:alert(1)' });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.json()).sort()).toEqual(
      [
        'address',
        'contact',
        'degination',
        'discription',
        'dob',
        'email',
        'gender',
        'name',
        'password',
        'social_link',
        'type',
      ].sort(),
    );
  });

  it('blank values give one entry per field', async () => {
    const blank = Object.fromEntries(Object.keys(registrationFields()).map((k) => [k, ' ']));
    const res = await register(t.app, blank);
    expect(res.statusCode).toBe(400);
    const fields = fieldsOf(res.json());
    expect(new Set(fields).size).toBe(fields.length);
    expect(fields.sort()).toEqual(
      [
        'address',
        'contact',
        'degination',
        'discription',
        'dob',
        'email',
        'gender',
        'name',
        'password',
        'type',
      ].sort(),
    );
    expect(messageFor(res.json(), 'contact')).toBe(USER_MESSAGES.enterContact);
  });

  it.each([
    ['type', 'Janitor', USER_MESSAGES.chooseType],
    ['type', 'teacher', USER_MESSAGES.chooseType],
    ['gender', 'Unknown', USER_MESSAGES.chooseGender],
    ['email', 'not-an-email', USER_MESSAGES.invalidEmail],
    ['email', 'a@b', USER_MESSAGES.invalidEmail],
    ['dob', '2999-01-01', USER_MESSAGES.dobInFuture],
    ['dob', new Date(Date.now() + 86_400_000).toISOString().slice(0, 10), USER_MESSAGES.dobInFuture],
    ['dob', '2001-02-30', USER_MESSAGES.dobNotADate],
    ['dob', '12/04/1990', USER_MESSAGES.dobFormat],
    ['dob', 'yesterday', USER_MESSAGES.dobFormat],
    ['dob', '1850-01-01', USER_MESSAGES.dobTooEarly],
    ['password', 'short', USER_MESSAGES.passwordTooShort],
    ['password', 'x'.repeat(129), USER_MESSAGES.passwordTooLong],
    ['contact', 'call me', USER_MESSAGES.contactInvalid],
    ['social_link', 'javascript:alert(1)', USER_MESSAGES.socialLinkInvalid],
    ['social_link', 'ftp://example.org', USER_MESSAGES.socialLinkInvalid],
    ['name', 'n'.repeat(101), /at most 100 characters/],
    ['discription', 'd'.repeat(2001), /at most 2000 characters/],
    ['address', 'a'.repeat(301), /at most 300 characters/],
  ])('%s %j is refused: %s', async (field, value, message) => {
    await expectFieldError(registrationFields({ [field]: value }), field, message);
  });

  it('a registration without a photo is a 400 on images', async () => {
    await expectNothingStored(async () => {
      const res = await register(t.app, registrationFields(), []);
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res.json())).toEqual(['images']);
      expect(messageFor(res.json(), 'images')).toBe(USER_MESSAGES.addImage);
    });
  });

  it('an empty file input (as browsers send it) counts as no photo', async () => {
    const res = await register(t.app, registrationFields(), [
      { name: '', data: '', type: 'application/octet-stream' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.json())).toEqual(['images']);
  });

  it('a text file named .png is refused by its content, with an error on images', async () => {
    await expectNothingStored(async () => {
      const res = await register(t.app, registrationFields(), [
        { name: 'me.jpg', data: await jpegWithGps() },
        { name: 'notes.png', data: 'these are not pixels', type: 'image/png' },
      ]);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(fieldsOf(body)).toEqual(['images']);
      expect(messageFor(body, 'images')).toMatch(/^notes\.png is not a picture we can read/);
    });
  });

  it('an SVG is not accepted as a photo', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    const res = await register(t.app, registrationFields(), [
      { name: 'me.svg', data: svg, type: 'image/svg+xml' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.json())).toEqual(['images']);
  });

  it('a decompression bomb (a tiny file claiming 100 000 x 100 000 pixels) is a 400', async () => {
    await expectNothingStored(async () => {
      const res = await register(t.app, registrationFields(), [
        { name: 'bomb.png', data: pngDeclaring(100_000, 100_000), type: 'image/png' },
      ]);
      expect(res.statusCode).toBe(400);
      expect(messageFor(res.json(), 'images')).toMatch(/^bomb\.png has too many pixels/);
    });
  });

  it('a damaged picture is a 400', async () => {
    const jpeg = await jpegWithGps(400, 300);
    const res = await register(t.app, registrationFields(), [
      { name: 'half.jpg', data: jpeg.subarray(0, Math.floor(jpeg.length / 2)) },
    ]);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.json())).toEqual(['images']);
  });

  it('more than 10 files is a 400 on images, and nothing is stored', async () => {
    const jpeg = await jpegWithGps();
    await expectNothingStored(async () => {
      const files = Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.jpg`, data: jpeg }));
      const res = await register(t.app, registrationFields(), files);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([{ field: 'images', message: USER_MESSAGES.tooManyImages }]);
    });
  });

  it('a file over 5 MB is a 413 with a clear message, and nothing is stored', async () => {
    const big = Buffer.concat([await jpegWithGps(), crypto.randomBytes(5 * 1024 * 1024 + 10)]);
    await expectNothingStored(async () => {
      const res = await register(t.app, registrationFields(), [{ name: 'huge.jpg', data: big }]);
      expect(res.statusCode).toBe(413);
      expect(res.json().error).toEqual({
        code: 'FILE_TOO_LARGE',
        message: `${USER_MESSAGES.imageTooLarge}.`,
        details: [{ field: 'images', message: USER_MESSAGES.imageTooLarge }],
      });
    });
  });

  it('a broken multipart body is a 400, not a 500', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/users',
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      payload: '--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nNora\r\n--XYZ\r\nContent-Disp',
    });
    expect(res.statusCode).toBe(400);
  });

  it('a JSON body without photos is a 400 on images', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/users', payload: registrationFields() });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.json())).toEqual(['images']);
  });

  it('registers a pending account; photos are upright WebP without EXIF or GPS, at most 1200 px', async () => {
    const portrait = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#48c' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .toBuffer();
    const input = await sharp(portrait).metadata();
    expect(input.orientation).toBe(6);
    expect(input.exif?.length).toBeGreaterThan(0);
    const fields = registrationFields({ email: 'Photo.Person@Example.org' });
    const res = await register(t.app, fields, [
      { name: 'portrait.jpg', data: portrait },
      { name: 'second.png', data: await png(), type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toEqual({
      id: expect.any(Number),
      name: 'Nora Quist',
      email: 'Photo.Person@Example.org',
      type: USER_TYPE.teacher,
      status: 'pending',
    });

    const rows = await t.db
      .selectFrom('user_photo')
      .select('image')
      .where('user_id', '=', data.id)
      .orderBy('position')
      .execute();
    expect(rows).toHaveLength(2);
    for (const { image } of rows) expect(image).toMatch(/^users\/[0-9a-f]{32}\.webp$/);
    const first = await t.app.files.read(rows[0]?.image ?? '');
    if (!first) throw new Error('the first photo is not stored');
    const meta = await sharp(first).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(first.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(first.subarray(8, 12).toString('latin1')).toBe('WEBP');
    // No EXIF chunk at all in the WebP container.
    expect(first.includes(Buffer.from('EXIF', 'latin1'))).toBe(false);
    // EXIF orientation 6 (turn 90°): the stored picture is upright, so taller than wide.
    expect([meta.width, meta.height]).toEqual([400, 1200]);
    const served = await call(t.app, { url: `/uploads/${rows[0]?.image}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    const user = await t.db
      .selectFrom('app_user')
      .select(['status', 'email_key', 'password_hash', 'designation', 'description', 'social_link'])
      .where('id', '=', data.id)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      status: 'pending',
      email_key: 'photo.person@example.org',
      designation: 'Art Teacher',
      description: 'Ten years of painting with children.',
      social_link: 'https://example.org/nora',
    });
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(user.password_hash).not.toContain(REGISTRATION_PASSWORD);
  });

  it('social_link is optional', async () => {
    const res = await register(
      t.app,
      registrationFields({ social_link: undefined, email: 'nolink@example.org' }),
    );
    expect(res.statusCode).toBe(201);
  });

  it('an email already registered, in another case, is a 409 and nothing is stored', async () => {
    await expectNothingStored(async () => {
      const res = await register(t.app, registrationFields({ email: '  PRINCIPAL@Demo.School ' }));
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'EMAIL_TAKEN', message: USER_MESSAGES.emailTaken });
      expect(messageFor(res.json(), 'email')).toBe(USER_MESSAGES.emailTaken);
    });
  });

  it('two registrations racing for one email: one 201, one 409, one row, files of one', async () => {
    const fields = registrationFields({ email: 'race@example.org' });
    const before = await storedUserFiles(t.app.files);
    const answers = await Promise.all([register(t.app, fields), register(t.app, fields)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.db
      .selectFrom('app_user')
      .select('id')
      .where('email_key', '=', 'race@example.org')
      .execute();
    expect(rows).toHaveLength(1);
    expect((await storedUserFiles(t.app.files)).length).toBe(before.length + 1);
  });

  it('pending -> log-in 403 ACCOUNT_PENDING -> principal approves -> log-in 200', async () => {
    const email = 'approve.me@example.org';
    const registered = await register(t.app, registrationFields({ email }));
    expect(registered.statusCode).toBe(201);
    const id = registered.json().data.id as number;

    const pending = await login(t.app, email, REGISTRATION_PASSWORD);
    expect(pending.statusCode).toBe(403);
    expect(pending.json().error).toEqual({ code: 'ACCOUNT_PENDING', message: USER_MESSAGES.accountPending });

    const principal = await tokenOf(t.app, DEMO.principal);
    const list = await call(t.app, { url: '/api/users?status=pending', headers: bearer(principal) });
    expect(list.statusCode).toBe(200);
    const waiting = list.json().data.find((u: { id: number }) => u.id === id);
    expect(waiting).toMatchObject({ email, status: 'pending', type: 'Teacher', degination: 'Art Teacher' });
    expect(waiting.photos).toHaveLength(1);
    expect(waiting.image).toBe(waiting.photos[0]);

    const approved = await call(t.app, {
      method: 'PATCH',
      url: `/api/users/${id}/status`,
      headers: bearer(principal),
      payload: { status: 'active' },
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ id, status: 'active', email });

    const ok = await login(t.app, email, REGISTRATION_PASSWORD);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('a rejected account gets 403 ACCOUNT_REJECTED', async () => {
    const email = 'reject.me@example.org';
    const id = (await register(t.app, registrationFields({ email }))).json().data.id as number;
    const principal = await tokenOf(t.app, DEMO.principal);
    const rejected = await call(t.app, {
      method: 'PATCH',
      url: `/api/users/${id}/status`,
      headers: bearer(principal),
      payload: { status: 'rejected' },
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data.status).toBe('rejected');
    const res = await login(t.app, email, REGISTRATION_PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: 'ACCOUNT_REJECTED', message: USER_MESSAGES.accountRejected });
  });

  it('the demo applicants are pending; only the principal lists accounts', async () => {
    const principal = await tokenOf(t.app, DEMO.principal);
    const res = await call(t.app, {
      url: '/api/users?status=pending&type=Parent',
      headers: bearer(principal),
    });
    expect(res.json().data.map((u: { email: string }) => u.email)).toEqual([DEMO.pendingParent]);
    const teacher = await tokenOf(t.app, DEMO.teacher);
    expect(
      (await call(t.app, { url: '/api/users?status=pending', headers: bearer(teacher) })).statusCode,
    ).toBe(403);
    const bad = await call(t.app, { url: '/api/users?status=sleeping', headers: bearer(principal) });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.json())).toEqual(['status']);
    expect(await userIdOf(t.db, DEMO.pendingTeacher)).toBeGreaterThan(0);
  });

  it(`more than ${REGISTRATION_RATE_LIMIT.max} registrations an hour from one address: 429 with Retry-After`, async () => {
    const remoteAddress = '192.0.2.77';
    const jpeg = await jpegWithGps();
    const statuses: number[] = [];
    for (let i = 0; i <= REGISTRATION_RATE_LIMIT.max; i++) {
      const res = await call(t.app, {
        method: 'POST',
        url: '/api/users',
        remoteAddress,
        payload: form(registrationFields({ email: `burst${i}@example.org` }), [
          { name: 'a.jpg', data: jpeg },
        ]),
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(res.json().error.code).toBe('TOO_MANY_REQUESTS');
        expect(res.json().error.message).toMatch(/^Too many registrations from this address/);
      }
    }
    expect(statuses).toEqual([...Array(REGISTRATION_RATE_LIMIT.max).fill(201), 429]);
    // Another address is not affected.
    expect(
      (await register(t.app, registrationFields({ email: 'other.address@example.org' }))).statusCode,
    ).toBe(201);
  });

  it('the OpenAPI document describes the account calls', async () => {
    const doc = (await call(t.app, { url: '/api/openapi.json' })).json();
    for (const p of [
      '/api/users',
      '/api/users/login',
      '/api/users/logout',
      '/api/users/profile',
      '/api/users/student/{id}',
      '/api/users/teacher',
      '/api/users/{id}/status',
      '/api/users/{id}',
    ]) {
      expect(doc.paths).toHaveProperty([p]);
    }
    const registration = doc.paths['/api/users'].post;
    expect(registration.tags).toEqual(['Accounts']);
    const multipart = registration.requestBody.content['multipart/form-data'].schema;
    expect(multipart.properties.images.items).toMatchObject({ type: 'string', format: 'binary' });
    expect(multipart.required).toEqual(expect.arrayContaining(['name', 'email', 'password', 'images']));
    expect(Object.keys(registration.responses)).toEqual(
      expect.arrayContaining(['201', '400', '409', '413', '429']),
    );
    expect(doc.paths['/api/users/profile'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/users/login'].post.security).toBeUndefined();
    expect(Object.keys(doc.paths['/api/users/{id}'].delete.responses)).toEqual(
      expect.arrayContaining(['204', '401', '403', '404', '409']),
    );
  });
});
