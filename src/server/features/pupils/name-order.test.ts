import { describe, expect, it } from 'vitest';
import { USER_TYPE } from '../../../shared/constants.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { callAs, userWithSession, withDemoSchool } from '../../test/school-fixtures.js';

// Added in this order (ids rising), so neither the ids nor the bytes give the reader's order:
// bytes put "Émile" after "Zoe" and lower-case "beatrice" after every capital.
const PUPILS = ['Zoe', 'يوسف', 'Émile', 'beatrice', 'Eliza', 'أحمد', 'Fatima', 'Łukasz', 'Lucas', 'Mia'];
const ENGLISH = ['beatrice', 'Eliza', 'Émile', 'Fatima', 'Lucas', 'Łukasz', 'Mia', 'Zoe', 'أحمد', 'يوسف'];
const ARABIC = ['أحمد', 'يوسف', 'beatrice', 'Eliza', 'Émile', 'Fatima', 'Lucas', 'Łukasz', 'Mia', 'Zoe'];

describe.each(TEST_ENGINES)('lists of names in the reader’s order on %s', (engine) => {
  const { t, f } = withDemoSchool(engine);

  async function classOfPupils(): Promise<number> {
    const { id: classId } = await t.db
      .insertInto('school_class')
      .values({ name: `Names ${engine}`, name_key: `names ${engine}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const name of PUPILS) {
      const pupil = await userWithSession(t.db, USER_TYPE.student, name);
      await t.db
        .insertInto('enrolment')
        .values({ student_id: pupil.id, class_id: classId, started_on: '2026-09-01', ended_on: null })
        .execute();
    }
    return classId;
  }

  const names = async (url: string, pick: (row: Record<string, unknown>) => unknown) => {
    const answer = await callAs(t.app, f, 'principal', { method: 'GET', url });
    expect(answer.statusCode, url).toBe(200);
    return (answer.json().data as Record<string, unknown>[]).map(pick);
  };

  it('the pupils, a class’s register and its pupil list follow the principal’s language, not the bytes', async () => {
    const classId = await classOfPupils();
    const lists = () =>
      Promise.all([
        names(`/api/admin/pupils?classId=${classId}`, (row) => row.name),
        names(`/api/classes/${classId}/register?date=2026-11-27`, (row) => row.studentName),
        names(`/api/student_class/${classId}`, (row) => row.studentName),
      ]);
    expect(await lists()).toEqual([ENGLISH, ENGLISH, ENGLISH]);

    await t.db.updateTable('school_settings').set({ languages: 'en,fr,ar' }).execute();
    const chosen = await callAs(t.app, f, 'principal', {
      method: 'PUT',
      url: '/api/users/language',
      payload: { language: 'ar' },
    });
    expect(chosen.statusCode).toBe(200);
    expect(await lists()).toEqual([ARABIC, ARABIC, ARABIC]);
  });
});
