import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { CONTROL_CHARACTER_MESSAGE, findControlCharacters } from '../../shared/rules/plain-text.js';
import { jpegWithGps, nextAddress, registrationFields } from '../features/users/test-helpers.js';
import { TEST_ENGINES } from '../test/databases.js';
import { type Caller, callAs, withDemoSchool } from '../test/school-fixtures.js';

describe('findControlCharacters', () => {
  it('finds NUL and the other C0 and C1 controls, at their paths; tab and line breaks are text', () => {
    const body = {
      name: 'Ann\u0000',
      note: 'line one\r\nline two\twith a tab',
      rows: [{ text: 'ok' }, { text: 'bell \u0007' }],
      esc: '\u001b[31mred',
      del: 'x\u007f',
      c1: 'next line \u0085',
      [`key\u0000`]: 'a key is text too',
      n: 5,
    };
    expect(findControlCharacters(body)).toEqual(
      expect.arrayContaining([['name'], ['rows', 1, 'text'], ['esc'], ['del'], ['c1'], ['key\u0000']]),
    );
    expect(findControlCharacters(body)).toHaveLength(6);
    expect(findControlCharacters({ note: 'line one\nline two\ttab\r\n', emoji: 'École 🎨' })).toEqual([]);
  });

  it('walks a body nested a hundred thousand levels deep without recursion', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(findControlCharacters(deep)).toHaveLength(1);
  });

  it('never walks into an upload (a Buffer may hold any byte)', () => {
    expect(findControlCharacters({ file: { name: 'a.jpg', data: Buffer.from([0, 1, 2]) } })).toEqual([]);
  });
});

const NUL = 'with a NUL \u0000 inside';

describe.each(TEST_ENGINES)('control characters in text are refused with a 400 on %s', (engine) => {
  const { t, f } = withDemoSchool(engine);

  const send = (caller: Caller | undefined, options: InjectOptions) =>
    callAs(t.app, f, caller, { remoteAddress: nextAddress(), ...options });

  /** The answer is a 400 naming `field` with the plain-text message. */
  function expectRefused(res: { statusCode: number; json: () => unknown }, field: string) {
    expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
    const body = res.json() as { error: { code: string; details: { field: string; message: string }[] } };
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details).toContainEqual({ field, message: CONTROL_CHARACTER_MESSAGE });
  }

  /** The accounts stored under these emails (none, where a refused request saved nothing). */
  const accountsOf = (emails: string[]) =>
    t.db.selectFrom('app_user').select('id').where('email_key', 'in', emails).execute();

  const multipart = (
    fields: Record<string, string>,
    files: { field: string; name: string; data: Buffer }[],
  ) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.append(name, value);
    for (const file of files) data.append(file.field, new Blob([new Uint8Array(file.data)]), file.name);
    return data;
  };

  it.each([
    [
      'log-in',
      'email',
      { email: `principal@demo.school${'\u0000'}`, password: 'demo12345' },
      '/api/users/login',
    ],
    [
      'log-in',
      'password',
      { email: 'principal@demo.school', password: `demo12345\u0000` },
      '/api/users/login',
    ],
    ['newsletter', 'name', { name: NUL, email: 'a@b.org' }, '/api/newsletter'],
    ['enquiry', 'message', { name: 'Ann', email: 'a@b.org', subject: 'Hi', message: NUL }, '/api/enquiries'],
    ['booking', 'className', { name: 'Ann', email: 'a@b.org', className: NUL }, '/api/bookings'],
  ])('%s: %s', async (_what, field, payload, url) => {
    expectRefused(await send(undefined, { method: 'POST', url, payload }), field);
  });

  it('public forms store nothing of a refused message', async () => {
    const enquiries = () => t.db.selectFrom('enquiry').select('id').execute();
    const before = await enquiries();
    await send(undefined, {
      method: 'POST',
      url: '/api/enquiries',
      payload: { name: 'Ann\u0007', email: 'a@b.org', subject: 'Hi', message: 'Hello' },
    });
    expect(await enquiries()).toHaveLength(before.length);
  });

  it('tab and line breaks stay allowed in a message', async () => {
    const res = await send(undefined, {
      method: 'POST',
      url: '/api/enquiries',
      payload: { name: 'Ann', email: 'a@b.org', subject: 'Hi', message: 'Line one\r\n\tLine two\nThree' },
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('registration (multipart): a text field and a file name', async () => {
    const photo = await jpegWithGps();
    const badField = multipart(registrationFields({ address: NUL, email: 'nul.one@example.org' }), [
      { field: 'images', name: 'me.jpg', data: photo },
    ]);
    expectRefused(await send(undefined, { method: 'POST', url: '/api/users', payload: badField }), 'address');
    const badName = multipart(registrationFields({ email: 'nul.two@example.org' }), [
      { field: 'images', name: 'me\u0000.jpg', data: photo },
    ]);
    expectRefused(
      await send(undefined, { method: 'POST', url: '/api/users', payload: badName }),
      'images.0.name',
    );
    expect(await accountsOf(['nul.one@example.org', 'nul.two@example.org'])).toEqual([]);
  });

  it('profile (JSON and multipart)', async () => {
    expectRefused(
      await send('student', { method: 'PUT', url: '/api/users/profile', payload: { discription: NUL } }),
      'discription',
    );
    expectRefused(
      await send('student', {
        method: 'PUT',
        url: '/api/users/profile',
        payload: multipart({ name: NUL }, []),
      }),
      'name',
    );
  });

  it('a notification, an attendance description, set-up names, content and media', async () => {
    const photo = await jpegWithGps();
    const posts: [Caller, string, InjectOptions['payload'], string][] = [
      ['teacher', '/api/notification', { notification: NUL, classId: f.classes.KG }, 'notification'],
      [
        'teacher',
        '/api/studentattenance',
        [{ att_date: '2026-11-20', userid: f.users.student, att_status: 2, discription: `Fever${'\u0000'}` }],
        '0.discription',
      ],
      ['principal', '/api/admin/classes', { name: NUL }, 'name'],
      ['principal', '/api/admin/subjects', { name: NUL }, 'name'],
      ['principal', '/api/admin/time-slots', { label: NUL, position: 9 }, 'label'],
      ['principal', '/api/admin/content/gallery', { heading1: NUL, heading2: 'x', images: '' }, 'heading1'],
      [
        'principal',
        '/api/admin/media',
        multipart({ alt: NUL }, [{ field: 'file', name: 'a.jpg', data: photo }]),
        'alt',
      ],
    ];
    for (const [caller, url, payload, field] of posts) {
      expectRefused(await send(caller, { method: 'POST', url, payload }), field);
    }
  });

  it('query strings and paths', async () => {
    expectRefused(await send('principal', { method: 'GET', url: '/api/users?status=%00' }), 'status');
    expectRefused(await send('principal', { method: 'DELETE', url: '/api/admin/media/a%00b' }), 'name');
  });

  it('a pupil import whose file holds a control character names its line and saves nothing', async () => {
    const csv =
      'name,email,class,gender,dob,contact,address\n' +
      'Ann Lee,ann.lee@example.org,KG,Female,2021-01-02,555 0100,1 Road\n' +
      'Bo\u0000b,bob@example.org,KG,Male,2021-01-02,555 0100,1 Road\n';
    const res = await send('principal', {
      method: 'POST',
      url: '/api/admin/import/pupils?commit=true',
      payload: multipart({}, [{ field: 'file', name: 'pupils.csv', data: Buffer.from(csv) }]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(`Line 3 ${CONTROL_CHARACTER_MESSAGE}.`);
    expect(await accountsOf(['ann.lee@example.org', 'bob@example.org'])).toEqual([]);
  });
});
