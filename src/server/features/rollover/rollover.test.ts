import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { AUTH_ERROR_CODES, ROLLOVER_ERROR_CODES } from '../../../shared/api/error-codes.js';
import {
  ClassProgressionsAnswerSchema,
  type PupilTerm,
  PupilYearsAnswerSchema,
  ROLLOVER_MESSAGES,
  RolloverPreviewAnswerSchema,
  RolloverRunAnswerSchema,
  type RolloverSummary,
} from '../../../shared/api/rollover.js';
import { ResultSummaryAnswerSchema } from '../../../shared/api/school.js';
import { SchoolYearAnswerSchema } from '../../../shared/api/school-years.js';
import { DEFAULT_PASS_MARK, markSheet } from '../../../shared/rules/mark-sheet.js';
import type { Db } from '../../db/connect.js';
import { isPostgres } from '../../db/engine.js';
import { DEMO_PASSWORD } from '../../demo/index.js';
import { TEST_ENGINES } from '../../test/databases.js';
import {
  bearer,
  type Caller,
  callAs,
  logIn,
  userWithSession,
  withDemoSchool,
} from '../../test/school-fixtures.js';
import { termSubjectMarks } from '../marks/marks.repository.js';

/**
 * The year rollover (docs/decisions/0091-the-year-rollover.md) on the demo school: Nursery, KG,
 * Class 1 and Class 2 in 2026–2027, the current year; the parent has a child in KG and one in
 * Class 2. The tests run in order: the mapping, the refusals, a failed run that changes nothing,
 * the run, a second run, and what the families can still read.
 */

/** Everything a rollover changes, to compare before and after a failed run. */
async function stateOf(db: Db) {
  const enrolments = await db
    .selectFrom('enrolment')
    .select(['id', 'student_id', 'class_id', 'started_on', 'ended_on'])
    .orderBy('id')
    .execute();
  const archived = await db
    .selectFrom('app_user')
    .select('id')
    .where('archived_at', 'is not', null)
    .execute();
  const plans = await db.selectFrom('fee_plan').select(['id', 'term_id', 'due_date']).orderBy('id').execute();
  const items = await db.selectFrom('fee_plan_item').select('id').orderBy('id').execute();
  const years = await db.selectFrom('school_year').select(['id', 'is_current']).orderBy('id').execute();
  const runs = await db.selectFrom('rollover_run').select('id').execute();
  return { enrolments, archived, plans, items, years, runs };
}

describe.each(TEST_ENGINES)('the year rollover on %s', (engine) => {
  const { t, f } = withDemoSchool(engine);

  const call = (caller: Caller, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    callAs(t.app, f, caller, {
      method,
      url: `/api${url}`,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const fullMapping = () => ({
    classes: [
      { classId: f.classes.Nursery, nextClassId: f.classes.KG },
      { classId: f.classes.KG, nextClassId: f.classes['Class 1'] },
      { classId: f.classes['Class 1'], nextClassId: f.classes['Class 2'] },
      { classId: f.classes['Class 2'], nextClassId: null },
    ],
  });
  let nextYearId = 0;
  let preview: RolloverSummary;
  /** A pupil enrolled in KG after the old year ended: already in the new year's class. */
  let lateStarter = 0;
  const brother = () => f.children[1];

  it('is for the principal only', async () => {
    for (const caller of ['teacher', 'parent', 'student'] as const) {
      expect((await call(caller, 'GET', '/admin/rollover/classes')).statusCode).toBe(403);
      expect((await call(caller, 'POST', '/admin/rollover', { toYearId: 1 })).statusCode).toBe(403);
    }
  });

  it('makes the new year to move into', async () => {
    const created = await call('principal', 'POST', '/admin/school-years', {
      name: '2027–2028',
      firstDay: '2027-09-01',
      lastDay: '2028-07-31',
    });
    expect(created.statusCode, created.body).toBe(201);
    nextYearId = SchoolYearAnswerSchema.parse(created.json()).data.id;
    for (const [name, firstDay, lastDay] of [
      ['Autumn 2027', '2027-09-01', '2027-12-17'],
      ['Spring 2028', '2028-01-04', '2028-03-31'],
    ]) {
      const term = await call('principal', 'POST', `/admin/school-years/${nextYearId}/terms`, {
        name,
        firstDay,
        lastDay,
      });
      expect(term.statusCode, term.body).toBe(201);
    }
    lateStarter = (await userWithSession(t.db, 'Student', 'Lena Late')).id;
    await t.db
      .insertInto('enrolment')
      .values({ student_id: lateStarter, class_id: f.classes.KG, started_on: '2027-08-20', ended_on: null })
      .execute();
  });

  it('keeps the mapping of classes, refusing unknown classes, a class into itself and a class twice', async () => {
    const before = ClassProgressionsAnswerSchema.parse(
      (await call('principal', 'GET', '/admin/rollover/classes')).json(),
    );
    // The demo school comes mapped: each class into the next, Class 2 leaving.
    expect(before.data.map((row) => [row.className, row.nextClassName, row.leaves])).toEqual([
      ['Class 1', 'Class 2', false],
      ['Class 2', null, true],
      ['KG', 'Class 1', false],
      ['Nursery', 'KG', false],
    ]);
    expect(before.data.every((row) => row.pupils > 0)).toBe(true);

    const bad = [
      { classes: [{ classId: 999_999, nextClassId: null }] },
      { classes: [{ classId: f.classes.KG, nextClassId: 999_999 }] },
      { classes: [{ classId: f.classes.KG, nextClassId: f.classes.KG }] },
      {
        classes: [
          { classId: f.classes.KG, nextClassId: null },
          { classId: f.classes.KG, nextClassId: f.classes['Class 1'] },
        ],
      },
      { classes: [{ classId: 'KG', nextClassId: null }] },
    ];
    for (const body of bad) {
      const res = await call('principal', 'PUT', '/admin/rollover/classes', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await t.db.selectFrom('class_progression').selectAll().execute()).length).toBe(4);

    const { classes } = fullMapping();
    const partial = await call('principal', 'PUT', '/admin/rollover/classes', {
      classes: classes.filter((row) => row.classId !== f.classes.KG),
    });
    expect(partial.statusCode, partial.body).toBe(200);
    const rows = ClassProgressionsAnswerSchema.parse(partial.json()).data;
    expect(rows.find((row) => row.classId === f.classes['Class 2'])).toMatchObject({
      leaves: true,
      mapped: true,
    });
    expect(rows.find((row) => row.classId === f.classes.Nursery)).toMatchObject({
      nextClassName: 'KG',
      leaves: false,
      mapped: true,
    });
    expect(rows.find((row) => row.classId === f.classes.KG)).toMatchObject({
      mapped: false,
      nextClassId: null,
    });
  });

  it('refuses a preview or a run while a class with pupils has no next class, naming it', async () => {
    const before = await stateOf(t.db);
    for (const res of [
      await call('principal', 'GET', `/admin/rollover/preview?toYearId=${nextYearId}`),
      await call('principal', 'POST', '/admin/rollover/preview', { toYearId: nextYearId }),
      await call('principal', 'POST', '/admin/rollover', { toYearId: nextYearId }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: ROLLOVER_ERROR_CODES.classNotMapped,
        message: ROLLOVER_MESSAGES.classNotMapped('KG'),
        details: { classId: f.classes.KG, className: 'KG' },
      });
    }
    expect(await stateOf(t.db)).toEqual(before);
  });

  it('refuses a year that is not there, the current year, and a year that does not follow it', async () => {
    expect((await call('principal', 'PUT', '/admin/rollover/classes', fullMapping())).statusCode).toBe(200);
    expect(
      (await call('principal', 'POST', '/admin/rollover/preview', { toYearId: 999_999 })).statusCode,
    ).toBe(404);
    expect(
      (await call('principal', 'POST', '/admin/rollover/preview', { toYearId: 'next' })).statusCode,
    ).toBe(400);
    expect((await call('principal', 'GET', '/admin/rollover/preview?toYearId=x')).statusCode).toBe(400);
    const current = await t.db
      .selectFrom('school_year')
      .select('id')
      .where('is_current', '=', 1)
      .executeTakeFirstOrThrow();
    const earlier = await call('principal', 'POST', '/admin/school-years', {
      name: '2025–2026',
      firstDay: '2025-09-01',
      lastDay: '2026-07-31',
    });
    expect(earlier.statusCode, earlier.body).toBe(201);
    for (const id of [current.id, SchoolYearAnswerSchema.parse(earlier.json()).data.id]) {
      const res = await call('principal', 'POST', '/admin/rollover', { toYearId: id });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe(ROLLOVER_ERROR_CODES.yearNotNext);
    }
  });

  it('previews the move: who moves up, who leaves, which accounts are archived, what is drafted', async () => {
    const viaGet = await call('principal', 'GET', `/admin/rollover/preview?toYearId=${nextYearId}`);
    expect(viaGet.statusCode, viaGet.body).toBe(200);
    preview = RolloverPreviewAnswerSchema.parse(viaGet.json()).data;
    const viaPost = await call('principal', 'POST', '/admin/rollover/preview', { toYearId: nextYearId });
    expect(RolloverPreviewAnswerSchema.parse(viaPost.json()).data).toEqual(preview);

    const pupilsIn = async (classId: number) =>
      Number(
        (
          await t.db
            .selectFrom('enrolment')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('class_id', '=', classId)
            .where('ended_on', 'is', null)
            .where('started_on', '<=', '2027-07-31')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const class2 = await pupilsIn(f.classes['Class 2']);
    expect(preview.fromYear.name).toBe('2026–2027');
    expect(preview.toYear.name).toBe('2027–2028');
    expect(preview.leaving).toBe(class2);
    expect(preview.archivedPupils).toBe(class2);
    expect(preview.movingUp).toBe(
      (await pupilsIn(f.classes.Nursery)) +
        (await pupilsIn(f.classes.KG)) +
        (await pupilsIn(f.classes['Class 1'])),
    );
    expect(preview.classes.find((row) => row.className === 'KG')).toMatchObject({ nextClassName: 'Class 1' });
    expect(preview.classes.find((row) => row.className === 'Class 2')).toMatchObject({ leaves: true });
    // The demo's fee plans are all in Autumn 2026, the first term: each has a counterpart.
    const plans = await t.db.selectFrom('fee_plan').select('id').execute();
    expect(preview.feePlansDrafted).toBe(plans.length);
    expect(preview.feePlansWithoutTerm).toBe(0);
    expect(preview.classAssignments).toBeGreaterThan(0);
    expect(preview.timetableRows).toBeGreaterThanOrEqual(preview.classAssignments);
  });

  it('leaves everything as it was when the run fails halfway', async () => {
    const before = await stateOf(t.db);
    if (isPostgres(t.db)) {
      await sql`create function rollover_fails() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`.execute(
        t.db,
      );
      await sql`create trigger rollover_fails before insert on rollover_run for each row execute function rollover_fails()`.execute(
        t.db,
      );
    } else {
      await sql`create trigger rollover_fails before insert on rollover_run begin select raise(abort, 'injected failure'); end`.execute(
        t.db,
      );
    }
    const res = await call('principal', 'POST', '/admin/rollover', { toYearId: nextYearId });
    expect(res.statusCode).toBe(500);
    expect(await stateOf(t.db)).toEqual(before);
    await sql`drop trigger rollover_fails${isPostgres(t.db) ? sql` on rollover_run` : sql``}`.execute(t.db);
    if (isPostgres(t.db)) await sql`drop function rollover_fails()`.execute(t.db);
  });

  /** student@'s term sheets in Past years before the run, as the parent and the principal read them. */
  let termsBefore: { parent: PupilTerm[]; principal: PupilTerm[] } | undefined;
  /** The term of the demo's marked tests. */
  let testTermId = 0;

  const termsOf = async (caller: Caller, pupil: number) => {
    const res = await call(caller, 'GET', `/pupils/${pupil}/years`);
    expect(res.statusCode, res.body).toBe(200);
    return PupilYearsAnswerSchema.parse(res.json()).data.flatMap((year) => year.terms);
  };

  it('shows each term’s marks in Past years: released ones to families, every one to staff', async () => {
    const pupil = f.users.student;
    const released = await t.db
      .selectFrom('exam as x')
      .innerJoin('mark as m', 'm.exam_id', 'x.id')
      .select(['x.term_id', 'x.exam_date', 'x.subject_id', 'm.marks'])
      .where('x.class_id', '=', f.classes.KG)
      .where('x.released_at', 'is not', null)
      .where('m.student_id', '=', pupil)
      .executeTakeFirstOrThrow();
    testTermId = released.term_id ?? 0;
    // An unreleased test of that subject with a mark far from the released one: staff's term mark moves.
    const hidden = await t.db
      .insertInto('exam')
      .values({
        class_id: f.classes.KG,
        subject_id: released.subject_id,
        exam_date: released.exam_date,
        time: '14:00 - 15:00',
        created_at: new Date().toISOString(),
        term_id: testTermId,
        released_at: null,
        released_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('mark')
      .values({
        student_id: pupil,
        class_id: f.classes.KG,
        subject_id: released.subject_id,
        exam_id: hidden.id,
        marks: released.marks >= 50 ? 0 : 100,
        updated_by: null,
        updated_at: new Date().toISOString(),
      })
      .execute();
    const parent = await termsOf('parent', pupil);
    const principal = await termsOf('principal', pupil);
    const forFamilies = (await termSubjectMarks(t.db, [pupil], testTermId, { releasedOnly: true })).get(
      pupil,
    );
    const forStaff = (await termSubjectMarks(t.db, [pupil], testTermId, { releasedOnly: false })).get(pupil);
    const sheetOf = (terms: PupilTerm[]) => terms.find((term) => term.termId === testTermId)?.marks;
    const expected = (subjects: typeof forFamilies) => {
      const sheet = markSheet(subjects ?? [], DEFAULT_PASS_MARK);
      return {
        subjects: (subjects ?? []).map(({ subjectName, marks }) => ({ subjectName, marks })),
        total: sheet.total,
        percentage: sheet.percentage,
        division: sheet.division,
      };
    };
    expect(forFamilies?.length).toBeGreaterThan(0);
    expect(sheetOf(parent)).toEqual(expected(forFamilies));
    expect(sheetOf(principal)).toEqual(expected(forStaff));
    // The unreleased tests count for staff only (docs/decisions/0087-released-marks.md).
    expect(sheetOf(parent)).not.toEqual(sheetOf(principal));
    expect(await termsOf('student', pupil)).toEqual(parent);
    expect(await termsOf('teacher', pupil)).toEqual(principal);
    // Terms without marks are listed with none.
    expect(parent.filter((term) => term.termId !== testTermId).every((term) => term.marks === null)).toBe(
      true,
    );
    // Another family's child: as for an unknown pupil.
    const other = await t.db
      .selectFrom('app_user')
      .select('id')
      .where('type', '=', 'Student')
      .where('id', 'not in', f.children)
      .executeTakeFirstOrThrow();
    expect((await call('parent', 'GET', `/pupils/${other.id}/years`)).statusCode).toBe(404);
    termsBefore = { parent, principal };
  });

  it('runs once: a backup first, then what the preview said, and the new year is current', async () => {
    const fromYear = preview.fromYear;
    const plansBefore = await t.db.selectFrom('fee_plan').select('id').execute();
    const res = await call('principal', 'POST', '/admin/rollover', { toYearId: nextYearId });
    expect(res.statusCode, res.body).toBe(201);
    const run = RolloverRunAnswerSchema.parse(res.json()).data;
    const { runId: _runId, ranAt: _ranAt, backupFile, ...counts } = run;
    expect(counts).toEqual(preview);
    expect(fs.existsSync(path.join(t.dataDir, 'backups', backupFile))).toBe(true);

    // The result counted from the rows: each class's pupils now in the next class.
    for (const row of preview.classes) {
      const moved = await t.db
        .selectFrom('enrolment as old')
        .innerJoin('enrolment as now', 'now.student_id', 'old.student_id')
        .select(['now.class_id', 'now.started_on'])
        .where('old.class_id', '=', row.classId)
        .where('old.ended_on', '=', fromYear.lastDay)
        .where('now.ended_on', 'is', null)
        .execute();
      expect(moved.length).toBe(row.leaves ? 0 : row.pupils);
      for (const now of moved) expect(now).toEqual({ class_id: row.nextClassId, started_on: '2027-09-01' });
    }
    const current = await t.db
      .selectFrom('enrolment')
      .select(['student_id', 'class_id', 'started_on'])
      .where('ended_on', 'is', null)
      .execute();
    expect(current.length).toBe(preview.movingUp + 1);
    // The late starter stays where they started, and did not count.
    expect(current.find((row) => row.student_id === lateStarter)).toEqual({
      student_id: lateStarter,
      class_id: f.classes.KG,
      started_on: '2027-08-20',
    });
    const archived = await t.db
      .selectFrom('app_user')
      .select(['id', 'type'])
      .where('archived_at', 'is not', null)
      .execute();
    expect(archived.filter((u) => u.type === 'Student').length).toBe(preview.archivedPupils);
    expect(archived.filter((u) => u.type === 'Parent').length).toBe(preview.archivedGuardians);
    expect(archived.map((u) => u.id)).toContain(brother());
    // The demo parent still has a child at the school.
    expect(archived.map((u) => u.id)).not.toContain(f.users.parent);

    const drafted = await t.db
      .selectFrom('fee_plan as p')
      .innerJoin('school_term as t', 't.id', 'p.term_id')
      .leftJoin('invoice as i', 'i.plan_id', 'p.id')
      .select(['p.id', 't.year_id', 't.name', 'i.id as invoiceId'])
      .where(
        'p.id',
        'not in',
        plansBefore.map((p) => p.id),
      )
      .execute();
    expect(drafted.length).toBe(preview.feePlansDrafted);
    for (const plan of drafted)
      expect(plan).toMatchObject({ year_id: nextYearId, name: 'Autumn 2027', invoiceId: null });

    const years = await t.db.selectFrom('school_year').select(['id']).where('is_current', '=', 1).execute();
    expect(years).toEqual([{ id: nextYearId }]);
  });

  it('refuses a second run and its preview', async () => {
    for (const res of [
      await call('principal', 'POST', '/admin/rollover', { toYearId: nextYearId }),
      await call('principal', 'POST', '/admin/rollover/preview', { toYearId: nextYearId }),
    ]) {
      expect(res.statusCode).toBe(409);
    }
    expect((await t.db.selectFrom('rollover_run').select('id').execute()).length).toBe(1);
  });

  it('keeps last year readable under its name for the pupil and the guardians', async () => {
    // The parent's two children: one moved up from KG, one left from Class 2.
    for (const [child, lastClass, nowClass] of [
      [f.children[0], 'KG', 'Class 1'],
      [brother(), 'Class 2', undefined],
    ] as const) {
      const history = await call('parent', 'GET', `/attendance/student/${child}`);
      expect(history.statusCode).toBe(200);
      const recorded = await t.db
        .selectFrom('attendance')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('student_id', '=', child)
        .executeTakeFirstOrThrow();
      const res = await call('parent', 'GET', `/pupils/${child}/years`);
      expect(res.statusCode, res.body).toBe(200);
      const years = PupilYearsAnswerSchema.parse(res.json()).data;
      const last = years.find((year) => year.name === '2026–2027');
      expect(last?.classes).toEqual([lastClass]);
      const { present, absent, onLeave } = last?.attendance ?? { present: 0, absent: 0, onLeave: 0 };
      expect(present + absent + onLeave).toBe(Number(recorded.n));
      expect(present + absent + onLeave).toBeGreaterThan(0);
      const next = years.find((year) => year.name === '2027–2028');
      expect(next?.classes).toEqual(nowClass ? [nowClass] : undefined);
    }
    expect((await call('student', 'GET', `/pupils/${f.users.student}/years`)).statusCode).toBe(200);
    expect((await call('student', 'GET', `/pupils/${brother()}/years`)).statusCode).toBe(404);
    expect((await call('student2', 'GET', `/pupils/${f.users.student}/years`)).statusCode).toBe(404);
  });

  it('keeps last year’s mark sheets readable by term after the run, in Past years and the result summary', async () => {
    const pupil = f.users.student;
    expect(termsBefore).toBeDefined();
    expect(await termsOf('parent', pupil)).toEqual(termsBefore?.parent);
    expect(await termsOf('principal', pupil)).toEqual(termsBefore?.principal);
    const expected = termsBefore?.parent.find((term) => term.termId === testTermId)?.marks;
    // The pupil is in Class 1 now; the term's sheet is still their KG marks of that term.
    const summary = await call('parent', 'GET', `/result-summary/${pupil}?termId=${testTermId}`);
    expect(summary.statusCode, summary.body).toBe(200);
    const sheet = ResultSummaryAnswerSchema.parse(summary.json()).data;
    expect(
      [...sheet.rows]
        .map(({ subjectName, marks }) => ({ subjectName, marks }))
        .sort((a, b) => a.subjectName.localeCompare(b.subjectName, 'en')),
    ).toEqual(expected?.subjects);
    expect({ total: sheet.total, percentage: sheet.percentage, division: sheet.division }).toEqual({
      total: expected?.total,
      percentage: expected?.percentage,
      division: expected?.division,
    });
    // The new year's terms have no marks yet; another family's child stays a 404.
    const years = PupilYearsAnswerSchema.parse(
      (await call('parent', 'GET', `/pupils/${pupil}/years`)).json(),
    ).data;
    expect(years.find((year) => year.name === '2027–2028')?.terms.every((term) => term.marks === null)).toBe(
      true,
    );
    expect((await call('parent', 'GET', `/result-summary/${pupil}?termId=999999`)).json().data.rows).toEqual(
      [],
    );
  });

  it('lets an archived account sign in and read, not write, for as long as the school sets', async () => {
    const { email } = await t.db
      .selectFrom('app_user')
      .select('email')
      .where('id', '=', brother())
      .executeTakeFirstOrThrow();
    const token = await logIn(t.app, email, DEMO_PASSWORD);
    const as = (method: 'GET' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
    expect((await as('GET', `/pupils/${brother()}/years`)).statusCode).toBe(200);
    expect((await as('GET', `/attendance/student/${brother()}`)).statusCode).toBe(200);
    const write = await as('PUT', '/users/language', { language: null });
    expect(write.statusCode).toBe(403);
    expect(write.json().error.code).toBe(AUTH_ERROR_CODES.accountArchived);
    // Signing out is not a change to the school: an archived account may.
    const second = await logIn(t.app, email, DEMO_PASSWORD);
    const out = await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(second) });
    expect(out.statusCode).toBe(204);

    const settings = await call('principal', 'GET', '/admin/rollover/settings');
    expect(settings.json()).toEqual({ data: { archivedAccessDays: 365 } });
    expect(
      (await call('principal', 'PUT', '/admin/rollover/settings', { archivedAccessDays: -1 })).statusCode,
    ).toBe(400);
    const closed = await call('principal', 'PUT', '/admin/rollover/settings', { archivedAccessDays: 0 });
    expect(closed.json()).toEqual({ data: { archivedAccessDays: 0 } });
    expect((await as('GET', `/pupils/${brother()}/years`)).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().error.code).toBe(AUTH_ERROR_CODES.accountArchived);
    // The parent, whose other child is still at the school, is not archived.
    expect((await call('parent', 'PUT', '/users/language', { language: null })).statusCode).toBe(200);
  });
});
