import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES, UserSchema } from '../../../shared/api/users.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TEST_ENGINES } from '../../test/databases.js';
import {
  bearer,
  call,
  DEMO,
  findSecrets,
  form,
  jpegWithGps,
  png,
  REGISTRATION_PASSWORD,
  register,
  registrationFields,
  tokenOf,
  userIdOf,
} from './test-helpers.js';
import { EMAIL_CHANGE_LIMIT } from './users.service.js';

const USER_KEYS = [
  'id',
  'name',
  'degination',
  'discription',
  'type',
  'gender',
  'dob',
  'address',
  'contact',
  'email',
  'socialLink',
  'image',
].sort();

describe.each(TEST_ENGINES)('profiles and the principal’s account calls on %s', (engine) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const uploaded = (image: string) => fs.existsSync(path.join(t.appConfig.uploadsDir, image));

  beforeAll(async () => {
    t = await createTestApp(engine, { demo: true });
    for (const [role, email] of Object.entries(DEMO)) {
      ids[role] = await userIdOf(t.db, email);
      if (!role.startsWith('pending')) tokens[role] = await tokenOf(t.app, email);
    }
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const get = (url: string, role: string) => call(t.app, { url, headers: bearer(tokens[role] ?? '') });

  it('GET /api/users/profile answers the caller as the documented User, with the contract’s field names', async () => {
    const res = await get('/api/users/profile', 'student');
    expect(res.statusCode).toBe(200);
    const user = res.json().results;
    expect(Object.keys(user).sort()).toEqual(USER_KEYS);
    expect(UserSchema.strict().parse(user)).toEqual(user);
    expect(user).toMatchObject({ id: ids.student, email: DEMO.student, type: 'Student', socialLink: '' });
    expect(user.image).toMatch(/^demo\/.+\.webp$/);
    expect(uploaded(user.image)).toBe(true);
  });

  describe('GET /api/users/student/{id}', () => {
    it.each([
      ['principal', 'student', 200],
      ['teacher', 'student', 200],
      ['teacher2', 'student', 404],
      ['student', 'student', 200],
      ['student2', 'student', 404],
      ['student', 'student2', 404],
      ['principal', 'teacher', 404],
      ['teacher', 'teacher', 404],
    ])('%s looking at %s: %i', async (viewer, target, status) => {
      const res = await get(`/api/users/student/${ids[target]}`, viewer);
      expect(res.statusCode).toBe(status);
      if (status === 200) expect(res.json().results).toMatchObject({ id: ids[target], type: 'Student' });
      else expect(res.json().error.code).toBe('NOT_FOUND');
    });

    it('an unknown id is a 404 and a malformed one a 400', async () => {
      expect((await get('/api/users/student/999999', 'principal')).statusCode).toBe(404);
      for (const id of ['abc', '0', '-3', '1.5', '99999999999']) {
        const res = await get(`/api/users/student/${id}`, 'principal');
        expect(res.statusCode, id).toBe(400);
        expect(res.json().error.details[0].field).toBe('id');
      }
    });
  });

  it('GET /api/users/teacher lists the active teachers by name, for any school user', async () => {
    const res = await get('/api/users/teacher', 'student');
    expect(res.statusCode).toBe(200);
    const results = res.json().results as { id: number; name: string }[];
    for (const r of results) expect(Object.keys(r).sort()).toEqual(['id', 'name']);
    const names = results.map((r) => r.name);
    expect(names).toEqual([...names].sort());
    expect(results.map((r) => r.id)).toEqual(expect.arrayContaining([ids.teacher, ids.teacher2]));
    expect(results.map((r) => r.id)).not.toContain(ids.pendingTeacher);
    expect(results.map((r) => r.id)).not.toContain(ids.principal);
  });

  it('an approved Parent without a linked child: their profile and the teachers; any pupil is 404', async () => {
    await call(t.app, {
      method: 'PATCH',
      url: `/api/users/${ids.pendingParent}/status`,
      headers: bearer(tokens.principal ?? ''),
      payload: { status: 'active' },
    });
    tokens.parent = await tokenOf(t.app, DEMO.pendingParent);
    expect((await get('/api/users/profile', 'parent')).statusCode).toBe(200);
    expect((await get('/api/users/teacher', 'parent')).statusCode).toBe(200);
    for (const id of [ids.student, ids.student2, ids.teacher]) {
      const res = await get(`/api/users/student/${id}`, 'parent');
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    const principalOnly = await get('/api/users?status=pending', 'parent');
    expect(principalOnly.statusCode).toBe(403);
    expect(principalOnly.json().error.code).toBe('FORBIDDEN');
  });

  it('a Parent sees the profile of their child, and 404 for another family’s', async () => {
    const own = await get(`/api/users/student/${ids.student}`, 'guardian');
    expect(own.statusCode).toBe(200);
    expect(UserSchema.parse(own.json().results)).toMatchObject({ id: ids.student, type: USER_TYPE.student });
    for (const id of [ids.student2, ids.teacher, 999_999]) {
      expect((await get(`/api/users/student/${id}`, 'guardian')).statusCode, String(id)).toBe(404);
    }
  });

  it('principal-only calls are 403 for teachers and pupils', async () => {
    for (const role of ['teacher', 'student']) {
      expect((await get('/api/users?status=pending', role)).statusCode).toBe(403);
      const patch = await call(t.app, {
        method: 'PATCH',
        url: `/api/users/${ids.student2}/status`,
        headers: bearer(tokens[role] ?? ''),
        payload: { status: 'rejected' },
      });
      expect(patch.statusCode).toBe(403);
      const del = await call(t.app, {
        method: 'DELETE',
        url: `/api/users/${ids.student2}`,
        headers: bearer(tokens[role] ?? ''),
      });
      expect(del.statusCode).toBe(403);
    }
    expect((await get('/api/users/profile', 'student2')).statusCode).toBe(200);
  });

  it('the principal cannot reject or delete their own account', async () => {
    const headers = bearer(tokens.principal ?? '');
    const patch = await call(t.app, {
      method: 'PATCH',
      url: `/api/users/${ids.principal}/status`,
      headers,
      payload: { status: 'rejected' },
    });
    expect(patch.statusCode).toBe(409);
    expect(patch.json().error.code).toBe('OWN_ACCOUNT');
    const del = await call(t.app, { method: 'DELETE', url: `/api/users/${ids.principal}`, headers });
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toMatch(/cannot delete your own account/);
    expect((await get('/api/users/profile', 'principal')).statusCode).toBe(200);
  });

  it('a status change needs active or rejected; an unknown user is a 404', async () => {
    const headers = bearer(tokens.principal ?? '');
    const bad = await call(t.app, {
      method: 'PATCH',
      url: `/api/users/${ids.student2}/status`,
      headers,
      payload: { status: 'pending' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([{ field: 'status', message: USER_MESSAGES.chooseStatus }]);
    const unknown = await call(t.app, {
      method: 'PATCH',
      url: '/api/users/999999/status',
      headers,
      payload: { status: 'active' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('PUT /api/users/profile (JSON) changes only the fields sent; type cannot be changed', async () => {
    const before = (await get('/api/users/profile', 'teacher2')).json().results;
    const res = await call(t.app, {
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(tokens.teacher2 ?? ''),
      payload: {
        degination: 'Head of Mathematics',
        discription: 'Loves puzzles.',
        social_link: 'https://example.org/maths',
        type: USER_TYPE.principal,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual({
      ...before,
      degination: 'Head of Mathematics',
      discription: 'Loves puzzles.',
      socialLink: 'https://example.org/maths',
    });
    expect(res.json().results.type).toBe('Teacher');
    const cleared = await call(t.app, {
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(tokens.teacher2 ?? ''),
      payload: { social_link: '' },
    });
    expect(cleared.json().results.socialLink).toBe('');
  });

  it('PUT /api/users/profile validates what is sent, with the registration messages', async () => {
    const res = await call(t.app, {
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(tokens.teacher2 ?? ''),
      payload: { name: '  ', dob: '2999-01-01', gender: 'Robot', email: 'nope' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual(
      expect.arrayContaining([
        { field: 'name', message: USER_MESSAGES.enterName },
        { field: 'dob', message: USER_MESSAGES.dobInFuture },
        { field: 'gender', message: USER_MESSAGES.chooseGender },
        { field: 'email', message: USER_MESSAGES.invalidEmail },
      ]),
    );
  });

  it('an email change needs the current password, is a 409 when taken (any case), and works to a free one', async () => {
    const headers = bearer(tokens.student2 ?? '');
    const put = (payload: Record<string, string>) =>
      call(t.app, { method: 'PUT', url: '/api/users/profile', headers, payload });

    const unconfirmed = await put({ email: 'leo.new@example.org' });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().error.details).toEqual([
      { field: 'currentPassword', message: USER_MESSAGES.currentPasswordForEmail },
    ]);
    const wrong = await put({ email: 'leo.new@example.org', currentPassword: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details).toEqual([
      { field: 'currentPassword', message: USER_MESSAGES.wrongCurrentPassword },
    ]);
    expect((await call(t.app, { url: '/api/users/profile', headers })).json().results.email).toBe(
      DEMO.student2,
    );

    const taken = await put({ email: 'Teacher@DEMO.school', currentPassword: 'demo12345' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('EMAIL_TAKEN');
    // The own email in another case is no change, so it needs no password.
    expect((await put({ email: 'Student2@demo.school' })).statusCode).toBe(200);
    // A current password with nothing to confirm asks for the new password.
    const pointless = await put({ currentPassword: 'demo12345' });
    expect(pointless.statusCode).toBe(400);
    expect(pointless.json().error.details).toEqual([
      { field: 'newPassword', message: USER_MESSAGES.enterNewPassword },
    ]);

    const moved = await put({ email: 'leo.new@example.org', currentPassword: 'demo12345' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().results.email).toBe('leo.new@example.org');
    expect((await tokenOf(t.app, 'leo.new@example.org')).length).toBe(43);
  });

  it(`at most ${EMAIL_CHANGE_LIMIT.max} tries at an email change per hour: no free probing of addresses`, async () => {
    const headers = bearer(tokens.teacher ?? '');
    const put = (payload: Record<string, string>) =>
      call(t.app, { method: 'PUT', url: '/api/users/profile', headers, payload });
    // Taken and free addresses alike use up a try; the free ones are then given back.
    const probes = [
      'principal@demo.school',
      'probe.free1@example.org',
      DEMO.student,
      'probe.free2@example.org',
    ];
    for (const email of probes)
      expect([200, 409]).toContain((await put({ email, currentPassword: 'demo12345' })).statusCode);
    // Back to the demo address, so the rest of the file finds the teacher where it was.
    expect((await put({ email: DEMO.teacher, currentPassword: 'demo12345' })).statusCode).toBe(200);

    const refused = await put({ email: 'principal@demo.school', currentPassword: 'demo12345' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('TOO_MANY_EMAIL_CHANGES');
    expect(refused.json().error.details).toEqual([
      { field: 'email', message: USER_MESSAGES.tooManyEmailChanges },
    ]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);
    // Nothing else of the profile is limited, and other accounts have tries of their own.
    expect((await put({ name: 'Still Editable' })).statusCode).toBe(200);
    const other = await call(t.app, {
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(tokens.principal ?? ''),
      payload: { email: DEMO.teacher, currentPassword: 'demo12345' },
    });
    expect(other.statusCode).toBe(409);
  });

  it('new photos (multipart) replace the old ones; the old files go, demo pictures stay', async () => {
    // A registered (then approved) user has photos of their own under users/.
    const email = 'photo.swap@example.org';
    const id = (await register(t.app, registrationFields({ email }))).json().data.id as number;
    await call(t.app, {
      method: 'PATCH',
      url: `/api/users/${id}/status`,
      headers: bearer(tokens.principal ?? ''),
      payload: { status: 'active' },
    });
    const token = await tokenOf(t.app, email, REGISTRATION_PASSWORD);
    const oldImage = (await call(t.app, { url: '/api/users/profile', headers: bearer(token) })).json().results
      .image;
    expect(oldImage).toMatch(/^users\//);
    expect(uploaded(oldImage)).toBe(true);

    const res = await call(t.app, {
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(token),
      payload: form({ name: 'Photo Swapper', currentPassword: '', newPassword: '' }, [
        { name: 'new.png', data: await png(), type: 'image/png' },
        { name: 'other.jpg', data: await jpegWithGps() },
      ]),
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json().results;
    expect(updated.name).toBe('Photo Swapper');
    expect(updated.image).toMatch(/^users\/[0-9a-f]{32}\.webp$/);
    expect(updated.image).not.toBe(oldImage);
    expect(uploaded(updated.image)).toBe(true);
    expect(uploaded(oldImage)).toBe(false);

    // A demo user's picture is shared with others: replacing it never deletes the file.
    const demoImage = (await get('/api/users/profile', 'teacher')).json().results.image;
    const swap = await call(t.app, {
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(tokens.teacher ?? ''),
      payload: form({}, [{ name: 'me.jpg', data: await jpegWithGps() }]),
    });
    expect(swap.statusCode).toBe(200);
    expect(uploaded(demoImage)).toBe(true);

    // A refused picture changes nothing.
    const refused = await call(t.app, {
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(token),
      payload: form({ name: 'Should Not Stick' }, [{ name: 'x.png', data: 'text', type: 'image/png' }]),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details[0].field).toBe('images');
    const after = (await call(t.app, { url: '/api/users/profile', headers: bearer(token) })).json().results;
    expect(after).toEqual(updated);
  });

  it('deleting a registered user removes their photo files after the row', async () => {
    const email = 'delete.me@example.org';
    const id = (await register(t.app, registrationFields({ email }))).json().data.id as number;
    const photos = await t.db.selectFrom('user_photo').select('image').where('user_id', '=', id).execute();
    expect(photos.length).toBe(1);
    expect(uploaded(photos[0]?.image ?? '')).toBe(true);
    const res = await call(t.app, {
      method: 'DELETE',
      url: `/api/users/${id}`,
      headers: bearer(tokens.principal ?? ''),
    });
    expect(res.statusCode).toBe(204);
    expect(uploaded(photos[0]?.image ?? '')).toBe(false);
    expect(await t.db.selectFrom('app_user').select('id').where('id', '=', id).execute()).toEqual([]);
  });

  it('no GET answer, for any demo user, carries a password, a hash or a token hash', async () => {
    const doc = (await call(t.app, { url: '/api/openapi.json' })).json();
    const getPaths = Object.keys(doc.paths).filter((p) => doc.paths[p].get);
    expect(getPaths).toEqual(
      expect.arrayContaining(['/api/users/profile', '/api/users', '/api/users/student/{id}']),
    );
    const someIds = [ids.student, ids.student2, ids.teacher, ids.principal, 1, 2];
    let checked = 0;
    for (const role of ['principal', 'teacher', 'teacher2', 'student', 'student2', 'guardian', 'parent']) {
      for (const template of getPaths) {
        const urls = template.includes('{')
          ? someIds.map((id) => template.replace(/\{[^}]+\}/g, String(id)))
          : [template];
        for (const url of urls) {
          const res = await get(url, role); // `call` fails on any secret
          // The Outbox's mails talk about passwords ("the password you chose"); `get` still refuses
          // any secret in them, and a reset link's key is hidden there (outbox.routes.test.ts).
          const mailText = url.startsWith('/api/admin/outbox/');
          if (res.statusCode === 200 && url !== '/api/openapi.json' && !mailText) {
            expect(res.body.toLowerCase(), url).not.toContain('password');
          }
          checked += 1;
        }
      }
      for (const status of ['pending', 'active', 'rejected']) {
        const res = await get(`/api/users?status=${status}`, role);
        expect(findSecrets(res.body)).toEqual([]);
        expect(res.body.toLowerCase()).not.toContain('password');
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
});
