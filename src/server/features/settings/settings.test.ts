import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, type Media } from '../../../shared/api/admin.js';
import {
  DEFAULT_SCHOOL_SETTINGS,
  LOGO_MEDIA_USE,
  type SchoolSettings,
  SchoolSettingsAnswerSchema,
  SETTINGS_LIMITS,
  SETTINGS_MESSAGES,
} from '../../../shared/api/settings.js';
import { CONTROL_CHARACTER_MESSAGE } from '../../../shared/rules/plain-text.js';
import { SCHOOL_CONTACT, SCHOOL_NAME } from '../../demo/people.js';
import { demoSettings } from '../../demo/settings.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { withDemoSchool } from '../../test/school-fixtures.js';
import { withTestApp } from '../../test-helpers.js';
import { bearer, call, png } from '../users/test-helpers.js';

type FieldError = { field: string; message: string };
const detailsOf = (body: { error: { details?: FieldError[] } }) => body.error.details ?? [];
const messageFor = (body: { error: { details?: FieldError[] } }, field: string) =>
  detailsOf(body).find((d) => d.field === field)?.message;

/** A complete, valid body that differs from the demo's in every field. */
const changed = (logo = ''): SchoolSettings => ({
  name: 'Hilltop Primary',
  logo,
  description: 'A small school on the hill.',
  address: '2 Hill Road, Upton',
  phone: '(020) 7946-0018',
  email: 'office@hilltop.example',
  openingHours: 'Mon - Fri: 7:30 am - 5:00 pm',
  socialLinks: {
    twitter: '',
    facebook: 'https://facebook.example/hilltop',
    linkedin: 'http://linkedin.example/school/hilltop',
    instagram: '',
  },
  footerText: 'Made with care in Upton.',
  currency: 'EUR',
  timeZone: 'Europe/Berlin',
  language: 'fr',
  languages: ['en', 'fr'],
});

describe.each(TEST_ENGINES)('school settings on %s', (engine) => {
  const { t, f } = withDemoSchool(engine);

  const read = async () => {
    const res = await call(t.app, { url: '/api/settings' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as SchoolSettings;
  };
  /** `null`: no token at all. */
  const put = (payload: unknown, token: string | null = f.tokens.principal) =>
    call(t.app, {
      method: 'PUT',
      url: '/api/admin/settings',
      headers: token ? bearer(token) : {},
      payload: payload as object,
    });

  it('GET settings is public and answers the demo school, which agrees with its own contact record', async () => {
    const settings = await read();
    expect(SchoolSettingsAnswerSchema.strict().parse(settings)).toEqual(settings);
    expect(settings).toEqual(demoSettings());
    expect(settings.name).toBe(SCHOOL_NAME);
    const contact = (await call(t.app, { url: '/api/contacts' })).json().data[0];
    expect({
      address: contact.address,
      email: contact.email,
      phone: contact.phone,
      openingHours: contact.opening_hour,
    }).toEqual({ ...SCHOOL_CONTACT });
    for (const field of ['address', 'email', 'phone', 'openingHours'] as const) {
      expect(settings[field]).toBe(SCHOOL_CONTACT[field]);
    }
  });

  it('the principal replaces every setting; GET shows it at once; the body is trimmed', async () => {
    const before = await read();
    const body = changed();
    const res = await put({ ...body, name: `  ${body.name}  `, currency: ' eur ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual(body);
    expect(await read()).toEqual(body);
    // The contact record carries the same facts; its own texts stay.
    const contact = (await call(t.app, { url: '/api/contacts' })).json().data[0];
    expect(contact).toMatchObject({
      heading1: 'Get In Touch',
      address: body.address,
      email: body.email,
      phone: body.phone,
      opening_hour: body.openingHours,
    });
    // And back, so the other tests see the demo school.
    expect((await put(before)).statusCode).toBe(200);
    expect(await read()).toEqual(before);
  });

  it('401 without a token, 403 for a teacher or a pupil, and nothing changes', async () => {
    const before = await read();
    const none = await put(changed(), null);
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('UNAUTHORIZED');
    for (const token of [f.tokens.teacher, f.tokens.student]) {
      const res = await put(changed(), token);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    expect(await read()).toEqual(before);
  });

  it('refuses each bad field with 400 naming the field, and stores nothing', async () => {
    const before = await read();
    const valid = changed();
    const withLinks = (links: Partial<SchoolSettings['socialLinks']>) => ({
      ...valid,
      socialLinks: { ...valid.socialLinks, ...links },
    });
    const { socialLinks: _links, ...withoutLinks } = valid;
    const cases: [string, unknown, string, string | RegExp][] = [
      ['empty name', { ...valid, name: '   ' }, 'name', SETTINGS_MESSAGES.enterName],
      [
        'long name',
        { ...valid, name: 'x'.repeat(SETTINGS_LIMITS.name + 1) },
        'name',
        SETTINGS_MESSAGES.tooLong('The name', SETTINGS_LIMITS.name),
      ],
      [
        'name on two lines',
        { ...valid, name: 'Hilltop\nPrimary' },
        'name',
        SETTINGS_MESSAGES.oneLine('The name'),
      ],
      ['name not text', { ...valid, name: 42 }, 'name', SETTINGS_MESSAGES.mustBeText('The name')],
      ['missing name', { ...valid, name: undefined }, 'name', SETTINGS_MESSAGES.mustBeText('The name')],
      [
        'long description',
        { ...valid, description: 'x'.repeat(SETTINGS_LIMITS.description + 1) },
        'description',
        SETTINGS_MESSAGES.tooLong('The description', SETTINGS_LIMITS.description),
      ],
      [
        'long address',
        { ...valid, address: 'x'.repeat(SETTINGS_LIMITS.address + 1) },
        'address',
        SETTINGS_MESSAGES.tooLong('The address', SETTINGS_LIMITS.address),
      ],
      ['phone with letters', { ...valid, phone: 'call us' }, 'phone', SETTINGS_MESSAGES.phoneInvalid],
      [
        'long phone',
        { ...valid, phone: '1'.repeat(SETTINGS_LIMITS.phone + 1) },
        'phone',
        SETTINGS_MESSAGES.tooLong('The phone number', SETTINGS_LIMITS.phone),
      ],
      ['bad email', { ...valid, email: 'office@' }, 'email', SETTINGS_MESSAGES.emailInvalid],
      [
        'long opening hours',
        { ...valid, openingHours: 'x'.repeat(SETTINGS_LIMITS.openingHours + 1) },
        'openingHours',
        SETTINGS_MESSAGES.tooLong('The opening hours', SETTINGS_LIMITS.openingHours),
      ],
      [
        'javascript link',
        withLinks({ twitter: 'javascript:alert(1)' }),
        'socialLinks.twitter',
        SETTINGS_MESSAGES.linkInvalid,
      ],
      [
        'ftp link',
        withLinks({ facebook: 'ftp://files.example/x' }),
        'socialLinks.facebook',
        SETTINGS_MESSAGES.linkInvalid,
      ],
      [
        'link without host',
        withLinks({ linkedin: 'https://localhost/x' }),
        'socialLinks.linkedin',
        SETTINGS_MESSAGES.linkInvalid,
      ],
      [
        'not a link',
        withLinks({ instagram: 'instagram.example/x' }),
        'socialLinks.instagram',
        SETTINGS_MESSAGES.linkInvalid,
      ],
      [
        'unknown network',
        withLinks({ tiktok: 'https://tiktok.example/x' } as never),
        'socialLinks',
        'Unknown field: tiktok',
      ],
      ['missing links', withoutLinks, 'socialLinks', SETTINGS_MESSAGES.notAnObject],
      [
        'footer on two lines',
        { ...valid, footerText: 'a\r\nb' },
        'footerText',
        SETTINGS_MESSAGES.oneLine('The footer text'),
      ],
      [
        'currency of two letters',
        { ...valid, currency: 'EU' },
        'currency',
        SETTINGS_MESSAGES.currencyInvalid,
      ],
      ['unknown currency', { ...valid, currency: 'ABC' }, 'currency', SETTINGS_MESSAGES.currencyInvalid],
      [
        'unknown time zone',
        { ...valid, timeZone: 'Mars/Olympus_Mons' },
        'timeZone',
        SETTINGS_MESSAGES.timeZoneInvalid,
      ],
      [
        'offset as time zone',
        { ...valid, timeZone: '+01:00' },
        'timeZone',
        SETTINGS_MESSAGES.timeZoneInvalid,
      ],
      ['empty time zone', { ...valid, timeZone: '' }, 'timeZone', SETTINGS_MESSAGES.timeZoneInvalid],
      ['logo outside the uploads', { ...valid, logo: '../secret.png' }, 'logo', ADMIN_MESSAGES.badImagePath],
      [
        'logo as a URL',
        { ...valid, logo: 'https://evil.example/x.png' },
        'logo',
        ADMIN_MESSAGES.badImagePath,
      ],
      ['logo not a picture', { ...valid, logo: 'media/notes.txt' }, 'logo', ADMIN_MESSAGES.badImagePath],
      ['unknown field', { ...valid, motto: 'Learn' }, 'body', 'Unknown field: motto'],
      ['not an object', ['Hilltop'], 'body', SETTINGS_MESSAGES.notAnObject],
    ];
    for (const [label, body, field, message] of cases) {
      const res = await put(body);
      expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
      expect(res.json().error.code, label).toBe('VALIDATION_FAILED');
      const found = messageFor(res.json(), field);
      expect(found, `${label}: ${res.body}`).toBeDefined();
      if (typeof message === 'string') expect(found, label).toBe(message);
      else expect(found, label).toMatch(message);
    }
    expect(await read()).toEqual(before);
  });

  it('refuses control characters in any field, naming it', async () => {
    const valid = changed();
    for (const [field, body] of [
      ['name', { ...valid, name: 'Hill\u0000top' }],
      ['address', { ...valid, address: 'Hill\u001bRoad' }],
      [
        'socialLinks.facebook',
        { ...valid, socialLinks: { ...valid.socialLinks, facebook: 'https://f.example/\u0007' } },
      ],
      ['footerText', { ...valid, footerText: 'All\u0085rights' }],
    ] as const) {
      const res = await put(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(messageFor(res.json(), field), res.body).toBe(CONTROL_CHARACTER_MESSAGE);
    }
  });

  it('the logo must be a stored picture; a chosen logo counts as a use in the media library', async () => {
    const before = await read();
    const missing = await put(changed('media/0123456789abcdef0123456789abcdef-400.webp'));
    expect(missing.statusCode).toBe(400);
    expect(messageFor(missing.json(), 'logo')).toBe(SETTINGS_MESSAGES.logoNotFound);

    const form = new FormData();
    form.append('alt', 'Our logo');
    form.append('file', new Blob([new Uint8Array(await png(120, 120))], { type: 'image/png' }), 'logo.png');
    const uploaded = await call(t.app, {
      method: 'POST',
      url: '/api/admin/media',
      headers: bearer(f.tokens.principal),
      payload: form,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const media = uploaded.json().data as Media;

    const res = await put(changed(media.image));
    expect(res.statusCode, res.body).toBe(200);
    expect((await read()).logo).toBe(media.image);

    const library = (
      await call(t.app, { url: '/api/admin/media', headers: bearer(f.tokens.principal) })
    ).json().data as Media[];
    expect(library.find((m) => m.name === media.name)?.usedBy).toEqual([LOGO_MEDIA_USE]);
    const remove = await call(t.app, {
      method: 'DELETE',
      url: `/api/admin/media/${media.name}`,
      headers: bearer(f.tokens.principal),
    });
    expect(remove.statusCode).toBe(409);
    expect(remove.json().error.details).toEqual([LOGO_MEDIA_USE]);

    // Back to the default logo: the picture is free to go.
    expect((await put(before)).statusCode).toBe(200);
    expect((await read()).logo).toBe('');
    const removed = await call(t.app, {
      method: 'DELETE',
      url: `/api/admin/media/${media.name}`,
      headers: bearer(f.tokens.principal),
    });
    expect(removed.statusCode).toBe(204);
  });
});

describe.each(TEST_ENGINES)('a school without the demo on %s', (engine) => {
  const t = withTestApp(engine);

  it('has the neutral defaults of the migration, which the editor can send back as they are', async () => {
    const res = await call(t.app, { url: '/api/settings' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(DEFAULT_SCHOOL_SETTINGS);
  });
});
