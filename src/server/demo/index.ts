import type { InsertObject } from 'kysely';
import {
  CONTENT_COLLECTION_NAMES,
  type ContentCollection,
  type ContentFields,
} from '../../shared/api/content.js';
import { USER_TYPE } from '../../shared/constants.js';
import type { Locale } from '../../shared/i18n/locales.js';
import { DEFAULT_PASS_MARK } from '../../shared/rules/mark-sheet.js';
import { dateInZone } from '../../shared/school-time.js';
import type { Db } from '../db/connect.js';
import type { Database } from '../db/database.js';
import { hashPassword } from '../features/auth/password.js';
import { nameKeyOf } from '../features/catalog/name-key.js';
import { insertContentRecord, writeContentTranslation } from '../features/content/content.repository.js';
import { writeSettings } from '../features/settings/settings.repository.js';
import type { FileStore } from '../lib/file-store/file-store.js';
import { writeDemoAdmissions } from './admissions.js';
import { writeDemoAlerts } from './alerts.js';
import { writeDemoCalendar } from './calendar.js';
import { writeDemoCare } from './care.js';
import { type DemoContent, demoContent } from './content.js';
import { type DemoTranslations, demoContentTranslations } from './content-translations.js';
import { writeDemoConversations } from './conversations.js';
import { writeDemoDayLog } from './day-log.js';
import { writeDemoFees } from './fees.js';
import { demoImage, writeDemoPictures } from './images.js';
import { demoTermOf, inShownTerm, writeUnreleasedTest } from './marks.js';
import { writeDemoNewsletter } from './newsletter.js';
import {
  APPLICANT_CHILDREN,
  APPLICANTS,
  CLASS_AGES,
  CLASS_NAMES,
  CLASS_TEACHER,
  DEMO_SEATS,
  type DemoGender,
  emailFor,
  GUARDIAN,
  PRINCIPAL,
  PUPIL_PORTRAITS,
  PUPIL_TRAITS,
  PUPILS,
  STREETS,
  STUDENT_EMAIL,
  STUDENT2_EMAIL,
  SUBJECT_NAMES,
  TEACHERS,
  TIME_SLOT_LABELS,
} from './people.js';
import { writeDemoMomentPhotos, writeDemoMoments } from './photo-moments.js';
import { createRandom } from './random.js';
import { writeDemoReportCards } from './report-cards.js';
import {
  addDays,
  attendanceFor,
  DIVISION_PLAN,
  dateOfBirth,
  isoDay,
  marksForDivision,
  planTimetable,
  schoolDaysBefore,
  schoolDaysFrom,
  startOfUtcDay,
} from './school.js';
import { writeDemoSchoolForms } from './school-forms.js';
import { writeDemoSchoolYear } from './school-years.js';
import { demoSettings } from './settings.js';

/**
 * The demo school: on a first start with an empty database (and DEMO_DATA not false) the server
 * fills in a believable kindergarten and primary school, public pages included, so the product can
 * be tried at once. Everything is deterministic: the same names, marks and pictures every time.
 */

export interface DemoLogin {
  email: string;
  password: string;
  type: string;
  note: string;
}

export const DEMO_PASSWORD = 'demo12345';

/** Attendance covers this many school days before today. */
export const DEMO_ATTENDANCE_DAYS = 30;

const SEED = 20_261_122;
const HASH_BATCH = 8;
const INSERT_CHUNK = 250;

/** True when the database has no users and no content records yet. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const user = await db.selectFrom('app_user').select('id').limit(1).executeTakeFirst();
  if (user) return false;
  const record = await db.selectFrom('content_record').select('id').limit(1).executeTakeFirst();
  return record === undefined;
}

interface UserSeed {
  name: string;
  designation: string;
  description: string;
  type: string;
  gender: DemoGender;
  dob: string;
  address: string;
  contact: string;
  email: string;
  status: 'active' | 'pending';
  createdAt: string;
  photo: string;
}

/**
 * Fills an empty database with the demo school and answers the demo log-ins. Pictures are drawn
 * into the file store's `demo/` folder first; then every row is written in one transaction, so a failure
 * leaves the database empty. A database that already has users or content is left alone (the
 * answer is then empty).
 */
export async function seedDemoSchool(
  db: Db,
  files: FileStore,
  options: { today?: Date } = {},
): Promise<DemoLogin[]> {
  if (!(await isDatabaseEmpty(db))) return [];
  const now = options.today ?? new Date();
  // The school's day, not UTC's: on a New York evening UTC is already tomorrow, and the school's
  // today must stay unrecorded (no attendance taken yet), as on any other hour.
  const today = Math.min(startOfUtcDay(now), Date.parse(dateInZone(now, demoSettings().timeZone)));
  const plan = planSchool(today);
  const [, hashes, momentPhotos] = await Promise.all([
    writeDemoPictures(files),
    hashAll(plan.users.length),
    writeDemoMomentPhotos(files),
  ]);

  const seeded = await db.transaction().execute(async (trx) => {
    if (!(await isDatabaseEmpty(trx))) return false;
    // Before the school: its exams belong to the year's terms.
    const firstTerm = await writeDemoSchoolYear(trx, today, new Date(addDays(today, -120)).toISOString());
    await writeSchool(trx, plan, hashes, today);
    await writeContent(trx, demoContent());
    await writeSettings(trx, demoSettings());
    await writeDemoCare(trx, today, demoSettings().timeZone, now);
    await writeDemoNewsletter(trx, today);
    await writeDemoFees(trx, today, demoSettings().currency, firstTerm);
    await writeDemoMoments(trx, momentPhotos, today, demoSettings().timeZone, now);
    // After the care details and registers, which it follows (docs/decisions/0078-the-daily-log.md).
    await writeDemoDayLog(trx, today, demoSettings().timeZone, now);
    // Messages between home and school (docs/decisions/0080-conversations.md).
    await writeDemoConversations(trx, today, demoSettings().timeZone, now);
    await writeDemoAlerts(trx);
    // The school calendar (docs/decisions/0086-the-school-calendar.md).
    await writeDemoCalendar(trx, demoSettings().timeZone, now);
    // Forms and permission slips (docs/decisions/0099-forms-and-permission-slips.md).
    await writeDemoSchoolForms(trx, demoSettings().timeZone, now);
    // Nursery families on the admissions board (docs/decisions/0105-the-admissions-board.md).
    await writeDemoAdmissions(trx, demoSettings().timeZone, now);
    // Class 2's report cards of the first term, published (docs/decisions/0090-report-cards.md).
    await writeDemoReportCards(
      trx,
      firstTerm.id,
      new Date(addDays(today, -2) + 14 * 3_600_000).toISOString(),
    );
    return true;
  });
  return seeded ? plan.logins : [];
}

// ---------------------------------------------------------------- planning (no database)

interface SchoolPlan {
  users: UserSeed[];
  /** Pupil email -> class name. */
  classOf: Map<string, string>;
  lessons: ReturnType<typeof planTimetable>;
  logins: DemoLogin[];
}

function planSchool(today: number): SchoolPlan {
  const rng = createRandom(SEED);
  const termStart = addDays(today, -120);
  const at = (ms: number, hour: number) => new Date(ms + hour * 3_600_000).toISOString();
  const address = () => `${rng.int(2, 98)} ${rng.pick(STREETS)}, Greenfield`;
  const phone = () => `+1 555 01${rng.int(10, 99)} ${rng.int(100, 999)}`;

  const student = PUPILS.find((p) => p.email === STUDENT_EMAIL);
  const teacher2 = TEACHERS[1];
  if (!student || !teacher2) throw new Error('The demo cast is incomplete');
  // teacher2@ must not teach the class of student@ (docs/contract/api.md#running-it).
  const lessons = planTimetable({ [teacher2.name]: [student.className] });

  const users: UserSeed[] = [];
  for (const staff of [PRINCIPAL, ...TEACHERS]) {
    users.push({
      name: staff.name,
      designation: staff.designation,
      description: staff.description,
      type: staff.type,
      gender: staff.gender,
      dob: dateOfBirth(today, staff.age, rng),
      address: address(),
      contact: phone(),
      email: staff.email,
      status: 'active',
      createdAt: at(termStart, -24 * 30 + 8),
      photo: staff.photo,
    });
  }
  const classOf = new Map<string, string>();
  let girls = 0;
  let boys = 0;
  const girlPhotos = PUPIL_PORTRAITS.filter((p) => p.gender === 'Female');
  const boyPhotos = PUPIL_PORTRAITS.filter((p) => p.gender !== 'Female');
  for (const pupil of PUPILS) {
    const email = pupil.email ?? emailFor(pupil.first, pupil.last);
    classOf.set(email, pupil.className);
    const portrait =
      pupil.gender === 'Female'
        ? girlPhotos[girls++ % girlPhotos.length]
        : boyPhotos[boys++ % boyPhotos.length];
    users.push({
      name: `${pupil.first} ${pupil.last}`,
      designation: `Pupil, ${pupil.className}`,
      description: rng.pick(PUPIL_TRAITS),
      type: USER_TYPE.student,
      gender: pupil.gender,
      dob: dateOfBirth(today, CLASS_AGES[pupil.className], rng),
      address: address(),
      contact: phone(),
      email,
      status: 'active',
      createdAt: at(termStart, 8),
      photo: portrait?.photo ?? 'pupil-1.webp',
    });
  }
  APPLICANTS.forEach((applicant, index) => {
    users.push({
      name: applicant.name,
      designation: applicant.designation,
      description: applicant.description,
      type: applicant.type,
      gender: applicant.gender,
      dob: dateOfBirth(today, applicant.age, rng),
      address: address(),
      contact: phone(),
      email: applicant.email,
      status: 'pending',
      createdAt: at(addDays(today, -1 - index), 17),
      photo: applicant.photo,
    });
  });
  // Last, so the random draws of everyone before stay as they were.
  users.push({
    name: GUARDIAN.name,
    designation: GUARDIAN.designation,
    description: GUARDIAN.description,
    type: USER_TYPE.parent,
    gender: GUARDIAN.gender,
    dob: dateOfBirth(today, GUARDIAN.age, rng),
    address: address(),
    contact: phone(),
    email: GUARDIAN.email,
    status: 'active',
    createdAt: at(termStart, 18),
    photo: GUARDIAN.photo,
  });

  const teacher1 = TEACHERS[0];
  const student2 = PUPILS.find((p) => p.email === STUDENT2_EMAIL);
  if (!teacher1 || !student2) throw new Error('The demo cast is incomplete');
  const classesOf = (name: string) =>
    CLASS_NAMES.filter((c) => lessons.some((l) => l.teacher === name && l.className === c));
  const teacher1Classes = classesOf(teacher1.name);
  const teacher2Classes = classesOf(teacher2.name);
  if (teacher1Classes.length < 2 || !teacher1Classes.includes(student.className))
    throw new Error('teacher@ must teach at least two classes, student@’s among them');
  if (teacher2Classes.includes(student.className))
    throw new Error('teacher2@ must not teach student@’s class');
  if (student2.className === student.className) throw new Error('student2@ must be in another class');

  const logins: DemoLogin[] = [
    {
      email: PRINCIPAL.email,
      password: DEMO_PASSWORD,
      type: USER_TYPE.principal,
      note: `${PRINCIPAL.name}, the principal: every class, approvals (2 waiting) and the site's content`,
    },
    {
      email: teacher1.email,
      password: DEMO_PASSWORD,
      type: USER_TYPE.teacher,
      note: `${teacher1.name} (${teacher1.designation}): teaches ${teacher1Classes.join(', ')}; class teacher of ${student.className}`,
    },
    {
      email: teacher2.email,
      password: DEMO_PASSWORD,
      type: USER_TYPE.teacher,
      note: `${teacher2.name} (${teacher2.designation}): teaches ${teacher2Classes.join(', ')}, not ${student.className}`,
    },
    {
      email: STUDENT_EMAIL,
      password: DEMO_PASSWORD,
      type: USER_TYPE.student,
      note: `${student.first} ${student.last}, pupil in ${student.className}`,
    },
    {
      email: STUDENT2_EMAIL,
      password: DEMO_PASSWORD,
      type: USER_TYPE.student,
      note: `${student2.first} ${student2.last}, pupil in ${student2.className}`,
    },
    {
      email: GUARDIAN.email,
      password: DEMO_PASSWORD,
      type: USER_TYPE.parent,
      note: `${GUARDIAN.name}, parent of ${GUARDIAN.children
        .map((email) => {
          const child = PUPILS.find((p) => (p.email ?? emailFor(p.first, p.last)) === email);
          return child ? `${child.first} (${child.className})` : email;
        })
        .join(' and ')}`,
    },
  ];
  return { users, classOf, lessons, logins };
}

/** One argon2id hash per user (each with its own salt), a few at a time. */
async function hashAll(count: number): Promise<string[]> {
  const hashes: string[] = [];
  for (let i = 0; i < count; i += HASH_BATCH) {
    const batch = Math.min(HASH_BATCH, count - i);
    hashes.push(...(await Promise.all(Array.from({ length: batch }, () => hashPassword(DEMO_PASSWORD)))));
  }
  return hashes;
}

// ---------------------------------------------------------------- writing

async function insertMany<T extends keyof Database & string>(
  trx: Db,
  table: T,
  rows: InsertObject<Database, T>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + INSERT_CHUNK))
      .execute();
  }
}

function required<K, V>(map: Map<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Demo data: unknown ${what} ${String(key)}`);
  return value;
}

async function writeSchool(trx: Db, plan: SchoolPlan, hashes: string[], today: number): Promise<void> {
  const rng = createRandom(SEED + 1);
  const termStart = addDays(today, -120);
  const nowish = new Date(addDays(today, -1) + 15 * 3_600_000).toISOString();

  await trx
    .insertInto('setting')
    .values({ key: 'pass_mark', value: String(DEFAULT_PASS_MARK) })
    .execute();

  const classes = await trx
    .insertInto('school_class')
    .values(CLASS_NAMES.map((name) => ({ name, name_key: nameKeyOf(name) })))
    .returning(['id', 'name'])
    .execute();
  const classId = new Map(classes.map((c) => [c.name, c.id]));
  // Each class moves up into the next at the end of the year; the last one leaves
  // (docs/decisions/0091-the-year-rollover.md), so the principal can preview a rollover at once.
  await trx
    .insertInto('class_progression')
    .values(
      CLASS_NAMES.map((name, index) => {
        const next = CLASS_NAMES[index + 1];
        return {
          class_id: classId.get(name) as number,
          next_class_id: next ? (classId.get(next) as number) : null,
        };
      }),
    )
    .execute();
  // Every class takes admissions, with its seats in the current year (the demo keeps no next year).
  const year = await trx
    .selectFrom('school_year')
    .select('id')
    .where('is_current', '=', 1)
    .executeTakeFirstOrThrow();
  await trx.updateTable('school_class').set({ takes_admissions: 1 }).execute();
  await trx
    .insertInto('class_capacity')
    .values(
      CLASS_NAMES.map((name) => ({
        class_id: classId.get(name) as number,
        year_id: year.id,
        seats: DEMO_SEATS[name],
      })),
    )
    .execute();
  const subjects = await trx
    .insertInto('subject')
    .values(SUBJECT_NAMES.map((name) => ({ name, name_key: nameKeyOf(name) })))
    .returning(['id', 'name'])
    .execute();
  const subjectId = new Map(subjects.map((s) => [s.name, s.id]));
  const slots = await trx
    .insertInto('time_slot')
    .values(
      TIME_SLOT_LABELS.map((label, index) => ({ label, name_key: nameKeyOf(label), position: index + 1 })),
    )
    .returning(['id', 'position'])
    .execute();
  const slotId = new Map(slots.map((s) => [s.position - 1, s.id]));

  const users = await trx
    .insertInto('app_user')
    .values(
      plan.users.map((u, index) => ({
        name: u.name,
        designation: u.designation,
        description: u.description,
        type: u.type,
        gender: u.gender,
        dob: u.dob,
        address: u.address,
        contact: u.contact,
        email: u.email,
        email_key: u.email.toLowerCase(),
        password_hash: hashes[index] ?? '',
        social_link: '',
        status: u.status,
        created_at: u.createdAt,
        updated_at: u.createdAt,
      })),
    )
    .returning(['id', 'email_key', 'name'])
    .execute();
  const userId = new Map(users.map((u) => [u.email_key, u.id]));
  const userByName = new Map(users.map((u) => [u.name, u.id]));
  await insertMany(
    trx,
    'user_photo',
    plan.users.map((u) => ({
      user_id: required(userId, u.email.toLowerCase(), 'user'),
      position: 0,
      image: demoImage(u.photo),
    })),
  );

  // Pupils: one open enrolment each.
  const pupils = [...plan.classOf.entries()].map(([email, className]) => ({
    email,
    id: required(userId, email, 'pupil'),
    classId: required(classId, className, 'class'),
    className,
  }));
  await insertMany(
    trx,
    'enrolment',
    pupils.map((p) => ({
      student_id: p.id,
      class_id: p.classId,
      started_on: isoDay(termStart),
      ended_on: null,
    })),
  );

  // Timetable: every lesson on every school day, Monday (1) to Saturday (6).
  const assignments = await trx
    .insertInto('class_assignment')
    .values(
      plan.lessons.map((l) => ({
        teacher_id: required(userByName, l.teacher, 'teacher'),
        class_id: required(classId, l.className, 'class'),
        subject_id: required(subjectId, l.subject, 'subject'),
        time_slot_id: required(slotId, l.slot, 'time slot'),
        created_at: new Date(termStart + 7 * 3_600_000).toISOString(),
      })),
    )
    .returning(['id', 'teacher_id', 'class_id', 'subject_id', 'time_slot_id'])
    .execute();
  await insertMany(
    trx,
    'assignment_day',
    assignments.flatMap((a) =>
      [1, 2, 3, 4, 5, 6].map((day) => ({
        assignment_id: a.id,
        day,
        teacher_id: a.teacher_id,
        class_id: a.class_id,
        time_slot_id: a.time_slot_id,
      })),
    ),
  );
  const teacherOf = new Map(assignments.map((a) => [`${a.class_id}:${a.subject_id}`, a.teacher_id]));

  // Exams (docs/decisions/0087-released-marks.md), each in its term: one per class and subject, one
  // subject a day, starting two weeks from today (not released, no marks yet); and the term tests
  // of ten days ago, released, which hold the marks. student@'s class also has a second test in
  // its first subject, marked three days ago and not released yet. Both tests lie in the term the
  // results open on (a day before it moves to its first day, after it to its last).
  const terms = await trx.selectFrom('school_term').select(['id', 'first_day', 'last_day']).execute();
  const examDays = schoolDaysFrom(today, 14, SUBJECT_NAMES.length);
  await insertMany(
    trx,
    'exam',
    CLASS_NAMES.flatMap((className) =>
      SUBJECT_NAMES.map((subject, index) => {
        const day = examDays[index] ?? isoDay(addDays(today, 14 + index));
        return {
          class_id: required(classId, className, 'class'),
          subject_id: required(subjectId, subject, 'subject'),
          exam_date: day,
          time: className === 'Nursery' || className === 'KG' ? '09:00 - 10:00' : '09:00 - 11:00',
          created_at: nowish,
          term_id: demoTermOf(terms, day)?.id ?? null,
        };
      }),
    ),
  );
  const marksUpdated = new Date(addDays(today, -10) + 14 * 3_600_000).toISOString();
  const testDay = inShownTerm(terms, isoDay(addDays(today, -10)), isoDay(today));
  const testTime = '10:00 - 11:00';
  const tests = await trx
    .insertInto('exam')
    .values(
      CLASS_NAMES.flatMap((className) =>
        SUBJECT_NAMES.map((subject) => {
          const class_id = required(classId, className, 'class');
          const subject_id = required(subjectId, subject, 'subject');
          return {
            class_id,
            subject_id,
            exam_date: testDay.day,
            time: testTime,
            created_at: nowish,
            term_id: testDay.termId,
            released_at: marksUpdated,
            released_by: teacherOf.get(`${class_id}:${subject_id}`) ?? null,
          };
        }),
      ),
    )
    .returning(['id', 'class_id', 'subject_id'])
    .execute();
  const testOf = new Map(tests.map((x) => [`${x.class_id}:${x.subject_id}`, x.id]));

  // Marks: a planned division per pupil, so every division shows up (each is planned for at least
  // five pupils; the two demo pupils are set to First and Second Division).
  const divisions = rng.shuffle(DIVISION_PLAN);
  const markRows: InsertObject<Database, 'mark'>[] = [];
  pupils.forEach((pupil, index) => {
    let division = divisions[index % divisions.length] ?? 'Second Division';
    if (pupil.email === STUDENT_EMAIL) division = 'First Division';
    if (pupil.email === STUDENT2_EMAIL) division = 'Second Division';
    const marks = marksForDivision(division, rng);
    SUBJECT_NAMES.forEach((subject, s) => {
      const subject_id = required(subjectId, subject, 'subject');
      markRows.push({
        student_id: pupil.id,
        class_id: pupil.classId,
        subject_id,
        exam_id: required(testOf, `${pupil.classId}:${subject_id}`, 'exam'),
        marks: marks[s] ?? 0,
        updated_by: teacherOf.get(`${pupil.classId}:${subject_id}`) ?? null,
        updated_at: marksUpdated,
      });
    });
  });
  await insertMany(trx, 'mark', markRows);
  await writeUnreleasedTest(trx, {
    pupils: pupils.filter((p) => p.className === required(plan.classOf, STUDENT_EMAIL, 'pupil')),
    subjectId: required(subjectId, SUBJECT_NAMES[0] as string, 'subject'),
    day: inShownTerm(terms, isoDay(addDays(today, -3)), isoDay(today)),
    teacherOf,
    at: new Date(addDays(today, -3) + 15 * 3_600_000).toISOString(),
  });

  // Attendance: the last 30 school days, recorded by the class teacher.
  const days = schoolDaysBefore(today, DEMO_ATTENDANCE_DAYS);
  const attendance: InsertObject<Database, 'attendance'>[] = [];
  for (const pupil of pupils) {
    const rate = pupil.email === STUDENT_EMAIL ? 0.02 : rng.range(0.01, 0.06);
    const recorder = required(
      userByName,
      CLASS_TEACHER[pupil.className as keyof typeof CLASS_TEACHER],
      'teacher',
    );
    for (const day of days) {
      const mark = attendanceFor(rng, rate);
      attendance.push({
        student_id: pupil.id,
        class_id: pupil.classId,
        att_date: day,
        status: mark.status,
        description: mark.description,
        recorded_by: recorder,
        updated_at: `${day}T09:05:00.000Z`,
      });
    }
  }
  await insertMany(trx, 'attendance', attendance);

  // Notifications: to a class, to one pupil, or to everyone.
  const id = (email: string) => required(userId, email, 'user');
  const byName = (name: string) => required(userByName, name, 'user');
  const ago = (days: number, hour: number) =>
    new Date(addDays(today, -days) + hour * 3_600_000).toISOString();
  const [amara, daniel, priya, hannah] = TEACHERS;
  if (!amara || !daniel || !priya || !hannah) throw new Error('The demo needs four teachers');
  const cls = (name: string) => required(classId, name, 'class');
  const notifications: Omit<InsertObject<Database, 'notification'>, 'sent_on' | 'year_id'>[] = [
    {
      sender_id: id(PRINCIPAL.email),
      class_id: null,
      student_id: null,
      body: 'Sports Day is coming soon! Please send your child in trainers and a sun hat, and join us for the family race at 11:00.',
      created_at: ago(9, 9),
    },
    {
      sender_id: id(amara.email),
      class_id: cls('KG'),
      student_id: null,
      body: 'Dear KG families, we visit the town library on Thursday. Please pack a lunch and a water bottle, and return the signed permission slip by Wednesday.',
      created_at: ago(2, 10),
    },
    {
      sender_id: id(amara.email),
      class_id: null,
      student_id: id(STUDENT_EMAIL),
      body: 'Well done, Aisha! Your story about the lost kite was the best in class this week. Please read it to your family tonight.',
      created_at: ago(1, 14),
    },
    {
      sender_id: id(priya.email),
      class_id: cls('Class 1'),
      student_id: null,
      body: 'Science week starts on Monday. Please help your child collect three different leaves from a garden or a park.',
      created_at: ago(4, 11),
    },
    {
      sender_id: id(priya.email),
      class_id: null,
      student_id: id(STUDENT2_EMAIL),
      body: 'Leo, please remember to bring back your library book by Friday so you can choose a new one.',
      created_at: ago(3, 13),
    },
    {
      sender_id: id(hannah.email),
      class_id: cls('Nursery'),
      student_id: null,
      body: 'We are painting with our hands this week! Please put a spare set of clothes in your child’s bag.',
      created_at: ago(5, 8),
    },
    {
      sender_id: id(daniel.email),
      class_id: cls('Class 2'),
      student_id: null,
      body: 'Mathematics homework: practise the 2, 5 and 10 times tables for ten minutes each evening. Dice games count too!',
      created_at: ago(6, 15),
    },
    {
      sender_id: id(PRINCIPAL.email),
      class_id: null,
      student_id: byName('Sofia Mendoza'),
      body: 'Congratulations, Sofia, on winning the spring drawing competition! Your painting will hang in the school hall.',
      created_at: ago(7, 12),
    },
    {
      sender_id: id(PRINCIPAL.email),
      class_id: null,
      student_id: null,
      body: 'Parent-teacher meetings are on Saturday morning. Please book a ten-minute slot with the school office.',
      created_at: ago(0, 7),
    },
  ];
  // Each in the current year, on its school day (docs/decisions/0095-past-sight.md).
  const noticeYear = await trx
    .selectFrom('school_year')
    .select('id')
    .where('is_current', '=', 1)
    .executeTakeFirst();
  await insertMany(
    trx,
    'notification',
    notifications.map((note) => ({
      ...note,
      sent_on: dateInZone(new Date(String(note.created_at)), demoSettings().timeZone),
      year_id: noticeYear?.id ?? null,
    })),
  );

  // Families (docs/decisions/0021-families.md): the demo parent's children, and the child the
  // waiting parent named, with the date of birth of the pupil it matches.
  await insertMany(
    trx,
    'guardian',
    GUARDIAN.children.map((email) => ({
      parent_id: id(GUARDIAN.email),
      student_id: id(email),
      relationship: GUARDIAN.relationship,
      created_at: new Date(termStart + 18 * 3_600_000).toISOString(),
    })),
  );
  await insertMany(
    trx,
    'child_suggestion',
    Object.entries(APPLICANT_CHILDREN).flatMap(([parentEmail, children]) =>
      children.map((child, position) => {
        const pupil = plan.users.find((u) => u.email === child.pupilEmail);
        if (!pupil) throw new Error(`Demo data: unknown pupil ${child.pupilEmail}`);
        return { parent_id: id(parentEmail), position, name: pupil.name, dob: pupil.dob };
      }),
    ),
  );
}

async function writeContent(trx: Db, content: DemoContent): Promise<void> {
  const translations = Object.entries(demoContentTranslations()) as [Locale, DemoTranslations][];
  for (const collection of CONTENT_COLLECTION_NAMES) {
    await writeCollection(trx, collection, content, translations);
  }
}

/** A collection's records in order, each with its text in the demo's other languages. */
async function writeCollection<C extends ContentCollection>(
  trx: Db,
  collection: C,
  content: DemoContent,
  translations: [Locale, DemoTranslations][],
) {
  const records = content[collection];
  // A class card names the class of its title (docs/decisions/0101-seats-that-mean-something.md).
  const classes = await trx.selectFrom('school_class').select(['id', 'name']).execute();
  const classOf = new Map(classes.map((row) => [row.name, String(row.id)]));
  for (const [position, record] of records.entries()) {
    const fields =
      collection === 'kidsclasses'
        ? {
            ...record.fields,
            classId: classOf.get((record.fields as ContentFields<'kidsclasses'>).title) ?? '',
          }
        : record.fields;
    const id = await insertContentRecord(trx, collection, fields, record.images, position);
    for (const [language, byCollection] of translations) {
      const fields = byCollection[collection]?.[position];
      if (fields) await writeContentTranslation(trx, collection, id, language, fields);
    }
  }
}
