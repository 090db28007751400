import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_COLLECTION_NAMES } from '../../shared/api/content.js';
import { GALLERY_CATEGORIES, USER_TYPE } from '../../shared/constants.js';
import { translatableFieldEntries } from '../../shared/content-records.js';
import { mediaVariants } from '../../shared/media-files.js';
import { markSheet } from '../../shared/rules/mark-sheet.js';
import { verifyPassword } from '../features/auth/password.js';
import { listContentRecords } from '../features/content/content.repository.js';
import { DatabaseFileStore } from '../lib/file-store/database-file-store.js';
import { DiskFileStore } from '../lib/file-store/disk-file-store.js';
import type { FileStore } from '../lib/file-store/file-store.js';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../test/databases.js';
import { DEMO_MINIMUM } from '../test/demo-minimum.js';
import { writeDemoPictures } from './images.js';
import { DEMO_PASSWORD, type DemoLogin, isDatabaseEmpty, seedDemoSchool } from './index.js';

/** A Wednesday; the seeder must work from any date, this one just keeps the test stable. */
const TODAY = new Date('2026-11-25T10:30:00Z');
const TODAY_ISO = '2026-11-25';

describe.each(TEST_ENGINES)('demo school on %s', (engine) => {
  let t: TestDatabase;
  let files: FileStore;
  let logins: DemoLogin[];
  let emptyBefore: boolean;

  beforeAll(async () => {
    t = await createTestDatabase(engine);
    // The database store on both engines (the disk store seeds in the API tests' demo apps).
    files = new DatabaseFileStore(t.db);
    emptyBefore = await isDatabaseEmpty(t.db);
    logins = await seedDemoSchool(t.db, files, { today: TODAY });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const count = async (
    table: 'school_class' | 'subject' | 'time_slot' | 'class_assignment' | 'assignment_day' | 'exam' | 'mark',
  ) => {
    const row = await t.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const userByEmail = (email: string) =>
    t.db.selectFrom('app_user').selectAll().where('email_key', '=', email).executeTakeFirstOrThrow();
  const classOf = async (studentId: number) =>
    (
      await t.db
        .selectFrom('enrolment')
        .select('class_id')
        .where('student_id', '=', studentId)
        .where('ended_on', 'is', null)
        .executeTakeFirstOrThrow()
    ).class_id;
  const classesTaughtBy = async (teacherId: number) =>
    new Set(
      (
        await t.db
          .selectFrom('class_assignment')
          .select('class_id')
          .where('teacher_id', '=', teacherId)
          .execute()
      ).map((r) => r.class_id),
    );

  it('starts from an empty database', () => {
    expect(emptyBefore).toBe(true);
  });

  it('is no longer empty and is never seeded twice', async () => {
    expect(await isDatabaseEmpty(t.db)).toBe(false);
    const users = await t.db.selectFrom('app_user').select('id').execute();
    expect(await seedDemoSchool(t.db, files, { today: TODAY })).toEqual([]);
    expect(await t.db.selectFrom('app_user').select('id').execute()).toHaveLength(users.length);
  });

  it('has classes, the six subjects and six time slots', async () => {
    expect(await count('school_class')).toBeGreaterThanOrEqual(4);
    expect(await count('subject')).toBe(6);
    const slots = await t.db
      .selectFrom('time_slot')
      .select(['label', 'position'])
      .orderBy('position')
      .execute();
    expect(slots).toHaveLength(6);
    for (const slot of slots) expect(slot.label).toMatch(/^\d\d:\d\d - \d\d:\d\d$/);
    const setting = await t.db
      .selectFrom('setting')
      .selectAll()
      .where('key', '=', 'pass_mark')
      .executeTakeFirst();
    expect(setting?.value).toBe('33');
  });

  it('has staff, forty pupils with complete profiles and two pending registrations', async () => {
    const users = await t.db.selectFrom('app_user').selectAll().execute();
    const active = (type: string) => users.filter((u) => u.type === type && u.status === 'active');
    expect(active(USER_TYPE.teacher).length).toBeGreaterThanOrEqual(6);
    expect(active(USER_TYPE.principal)).toHaveLength(1);
    const pupils = active(USER_TYPE.student);
    expect(pupils).toHaveLength(40);
    expect(users.filter((u) => u.status === 'pending').length).toBeGreaterThanOrEqual(2);
    for (const u of users) {
      expect(['Male', 'Female', 'Other']).toContain(u.gender);
      expect(u.dob).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(u.email_key).toBe(u.email.toLowerCase());
      expect(u.email).toMatch(/^[a-z0-9.]+@demo\.school$/);
      for (const field of [u.name, u.designation, u.description, u.address, u.contact, u.password_hash]) {
        expect(field.length).toBeGreaterThan(0);
      }
    }
    for (const p of pupils) {
      const age = (TODAY.getTime() - Date.parse(`${p.dob}T00:00:00Z`)) / (365.25 * 86_400_000);
      expect(age).toBeGreaterThanOrEqual(4);
      expect(age).toBeLessThan(11);
    }
    const photos = await t.db.selectFrom('user_photo').select('user_id').execute();
    expect(new Set(photos.map((p) => p.user_id)).size).toBe(users.length);
    const open = await t.db
      .selectFrom('enrolment')
      .select('student_id')
      .where('ended_on', 'is', null)
      .execute();
    expect(open).toHaveLength(40);
    expect(new Set(open.map((e) => e.student_id)).size).toBe(40);
  });

  it('answers the demo log-ins of docs/contract/api.md#demo-logins, each able to log in', async () => {
    const expected: [string, string][] = [
      ['principal@demo.school', USER_TYPE.principal],
      ['teacher@demo.school', USER_TYPE.teacher],
      ['teacher2@demo.school', USER_TYPE.teacher],
      ['student@demo.school', USER_TYPE.student],
      ['student2@demo.school', USER_TYPE.student],
      ['parent@demo.school', USER_TYPE.parent],
    ];
    expect(logins.map((l) => [l.email, l.type])).toEqual(expected);
    for (const login of logins) {
      expect(login.password).toBe(DEMO_PASSWORD);
      expect(login.note.length).toBeGreaterThan(0);
      const user = await userByEmail(login.email);
      expect(user.type).toBe(login.type);
      expect(user.status).toBe('active');
      expect(await verifyPassword(user.password_hash, DEMO_PASSWORD)).toBe(true);
      expect(await verifyPassword(user.password_hash, 'wrong-password')).toBe(false);
    }
  });

  it('links parent@ to student@ and to one pupil of another class; the waiting parent named a pupil', async () => {
    const parent = await userByEmail('parent@demo.school');
    const student = await userByEmail('student@demo.school');
    const links = await t.db
      .selectFrom('guardian')
      .selectAll()
      .where('parent_id', '=', parent.id)
      .orderBy('student_id')
      .execute();
    expect(links).toHaveLength(2);
    expect(links.map((l) => l.student_id)).toContain(student.id);
    const other = links.find((l) => l.student_id !== student.id);
    expect(other).toBeDefined();
    expect(await classOf(other?.student_id ?? 0)).not.toBe(await classOf(student.id));
    for (const link of links) expect(['Mother', 'Father']).toContain(link.relationship);

    const grace = await userByEmail('grace.mensah@demo.school');
    expect(grace.status).toBe('pending');
    const named = await t.db
      .selectFrom('child_suggestion')
      .selectAll()
      .where('parent_id', '=', grace.id)
      .execute();
    expect(named).toHaveLength(1);
    const pupil = await t.db
      .selectFrom('app_user')
      .select('id')
      .where('name', '=', named[0]?.name ?? '')
      .where('dob', '=', named[0]?.dob ?? '')
      .where('type', '=', USER_TYPE.student)
      .execute();
    expect(pupil).toHaveLength(1);
  });

  it('keeps the relations the demo log-ins promise', async () => {
    const teacher = await userByEmail('teacher@demo.school');
    const teacher2 = await userByEmail('teacher2@demo.school');
    const student = await userByEmail('student@demo.school');
    const student2 = await userByEmail('student2@demo.school');
    const studentClass = await classOf(student.id);
    const student2Class = await classOf(student2.id);
    const taught = await classesTaughtBy(teacher.id);
    expect(taught.size).toBeGreaterThanOrEqual(2);
    expect(taught.has(studentClass)).toBe(true);
    const taught2 = await classesTaughtBy(teacher2.id);
    expect(taught2.size).toBeGreaterThan(0);
    expect(taught2.has(studentClass)).toBe(false);
    expect(student2Class).not.toBe(studentClass);
  });

  it('gives every class its six subjects on the six slots, Monday to Saturday, without clashes', async () => {
    const classes = await t.db.selectFrom('school_class').select('id').execute();
    expect(await count('class_assignment')).toBe(classes.length * 6);
    const days = await t.db.selectFrom('assignment_day').selectAll().execute();
    expect(days).toHaveLength(classes.length * 36);
    const teacherBusy = new Set(days.map((d) => `${d.teacher_id}:${d.time_slot_id}:${d.day}`));
    const classBusy = new Set(days.map((d) => `${d.class_id}:${d.time_slot_id}:${d.day}`));
    expect(teacherBusy.size).toBe(days.length);
    expect(classBusy.size).toBe(days.length);
    expect(new Set(days.map((d) => d.day))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    const assignments = await t.db
      .selectFrom('class_assignment')
      .select(['class_id', 'subject_id'])
      .execute();
    for (const c of classes) {
      expect(new Set(assignments.filter((a) => a.class_id === c.id).map((a) => a.subject_id)).size).toBe(6);
    }
  });

  it('schedules one exam per class and subject after today, each in a term', async () => {
    const classes = await count('school_class');
    const exams = await t.db.selectFrom('exam').selectAll().where('exam_date', '>', TODAY_ISO).execute();
    expect(exams).toHaveLength(classes * 6);
    expect(new Set(exams.map((e) => `${e.class_id}:${e.subject_id}`)).size).toBe(exams.length);
    for (const exam of exams) {
      expect(exam.time).toMatch(/^\d\d:\d\d - \d\d:\d\d$/);
      expect(exam.term_id).not.toBeNull();
      expect(exam.released_at).toBeNull();
    }
  });

  it('has a released term test per class and subject, and one test marked but not released', async () => {
    const classes = await count('school_class');
    const past = await t.db.selectFrom('exam').selectAll().where('exam_date', '<=', TODAY_ISO).execute();
    const released = past.filter((x) => x.released_at !== null);
    expect(released).toHaveLength(classes * 6);
    expect(new Set(released.map((e) => `${e.class_id}:${e.subject_id}`)).size).toBe(released.length);
    const unreleased = past.filter((x) => x.released_at === null);
    expect(unreleased).toHaveLength(1);
    const marks = await t.db
      .selectFrom('mark')
      .select('id')
      .where('exam_id', '=', unreleased[0]?.id ?? 0)
      .execute();
    expect(marks.length).toBeGreaterThan(0);
    for (const exam of past) expect(exam.term_id).not.toBeNull();
  });

  it('gives every pupil six released marks in their class, with every division represented', async () => {
    const rows = await t.db
      .selectFrom('mark')
      .innerJoin('exam', (join) =>
        join.onRef('exam.id', '=', 'mark.exam_id').on('exam.released_at', 'is not', null),
      )
      .innerJoin('subject', 'subject.id', 'mark.subject_id')
      .innerJoin('enrolment', (join) =>
        join.onRef('enrolment.student_id', '=', 'mark.student_id').on('enrolment.ended_on', 'is', null),
      )
      .select([
        'mark.student_id',
        'mark.class_id',
        'enrolment.class_id as current',
        'subject.name',
        'mark.marks',
      ])
      .execute();
    expect(rows).toHaveLength(240);
    const byPupil = new Map<number, { subjectName: string; marks: number }[]>();
    for (const row of rows) {
      expect(row.class_id).toBe(row.current);
      expect(row.marks).toBeGreaterThanOrEqual(0);
      expect(row.marks).toBeLessThanOrEqual(100);
      const list = byPupil.get(row.student_id) ?? [];
      list.push({ subjectName: row.name, marks: row.marks });
      byPupil.set(row.student_id, list);
    }
    expect(byPupil.size).toBe(40);
    const divisions = new Set<string>();
    for (const sheet of byPupil.values()) {
      expect(new Set(sheet.map((s) => s.subjectName)).size).toBe(6);
      divisions.add(markSheet(sheet).division);
    }
    expect(divisions).toEqual(new Set(['First Division', 'Second Division', 'Third Division', 'Fail']));
    expect(rows.some((r) => r.marks < 33)).toBe(true);

    const student = await userByEmail('student@demo.school');
    const own = markSheet(byPupil.get(student.id) ?? []);
    expect(['First Division', 'Second Division']).toContain(own.division);
    expect(own.rows.every((r) => r.results === 'PASS')).toBe(true);
  });

  it('records 30 school days of attendance before today for every pupil', async () => {
    const rows = await t.db.selectFrom('attendance').selectAll().execute();
    expect(rows).toHaveLength(40 * 30);
    const dates = new Set(rows.map((r) => r.att_date));
    expect(dates.size).toBe(30);
    for (const date of dates) {
      expect(date < TODAY_ISO).toBe(true);
      expect(new Date(`${date}T00:00:00Z`).getUTCDay()).not.toBe(0);
    }
    // The 30 most recent school days: nothing skipped between the first and today.
    const first = [...dates].sort()[0] ?? '';
    let schoolDays = 0;
    for (
      let d = Date.parse(`${first}T00:00:00Z`);
      d < Date.parse(`${TODAY_ISO}T00:00:00Z`);
      d += 86_400_000
    ) {
      if (new Date(d).getUTCDay() !== 0) schoolDays++;
    }
    expect(schoolDays).toBe(30);
    const present = rows.filter((r) => r.status === 1).length;
    expect(present / rows.length).toBeGreaterThan(0.85);
    for (const status of [2, 3]) {
      const some = rows.filter((r) => r.status === status);
      expect(some.length).toBeGreaterThan(0);
      for (const r of some) expect(r.description.length).toBeGreaterThan(0);
    }
    const teachers = new Set(
      (await t.db.selectFrom('app_user').select('id').where('type', '=', USER_TYPE.teacher).execute()).map(
        (u) => u.id,
      ),
    );
    for (const r of rows) expect(teachers.has(r.recorded_by ?? -1)).toBe(true);
  });

  it('sends notifications to classes, to single pupils and to everyone', async () => {
    const rows = await t.db.selectFrom('notification').selectAll().execute();
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(rows.some((r) => r.class_id !== null && r.student_id === null)).toBe(true);
    expect(rows.some((r) => r.student_id !== null && r.class_id === null)).toBe(true);
    expect(rows.some((r) => r.student_id === null && r.class_id === null)).toBe(true);
    expect(rows.every((r) => r.class_id === null || r.student_id === null)).toBe(true);
    expect(rows.every((r) => r.created_at <= TODAY.toISOString())).toBe(true);
    const teacher = await userByEmail('teacher@demo.school');
    const studentClass = await classOf((await userByEmail('student@demo.school')).id);
    expect(rows.some((r) => r.sender_id === teacher.id && r.class_id === studentClass)).toBe(true);
  });

  it('fills every public content collection', async () => {
    for (const collection of CONTENT_COLLECTION_NAMES) {
      const records = await listContentRecords(t.db, collection);
      expect(records.length, collection).toBeGreaterThanOrEqual(DEMO_MINIMUM[collection]);
      for (const record of records) {
        for (const image of record.images) expect(image.alt.length, `${collection} alt`).toBeGreaterThan(5);
      }
    }
    const [home] = await listContentRecords(t.db, 'home');
    expect(home?.heading).toBe('Kids Learning Center');
    expect(home?.images.length).toBeGreaterThanOrEqual(1);
    const about = await listContentRecords(t.db, 'about');
    expect(about[0]?.checklist.split('#').length).toBeGreaterThanOrEqual(3);
    expect(about[1]?.images).toHaveLength(2);
    const comments = await listContentRecords(t.db, 'comments');
    expect(comments.some((c) => c.images.length === 0)).toBe(true);
    const teachers = await listContentRecords(t.db, 'teacher');
    expect(teachers[0]).toMatchObject({ label: 'Our Teachers', title: 'Meet Our Teachers' });
    const blog = await listContentRecords(t.db, 'blog');
    expect(blog[0]).toMatchObject({ label: 'Latest Blog', title: 'Latest Articles From Blog' });
    expect(blog.every((b) => b.heading && b.author && b.category && b.images.length === 1)).toBe(true);
    const facilities = await listContentRecords(t.db, 'facilities');
    expect(facilities.every((f) => /^bi-[a-z-]+$/.test(f.icon) && f.images.length === 0)).toBe(true);
    const details = await listContentRecords(t.db, 'blogdetails');
    expect(details[1]?.images.length).toBe(1);
    expect(details[4]?.images.length).toBe(1);
    const contacts = await listContentRecords(t.db, 'contacts');
    expect(contacts[0]).toMatchObject({ label: 'Get In Touch', title: 'Contact Us For Any Query' });
  });

  it('speaks French and Arabic on its public pages: every collection translated, names and facts kept', async () => {
    for (const language of ['fr', 'ar'] as const) {
      for (const collection of CONTENT_COLLECTION_NAMES) {
        const own = await listContentRecords(t.db, collection);
        const translated = await listContentRecords(t.db, collection, language);
        // At least one text of each collection reads differently from the English one.
        expect(translated, `${collection} in ${language}`).not.toEqual(own);
        // Within the bounds the editor's form and the public answer's schema hold a text to.
        for (const record of translated) {
          for (const [key, field] of translatableFieldEntries(collection)) {
            const text = (record as unknown as Record<string, string>)[key] ?? '';
            expect(text.length, `${collection}.${key} in ${language}`).toBeLessThanOrEqual(field.max);
          }
        }
      }
    }
    const [home] = await listContentRecords(t.db, 'home', 'fr');
    expect(home?.heading).toBe('Centre d’éveil pour enfants');
    const [arabicHome] = await listContentRecords(t.db, 'home', 'ar');
    expect(arabicHome?.title).toBe('نهج جديد في تعليم الأطفال');
    const teachers = await listContentRecords(t.db, 'teacher', 'fr');
    expect(teachers.map((teacher) => teacher.name)).toEqual(
      (await listContentRecords(t.db, 'teacher')).map((teacher) => teacher.name),
    );
    const [contact] = await listContentRecords(t.db, 'contacts', 'ar');
    const [englishContact] = await listContentRecords(t.db, 'contacts');
    expect(contact).toMatchObject({
      label: 'تواصل معنا',
      email: englishContact?.email,
      phone: englishContact?.phone,
    });
  });

  it('has a gallery of at least twelve pictures across the three categories', async () => {
    const gallery = await listContentRecords(t.db, 'gallery');
    expect(gallery).toHaveLength(1);
    const images = gallery[0]?.images ?? [];
    expect(images.length).toBeGreaterThanOrEqual(12);
    for (const category of GALLERY_CATEGORIES) {
      expect(images.filter((i) => i.category === category).length).toBeGreaterThanOrEqual(3);
    }
  });

  it('stores real WebP pictures under demo/ for every image it refers to', async () => {
    const content = await t.db.selectFrom('content_image').select('image').execute();
    const photos = await t.db.selectFrom('user_photo').select('image').execute();
    const images = new Set([...content, ...photos].map((r) => r.image));
    expect(images.size).toBeGreaterThanOrEqual(30);
    for (const image of images) {
      expect(image).toMatch(/^demo\/(scenes\/)?[a-z0-9-]+\.webp$/);
      // A scene comes in several widths (shared/media-files.ts), each stored at its width.
      for (const variant of mediaVariants(image) ?? [{ image, width: undefined }]) {
        const file = await files.read(variant.image);
        if (!file) throw new Error(`${variant.image} is not stored`);
        const meta = await sharp(file).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.width).toBe(variant.width ?? meta.width);
        expect(meta.width).toBeGreaterThanOrEqual(300);
      }
    }
    // The gallery's scenes are drawn in the narrow widths a phone's grid shows.
    expect(mediaVariants('demo/scenes/gallery-playing-1-600.webp')?.map((v) => v.width)).toEqual([
      320, 480, 600,
    ]);
    expect(images).toContain('demo/scenes/gallery-playing-1-600.webp');
    // Colourful, not grey boxes: the hero has clearly saturated colour.
    const stats = await sharp(await files.read('demo/scenes/hero-1-800.webp')).stats();
    const [r, g, b] = stats.channels;
    const spread =
      Math.max(r?.mean ?? 0, g?.mean ?? 0, b?.mean ?? 0) - Math.min(r?.mean ?? 0, g?.mean ?? 0, b?.mean ?? 0);
    expect(spread).toBeGreaterThan(15);
    expect(stats.entropy).toBeGreaterThan(2);
  });

  it('has Class 2’s report cards of the first term published, with every comment (docs/decisions/0090-report-cards.md)', async () => {
    const classTwo = await t.db
      .selectFrom('school_class')
      .select('id')
      .where('name', '=', 'Class 2')
      .executeTakeFirstOrThrow();
    const pupils = await t.db
      .selectFrom('enrolment')
      .select('student_id')
      .where('class_id', '=', classTwo.id)
      .where('ended_on', 'is', null)
      .execute();
    const cards = await t.db.selectFrom('report_card').selectAll().execute();
    expect(cards.length).toBe(pupils.length);
    expect(new Set(cards.map((card) => card.class_id))).toEqual(new Set([classTwo.id]));
    const first = JSON.parse(cards[0]?.content ?? '{}') as {
      subjects: { comment: { text: string } }[];
      classTeacherComment: { text: string };
      principalRemark: { text: string };
      division: string | null;
    };
    expect(cards.every((card) => card.version === 1)).toBe(true);
    expect(first.subjects.length).toBeGreaterThan(0);
    expect(first.subjects.every((subject) => subject.comment.text !== '')).toBe(true);
    expect(first.classTeacherComment.text).not.toBe('');
    expect(first.principalRemark.text).not.toBe('');
  });

  it('has a school calendar ahead of today: a KG trip, a Nursery training day, a sports day, a holiday week', async () => {
    const entries = await t.db.selectFrom('calendar_entry').selectAll().orderBy('start_day').execute();
    const classesOf = async (entryId: number) =>
      (
        await t.db
          .selectFrom('calendar_entry_class as ec')
          .innerJoin('school_class as c', 'c.id', 'ec.class_id')
          .select('c.name')
          .where('ec.entry_id', '=', entryId)
          .execute()
      ).map((row) => row.name);
    // Wednesday 25 November: next week's Monday is 30 November.
    expect(entries.map((e) => [e.kind, e.start_day, e.end_day, e.audience])).toEqual([
      ['event', '2026-12-02', '2026-12-02', 'classes'],
      ['closure', '2026-12-04', '2026-12-04', 'classes'],
      ['event', '2026-12-10', '2026-12-10', 'everyone'],
      ['closure', '2026-12-21', '2026-12-25', 'everyone'],
    ]);
    const [trip, training, sports] = entries;
    expect(await classesOf(trip?.id ?? 0)).toEqual(['KG']);
    expect(await classesOf(training?.id ?? 0)).toEqual(['Nursery']);
    expect(sports).toMatchObject({ families_invited: 1, on_public_feed: 1, start_time: '09:30' });
    expect(new Set(entries.map((e) => e.uid)).size).toBe(4);
  });

  it('keeps the pictures already stored when they are written again (another seeding)', async () => {
    const before = await files.stat('demo/scenes/hero-1-800.webp');
    const images = await writeDemoPictures(files);
    expect(images).toContain('demo/scenes/hero-1-800.webp');
    expect(await files.stat('demo/scenes/hero-1-800.webp')).toEqual(before);
  });
});

describe('the demo register on a New York evening', () => {
  it('keeps the school’s today empty (no register, no attendance) when UTC is already the next day', async () => {
    const t = await createTestDatabase('sqlite');
    try {
      // Wednesday 25 November, 21:00 in New York (the demo school's zone): 02:00 on the 26th in UTC.
      await seedDemoSchool(t.db, new DiskFileStore(path.join(t.dataDir, 'uploads')), {
        today: new Date('2026-11-26T02:00:00Z'),
      });
      const rows = await t.db.selectFrom('checkin').select('day').distinct().orderBy('day').execute();
      const days = rows.map((row) => row.day);
      expect(days).not.toContain('2026-11-25');
      expect(days.at(-1)).toBe('2026-11-24');
      expect(days).toHaveLength(5);
      const attendance = await t.db
        .selectFrom('attendance')
        .select((eb) => eb.fn.max('att_date').as('day'))
        .executeTakeFirstOrThrow();
      expect(attendance.day).toBe('2026-11-24');
    } finally {
      await t.dispose();
    }
  });
});
