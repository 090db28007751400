import { beforeAll, describe, expect, it } from 'vitest';
import { PupilImportAnswerSchema } from '../../../shared/api/school-admin.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { type Caller, callAs, withDemoSchool } from '../../test/school-fixtures.js';

/**
 * The marks, timetable, exams and pupils routes answer their refusals and a preview's problems in the
 * reader's language (docs/decisions/0061-server-messages-in-the-request-language.md): English as it
 * always read, French or Arabic for a user who chose it.
 */
describe.each(TEST_ENGINES)(
  'marks, timetable, exams and pupils answers in the reader’s language (%s)',
  (engine) => {
    const { t, f } = withDemoSchool(engine);

    beforeAll(async () => {
      await t.db.updateTable('school_settings').set({ language: 'en', languages: 'en,fr,ar' }).execute();
    });

    const speaking = async (caller: Caller, language: string | null) =>
      t.db.updateTable('app_user').set({ language }).where('id', '=', f.users[caller]).execute();
    const call = (caller: Caller, method: 'POST' | 'PUT' | 'GET', url: string, payload?: unknown) =>
      callAs(t.app, f, caller, { method, url, ...(payload !== undefined && { payload: payload as object }) });

    it('a refused batch of marks: English as before, then French with each row’s reason', async () => {
      const rows = [{ studentId: 999_999, subjectId: Object.values(f.subjects)[0], marks: 40 }];
      await speaking('teacher', null);
      const english = (await call('teacher', 'PUT', '/api/marks', rows)).json().error;
      expect(english.message).toBe('Nothing was saved: one row names a pupil or subject you may not mark.');
      expect(english.details).toEqual([{ field: '0.studentId', message: 'no pupil 999999 in a class' }]);
      await speaking('teacher', 'fr');
      const french = (
        await call('teacher', 'PUT', '/api/marks', [...rows, { ...rows[0], studentId: 999_998 }])
      ).json().error;
      expect(french.message).toBe(
        'Rien n’a été enregistré : 2 lignes désignent un élève ou une matière que vous ne pouvez pas noter.',
      );
      expect(french.details[1]).toEqual({
        field: '1.studentId',
        message: 'aucun élève 999998 dans une classe',
      });
      await speaking('teacher', null);
    });

    it('a pupil one may not see: 404 in Arabic', async () => {
      await speaking('principal', 'ar');
      const res = await call('principal', 'GET', '/api/marks/history/999999');
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('لم يُعثر على هذا التلميذ.');
      await speaking('principal', null);
    });

    it('a timetable clash names the lesson and its days in French', async () => {
      const busy = await t.db
        .selectFrom('assignment_day')
        .select(['teacher_id', 'class_id', 'time_slot_id', 'day'])
        .where('day', '=', 1)
        .executeTakeFirstOrThrow();
      const teacher = await t.db
        .selectFrom('app_user')
        .select('name')
        .where('id', '=', busy.teacher_id)
        .executeTakeFirstOrThrow();
      const lesson = {
        teacherid: busy.teacher_id,
        classesid: busy.class_id,
        subjectid: Object.values(f.subjects)[0],
        timeid: busy.time_slot_id,
        days: ['Monday'],
      };
      await speaking('principal', 'fr');
      const res = await call('principal', 'POST', '/api/studentclass', lesson);
      expect(res.statusCode).toBe(409);
      const { message } = res.json().error as { message: string };
      expect(message.startsWith(teacher.name)).toBe(true);
      expect(message).toMatch(/ (enseigne|a) déjà .* le lundi\./);
      const unknown = await call('principal', 'POST', '/api/studentclass', { ...lesson, teacherid: 999_999 });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.message).toBe('teacherid : Aucun enseignant actif n’a cet identifiant');
      await speaking('principal', null);
      const english = await call('principal', 'POST', '/api/studentclass', { ...lesson, teacherid: 999_999 });
      expect(english.json().error.message).toBe('teacherid: No active teacher has this id');
    });

    it('an exam in the past is refused in Arabic', async () => {
      await speaking('principal', 'ar');
      const res = await call('principal', 'POST', '/api/exams', {
        classId: f.classes.KG,
        subjectId: Object.values(f.subjects)[0],
        date: '2020-01-01',
        time: '09:00',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([
        { field: 'date', message: expect.stringMatching(/^يجب ألّا يكون قبل اليوم \(\d{4}-\d{2}-\d{2}\)$/) },
      ]);
      await speaking('principal', null);
    });

    it('an import preview says each row’s problems in French, and its refusal too', async () => {
      await speaking('principal', 'fr');
      const upload = (csv: string, commit: boolean) => {
        const form = new FormData();
        form.append('file', new Blob([csv], { type: 'text/csv' }), 'pupils.csv');
        return call('principal', 'POST', `/api/admin/import/pupils?commit=${commit}`, form);
      };
      const csv = 'name,email,class,gender,dob,contact,address\n,not-an-email,Nowhere,Robot,2020-02-30,1,2\n';
      const preview = PupilImportAnswerSchema.parse((await upload(csv, false)).json()).data;
      expect(preview.rows[0]?.errors).toEqual(
        expect.arrayContaining([
          { field: 'name', message: 'manquant' },
          { field: 'email', message: 'n’est pas une adresse e-mail' },
          { field: 'class', message: 'cette classe n’existe pas' },
        ]),
      );
      const commit = await upload(csv, true);
      expect(commit.statusCode).toBe(400);
      expect(commit.json().error.message).toBe('Rien n’a été enregistré : une ligne a des problèmes.');
      const header = await upload('name,email\nAda,ada@x.test\n', false);
      expect(header.json().error.message).toBe(
        'La première ligne doit nommer les colonnes name,email,class,gender,dob,contact,address ; il manque : class, gender, dob, contact, address.',
      );
      await speaking('principal', null);
    });
  },
);
