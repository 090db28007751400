import { beforeAll, describe, expect, it } from 'vitest';
import {
  AssignedClassAnswerSchema,
  AssignedStudentAnswerSchema,
  ClassesAnswerSchema,
  ClassScheduleAnswerSchema,
  ClassStudentAnswerSchema,
  CreateStudentClassAnswerSchema,
  ScheduleAnswerSchema,
  StudentClassAnswerSchema,
  SubjectsAnswerSchema,
  TimeSlotsAnswerSchema,
} from '../../../shared/api/school.js';
import { SCHOOL_DAYS, USER_TYPE } from '../../../shared/constants.js';
import { HttpError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { type Caller, callAs, withDemoSchool } from '../../test/school-fixtures.js';
import { insertAssignment } from './timetable.repository.js';

describe.each(TEST_ENGINES)('classes, assignments and timetables on %s', (engine) => {
  const { t, f } = withDemoSchool(engine);

  const get = (url: string, caller?: Caller) => callAs(t.app, f, caller, { method: 'GET', url });
  const post = (url: string, payload: unknown, caller?: Caller) =>
    callAs(t.app, f, caller, { method: 'POST', url, payload: payload as object });

  /** Class ids the teacher has an assignment in, straight from the table. */
  const classesTaughtBy = async (teacherId: number) =>
    [
      ...new Set(
        (
          await t.db
            .selectFrom('class_assignment')
            .select('class_id')
            .where('teacher_id', '=', teacherId)
            .execute()
        ).map((r) => r.class_id),
      ),
    ].sort((a, b) => a - b);

  const countAssignments = async () =>
    Number(
      (
        await t.db
          .selectFrom('class_assignment')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('GET classes, subject, time', () => {
    it('answer every class, subject and time slot in the contract’s shape to every school type', async () => {
      for (const caller of ['student', 'teacher', 'principal'] as const) {
        const classes = await get('/api/classes', caller);
        expect(classes.statusCode).toBe(200);
        expect(ClassesAnswerSchema.parse(classes.json()).result.map((c) => c.classes)).toEqual([
          'Nursery',
          'KG',
          'Class 1',
          'Class 2',
        ]);
        const subjects = SubjectsAnswerSchema.parse((await get('/api/subject', caller)).json());
        expect(subjects.data.map((s) => s.sub_name)).toContain('Mathematics');
        expect(subjects.data).toHaveLength(6);
        const slots = TimeSlotsAnswerSchema.parse((await get('/api/time', caller)).json());
        expect(slots.data.map((s) => s.id)).toEqual(f.slots);
        expect(slots.data[0]?.time).toBe('08:00 - 08:45');
      }
    });

    it('refuse callers without a token (401) and types without a dashboard (403); a parent reads them', async () => {
      for (const url of ['/api/classes', '/api/subject', '/api/time']) {
        expect((await get(url)).statusCode).toBe(401);
        const director = await get(url, 'director');
        expect(director.statusCode).toBe(403);
        expect(director.json().error.code).toBe('FORBIDDEN');
        expect((await get(url, 'parent')).statusCode).toBe(200);
      }
    });
  });

  describe('GET studentclass', () => {
    it('a pupil sees every assignment of their own class, a teacher their own, the principal all', async () => {
      const student = StudentClassAnswerSchema.parse((await get('/api/studentclass', 'student')).json()).data;
      expect(student).toHaveLength(6);
      expect(new Set(student.map((r) => r.class_name))).toEqual(new Set(['KG']));

      const teacher = StudentClassAnswerSchema.parse((await get('/api/studentclass', 'teacher')).json()).data;
      const own = await t.db
        .selectFrom('class_assignment')
        .select('id')
        .where('teacher_id', '=', f.users.teacher)
        .execute();
      expect(teacher.map((r) => r.id).sort((a, b) => a - b)).toEqual(
        own.map((r) => r.id).sort((a, b) => a - b),
      );
      expect(new Set(teacher.map((r) => r.Teacher))).toEqual(new Set(['Amara Okafor']));

      const all = StudentClassAnswerSchema.parse((await get('/api/studentclass', 'principal')).json()).data;
      expect(all).toHaveLength(await countAssignments());
      expect(all[0]).toEqual({
        id: expect.any(Number),
        Teacher: expect.any(String),
        class_name: 'Nursery',
        subject_name: expect.any(String),
        time: '08:00 - 08:45',
      });
    });

    it('a parent sees the assignments of their children’s classes only', async () => {
      const rows = StudentClassAnswerSchema.parse((await get('/api/studentclass', 'parent')).json()).data;
      expect(rows).toHaveLength(12);
      expect(new Set(rows.map((r) => r.class_name))).toEqual(new Set(['KG', 'Class 2']));
    });

    it('is 401 without a token and 403 for a type without a dashboard', async () => {
      expect((await get('/api/studentclass')).statusCode).toBe(401);
      expect((await get('/api/studentclass', 'director')).statusCode).toBe(403);
    });
  });

  describe('POST studentclass', () => {
    let lateSlot: number;
    let eveningSlot: number;
    beforeAll(async () => {
      // Every demo class is busy in every slot of the day: new slots make room.
      const rows = await t.db
        .insertInto('time_slot')
        .values([
          { label: '14:00 - 14:45', name_key: '14:00 - 14:45', position: 7 },
          { label: '15:00 - 15:45', name_key: '15:00 - 15:45', position: 8 },
        ])
        .returning('id')
        .execute();
      [lateSlot, eveningSlot] = rows.map((r) => r.id) as [number, number];
    });

    const body = (overrides: Record<string, unknown> = {}) => ({
      teacherid: f.users.teacher,
      classesid: f.classes.KG,
      subjectid: f.subjects.English,
      timeid: lateSlot,
      ...overrides,
    });

    it('the principal adds an assignment for Monday to Saturday and gets the new row', async () => {
      const res = await post('/api/studentclass', body(), 'principal');
      expect(res.statusCode).toBe(200);
      const { data } = CreateStudentClassAnswerSchema.parse(res.json());
      expect(data).toEqual({
        id: expect.any(Number),
        Teacher: 'Amara Okafor',
        class_name: 'KG',
        subject_name: 'English',
        time: '14:00 - 14:45',
      });
      const days = await t.db
        .selectFrom('assignment_day')
        .select(['day', 'teacher_id', 'class_id', 'time_slot_id'])
        .where('assignment_id', '=', data.id)
        .orderBy('day')
        .execute();
      expect(days.map((d) => d.day)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(new Set(days.map((d) => `${d.teacher_id}/${d.class_id}/${d.time_slot_id}`))).toEqual(
        new Set([`${f.users.teacher}/${f.classes.KG}/${lateSlot}`]),
      );
      const week = ClassScheduleAnswerSchema.parse(
        (await get(`/api/schedule/${f.classes.KG}`, 'student')).json(),
      );
      expect(week.data.filter((s) => s.time === '14:00 - 14:45').map((s) => s.day)).toEqual([...SCHOOL_DAYS]);
    });

    it('a teacher already busy at that time: 409 SCHEDULE_CLASH naming the teacher and the days; nothing stored', async () => {
      const before = await countAssignments();
      const res = await post('/api/studentclass', body({ classesid: f.classes['Class 1'] }), 'principal');
      expect(res.statusCode).toBe(409);
      const { error } = res.json();
      expect(error.code).toBe('SCHEDULE_CLASH');
      expect(error.message).toBe(
        'Amara Okafor already teaches English in KG at 14:00 - 14:45 on Monday, Tuesday, Wednesday, Thursday, Friday and Saturday.',
      );
      expect(error.details).toHaveLength(6);
      expect(error.details[0]).toMatchObject({ day: 'Monday', busy: 'teacher', className: 'KG' });
      expect(await countAssignments()).toBe(before);
    });

    it('a class already busy at that time on one of the days: 409 naming the class and that day', async () => {
      const before = await countAssignments();
      const res = await post(
        '/api/studentclass',
        body({ teacherid: f.users.teacher2, subjectid: f.subjects.Mathematics, days: ['Saturday'] }),
        'principal',
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'SCHEDULE_CLASH',
        message: 'KG already has English with Amara Okafor at 14:00 - 14:45 on Saturday.',
      });
      expect(await countAssignments()).toBe(before);
    });

    it('chosen days only: lessons on different days of one slot do not clash', async () => {
      const monday = await post(
        '/api/studentclass',
        body({
          teacherid: f.users.teacher2,
          classesid: f.classes['Class 1'],
          timeid: eveningSlot,
          days: ['Monday'],
        }),
        'principal',
      );
      expect(monday.statusCode).toBe(200);
      const tuesday = await post(
        '/api/studentclass',
        body({
          teacherid: f.users.teacher2,
          classesid: f.classes['Class 1'],
          subjectid: f.subjects.Mathematics,
          timeid: eveningSlot,
          days: ['Wednesday', 'Tuesday'],
        }),
        'principal',
      );
      expect(tuesday.statusCode).toBe(200);
      const days = await t.db
        .selectFrom('assignment_day')
        .select('day')
        .where('assignment_id', '=', tuesday.json().data.id)
        .orderBy('day')
        .execute();
      expect(days.map((d) => d.day)).toEqual([2, 3]);
      const again = await post(
        '/api/studentclass',
        body({
          teacherid: f.users.teacher2,
          classesid: f.classes.Nursery,
          timeid: eveningSlot,
          days: ['Wednesday'],
        }),
        'principal',
      );
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toContain('Daniel Whitfield already teaches Mathematics in Class 1');
      expect(again.json().error.message).toContain('on Wednesday.');
    });

    it('the unique indexes back the check: a clash that slips past it is a 409, not a 500, and nothing is stored', async () => {
      const before = await countAssignments();
      const teacherClash = insertAssignment(
        t.db,
        {
          teacherId: f.users.teacher,
          classId: f.classes.Nursery,
          subjectId: f.subjects.English,
          timeSlotId: lateSlot,
          days: [4],
        },
        nowIso(),
      );
      await expect(teacherClash).rejects.toBeInstanceOf(HttpError);
      await expect(teacherClash).rejects.toMatchObject({ statusCode: 409, code: 'SCHEDULE_CLASH' });
      await expect(teacherClash).rejects.toThrow(/timetable\.error\.teacherBusy/);
      const classClash = insertAssignment(
        t.db,
        {
          teacherId: f.users.principal,
          classId: f.classes.KG,
          subjectId: f.subjects.English,
          timeSlotId: lateSlot,
          days: [1],
        },
        nowIso(),
      );
      await expect(classClash).rejects.toMatchObject({ statusCode: 409, code: 'SCHEDULE_CLASH' });
      await expect(classClash).rejects.toThrow(/timetable\.error\.classBusy/);
      expect(await countAssignments()).toBe(before);
    });

    it('ids that name nothing usable: 400 with one detail per field', async () => {
      const res = await post(
        '/api/studentclass',
        body({ teacherid: f.users.student, classesid: 999_999, subjectid: 999_999, timeid: 999_999 }),
        'principal',
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(res.json().error.details.map((d: { field: string }) => d.field)).toEqual([
        'teacherid',
        'classesid',
        'subjectid',
        'timeid',
      ]);
    });

    it('a pending teacher cannot be given lessons', async () => {
      const pending = await t.db
        .selectFrom('app_user')
        .select('id')
        .where('type', '=', USER_TYPE.teacher)
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      const res = await post(
        '/api/studentclass',
        body({ teacherid: pending.id, timeid: eveningSlot }),
        'principal',
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([
        { field: 'teacherid', message: 'No active teacher has this id' },
      ]);
    });

    it.each([
      ['an empty body', {}],
      ['a text id', { teacherid: 'abc' }],
      ['a negative id', { classesid: -3 }],
      ['an id too large for the database', { timeid: 2 ** 31 }],
      ['Sunday', { days: ['Sunday'] }],
      ['no day', { days: [] }],
      ['a day twice', { days: ['Monday', 'Monday'] }],
    ])('a bad body (%s): 400', async (_name, overrides) => {
      const payload = Object.keys(overrides).length === 0 ? {} : body(overrides);
      const res = await post('/api/studentclass', payload, 'principal');
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    });

    it('only the principal: a teacher, a pupil and a parent get 403, no token 401', async () => {
      const before = await countAssignments();
      for (const caller of ['teacher', 'teacher2', 'student', 'parent'] as const) {
        const res = await post('/api/studentclass', body({ timeid: eveningSlot }), caller);
        expect(res.statusCode, caller).toBe(403);
      }
      expect((await post('/api/studentclass', body())).statusCode).toBe(401);
      expect(await countAssignments()).toBe(before);
    });
  });

  describe('GET schedule and schedule/{classId}', () => {
    it('lists the classes whose timetable the caller may see', async () => {
      const names = async (caller: Caller) =>
        ScheduleAnswerSchema.parse((await get('/api/schedule', caller)).json()).data.map((c) => c.id);
      expect(await names('student')).toEqual([f.classes.KG]);
      expect(await names('student2')).toEqual([f.classes['Class 1']]);
      expect(await names('teacher2')).toEqual(await classesTaughtBy(f.users.teacher2));
      expect(await names('teacher2')).not.toContain(f.classes.KG);
      expect(await names('principal')).toEqual(Object.values(f.classes).sort((a, b) => a - b));
    });

    it('a class’s week: one row per day and slot, Monday first, by time of day', async () => {
      const res = await get(`/api/schedule/${f.classes['Class 2']}`, 'principal');
      expect(res.statusCode).toBe(200);
      const { data } = ClassScheduleAnswerSchema.parse(res.json());
      expect(data).toHaveLength(36);
      expect(data.slice(0, 6).every((s) => s.day === 'Monday')).toBe(true);
      expect(data.slice(0, 6).map((s) => s.time)).toEqual([
        '08:00 - 08:45',
        '08:50 - 09:35',
        '09:40 - 10:25',
        '10:45 - 11:30',
        '11:35 - 12:20',
        '12:25 - 13:10',
      ]);
      expect(data.at(-1)?.day).toBe('Saturday');
      expect(data[0]).toEqual({
        day: 'Monday',
        time: '08:00 - 08:45',
        subject_name: expect.any(String),
        Teacher: expect.any(String),
      });
    });

    it('another class’s timetable is a 404 for a pupil and for a teacher who does not teach it', async () => {
      expect((await get(`/api/schedule/${f.classes.KG}`, 'student')).statusCode).toBe(200);
      expect((await get(`/api/schedule/${f.classes['Class 1']}`, 'student')).statusCode).toBe(404);
      expect((await get(`/api/schedule/${f.notTaughtByTeacher2}`, 'teacher2')).statusCode).toBe(404);
      expect((await get(`/api/schedule/${f.classes['Class 1']}`, 'teacher2')).statusCode).toBe(200);
    });

    it('a parent: the timetables of their children’s classes; another class is a 404', async () => {
      const listed = ScheduleAnswerSchema.parse((await get('/api/schedule', 'parent')).json()).data;
      expect(listed.map((c) => c.id)).toEqual([f.classes.KG, f.classes['Class 2']].sort((a, b) => a - b));
      expect((await get(`/api/schedule/${f.classes.KG}`, 'parent')).statusCode).toBe(200);
      expect((await get(`/api/schedule/${f.classes['Class 2']}`, 'parent')).statusCode).toBe(200);
      expect((await get(`/api/schedule/${f.classes['Class 1']}`, 'parent')).statusCode).toBe(404);
      expect((await get(`/api/schedule/${f.classes.Nursery}`, 'parent')).statusCode).toBe(404);
    });

    it('bad and unknown ids', async () => {
      expect((await get('/api/schedule/abc', 'principal')).statusCode).toBe(400);
      expect((await get('/api/schedule/0', 'principal')).statusCode).toBe(400);
      expect((await get('/api/schedule/99999999999', 'principal')).statusCode).toBe(400);
      const unknown = await get('/api/schedule/999999', 'principal');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe('NOT_FOUND');
      expect((await get(`/api/schedule/${f.classes.KG}`, 'director')).statusCode).toBe(403);
      expect((await get(`/api/schedule/${f.classes.KG}`)).statusCode).toBe(401);
    });
  });

  describe('GET teacher/assign_class and teacher/assign_class/{classId}', () => {
    it('a teacher’s own classes, every class for the principal; a pupil gets 403', async () => {
      const teacher = AssignedClassAnswerSchema.parse(
        (await get('/api/teacher/assign_class', 'teacher')).json(),
      );
      expect(teacher.data.map((c) => c.classId)).toEqual(await classesTaughtBy(f.users.teacher));
      expect(teacher.data.length).toBeGreaterThanOrEqual(2);
      const teacher2 = AssignedClassAnswerSchema.parse(
        (await get('/api/teacher/assign_class', 'teacher2')).json(),
      );
      expect(teacher2.data.map((c) => c.classId)).not.toContain(f.classes.KG);
      const principal = AssignedClassAnswerSchema.parse(
        (await get('/api/teacher/assign_class', 'principal')).json(),
      );
      expect(principal.data.map((c) => c.class_name)).toEqual(['Nursery', 'KG', 'Class 1', 'Class 2']);
      expect((await get('/api/teacher/assign_class', 'student')).statusCode).toBe(403);
      expect((await get('/api/teacher/assign_class', 'parent')).statusCode).toBe(403);
    });

    it('a teacher: the class’s pupils once per lesson of theirs there, with subject and time', async () => {
      const res = await get(`/api/teacher/assign_class/${f.classes['Class 2']}`, 'teacher2');
      expect(res.statusCode).toBe(200);
      const { data } = AssignedStudentAnswerSchema.parse(res.json());
      const lessons = await t.db
        .selectFrom('class_assignment')
        .select('id')
        .where('teacher_id', '=', f.users.teacher2)
        .where('class_id', '=', f.classes['Class 2'])
        .execute();
      const pupils = await t.db
        .selectFrom('enrolment')
        .select('student_id')
        .where('class_id', '=', f.classes['Class 2'])
        .where('ended_on', 'is', null)
        .execute();
      expect(data).toHaveLength(lessons.length * pupils.length);
      expect(new Set(data.map((r) => r.StudentId))).toEqual(new Set(pupils.map((p) => p.student_id)));
      expect(data.every((r) => r.subject_name === 'Mathematics' && r.time !== '')).toBe(true);
    });

    it('the principal: one row per pupil, subject and time empty', async () => {
      const { data } = AssignedStudentAnswerSchema.parse(
        (await get(`/api/teacher/assign_class/${f.classes.KG}`, 'principal')).json(),
      );
      expect(data.map((r) => r.StudentId)).toContain(f.users.student);
      expect(new Set(data.map((r) => r.StudentId)).size).toBe(data.length);
      expect(data.every((r) => r.subject_name === '' && r.time === '')).toBe(true);
    });

    it('a class the teacher does not teach or that does not exist: 404; pupils 403; bad id 400', async () => {
      expect((await get(`/api/teacher/assign_class/${f.notTaughtByTeacher2}`, 'teacher2')).statusCode).toBe(
        404,
      );
      expect((await get('/api/teacher/assign_class/999999', 'principal')).statusCode).toBe(404);
      expect((await get(`/api/teacher/assign_class/${f.classes.KG}`, 'student')).statusCode).toBe(403);
      expect((await get('/api/teacher/assign_class/x1', 'teacher')).statusCode).toBe(400);
    });
  });

  describe('GET student_class/{classId}', () => {
    it('the class’s current pupils by name, for its teachers and the principal', async () => {
      const res = await get(`/api/student_class/${f.classes.KG}`, 'teacher');
      expect(res.statusCode).toBe(200);
      const { data } = ClassStudentAnswerSchema.parse(res.json());
      expect(data.map((p) => p.studentId)).toContain(f.users.student);
      expect(data.map((p) => p.studentId)).not.toContain(f.users.student2);
      const names = data.map((p) => p.studentName);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      const principal = ClassStudentAnswerSchema.parse(
        (await get(`/api/student_class/${f.classes.KG}`, 'principal')).json(),
      );
      expect(principal.data).toEqual(data);
    });

    it('a pupil has finished their class when their enrolment ended', async () => {
      const leaver = await t.db
        .selectFrom('enrolment')
        .select(['id', 'student_id'])
        .where('class_id', '=', f.classes['Class 2'])
        .where('ended_on', 'is', null)
        .executeTakeFirstOrThrow();
      await t.db
        .updateTable('enrolment')
        .set({ ended_on: '2026-11-01' })
        .where('id', '=', leaver.id)
        .execute();
      const { data } = ClassStudentAnswerSchema.parse(
        (await get(`/api/student_class/${f.classes['Class 2']}`, 'principal')).json(),
      );
      expect(data.map((p) => p.studentId)).not.toContain(leaver.student_id);
      await t.db.updateTable('enrolment').set({ ended_on: null }).where('id', '=', leaver.id).execute();
    });

    it('pupils get 403 (class lists are for staff), other teachers 404, unknown 404, bad id 400', async () => {
      expect((await get(`/api/student_class/${f.classes.KG}`, 'student')).statusCode).toBe(403);
      expect((await get(`/api/student_class/${f.notTaughtByTeacher2}`, 'teacher2')).statusCode).toBe(404);
      expect((await get('/api/student_class/999999', 'teacher')).statusCode).toBe(404);
      expect((await get('/api/student_class/1.5', 'teacher')).statusCode).toBe(400);
      expect((await get(`/api/student_class/${f.classes.KG}`)).statusCode).toBe(401);
    });
  });
});
