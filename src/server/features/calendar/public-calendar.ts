import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type PublicCalendar, PublicCalendarSchema } from '../../../shared/api/public-calendar.js';
import { addDaysIso } from '../../../shared/school-time.js';
import type { Db } from '../../db/connect.js';
import { NOT_MODIFIED } from '../../lib/cached-answer.js';
import { currentYear } from '../school-years/school-years.repository.js';
import { schoolToday } from '../settings/settings.repository.js';
import { entryPublic } from './calendar.policy.js';
import { listEntries } from './calendar.repository.js';

/**
 * The public site's calendar (docs/decisions/0088-closed-days.md): the current year's terms and its
 * public dates, read by the home page and its server rendering. Kept by the content version, which
 * every write of the calendar, the years and the terms raises.
 */
export async function publicCalendar(db: Db): Promise<PublicCalendar> {
  const year = await currentYear(db);
  // Without a year, the dates of the coming year as of the write that made this answer.
  const from = year?.firstDay ?? (await schoolToday(db));
  const to = year?.lastDay ?? addDaysIso(from, 365);
  const entries = await listEntries(db, entryPublic(), { from, to });
  return {
    year: year
      ? {
          name: year.name,
          terms: year.terms.map((term) => ({
            name: term.name,
            firstDay: term.firstDay,
            lastDay: term.lastDay,
          })),
        }
      : null,
    dates: entries
      .filter((entry) => !entry.cancelled)
      .map((entry) => ({
        uid: entry.uid,
        kind: entry.kind,
        title: entry.title,
        description: entry.description,
        place: entry.place,
        startDate: entry.startDate,
        endDate: entry.endDate,
        startTime: entry.startTime,
        endTime: entry.endTime,
      })),
  };
}

export async function publicCalendarRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const kept = app.keptAnswers.add(`${app.prefix}/calendar/public`, PublicCalendarSchema, () =>
    publicCalendar(app.db),
  );
  api.get(
    '/calendar/public',
    {
      schema: {
        tags: ['Calendar'],
        summary: 'The public site’s calendar: the current year’s terms and its public dates',
        description:
          'The current school year (null before there is one) with its terms, and its public dates: ' +
          'closures of the whole school and events marked public, by start, cancelled ones left out. ' +
          'Without a year, the public dates of the year ahead. A strong `ETag`, as the public content ' +
          'calls have.',
        response: { 200: PublicCalendarSchema, 304: NOT_MODIFIED },
      },
    },
    async (request, reply) => kept.send(request, reply),
  );
}
