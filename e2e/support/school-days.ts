import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { SchoolYearsAnswerSchema } from '../../src/shared/api/school-years.js';
import { firstTermDayFrom } from '../../src/shared/rules/school-year.js';

/**
 * A day an exam may be set on, with its term, read through the API as the principal (`headers`
 * carry their session): the school's today when it is in a term, else the next term's first day
 * (exams are set neither in the past nor between terms, docs/decisions/0087-released-marks.md). Between
 * the last term of the year and the next year's first (late July, before a next year is kept), no
 * term lies ahead: a year of the test's own far ahead is added, with one term, as
 * school-calendar.spec.ts does.
 */
export async function examDay(
  request: APIRequestContext,
  headers: Record<string, string>,
): Promise<{ day: string; termId: number }> {
  const { today } = (
    (await (await request.get('/api/school-year', { headers })).json()) as {
      data: { today: string };
    }
  ).data;
  const read = async () => {
    const years = SchoolYearsAnswerSchema.parse(
      await (await request.get('/api/admin/school-years', { headers })).json(),
    ).data;
    const terms = years.flatMap((year) => year.terms);
    const day = firstTermDayFrom(terms, today);
    const term = day === undefined ? undefined : terms.find((t) => t.firstDay <= day && day <= t.lastDay);
    return day !== undefined && term ? { day, termId: term.id } : undefined;
  };
  const found = await read();
  if (found) return found;
  const first = 2100 + Math.floor(Math.random() * 150);
  const year = await request.post('/api/admin/school-years', {
    headers,
    data: {
      name: `E2E exams ${first} ${Date.now().toString(36)}`,
      firstDay: `${first}-09-01`,
      lastDay: `${first + 1}-07-10`,
    },
  });
  expect(year.status(), await year.text()).toBe(201);
  const yearId = ((await year.json()) as { data: { id: number } }).data.id;
  const term = await request.post(`/api/admin/school-years/${yearId}/terms`, {
    headers,
    data: { name: 'Autumn', firstDay: `${first}-09-01`, lastDay: `${first}-12-18` },
  });
  expect(term.status(), await term.text()).toBe(201);
  return { day: `${first}-09-01`, termId: ((await term.json()) as { data: { id: number } }).data.id };
}
