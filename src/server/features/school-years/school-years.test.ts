import { describe, expect, it } from 'vitest';
import { SCHOOL_YEAR_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { FeePlanSchema } from '../../../shared/api/fees.js';
import {
  CurrentSchoolYearAnswerSchema,
  SCHOOL_YEAR_MESSAGES,
  SchoolTermAnswerSchema,
  SchoolTermsAnswerSchema,
  SchoolYearAnswerSchema,
  SchoolYearsAnswerSchema,
} from '../../../shared/api/school-years.js';
import { termToShow } from '../../../shared/rules/school-year.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { type Caller, callAs, withDemoSchool } from '../../test/school-fixtures.js';
import { currentYear, termOfDay } from './school-years.repository.js';

/**
 * School years and terms (docs/decisions/0085-school-years-and-terms.md) against the demo school,
 * whose current year is 2026–2027 (Autumn 2026, Spring 2027, Summer 2027) with its fee plans in
 * Autumn 2026. The tests run in order: each leaves the years as the next expects them.
 */
describe.each(TEST_ENGINES)('school years and terms on %s', (engine) => {
  const { t, f } = withDemoSchool(engine);

  const call = (caller: Caller, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    callAs(t.app, f, caller, {
      method,
      url: `/api${url}`,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const years = async () => {
    const res = await call('principal', 'GET', '/admin/school-years');
    expect(res.statusCode).toBe(200);
    return SchoolYearsAnswerSchema.parse(res.json()).data;
  };
  const termCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('school_term')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const next = { name: '2027–2028', firstDay: '2027-09-01', lastDay: '2028-07-31' };
  let nextId = 0;

  it('shows every school user the current year, its terms and the term of the school’s today', async () => {
    for (const caller of ['student', 'teacher', 'parent', 'principal'] as const) {
      const res = await call(caller, 'GET', '/school-year');
      expect(res.statusCode).toBe(200);
      const { year, today, termId } = CurrentSchoolYearAnswerSchema.parse(res.json()).data;
      expect(year).toMatchObject({ name: '2026–2027', current: true });
      expect(year?.terms.map((term) => term.name)).toEqual(['Autumn 2026', 'Spring 2027', 'Summer 2027']);
      const todays = year?.terms.find((term) => term.firstDay <= today && today <= term.lastDay);
      expect(termId).toBe(todays?.id ?? null);
    }
  });

  it('answers the term of a day, in whichever year, and the current year, to other features', async () => {
    expect((await termOfDay(t.db, '2027-01-05'))?.name).toBe('Spring 2027');
    expect(await termOfDay(t.db, '2027-01-04')).toBeUndefined();
    expect((await currentYear(t.db))?.name).toBe('2026–2027');
  });

  it('adds a year that is not current, and refuses one that overlaps or shares a name, saving nothing', async () => {
    const created = await call('principal', 'POST', '/admin/school-years', next);
    expect(created.statusCode, created.body).toBe(201);
    const year = SchoolYearAnswerSchema.parse(created.json()).data;
    expect(year).toMatchObject({ ...next, current: false, terms: [] });
    nextId = year.id;

    const overlap = await call('principal', 'POST', '/admin/school-years', {
      name: 'Overlapping',
      firstDay: '2027-07-01',
      lastDay: '2027-12-31',
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().error).toMatchObject({
      code: SCHOOL_YEAR_ERROR_CODES.datesOverlap,
      message: SCHOOL_YEAR_MESSAGES.yearOverlaps('2026–2027'),
    });
    const sameName = await call('principal', 'POST', '/admin/school-years', {
      ...next,
      name: ' 2027–2028 ',
      firstDay: '2030-09-01',
      lastDay: '2031-07-31',
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().error.code).toBe(SCHOOL_YEAR_ERROR_CODES.nameTaken);
    const backwards = await call('principal', 'POST', '/admin/school-years', {
      name: 'Backwards',
      firstDay: '2031-09-01',
      lastDay: '2031-08-31',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.details).toEqual([
      { field: 'lastDay', message: SCHOOL_YEAR_MESSAGES.lastBeforeFirst },
    ]);
    expect((await years()).map((y) => y.name)).toEqual(['2027–2028', '2026–2027']);
  });

  it('shows every school user every year with its terms, and the term the screens of marks show first', async () => {
    const all = SchoolYearsAnswerSchema.parse(
      (await call('principal', 'GET', '/admin/school-years')).json(),
    ).data;
    expect(all.length).toBeGreaterThan(1);
    for (const caller of ['student', 'teacher', 'parent', 'principal'] as const) {
      const res = await call(caller, 'GET', '/school-years');
      expect(res.statusCode).toBe(200);
      const { years, today, termId } = SchoolTermsAnswerSchema.parse(res.json()).data;
      expect(years).toEqual(all);
      const terms = years.flatMap((year) => year.terms);
      expect(termId).toBe(termToShow(terms, today)?.id ?? null);
      // The demo's today lies in its current year: the term shown first is of that year.
      expect(years.find((year) => year.current)?.terms.some((term) => term.id === termId)).toBe(true);
    }
    expect((await callAs(t.app, f, undefined, { method: 'GET', url: '/api/school-years' })).statusCode).toBe(
      401,
    );
  });

  it('adds terms within the year, apart from each other, and says why it refuses one (in the caller’s language)', async () => {
    const add = (term: object) => call('principal', 'POST', `/admin/school-years/${nextId}/terms`, term);
    const first = await add({ name: 'Autumn 2027', firstDay: '2027-09-01', lastDay: '2027-12-17' });
    expect(first.statusCode, first.body).toBe(201);
    expect(SchoolTermAnswerSchema.parse(first.json()).data).toMatchObject({
      yearId: nextId,
      name: 'Autumn 2027',
    });
    const before = await termCount();

    const outside = await add({ name: 'Late', firstDay: '2028-07-01', lastDay: '2028-08-01' });
    expect(outside.statusCode).toBe(409);
    expect(outside.json().error).toMatchObject({
      code: SCHOOL_YEAR_ERROR_CODES.termOutsideYear,
      message: SCHOOL_YEAR_MESSAGES.termOutsideYear,
    });
    const overlapping = await add({ name: 'Winter', firstDay: '2027-12-17', lastDay: '2028-01-20' });
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json().error).toMatchObject({
      code: SCHOOL_YEAR_ERROR_CODES.datesOverlap,
      message: SCHOOL_YEAR_MESSAGES.termOverlaps('Autumn 2027'),
    });
    const sameName = await add({ name: 'AUTUMN 2027', firstDay: '2028-01-05', lastDay: '2028-03-20' });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().error.code).toBe(SCHOOL_YEAR_ERROR_CODES.nameTaken);
    const noYear = await call('principal', 'POST', '/admin/school-years/999999/terms', {
      name: 'Nowhere',
      firstDay: '2028-01-05',
      lastDay: '2028-03-20',
    });
    expect(noYear.statusCode).toBe(404);
    expect(await termCount()).toBe(before);

    await t.db.updateTable('app_user').set({ language: 'fr' }).where('id', '=', f.users.principal).execute();
    const french = await add({ name: 'Winter', firstDay: '2027-12-17', lastDay: '2028-01-20' });
    await t.db.updateTable('app_user').set({ language: null }).where('id', '=', f.users.principal).execute();
    expect(french.json().error.message).toBe('Ces dates chevauchent la période « Autumn 2027 ».');
  });

  it('changes a year’s days only while its terms stay within them', async () => {
    const res = await call('principal', 'PUT', `/admin/school-years/${nextId}`, {
      ...next,
      firstDay: '2027-09-02',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: SCHOOL_YEAR_ERROR_CODES.termOutsideYear,
      message: SCHOOL_YEAR_MESSAGES.termsOutside('Autumn 2027'),
    });
    const renamed = await call('principal', 'PUT', `/admin/school-years/${nextId}`, {
      ...next,
      name: 'Next year',
    });
    expect(renamed.statusCode).toBe(200);
    expect(SchoolYearAnswerSchema.parse(renamed.json()).data).toMatchObject({
      name: 'Next year',
      firstDay: '2027-09-01',
    });
    expect((await call('principal', 'PUT', '/admin/school-years/999999', next)).statusCode).toBe(404);
  });

  it('moves the current mark in one step, and never deletes the current year', async () => {
    const moved = await call('principal', 'POST', `/admin/school-years/${nextId}/current`);
    expect(moved.statusCode).toBe(200);
    expect((await years()).map((y) => [y.name, y.current])).toEqual([
      ['Next year', true],
      ['2026–2027', false],
    ]);
    const seen = CurrentSchoolYearAnswerSchema.parse(
      (await call('student', 'GET', '/school-year')).json(),
    ).data;
    expect(seen.year?.id).toBe(nextId);

    const current = await call('principal', 'DELETE', `/admin/school-years/${nextId}`);
    expect(current.statusCode).toBe(409);
    expect(current.json().error).toMatchObject({
      code: SCHOOL_YEAR_ERROR_CODES.currentYear,
      message: SCHOOL_YEAR_MESSAGES.currentYear,
    });
    const back = (await years()).find((y) => y.name === '2026–2027');
    expect((await call('principal', 'POST', `/admin/school-years/${back?.id}/current`)).statusCode).toBe(200);
    expect((await currentYear(t.db))?.name).toBe('2026–2027');
  });

  it('links fee plans to terms, lets a plan’s term text follow its term’s name, and keeps used terms', async () => {
    const [nextAutumn] = (await years()).find((y) => y.id === nextId)?.terms ?? [];
    if (!nextAutumn) throw new Error('the next year has its Autumn term');
    const plan = {
      name: 'Next autumn',
      classId: f.classes.KG,
      term: 'anything',
      termId: nextAutumn.id,
      dueDate: '2027-09-15',
      items: [{ name: 'Tuition', amount: 1000 }],
    };
    const made = await call('principal', 'POST', '/admin/fee-plans', plan);
    expect(made.statusCode, made.body).toBe(201);
    const saved = FeePlanSchema.parse(made.json().data);
    expect(saved).toMatchObject({ term: 'Autumn 2027', termId: nextAutumn.id });

    // A plan given only the text of a current year's term belongs to that term.
    const byText = await call('principal', 'POST', '/admin/fee-plans', {
      ...plan,
      termId: undefined,
      term: 'spring 2027',
    });
    const spring = (await currentYear(t.db))?.terms[1];
    expect(FeePlanSchema.parse(byText.json().data)).toMatchObject({
      term: 'Spring 2027',
      termId: spring?.id,
    });
    const unknown = await call('principal', 'POST', '/admin/fee-plans', { ...plan, termId: 999999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details).toEqual([
      { field: 'termId', message: SCHOOL_YEAR_MESSAGES.termUnknown },
    ]);

    const renamed = await call('principal', 'PUT', `/admin/school-terms/${nextAutumn.id}`, {
      name: 'Term 1',
      firstDay: '2027-09-01',
      lastDay: '2027-12-17',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const plans = (await call('principal', 'GET', '/admin/fee-plans')).json().data as {
      id: number;
      term: string;
    }[];
    expect(plans.find((p) => p.id === saved.id)?.term).toBe('Term 1');
    const audit = await t.db
      .selectFrom('money_audit')
      .select(['action', 'before', 'after'])
      .where('entity', '=', 'plan')
      .where('entity_id', '=', saved.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({
      action: 'plan.update',
      before: JSON.stringify({ term: 'Autumn 2027' }),
      after: JSON.stringify({ term: 'Term 1' }),
    });

    const usedTerm = await call('principal', 'DELETE', `/admin/school-terms/${nextAutumn.id}`);
    expect(usedTerm.statusCode).toBe(409);
    expect(usedTerm.json().error).toMatchObject({
      code: SCHOOL_YEAR_ERROR_CODES.inUse,
      message: SCHOOL_YEAR_MESSAGES.termInUse,
    });
    const usedYear = await call('principal', 'DELETE', `/admin/school-years/${nextId}`);
    expect(usedYear.statusCode).toBe(409);
    expect(usedYear.json().error).toMatchObject({
      code: SCHOOL_YEAR_ERROR_CODES.inUse,
      message: SCHOOL_YEAR_MESSAGES.yearInUse,
    });
  });

  it('deletes a term and a year nothing uses, the year’s terms with it', async () => {
    const made = await call('principal', 'POST', '/admin/school-years', {
      name: 'Spare',
      firstDay: '2030-09-01',
      lastDay: '2031-07-31',
    });
    const spare = SchoolYearAnswerSchema.parse(made.json()).data;
    const terms = await Promise.all(
      [
        { name: 'A', firstDay: '2030-09-01', lastDay: '2030-12-01' },
        { name: 'B', firstDay: '2031-01-01', lastDay: '2031-03-01' },
      ].map(async (term) => {
        const res = await call('principal', 'POST', `/admin/school-years/${spare.id}/terms`, term);
        return SchoolTermAnswerSchema.parse(res.json()).data;
      }),
    );
    expect((await call('principal', 'DELETE', `/admin/school-terms/${terms[0]?.id}`)).statusCode).toBe(204);
    expect((await call('principal', 'DELETE', `/admin/school-terms/${terms[0]?.id}`)).statusCode).toBe(404);
    expect((await call('principal', 'DELETE', `/admin/school-years/${spare.id}`)).statusCode).toBe(204);
    expect(
      await t.db.selectFrom('school_term').select('id').where('year_id', '=', spare.id).execute(),
    ).toEqual([]);
    expect((await call('principal', 'DELETE', `/admin/school-years/${spare.id}`)).statusCode).toBe(404);
  });
});
