import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChildDayAnswerSchema } from '../../../shared/api/day-log.js';
import type { PhotoConsent } from '../../../shared/api/family.js';
import type { LiveEvent } from '../../../shared/api/live.js';
import {
  momentPhotoPath,
  type PhotoMoment,
  PhotoMomentAnswerSchema,
  PhotoMomentFeedSchema,
} from '../../../shared/api/photo-moments.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { nowIso } from '../../lib/time.js';
import type { TestApp } from '../../test/app.js';
import { sampleCare } from '../../test/care.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { createPagesTestApp } from '../../test/pages-app.js';
import {
  bearer,
  type Caller,
  type SchoolFixture,
  schoolFixture,
  userWithSession,
} from '../../test/school-fixtures.js';
import { jpegWithGps, png } from '../users/test-helpers.js';
import { familiesWhoSee } from './photo-moments.policy.js';
import { findMoment } from './photo-moments.repository.js';

/**
 * Photo moments on both engines (docs/decisions/0079-photo-consent.md): posting and its limits, the
 * consent matrix (own family, other families) read at every request, the photos' headers, taking a
 * moment down (docs/decisions/0083-taking-down-a-photo-moment.md), and the website's gallery leaving
 * out pictures of a child without website consent.
 *
 * The demo parent guards student@ (Aisha, KG) and her brother (Class 2); teacher@ teaches KG,
 * teacher2@ does not. `other` is made here: a Parent guarding `classmate`, another KG pupil.
 */

type Who = Caller | 'other' | 'stranger';
const ALL_ON: PhotoConsent = { website: true, ownFamily: true, otherFamilies: true };

describe.each(TEST_ENGINES)('photo moments on %s', (engine) => {
  // The pages app renders the public pages too (the gallery's, below).
  let t: TestApp;
  let f: SchoolFixture;
  let other: { id: number; token: string };
  let stranger: { id: number; token: string };
  let classmate: number;

  afterAll(async () => {
    await t?.dispose();
  });
  beforeAll(async () => {
    t = await createPagesTestApp(engine, { demo: true });
    f = await schoolFixture(t);
    other = await userWithSession(t.db, USER_TYPE.parent, 'Olive Other');
    stranger = await userWithSession(t.db, USER_TYPE.parent, 'Pat Stranger');
    // A KG pupil without demo care details, tagged in none of the demo's moments.
    const row = await t.db
      .selectFrom('enrolment as e')
      .leftJoin('care_record as r', 'r.student_id', 'e.student_id')
      .select('e.student_id')
      .where('e.class_id', '=', f.classes.KG)
      .where('e.ended_on', 'is', null)
      .where('r.student_id', 'is', null)
      .where('e.student_id', 'not in', t.db.selectFrom('photo_moment_child').select('student_id'))
      .orderBy('e.student_id')
      .executeTakeFirstOrThrow();
    classmate = row.student_id;
    await t.db
      .insertInto('guardian')
      .values({ parent_id: other.id, student_id: classmate, relationship: 'Mother', created_at: nowIso() })
      .execute();
    // No other guardian of the classmate: the alerts below go to known families only.
    await t.db
      .deleteFrom('guardian')
      .where('student_id', '=', classmate)
      .where('parent_id', '!=', other.id)
      .execute();
  });

  const tokenOf = (who: Who) =>
    who === 'other' ? other.token : who === 'stranger' ? stranger.token : f.tokens[who];
  const as = (who: Who, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...options.headers, ...bearer(tokenOf(who)) } });

  async function consent(studentId: number, photoConsent: PhotoConsent) {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/pupils/${studentId}/care`,
      headers: bearer(f.tokens.principal),
      payload: { ...sampleCare(), photoConsent },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  interface PostInput {
    photos?: { name: string; data: Buffer; type?: string }[];
    caption?: string;
    children?: string;
    everyoneTagged?: string | null;
  }
  async function post(who: Who, input: PostInput = {}) {
    const form = new FormData();
    if (input.caption !== undefined || !('caption' in input))
      form.append('caption', input.caption ?? 'Painting');
    form.append('children', input.children ?? `${f.users.student},${classmate}`);
    if (input.everyoneTagged !== null) form.append('everyoneTagged', input.everyoneTagged ?? 'true');
    const photos = input.photos ?? [{ name: 'paint.jpg', data: await jpegWithGps(900, 600) }];
    for (const photo of photos) {
      form.append(
        'photos',
        new Blob([new Uint8Array(photo.data)], { type: photo.type ?? 'image/jpeg' }),
        photo.name,
      );
    }
    const request = new Request('http://x', { method: 'POST', body: form });
    return as(who, {
      method: 'POST',
      url: '/api/photo-moments',
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
      payload: Buffer.from(await request.arrayBuffer()),
    });
  }
  async function posted(who: Who = 'teacher', input: PostInput = {}): Promise<PhotoMoment> {
    const res = await post(who, input);
    expect(res.statusCode, res.body).toBe(201);
    return PhotoMomentAnswerSchema.parse(res.json()).data;
  }
  const counts = async () => ({
    moments: (await t.db.selectFrom('photo_moment').select('id').execute()).length,
    files: await storedMomentFiles(),
  });
  async function storedMomentFiles(): Promise<number> {
    let n = 0;
    for await (const file of t.app.files.list()) if (file.path.startsWith('moments/')) n += 1;
    return n;
  }
  const sees = async (who: Who, id: number) => {
    const one = await as(who, { method: 'GET', url: `/api/photo-moments/${id}` });
    const feed = await as(who, { method: 'GET', url: '/api/photo-moments?limit=50' });
    expect(feed.statusCode, feed.body).toBe(200);
    const inFeed = PhotoMomentFeedSchema.parse(feed.json()).data.some((m) => m.id === id);
    const photo = await as(who, { method: 'GET', url: `/api/${momentPhotoPath(id, 1, 400)}` });
    expect([200, 404]).toContain(one.statusCode);
    // The moment, the feed and the photo agree.
    expect(inFeed, `${who}: feed vs GET`).toBe(one.statusCode === 200);
    expect(photo.statusCode, `${who}: photo vs GET`).toBe(one.statusCode);
    return one.statusCode === 200;
  };

  it('the demo week: the demo parent sees the moments whose children all consent, not the one with Ethan', async () => {
    const captions = async (who: Who) =>
      PhotoMomentFeedSchema.parse(
        (await as(who, { method: 'GET', url: '/api/photo-moments' })).json(),
      ).data.map((moment) => moment.caption.split(':')[0] ?? '');
    const parent = await captions('parent');
    expect(parent).toEqual(
      expect.arrayContaining(['Sponge painting', 'We planted beans in the garden and gave them names.']),
    );
    // Ethan's photos go to his own family only; the lunch tags none of the parent's children.
    expect(parent).not.toContain('Story circle');
    expect(parent.some((caption) => caption.startsWith('Lunch together'))).toBe(false);
    expect(await captions('principal')).toEqual(expect.arrayContaining(['Story circle', 'Lunch together']));
    expect(await captions('teacher')).toEqual(expect.arrayContaining(['Story circle', 'Lunch together']));
    // Every demo photo is stored in each of its widths.
    const stored = await t.db.selectFrom('photo_moment_photo').select(['name', 'widths']).execute();
    expect(stored.length).toBeGreaterThan(5);
    for (const photo of stored) {
      for (const width of photo.widths.split(',')) {
        expect(await t.app.files.stat(`moments/${photo.name}-${width}.webp`), photo.name).toBeDefined();
      }
    }
    await consent(f.users.student, ALL_ON);
    await consent(classmate, ALL_ON);
  });

  it('a teacher posts: photos re-encoded in several widths without metadata, live events, 201', async () => {
    const events: LiveEvent[] = [];
    const stop = t.app.signals.subscribe((signal) => {
      if (signal.channel === 'live') events.push(signal.event);
    });
    const moment = await posted('teacher', {
      caption: '  Painting in the garden ',
      photos: [
        { name: 'one.jpg', data: await jpegWithGps(900, 600) },
        { name: 'two.png', data: await png(300, 200), type: 'image/png' },
      ],
    });
    // On PostgreSQL a process hears its own signals through LISTEN, after the write's answer.
    await vi.waitFor(() =>
      expect(events).toEqual(
        expect.arrayContaining([
          { kind: 'photo', childId: f.users.student },
          { kind: 'photo', childId: classmate },
        ]),
      ),
    );
    stop();
    expect(moment.caption).toBe('Painting in the garden');
    expect(moment.children.map((c) => c.id).sort()).toEqual([f.users.student, classmate].sort());
    expect(moment.photos.map((p) => [p.n, p.widths])).toEqual([
      [1, [400, 800, 900]],
      [2, [300]],
    ]);
    const res = await as('parent', { method: 'GET', url: `/api/${momentPhotoPath(moment.id, 1, 900)}` });
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.exif]).toEqual(['webp', 900, undefined]);
  });

  it('the consent matrix, read at each request: own family, other families, staff, everyone else', async () => {
    const moment = await posted('teacher');
    const id = moment.id;
    const all = async () =>
      Object.fromEntries(
        await Promise.all(
          (
            [
              'parent',
              'other',
              'teacher',
              'teacher2',
              'principal',
              'stranger',
              'student',
              'student2',
            ] as const
          ).map(async (who) => [who, await sees(who, id)] as const),
        ),
      );
    const staff = {
      teacher: true,
      teacher2: false,
      principal: true,
      stranger: false,
      student: false,
      student2: false,
    };
    expect(await all()).toEqual({ parent: true, other: true, ...staff });

    // The classmate may not appear in photos other families see: Aisha's family loses the moment.
    await consent(classmate, { ...ALL_ON, otherFamilies: false });
    expect(await all()).toEqual({ parent: false, other: true, ...staff });

    // Aisha's photos are not shared with her own family: they do not see it either way.
    await consent(classmate, ALL_ON);
    await consent(f.users.student, { ...ALL_ON, ownFamily: false });
    expect(await all()).toEqual({ parent: false, other: true, ...staff });

    // Aisha may not appear in other families' photos: the classmate's family loses it.
    await consent(f.users.student, { ...ALL_ON, otherFamilies: false });
    expect(await all()).toEqual({ parent: true, other: false, ...staff });

    // A child without an entry in the consent ledger has given no consent
    // (docs/decisions/0111-consent-as-a-ledger.md).
    await t.db.deleteFrom('consent_entry').where('student_id', '=', classmate).execute();
    expect(await all()).toEqual({ parent: false, other: false, ...staff });
    await consent(classmate, ALL_ON);
    await consent(f.users.student, ALL_ON);

    // The alert goes to the families who may see the moment at posting time.
    const alerted = async () => {
      const stored = await findMoment(t.db, id);
      if (!stored) throw new Error('no moment');
      return familiesWhoSee(t.db, stored);
    };
    expect(await alerted()).toEqual([f.users.parent, other.id].sort((a, b) => a - b));
    await consent(classmate, { ...ALL_ON, otherFamilies: false });
    expect(await alerted()).toEqual([other.id]);
    await consent(classmate, ALL_ON);

    // A feed of one child: its guardians and staff; anyone else 404 like an unknown child.
    for (const who of ['parent', 'teacher', 'principal'] as const) {
      const res = await as(who, { method: 'GET', url: `/api/photo-moments?childId=${f.users.student}` });
      expect(res.statusCode, who).toBe(200);
      expect(PhotoMomentFeedSchema.parse(res.json()).data.some((m) => m.id === id)).toBe(true);
    }
    for (const who of ['other', 'teacher2', 'stranger'] as const) {
      const res = await as(who, { method: 'GET', url: `/api/photo-moments?childId=${f.users.student}` });
      expect(res.statusCode, who).toBe(404);
    }
  });

  it('posting limits: no photo, 11 photos, a file that is no picture, no confirmation, a caption: 400; nothing stored', async () => {
    const before = await counts();
    const picture = { name: 'p.png', data: await png(40, 30), type: 'image/png' };
    const cases: [PostInput, RegExp][] = [
      [{ photos: [] }, /photos/],
      [{ photos: Array.from({ length: 11 }, () => picture) }, /images|photos/],
      [{ photos: [{ name: 'notes.jpg', data: Buffer.from('not a picture at all') }] }, /not a picture/],
      [{ everyoneTagged: null }, /everyone visible/],
      [{ everyoneTagged: 'false' }, /everyone visible/],
      [{ caption: '   ' }, /caption/],
      [{ children: '' }, /Tag the children/],
      [{ children: 'abc' }, /Tag the children/],
    ];
    for (const [input, message] of cases) {
      const res = await post('teacher', input);
      expect(res.statusCode, JSON.stringify(input).slice(0, 80)).toBe(400);
      expect(res.json().error.message).toMatch(message);
    }
    expect(await counts()).toEqual(before);
  });

  it('a child the poster may not tag is a 404, and nothing is stored; parents and pupils may not post', async () => {
    const before = await counts();
    // teacher2@ does not teach KG.
    expect((await post('teacher2', { children: `${f.users.student}` })).statusCode).toBe(404);
    expect((await post('principal', { children: '999999' })).statusCode).toBe(404);
    expect((await post('parent')).statusCode).toBe(403);
    expect((await post('student')).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
    // The principal tags any pupil in a class.
    expect((await post('principal', { children: `${f.children[1]}` })).statusCode).toBe(201);
  });

  it('serves photos with private, no-store; the download is the largest width as an attachment; /uploads never', async () => {
    const moment = await posted('teacher');
    const photo = moment.photos[0];
    if (!photo) throw new Error('no photo');
    for (const width of photo.widths) {
      const res = await as('parent', { method: 'GET', url: `/api/${momentPhotoPath(moment.id, 1, width)}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['content-disposition']).toBeUndefined();
    }
    const download = await as('parent', {
      method: 'GET',
      url: `/api/${momentPhotoPath(moment.id, 1, 'download')}`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="moment-${moment.id}-1.webp"`);
    expect((await sharp(download.rawPayload).metadata()).width).toBe(photo.widths.at(-1));
    // The download is kept for each tagged child (docs/decisions/0106-who-looked.md); the views are not.
    const tagged = await t.db
      .selectFrom('photo_moment_child')
      .select('student_id')
      .where('moment_id', '=', moment.id)
      .execute();
    const kept = await t.db
      .selectFrom('child_access')
      .select(['student_id', 'viewer_id', 'kind'])
      .where('detail', '=', moment.caption)
      .execute();
    expect(kept.map((row) => row.student_id).sort()).toEqual(tagged.map((row) => row.student_id).sort());
    for (const row of kept) expect(row).toMatchObject({ viewer_id: f.users.parent, kind: 'photo-download' });
    // A width or number that is not stored; a stranger; no token.
    expect(
      (await as('parent', { method: 'GET', url: `/api/${momentPhotoPath(moment.id, 1, 401)}` })).statusCode,
    ).toBe(404);
    expect(
      (await as('parent', { method: 'GET', url: `/api/${momentPhotoPath(moment.id, 2, 400)}` })).statusCode,
    ).toBe(404);
    expect(
      (await as('stranger', { method: 'GET', url: `/api/${momentPhotoPath(moment.id, 1, 'download')}` }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: `/api/${momentPhotoPath(moment.id, 1, 400)}` })).statusCode).toBe(401);
    const [stored] = await t.db
      .selectFrom('photo_moment_photo')
      .select('name')
      .where('moment_id', '=', moment.id)
      .execute();
    expect((await t.app.inject({ url: `/uploads/moments/${stored?.name}-400.webp` })).statusCode).toBe(404);
  });

  it('pages by time, newest first', async () => {
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push((await posted('teacher', { caption: `Page ${i}` })).id);
    const first = PhotoMomentFeedSchema.parse(
      (await as('parent', { method: 'GET', url: '/api/photo-moments?limit=2' })).json(),
    );
    expect(first.data.map((m) => m.id)).toEqual([ids[2], ids[1]]);
    expect(first.next).not.toBeNull();
    const second = PhotoMomentFeedSchema.parse(
      (
        await as('parent', {
          method: 'GET',
          url: `/api/photo-moments?limit=2&before=${encodeURIComponent(first.next ?? '')}`,
        })
      ).json(),
    );
    expect(second.data[0]?.id).toBe(ids[0]);
    expect(
      (await as('parent', { method: 'GET', url: '/api/photo-moments?before=yesterday' })).statusCode,
    ).toBe(400);
  });

  const remove = (who: Who, id: number | string) =>
    as(who, { method: 'DELETE', url: `/api/photo-moments/${id}` });
  const mayRemove = async (who: Who, id: number) => {
    const res = await as(who, { method: 'GET', url: `/api/photo-moments/${id}` });
    expect(res.statusCode, `${who}: ${res.body}`).toBe(200);
    return PhotoMomentAnswerSchema.parse(res.json()).data.mayRemove;
  };

  it('taking a moment down: its poster and the principal; anyone else who sees it 403, who does not 404', async () => {
    // The principal posts; teacher@ teaches the tagged children, so sees it without having posted it.
    const principals = await posted('principal');
    expect(principals.mayRemove).toBe(true);
    for (const who of ['teacher', 'parent', 'other'] as const) {
      expect(await mayRemove(who, principals.id), who).toBe(false);
      const res = await remove(who, principals.id);
      expect([res.statusCode, res.json().error.code], who).toEqual([403, 'NOT_YOURS']);
    }
    for (const who of ['teacher2', 'stranger', 'student', 'student2'] as const) {
      const res = await remove(who, principals.id);
      expect([res.statusCode, res.json().error.code], who).toEqual([404, 'NOT_FOUND']);
    }
    expect(await sees('parent', principals.id)).toBe(true);

    // The teacher's own moment: theirs to take down, and the principal's; the feed says so too.
    const teachers = await posted('teacher');
    expect(teachers.mayRemove).toBe(true);
    expect(await mayRemove('principal', teachers.id)).toBe(true);
    const feed = PhotoMomentFeedSchema.parse(
      (await as('teacher', { method: 'GET', url: '/api/photo-moments?limit=50' })).json(),
    ).data;
    expect(feed.find((m) => m.id === teachers.id)?.mayRemove).toBe(true);
    expect(feed.find((m) => m.id === principals.id)?.mayRemove).toBe(false);

    expect((await remove('principal', teachers.id)).statusCode).toBe(204);
    expect((await remove('teacher', (await posted('teacher')).id)).statusCode).toBe(204);
    expect((await remove('principal', principals.id)).statusCode).toBe(204);

    expect((await remove('principal', 999999)).statusCode).toBe(404);
    for (const bad of ['abc', '0', '1.5']) {
      const res = await remove('principal', bad);
      expect([res.statusCode, res.json().error.code], bad).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/photo-moments/${teachers.id}` })).statusCode,
    ).toBe(401);
  });

  it('a moment taken down is gone for everyone: feed, the child’s day, its photos and their files; timelines hear of it', async () => {
    const moment = await posted('teacher', {
      photos: [
        { name: 'one.jpg', data: await jpegWithGps(900, 600) },
        { name: 'two.png', data: await png(300, 200), type: 'image/png' },
      ],
    });
    const stored = await t.db
      .selectFrom('photo_moment_photo')
      .select(['name', 'widths'])
      .where('moment_id', '=', moment.id)
      .orderBy('position')
      .execute();
    const paths = stored.flatMap((photo) =>
      photo.widths.split(',').map((width) => `moments/${photo.name}-${width}.webp`),
    );
    // 400, 800 and 900 px of the first photo, 300 px of the second.
    expect(paths).toHaveLength(4);
    const dayMoments = async (who: Who) => {
      const res = await as(who, { method: 'GET', url: `/api/pupils/${f.users.student}/day` });
      expect(res.statusCode, res.body).toBe(200);
      return ChildDayAnswerSchema.parse(res.json()).data.items.flatMap((item) =>
        item.type === 'photo' ? [item.moment.id] : [],
      );
    };
    expect(await dayMoments('parent')).toContain(moment.id);
    expect(await sees('parent', moment.id)).toBe(true);

    // A file already gone (a sweep, a restore without it) does not stop the rest.
    const [lost, ...kept] = paths;
    if (!lost) throw new Error('no stored file');
    await t.app.files.remove([lost]);
    const filesBefore = await storedMomentFiles();
    const events: LiveEvent[] = [];
    const stop = t.app.signals.subscribe((signal) => {
      if (signal.channel === 'live') events.push(signal.event);
    });
    const res = await remove('teacher', moment.id);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    await vi.waitFor(() =>
      expect(events).toEqual(
        expect.arrayContaining([
          { kind: 'photo', childId: f.users.student },
          { kind: 'photo', childId: classmate },
        ]),
      ),
    );
    stop();

    for (const who of ['parent', 'other', 'teacher', 'principal'] as const) {
      expect(await sees(who, moment.id), who).toBe(false);
    }
    expect(await dayMoments('parent')).not.toContain(moment.id);
    expect(await dayMoments('teacher')).not.toContain(moment.id);
    expect(
      (await as('parent', { method: 'GET', url: `/api/${momentPhotoPath(moment.id, 1, 'download')}` }))
        .statusCode,
    ).toBe(404);
    for (const path of kept) expect(await t.app.files.stat(path), path).toBeUndefined();
    // Only this moment's files went.
    expect(await storedMomentFiles()).toBe(filesBefore - kept.length);
    for (const table of ['photo_moment_photo', 'photo_moment_child'] as const) {
      const rows = await t.db
        .selectFrom(table)
        .select('moment_id')
        .where('moment_id', '=', moment.id)
        .execute();
      expect(rows, table).toEqual([]);
    }
    expect((await remove('teacher', moment.id)).statusCode).toBe(404);
  });

  it('two removals at once: one takes the moment down, the other finds nothing', async () => {
    const moment = await posted('teacher');
    const answers = await Promise.all([remove('teacher', moment.id), remove('principal', moment.id)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([204, 404]);
    expect(await findMoment(t.db, moment.id)).toBeUndefined();
  });

  it('the website’s gallery leaves out a picture tagged with a child without website consent, on the API and the page', async () => {
    const galleryImages = async () => {
      const res = await t.app.inject({ url: '/api/gallery' });
      expect(res.statusCode).toBe(200);
      return (res.json() as { data: { id: number; images: { image: string }[] }[] }).data;
    };
    const [record] = await galleryImages();
    const image = record?.images[0]?.image;
    if (!record || !image) throw new Error('the demo gallery has a picture');
    const page = async () => (await t.app.inject({ url: '/gallery' })).body;
    expect(await page()).toContain(image);

    const tag = await as('principal', {
      method: 'PUT',
      url: `/api/admin/content/gallery/${record.id}/children`,
      payload: { images: [{ image, children: [classmate] }] },
    });
    expect(tag.statusCode, tag.body).toBe(200);
    expect(tag.json().data[0]).toEqual({ image, children: [expect.objectContaining({ id: classmate })] });
    // The classmate consents: the picture stays.
    expect((await galleryImages())[0]?.images.some((i) => i.image === image)).toBe(true);

    await consent(classmate, { ...ALL_ON, website: false });
    expect((await galleryImages())[0]?.images.some((i) => i.image === image)).toBe(false);
    expect(await page()).not.toContain(image);
    // The editor reads every picture (a save of what it read keeps the hidden one), with its tag.
    const editor = await as('principal', { method: 'GET', url: '/api/admin/content/gallery' });
    expect(editor.headers['cache-control']).toContain('no-store');
    const edited = (editor.json() as { data: { id: number; images: { image: string }[] }[] }).data;
    expect(edited.find((r) => r.id === record.id)?.images.some((i) => i.image === image)).toBe(true);
    expect((await as('parent', { method: 'GET', url: '/api/admin/content/gallery' })).statusCode).toBe(403);
    const tags = await as('principal', {
      method: 'GET',
      url: `/api/admin/content/gallery/${record.id}/children`,
    });
    expect(tags.json().data.find((d: { image: string }) => d.image === image).children).toHaveLength(1);

    await consent(classmate, ALL_ON);
    expect((await galleryImages())[0]?.images.some((i) => i.image === image)).toBe(true);

    // Bad tags: a picture not in the record, a tagged id that is no pupil; a record that is no gallery.
    const bad = await as('principal', {
      method: 'PUT',
      url: `/api/admin/content/gallery/${record.id}/children`,
      payload: { images: [{ image: 'media/nothing.webp', children: [] }] },
    });
    expect([bad.statusCode, bad.json().error.details[0].field]).toEqual([400, 'images.0.image']);
    const notPupil = await as('principal', {
      method: 'PUT',
      url: `/api/admin/content/gallery/${record.id}/children`,
      payload: { images: [{ image, children: [f.users.teacher] }] },
    });
    expect([notPupil.statusCode, notPupil.json().error.details[0].field]).toEqual([400, 'images.0.children']);
    const none = await as('principal', {
      method: 'PUT',
      url: '/api/admin/content/gallery/999999/children',
      payload: { images: [] },
    });
    expect(none.statusCode).toBe(404);
  });
});
