import type { Db } from '../src/server/db/connect.js';
import { seedDemoSchool } from '../src/server/demo/index.js';
import { hashPassword } from '../src/server/features/auth/password.js';
import { nameKeyOf } from '../src/server/features/catalog/name-key.js';
import { DiskFileStore } from '../src/server/lib/file-store/disk-file-store.js';
import { nowIso } from '../src/server/lib/time.js';

/**
 * A large school for the benchmark: the demo school (content, demo log-ins) plus enough classes and
 * pupils to reach 2,000 pupils in 60 classes, a timetable without clashes, six subjects of marks
 * and a school year (200 school days) of attendance for every new pupil.
 */
export const LARGE = { classes: 60, pupils: 2000, schoolDays: 200, teachers: 120 } as const;
export const BENCH_PASSWORD = 'bench12345';
export const BENCH_TEACHER = 'bench.teacher@bench.school';
export const BENCH_STUDENT = 'bench.student@bench.school';

const BATCH = 500;

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

function schoolDaysBefore(today: Date, count: number): string[] {
  const days: string[] = [];
  const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  while (days.length < count) {
    day.setUTCDate(day.getUTCDate() - 1);
    if (day.getUTCDay() !== 0) days.push(day.toISOString().slice(0, 10));
  }
  return days;
}

const DESIGNATION: Record<string, string> = { Teacher: 'Class Teacher', Student: 'Pupil', Parent: 'Parent' };

/** An active account of the large school, all with the same password hash. */
export function benchUser(
  who: { name: string; email: string; type: string; dob: string },
  passwordHash: string,
  now: string,
) {
  return {
    ...who,
    designation: DESIGNATION[who.type] ?? who.type,
    description: '',
    gender: 'Other',
    address: '1 Bench Road',
    contact: '000',
    email_key: who.email,
    password_hash: passwordHash,
    social_link: '',
    status: 'active',
    created_at: now,
    updated_at: now,
  };
}

export async function seedLargeSchool(db: Db, uploadsDir: string, today = new Date()): Promise<void> {
  await seedDemoSchool(db, new DiskFileStore(uploadsDir), { today });
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const now = nowIso();
  const existingClasses = await db.selectFrom('school_class').select('id').execute();
  const existingPupils = await db.selectFrom('app_user').select('id').where('type', '=', 'Student').execute();
  const subjects = await db.selectFrom('subject').select('id').orderBy('id').execute();
  const slots = await db.selectFrom('time_slot').select('id').orderBy('position').execute();
  const newClassCount = LARGE.classes - existingClasses.length;
  const newPupilCount = LARGE.pupils - existingPupils.length;

  await db.transaction().execute(async (trx) => {
    const classIds: number[] = [];
    for (let c = 0; c < newClassCount; c++) {
      const row = await trx
        .insertInto('school_class')
        .values({ name: `Bench Class ${c + 1}`, name_key: nameKeyOf(`Bench Class ${c + 1}`) })
        .returning('id')
        .executeTakeFirstOrThrow();
      classIds.push(row.id);
    }

    const person = (name: string, email: string, type: string, dob: string) =>
      benchUser({ name, email, type, dob }, passwordHash, now);
    const teacherIds: number[] = [];
    const teachers = Array.from({ length: LARGE.teachers }, (_, t) =>
      person(
        `Bench Teacher ${t + 1}`,
        t === 0 ? BENCH_TEACHER : `bench.teacher${t + 1}@bench.school`,
        'Teacher',
        '1985-01-01',
      ),
    );
    await insertInBatches(teachers, async (batch) => {
      const rows = await trx.insertInto('app_user').values(batch).returning('id').execute();
      teacherIds.push(...rows.map((r) => r.id));
    });
    const pupilIds: number[] = [];
    const pupils = Array.from({ length: newPupilCount }, (_, p) =>
      person(
        `Bench Pupil ${p + 1}`,
        p === 0 ? BENCH_STUDENT : `bench.pupil${p + 1}@bench.school`,
        'Student',
        '2018-05-05',
      ),
    );
    await insertInBatches(pupils, async (batch) => {
      const rows = await trx.insertInto('app_user').values(batch).returning('id').execute();
      pupilIds.push(...rows.map((r) => r.id));
    });
    const classOf = (pupilIndex: number) => classIds[pupilIndex % classIds.length] as number;
    await insertInBatches(
      pupilIds.map((id, i) => ({
        student_id: id,
        class_id: classOf(i),
        started_on: '2026-09-01',
        ended_on: null,
      })),
      (batch) => trx.insertInto('enrolment').values(batch).execute(),
    );

    // Class c, subject s: teacher (c*6+s) % T at slot (s+c) % 6. With T = 120 a teacher's three
    // lessons are 20 classes apart, so their slots differ (c+20 and c+40 shift the slot by 2 and 4).
    const assignments: { teacher: number; classId: number; subject: number; slot: number }[] = [];
    classIds.forEach((classId, c) => {
      subjects.forEach((subject, s) => {
        assignments.push({
          teacher: teacherIds[(c * 6 + s) % LARGE.teachers] as number,
          classId,
          subject: subject.id,
          slot: (slots[(s + c) % slots.length] as { id: number }).id,
        });
      });
    });
    for (const a of assignments) {
      const row = await trx
        .insertInto('class_assignment')
        .values({
          teacher_id: a.teacher,
          class_id: a.classId,
          subject_id: a.subject,
          time_slot_id: a.slot,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('assignment_day')
        .values(
          [1, 2, 3, 4, 5, 6].map((day) => ({
            assignment_id: row.id,
            day,
            teacher_id: a.teacher,
            class_id: a.classId,
            time_slot_id: a.slot,
          })),
        )
        .execute();
    }

    // One released test per class and subject holds its marks (docs/decisions/0087-released-marks.md).
    const testDay = schoolDaysBefore(today, 10).at(-1) as string;
    const term = await trx
      .selectFrom('school_term')
      .select('id')
      .where('first_day', '<=', testDay)
      .where('last_day', '>=', testDay)
      .executeTakeFirst();
    const tests = await trx
      .insertInto('exam')
      .values(
        classIds.flatMap((classId) =>
          subjects.map((subject) => ({
            class_id: classId,
            subject_id: subject.id,
            exam_date: testDay,
            time: '10:00 - 11:00',
            created_at: now,
            term_id: term?.id ?? null,
            released_at: now,
          })),
        ),
      )
      .returning(['id', 'class_id', 'subject_id'])
      .execute();
    const testOf = new Map(tests.map((x) => [`${x.class_id}:${x.subject_id}`, x.id]));
    const marks = pupilIds.flatMap((id, i) =>
      subjects.map((subject, s) => ({
        student_id: id,
        class_id: classOf(i),
        subject_id: subject.id,
        exam_id: testOf.get(`${classOf(i)}:${subject.id}`) as number,
        marks: (i * 7 + s * 13) % 101,
        updated_by: null,
        updated_at: now,
      })),
    );
    await insertInBatches(marks, (batch) => trx.insertInto('mark').values(batch).execute());

    const days = schoolDaysBefore(today, LARGE.schoolDays);
    for (const day of days) {
      const rows = pupilIds.map((id, i) => ({
        student_id: id,
        class_id: classOf(i),
        att_date: day,
        status: (i + day.charCodeAt(9)) % 17 === 0 ? 2 : 1,
        description: '',
        recorded_by: null,
        updated_at: now,
      }));
      await insertInBatches(rows, (batch) => trx.insertInto('attendance').values(batch).execute());
    }
  });
}
