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
