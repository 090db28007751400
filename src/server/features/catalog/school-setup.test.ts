import { describe, expect, it } from 'vitest';
import { PupilsAnswerSchema } from '../../../shared/api/school-admin.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { todayInZone } from '../../../shared/school-time.js';
import { demoSettings } from '../../demo/settings.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { termDayFrom } from '../../test/school-days.js';
import { type Caller, callAs, userWithSession, withDemoSchool } from '../../test/school-fixtures.js';

describe.each(TEST_ENGINES)('school set-up on %s', (engine) => {
  const { t, f } = withDemoSchool(engine);

  const call = (caller: Caller, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    callAs(t.app, f, caller, { method, url, ...(payload ? { payload } : {}) });
  // The school's today (its zone), as enrolments and exams count it.
  const today = () => todayInZone(demoSettings().timeZone);

  it.each([
    ['classes', 'name'],
    ['subjects', 'name'],
    ['time-slots', 'label'],
  ])('%s: add, rename, duplicate 409 (any case), delete an unused one', async (path, field) => {
    const created = await call('principal', 'POST', `/api/admin/${path}`, { [field]: ' Brand New ' });
    expect(created.statusCode).toBe(201);
    const row = created.json().data as Record<string, unknown> & { id: number };
    expect(row[field]).toBe('Brand New');
    const dup = await call('principal', 'POST', `/api/admin/${path}`, { [field]: 'brand NEW' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('NAME_TAKEN');
    const renamed = await call('principal', 'PATCH', `/api/admin/${path}/${row.id}`, { [field]: 'Renamed' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data[field]).toBe('Renamed');
    // Its own name in another case is not a duplicate of itself.
    expect(
      (await call('principal', 'PATCH', `/api/admin/${path}/${row.id}`, { [field]: 'RENAMED' })).statusCode,
    ).toBe(200);
    const bad = await call('principal', 'POST', `/api/admin/${path}`, { [field]: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([expect.objectContaining({ field })]);
    expect((await call('teacher', 'POST', `/api/admin/${path}`, { [field]: 'X' })).statusCode).toBe(403);
    expect((await call('principal', 'DELETE', `/api/admin/${path}/${row.id}`)).statusCode).toBe(204);
    expect((await call('principal', 'DELETE', `/api/admin/${path}/${row.id}`)).statusCode).toBe(404);
    expect(
      (await call('principal', 'PATCH', `/api/admin/${path}/${row.id}`, { [field]: 'Y' })).statusCode,
    ).toBe(404);
  });

  it('names are unique in any case of any alphabet, and in either Unicode form', async () => {
    const created = await call('principal', 'POST', '/api/admin/classes', { name: 'École Maternelle' });
    expect(created.statusCode).toBe(201);
    for (const variant of ['école maternelle', 'ÉCOLE MATERNELLE', 'E\u0301cole Maternelle']) {
      const dup = await call('principal', 'POST', '/api/admin/classes', { name: variant });
      expect(dup.statusCode, variant).toBe(409);
      expect(dup.json().error.code).toBe('NAME_TAKEN');
    }
    // A rename frees the old name (its key goes with it).
    const id = created.json().data.id as number;
    expect(
      (await call('principal', 'PATCH', `/api/admin/classes/${id}`, { name: 'Petite Section' })).statusCode,
    ).toBe(200);
    const again = await call('principal', 'POST', '/api/admin/classes', { name: 'école maternelle' });
    expect(again.statusCode).toBe(201);
    for (const classId of [id, again.json().data.id as number]) {
      expect((await call('principal', 'DELETE', `/api/admin/classes/${classId}`)).statusCode).toBe(204);
    }
  });

  it('delete in use: 409 IN_USE with a clear message, nothing deleted', async () => {
    for (const url of [
      `/api/admin/classes/${f.classes.KG}`,
      `/api/admin/subjects/${Object.values(f.subjects)[0]}`,
      `/api/admin/time-slots/${f.slots[0]}`,
    ]) {
      const res = await call('principal', 'DELETE', url);
      expect(res.statusCode, url).toBe(409);
      expect(res.json().error.code).toBe('IN_USE');
      expect(res.json().error.message).toMatch(/cannot be deleted while it has/);
    }
    expect(
      await t.db.selectFrom('school_class').select('id').where('id', '=', f.classes.KG).executeTakeFirst(),
    ).toBeTruthy();
  });

  it('a class with a fee plan (and nothing else) is in use: 409 naming the fee plans', async () => {
    const created = await call('principal', 'POST', '/api/admin/classes', { name: 'Class with fees' });
    expect(created.statusCode).toBe(201);
    const classId = created.json().data.id as number;
    const plan = await call('principal', 'POST', '/api/admin/fee-plans', {
      name: 'Autumn fees',
      classId,
      term: 'Autumn 2026',
      dueDate: '2099-12-15',
      items: [{ name: 'Tuition', amount: 45000 }],
    });
    expect(plan.statusCode, plan.body).toBe(201);
    const res = await call('principal', 'DELETE', `/api/admin/classes/${classId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'This class cannot be deleted while it has fee plans. Remove or move those first.',
    );
    expect(
      await t.db.selectFrom('school_class').select('id').where('id', '=', classId).executeTakeFirst(),
    ).toEqual({
      id: classId,
    });
  });

  it('enrolments: a move ends the open enrolment and keeps the history; the same class is a no-op', async () => {
    const pupil = await userWithSession(t.db, USER_TYPE.student, 'Mo Mover');
    const first = await call('principal', 'POST', '/api/enrolments', {
      studentId: pupil.id,
      classId: f.classes.KG,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ studentId: pupil.id, classId: f.classes.KG, startedOn: today() });
    const same = await call('principal', 'POST', '/api/enrolments', {
      studentId: pupil.id,
      classId: f.classes.KG,
    });
    expect(same.statusCode).toBe(200);
    const moved = await call('principal', 'POST', '/api/enrolments', {
      studentId: pupil.id,
      classId: f.classes['Class 1'],
    });
    expect(moved.statusCode).toBe(200);
    const rows = await t.db
      .selectFrom('enrolment')
      .select(['class_id', 'ended_on'])
      .where('student_id', '=', pupil.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { class_id: f.classes.KG, ended_on: today() },
      { class_id: f.classes['Class 1'], ended_on: null },
    ]);
    const listed = PupilsAnswerSchema.parse(
      (await call('principal', 'GET', `/api/admin/pupils?classId=${f.classes['Class 1']}`)).json(),
    ).data;
    expect(listed.find((p) => p.id === pupil.id)?.className).toBe('Class 1');
  });

  it('enrolments: 404 for no such pupil or class, 400 for a pupil not active or a bad body, 403 for a teacher', async () => {
    expect(
      (
        await call('principal', 'POST', '/api/enrolments', {
          studentId: f.users.teacher,
          classId: f.classes.KG,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('principal', 'POST', '/api/enrolments', { studentId: f.users.student, classId: 999_999 }))
        .statusCode,
    ).toBe(404);
    const pending = await userWithSession(t.db, USER_TYPE.student, 'Pending Pupil');
    await t.db.updateTable('app_user').set({ status: 'pending' }).where('id', '=', pending.id).execute();
    const res = await call('principal', 'POST', '/api/enrolments', {
      studentId: pending.id,
      classId: f.classes.KG,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([{ field: 'studentId', message: 'the account is pending' }]);
    const bad = await call('principal', 'POST', '/api/enrolments', { studentId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.map((d: { field: string }) => d.field)).toEqual(
      expect.arrayContaining(['studentId', 'classId']),
    );
    expect(
      (
        await call('teacher', 'POST', '/api/enrolments', {
          studentId: f.users.student,
          classId: f.classes.KG,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('pupils: filters by status and unenrolled', async () => {
    const loose = await userWithSession(t.db, USER_TYPE.student, 'Lone Pupil');
    const unenrolled = PupilsAnswerSchema.parse(
      (await call('principal', 'GET', '/api/admin/pupils?status=active&unenrolled=true')).json(),
    ).data;
    expect(unenrolled.some((p) => p.id === loose.id)).toBe(true);
    expect(unenrolled.every((p) => p.classId === null && p.status === 'active')).toBe(true);
    expect((await call('principal', 'GET', '/api/admin/pupils?unenrolled=maybe')).statusCode).toBe(400);
    expect((await call('teacher', 'GET', '/api/admin/pupils')).statusCode).toBe(403);
  });

  it('exams: 201, not in the past (400), unknown class 404; delete 204 then 404', async () => {
    const subjectId = Object.values(f.subjects)[0] as number;
    // Today when it is in a term, else the next term's first day: never between terms.
    const day = await termDayFrom(t.db, today());
    const res = await call('principal', 'POST', '/api/exams', {
      classId: f.classes.KG,
      subjectId,
      date: day,
      time: '09:00 - 11:00',
    });
    expect(res.statusCode).toBe(201);
    const exam = res.json().data as { id: number };
    expect(res.json().data).toMatchObject({
      classId: f.classes.KG,
      subjectId,
      date: day,
      time: '09:00 - 11:00',
    });
    const past = await call('principal', 'POST', '/api/exams', {
      classId: f.classes.KG,
      subjectId,
      date: '2020-01-01',
      time: '09:00',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.details).toEqual([expect.objectContaining({ field: 'date' })]);
    expect(
      (
        await call('principal', 'POST', '/api/exams', {
          classId: 999_999,
          subjectId,
          date: day,
          time: '9',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call('teacher', 'POST', '/api/exams', {
          classId: f.classes.KG,
          subjectId,
          date: day,
          time: '9',
        })
      ).statusCode,
    ).toBe(403);
    expect((await call('principal', 'DELETE', `/api/admin/exams/${exam.id}`)).statusCode).toBe(204);
    expect((await call('principal', 'DELETE', `/api/admin/exams/${exam.id}`)).statusCode).toBe(404);
  });

  it('assignments: delete with its days (204), then 404; a teacher gets 403', async () => {
    const assignment = await t.db
      .selectFrom('class_assignment')
      .select('id')
      .where('teacher_id', '=', f.users.teacher2)
      .executeTakeFirstOrThrow();
    expect((await call('teacher', 'DELETE', `/api/admin/assignments/${assignment.id}`)).statusCode).toBe(403);
    expect((await call('principal', 'DELETE', `/api/admin/assignments/${assignment.id}`)).statusCode).toBe(
      204,
    );
    const days = await t.db
      .selectFrom('assignment_day')
      .select('day')
      .where('assignment_id', '=', assignment.id)
      .execute();
    expect(days).toEqual([]);
    expect((await call('principal', 'DELETE', `/api/admin/assignments/${assignment.id}`)).statusCode).toBe(
      404,
    );
  });
});
