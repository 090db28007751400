import { describe, expect, it } from 'vitest';
import { PupilImportAnswerSchema } from '../../../shared/api/school-admin.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { callAs, logIn, withDemoSchool } from '../../test/school-fixtures.js';
import { parseCsv } from './csv.js';

describe('parseCsv', () => {
  it('reads quotes, doubled quotes, line breaks in quotes, CRLF and a BOM; skips blank lines', () => {
    const text = '\uFEFFname,address\r\n"Doe, Jane","1 ""Oak"" Road\r\nFlat 2"\r\n\r\nBob,x\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ['name', 'address'] },
      { line: 2, fields: ['Doe, Jane', '1 "Oak" Road\r\nFlat 2'] },
      { line: 5, fields: ['Bob', 'x'] },
    ]);
  });
  it('refuses an unterminated quote', () => {
    expect(() => parseCsv('a\n"b')).toThrow(/never closed/);
  });
});

describe.each(TEST_ENGINES)('pupil import on %s', (engine) => {
  const { t, f } = withDemoSchool(engine);

  const HEADER = 'name,email,class,gender,dob,contact,address';
  const upload = (csv: string, commit: boolean, caller: 'principal' | 'teacher' = 'principal') => {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'pupils.csv');
    return callAs(t.app, f, caller, {
      method: 'POST',
      url: `/api/admin/import/pupils?commit=${commit}`,
      payload: form,
    });
  };
  const countStudents = async () =>
    Number(
      (
        await t.db
          .selectFrom('app_user')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('type', '=', USER_TYPE.student)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('preview: answers each row’s problems and saves nothing', async () => {
    const before = await countStudents();
    const csv = [
      HEADER,
      'Ann Able,ann@import.test,KG,Female,2020-02-03,0123,"1 Road, Town"',
      ',not-an-email,Nowhere,Robot,2020-02-30,,',
      'Ann Again,ANN@import.test,kg,male,2021-01-01,1,2',
      `Old Hand,${'student@demo.school'},KG,Male,2019-01-01,1,2`,
    ].join('\r\n');
    const res = await upload(csv, false);
    expect(res.statusCode).toBe(200);
    const { data } = PupilImportAnswerSchema.parse(res.json());
    expect(data).toMatchObject({ committed: false, total: 4, invalid: 3 });
    expect(data.rows[0]?.errors).toEqual([]);
    const fields = (i: number) => data.rows[i]?.errors.map((e) => e.field).sort();
    expect(fields(1)).toEqual(['address', 'class', 'contact', 'dob', 'email', 'gender', 'name']);
    expect(data.rows[2]?.errors).toEqual([{ field: 'email', message: 'also on line 2' }]);
    expect(data.rows[3]?.errors).toEqual([{ field: 'email', message: 'already registered' }]);
    expect(await countStudents()).toBe(before);
    // A commit with any bad row saves nothing either.
    const commit = await upload(csv, true);
    expect(commit.statusCode).toBe(400);
    expect(commit.json().error.code).toBe('IMPORT_INVALID');
    expect(await countStudents()).toBe(before);
  });

  it('commit: active Students in their class, each with an initial password that works once shown', async () => {
    const csv = `${HEADER}\nBea Bright,bea@import.test,Class 1,Female,2019-05-06,555,"2 Lane"\nCy Clear,cy@import.test,KG,Male,2019-07-08,556,3 Lane\n`;
    const res = await upload(csv, true);
    expect(res.statusCode).toBe(200);
    const { data } = PupilImportAnswerSchema.parse(res.json());
    expect(data.committed).toBe(true);
    const bea = data.rows[0];
    expect(bea?.id).toBeGreaterThan(0);
    expect(bea?.password).toMatch(/^\S{12}$/);
    const enrolment = await t.db
      .selectFrom('enrolment')
      .innerJoin('app_user as u', 'u.id', 'enrolment.student_id')
      .select(['enrolment.class_id', 'u.status', 'u.type'])
      .where('enrolment.student_id', '=', bea?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(enrolment).toEqual({ class_id: f.classes['Class 1'], status: 'active', type: 'Student' });
    await expect(logIn(t.app, 'bea@import.test', bea?.password)).resolves.toBeTruthy();
    // Importing the same file again: every email is taken now.
    const again = await upload(csv, false);
    expect(PupilImportAnswerSchema.parse(again.json()).data.invalid).toBe(2);
  });

  it('400 for a missing file, a wrong header or a JSON body; 403 for a teacher', async () => {
    const wrong = await upload('first,last\nA,B\n', false);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details).toEqual([expect.objectContaining({ field: 'file' })]);
    const json = await callAs(t.app, f, 'principal', {
      method: 'POST',
      url: '/api/admin/import/pupils',
      payload: {},
    });
    expect(json.statusCode).toBe(400);
    expect((await upload(`${HEADER}\n`, false)).statusCode).toBe(400);
    expect((await upload(`${HEADER}\n`, false, 'teacher')).statusCode).toBe(403);
  });

  it('413 for a file over 1 MB', async () => {
    const res = await upload(`${HEADER}\n${'x'.repeat(1024 * 1024 + 10)}`, false);
    expect(res.statusCode).toBe(413);
  });
});

describe.each(TEST_ENGINES)('pupil import with guardians on %s', (engine) => {
  const { t, f } = withDemoSchool(engine);

  const HEADER =
    'name,email,class,gender,dob,contact,address,guardian_name,guardian_email,guardian_contact,guardian_relationship';
  const upload = (csv: string, commit: boolean) => {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'pupils.csv');
    return callAs(t.app, f, 'principal', {
      method: 'POST',
      url: `/api/admin/import/pupils?commit=${commit}`,
      payload: form,
    });
  };
  const count = async (table: 'app_user' | 'guardian') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('links siblings to one new parent, and a pupil to an existing parent; the new parent may log in', async () => {
    const csv = [
      HEADER,
      'Tia Tern,tia@import.test,KG,Female,2020-02-03,1,1 Road,Rosa Tern,rosa@import.test,+1 555 0199,Mother',
      'Tom Tern,tom@import.test,Class 1,Male,2019-02-03,1,1 Road,,ROSA@import.test,,mother',
      'Zed Rahman,zed@import.test,Nursery,Male,2022-05-06,1,2 Road,,parent@demo.school,,Father',
      'Una Alone,una@import.test,KG,Female,2020-07-08,1,3 Road,,,,',
    ].join('\n');
    const preview = await upload(csv, false);
    expect(preview.statusCode).toBe(200);
    const previewed = PupilImportAnswerSchema.parse(preview.json()).data;
    expect(previewed.invalid).toBe(0);
    expect(previewed.rows.map((r) => r.guardianEmail)).toEqual([
      'rosa@import.test',
      'ROSA@import.test',
      'parent@demo.school',
      undefined,
    ]);

    const res = await upload(csv, true);
    expect(res.statusCode).toBe(200);
    const { data } = PupilImportAnswerSchema.parse(res.json());
    const [tia, tom, zed, una] = data.rows;
    expect(tia?.guardianId).toBeDefined();
    expect(tom?.guardianId).toBe(tia?.guardianId);
    expect(tia?.guardianPassword).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(tom?.guardianPassword).toBeUndefined();
    expect(zed?.guardianId).toBe(f.users.parent);
    expect(zed?.guardianPassword).toBeUndefined();
    expect(una?.guardianId).toBeUndefined();

    const rosa = await t.db
      .selectFrom('app_user')
      .selectAll()
      .where('id', '=', tia?.guardianId ?? 0)
      .executeTakeFirstOrThrow();
    expect(rosa).toMatchObject({
      name: 'Rosa Tern',
      type: USER_TYPE.parent,
      status: 'active',
      contact: '+1 555 0199',
    });
    const links = await t.db
      .selectFrom('guardian')
      .select(['parent_id', 'student_id', 'relationship'])
      .where('student_id', 'in', [tia?.id ?? 0, tom?.id ?? 0, zed?.id ?? 0])
      .orderBy('student_id')
      .execute();
    expect(links).toEqual([
      { parent_id: rosa.id, student_id: tia?.id, relationship: 'Mother' },
      { parent_id: rosa.id, student_id: tom?.id, relationship: 'Mother' },
      { parent_id: f.users.parent, student_id: zed?.id, relationship: 'Father' },
    ]);
    const token = await logIn(t.app, 'rosa@import.test', tia?.guardianPassword ?? '');
    const children = await t.app.inject({
      url: '/api/family/children',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(children.json().data.map((c: { studentName: string }) => c.studentName)).toEqual([
      'Tia Tern',
      'Tom Tern',
    ]);
    const demoParent = await callAs(t.app, f, 'parent', { method: 'GET', url: '/api/family/children' });
    expect(demoParent.json().data).toHaveLength(3);
  });

  it('bad guardian data is the row’s error; a commit then saves nothing at all', async () => {
    const csv = [
      HEADER,
      'Ok Pupil,ok@import.test,KG,Female,2020-02-03,1,1 Road,Ok Parent,okparent@import.test,,Guardian',
      'Bad One,bad1@import.test,KG,Female,2020-02-03,1,1 Road,Some Name,not-an-email,,Mother',
      'Bad Two,bad2@import.test,KG,Female,2020-02-03,1,1 Road,Some Name,,,Mother',
      'Bad Three,bad3@import.test,KG,Female,2020-02-03,1,1 Road,,nobody@import.test,,Mother',
      'Bad Four,bad4@import.test,KG,Female,2020-02-03,1,1 Road,X,teacher@demo.school,,Mother',
      'Bad Five,bad5@import.test,KG,Female,2020-02-03,1,1 Road,X,x5@import.test,,Aunt',
      'Bad Six,bad6@import.test,KG,Female,2020-02-03,1,1 Road,X,x6@import.test,call me,Other',
      'Bad Seven,bad7@import.test,KG,Female,2020-02-03,1,1 Road,X,bad1@import.test,,Other',
      'Bad Eight,bad8@import.test,KG,Female,2020-02-03,1,1 Road,X,x8@import.test,,',
      `Bad Nine,bad9@import.test,KG,Female,2020-02-03,1,1 Road,${'n'.repeat(101)},x9@import.test,,Other`,
    ].join('\n');
    const users = await count('app_user');
    const links = await count('guardian');
    const preview = PupilImportAnswerSchema.parse((await upload(csv, false)).json()).data;
    expect(preview.invalid).toBe(9);
    const fields = preview.rows.map((r) => r.errors.map((e) => e.field));
    expect(fields).toEqual([
      [],
      ['guardian_email'],
      ['guardian_email'],
      ['guardian_name'],
      ['guardian_email'],
      ['guardian_relationship'],
      ['guardian_contact'],
      ['guardian_email'],
      ['guardian_relationship'],
      ['guardian_name'],
    ]);
    expect(preview.rows[4]?.errors[0]?.message).toMatch(/not Parent/);
    const res = await upload(csv, true);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('IMPORT_INVALID');
    expect(await count('app_user')).toBe(users);
    expect(await count('guardian')).toBe(links);
  });
});
