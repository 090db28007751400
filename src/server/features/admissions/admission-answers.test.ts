import { describe, expect, it } from 'vitest';
import { AdmissionBoardAnswerSchema, ClassSeatsAnswerSchema } from '../../../shared/api/admissions.js';
import { ANSWER_KEYS, readAnswerVersions } from '../../lib/answer-versions.js';
import { untilAppHeard } from '../../test/answers-heard.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { callAs, withDemoSchool } from '../../test/school-fixtures.js';

/**
 * The admissions board and the classes' seats are kept answers (docs/decisions/0105-the-admissions-board.md):
 * each read after a write shows it, whether the write went through this app or straight to the
 * database as another server process would write (the app hears of it by the answer key, raised by
 * the triggers of migration 2026-12-08T0600-admission-answers). The tests run in order.
 */
describe.each(TEST_ENGINES)('the admissions board kept by its version on %s', (engine) => {
  const { t, f } = withDemoSchool(engine);
  const KEYS = [ANSWER_KEYS.admissions];

  let yearId = 0;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    callAs(t.app, f, 'principal', { method, url: `/api${url}`, ...(payload ? { payload } : {}) });
  const board = async () => {
    const res = await call('GET', `/admin/admissions/board?classId=${f.classes.KG}&yearId=${yearId}`);
    expect(res.statusCode, res.body).toBe(200);
    return AdmissionBoardAnswerSchema.parse(res.json()).data;
  };
  const seats = async () => {
    const res = await call('GET', '/admin/admissions/classes');
    expect(res.statusCode, res.body).toBe(200);
    return ClassSeatsAnswerSchema.parse(res.json()).data;
  };
  const kgSeats = async () => (await seats()).classes.find((row) => row.classId === f.classes.KG);
  /** A write straight to the database, as another server process makes it; waits until the app heard it. */
  const elsewhere = async (write: () => Promise<unknown>) => {
    const before = await readAnswerVersions(t.db, KEYS);
    await write();
    expect(await readAnswerVersions(t.db, KEYS)).not.toBe(before);
    await untilAppHeard(t.app, KEYS);
  };

  let caseId = 0;

  it('gives the same bytes again while nothing changed', async () => {
    yearId = (
      await t.db.selectFrom('school_year').select('id').where('is_current', '=', 1).executeTakeFirstOrThrow()
    ).id;
    const first = await call('GET', `/admin/admissions/board?classId=${f.classes.KG}&yearId=${yearId}`);
    const again = await call('GET', `/admin/admissions/board?classId=${f.classes.KG}&yearId=${yearId}`);
    expect(again.body).toBe(first.body);
    expect((await call('GET', '/admin/admissions/classes')).body).toBe(
      (await call('GET', '/admin/admissions/classes')).body,
    );
    // Another class's board is its own answer.
    const other = await call(
      'GET',
      `/admin/admissions/board?classId=${f.classes['Class 1']}&yearId=${yearId}`,
    );
    expect(AdmissionBoardAnswerSchema.parse(other.json()).data.classId).toBe(f.classes['Class 1']);
  });

  it('shows a case opened, and a move, through the app', async () => {
    const before = await board();
    const opened = await call('POST', '/admin/admissions/cases', {
      childName: 'Kept Child',
      classId: f.classes.KG,
      yearId,
      familyName: 'Kept Family',
      email: 'kept.family@example.org',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    caseId = (opened.json() as { data: { id: number } }).data.id;
    const afterOpen = await board();
    expect(afterOpen.counts.enquiry).toBe(before.counts.enquiry + 1);
    expect(afterOpen.cases.some((c) => c.id === caseId)).toBe(true);

    const moved = await call('POST', `/admin/admissions/cases/${caseId}/moves`, {
      to: 'visit',
      visitDate: '2026-12-10',
      visitTime: '09:30',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const afterMove = await board();
    expect(afterMove.counts.visit).toBe(afterOpen.counts.visit + 1);
    expect(afterMove.cases.find((c) => c.id === caseId)).toMatchObject({
      stage: 'visit',
      visitTime: '09:30',
    });
  });

  it('shows a capacity set through the app, on the board and in the seats', async () => {
    const before = await kgSeats();
    const res = await call('PUT', '/admin/admissions/classes', {
      yearId,
      classes: [{ classId: f.classes.KG, takesAdmissions: true, seats: (before?.capacity ?? 0) + 5 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await kgSeats())?.capacity).toBe((before?.capacity ?? 0) + 5);
    expect((await board()).seats.capacity).toBe((before?.capacity ?? 0) + 5);
  });

  it('shows a case moved by another process, and an accepted offer in the free seats', async () => {
    const before = await board();
    const seatsBefore = await kgSeats();
    await elsewhere(() =>
      t.db.updateTable('admission_case').set({ stage: 'accepted' }).where('id', '=', caseId).execute(),
    );
    const after = await board();
    expect(after.cases.find((c) => c.id === caseId)?.stage).toBe('accepted');
    expect(after.counts.accepted).toBe(before.counts.accepted + 1);
    expect((await kgSeats())?.acceptedOffers).toBe((seatsBefore?.acceptedOffers ?? 0) + 1);
  });

  it('shows a case’s move and offer rows written elsewhere (the key is raised)', async () => {
    // The board shows neither table's rows, but their writes come with a case's: each raises the key.
    await elsewhere(() =>
      t.db
        .insertInto('admission_move')
        .values({
          case_id: caseId,
          from_stage: 'visit',
          to_stage: 'accepted',
          moved_by: f.users.principal,
          moved_at: new Date().toISOString(),
          note: '',
          details: '{}',
        })
        .execute(),
    );
    await elsewhere(() =>
      t.db
        .insertInto('admission_offer')
        .values({
          case_id: caseId,
          token_hash: 'x'.repeat(64),
          deadline: '2026-12-31',
          created_at: new Date().toISOString(),
        })
        .execute(),
    );
  });

  it('shows a capacity, a class’s name and its admissions written by another process', async () => {
    await elsewhere(() =>
      t.db
        .updateTable('class_capacity')
        .set({ seats: 40 })
        .where('class_id', '=', f.classes.KG)
        .where('year_id', '=', yearId)
        .execute(),
    );
    expect((await board()).seats.capacity).toBe(40);
    expect((await kgSeats())?.capacity).toBe(40);
    await elsewhere(() =>
      t.db.updateTable('school_class').set({ takes_admissions: 0 }).where('id', '=', f.classes.KG).execute(),
    );
    expect((await kgSeats())?.takesAdmissions).toBe(false);
    expect((await board()).seats.takesAdmissions).toBe(false);
    await elsewhere(() =>
      t.db.updateTable('school_class').set({ name: 'Kindergarten' }).where('id', '=', f.classes.KG).execute(),
    );
    expect((await board()).seats.className).toBe('Kindergarten');
    expect((await kgSeats())?.className).toBe('Kindergarten');
  });

  it('shows an enrolment ended by another process in the pupils counted', async () => {
    const before = (await kgSeats())?.enrolled ?? 0;
    const pupil = await t.db
      .selectFrom('enrolment')
      .select('id')
      .where('class_id', '=', f.classes.KG)
      .where('ended_on', 'is', null)
      .executeTakeFirstOrThrow();
    await elsewhere(() =>
      t.db.updateTable('enrolment').set({ ended_on: '2026-11-27' }).where('id', '=', pupil.id).execute(),
    );
    expect((await kgSeats())?.enrolled).toBe(before - 1);
    expect((await board()).seats.enrolled).toBe(before - 1);
  });

  it('shows a year renamed, and a next year added, by another process', async () => {
    await elsewhere(() =>
      t.db.updateTable('school_year').set({ name: 'Renamed year' }).where('id', '=', yearId).execute(),
    );
    expect((await seats()).year?.name).toBe('Renamed year');
    const current = (await seats()).year;
    const nextFirst = `${Number(current?.lastDay.slice(0, 4)) + 1}-09-01`;
    await elsewhere(() =>
      t.db
        .insertInto('school_year')
        .values({
          name: 'Next year',
          name_key: 'next year',
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
          first_day: nextFirst,
          last_day: `${Number(nextFirst.slice(0, 4)) + 1}-06-30`,
          is_current: 0,
        })
        .execute(),
    );
    // The admissions year is now the next one.
    expect((await seats()).year?.name).toBe('Next year');
  });

  it('counts the pupils moving up into the next year by the classes’ next classes written elsewhere', async () => {
    const kgNext = async () => (await kgSeats())?.enrolled ?? 0;
    const before = await kgNext();
    // KG is nobody's next class unless a class says so: Class 1 moving up into KG (a test's oddity).
    await elsewhere(() =>
      t.db
        .insertInto('class_progression')
        .values({ class_id: f.classes['Class 1'], next_class_id: f.classes.KG })
        .onConflict((c) => c.column('class_id').doUpdateSet({ next_class_id: f.classes.KG }))
        .execute(),
    );
    expect(await kgNext()).toBeGreaterThan(before);
  });
});
