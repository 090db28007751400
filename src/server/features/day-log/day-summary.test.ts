import { beforeAll, describe, expect, it } from 'vitest';
import { zonedInstant } from '../../demo/care.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { bearer, withDemoSchool } from '../../test/school-fixtures.js';
import { schoolTimeZone, schoolToday } from '../settings/settings.repository.js';
import { childDaySummary, claimSummaryDay, sendDaySummaries } from './day-summary.js';

/**
 * The end-of-day summary (docs/decisions/0078-the-daily-log.md): its content in the guardian's
 * language, and the job that sends a day's summaries once, after closing, whatever the number of
 * processes looking.
 */
describe.each(TEST_ENGINES)('the end-of-day summary on %s', (engine) => {
  const { t, f } = withDemoSchool(engine);
  let day: string;
  let timeZone: string;

  beforeAll(async () => {
    day = await schoolToday(t.db);
    timeZone = await schoolTimeZone(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/log-entries',
      headers: bearer(f.tokens.teacher),
      payload: {
        studentIds: [f.users.student],
        time: '12:15',
        detail: { kind: 'meal', what: 'Soup', amount: 'most' },
      },
    });
    expect(res.statusCode).toBe(201);
  });

  it('says the child’s day in the guardian’s language, in time order', async () => {
    const child = { id: f.users.student, name: 'Aisha Rahman' };
    const english = await childDaySummary(t.db, child, day, 'en');
    expect(english.subject).toMatch(/^Aisha Rahman’s day, /);
    expect(english.lines).toContain('12:15 Meal: Soup · Ate most of it');
    const french = await childDaySummary(t.db, child, day, 'fr');
    expect(french.subject).toMatch(/^La journée de Aisha Rahman, /);
    expect(french.lines).toContain('12:15 Repas : Soup · A mangé presque tout');
    const times = english.lines.map((line) => line.slice(0, 5));
    expect(times).toEqual([...times].sort());
    expect((await childDaySummary(t.db, child, '2020-01-06', 'ar')).lines).toEqual(['لم يُسجَّل شيء اليوم.']);
  });

  it('sends a day’s summaries once, after closing only, when several processes look at once', async () => {
    expect(await sendDaySummaries(t.app, new Date(zonedInstant(day, 17, 59, timeZone)))).toBe(0);
    expect(await t.db.selectFrom('day_summary_run').selectAll().execute()).toEqual([]);

    const after = new Date(zonedInstant(day, 18, 30, timeZone));
    const results = await Promise.all([sendDaySummaries(t.app, after), sendDaySummaries(t.app, after)]);
    // Aisha has a guardian (the demo parent): at least her summary went, from one of the two.
    expect(results.filter((sent) => sent > 0)).toHaveLength(1);
    expect(await sendDaySummaries(t.app, after)).toBe(0);
    const runs = await t.db.selectFrom('day_summary_run').selectAll().execute();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ day, sent: Math.max(...results) });
    expect(await claimSummaryDay(t.db, day, after.toISOString())).toBe(false);
  });
});
