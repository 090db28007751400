import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  CALENDAR_MESSAGES,
  CALENDAR_PATHS,
  CalendarEntriesAnswerSchema,
  CalendarEntryAnswerSchema,
  CalendarEntryBodySchema,
  CalendarFeedsAnswerSchema,
  CalendarRangeQuerySchema,
  FeedAddressAnswerSchema,
  FeedSecretParamSchema,
  feedAddress,
} from '../../../shared/api/calendar.js';
import { CALENDAR_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import { IdParamSchema } from '../../../shared/api/school.js';
import { addDaysIso } from '../../../shared/school-time.js';
import { ANSWER_KEYS, AnswersKeptByVersion } from '../../lib/answer-versions.js';
import { conflict, invalid, notFound } from '../../lib/errors.js';
import { CHECKED, DENIED, schoolRouting } from '../../lib/school-routes.js';
import { hashToken, newSecretToken } from '../../lib/secret-token.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import type { Viewer } from '../school/school.policy.js';
import { readSettings, schoolTimeZone, schoolToday } from '../settings/settings.repository.js';
import { entryOfClass, entryPublic, entryVisible, findCalendarClass } from './calendar.policy.js';
import {
  cancelEntry,
  feedsOf,
  findEntry,
  findFeed,
  insertEntry,
  listEntries,
  replaceFeed,
  unknownClassIds,
  updateEntry,
} from './calendar.repository.js';
import { calendarFeed } from './calendar-feed.js';
import { publicCalendarRoutes } from './public-calendar.js';

/**
 * The school calendar (docs/decisions/0086-the-school-calendar.md; bodies and answers:
 * src/shared/api/calendar.ts; who sees what: calendar.policy.ts) and its iCalendar feeds.
 */

const TAGS = ['Calendar'];
/** A feed's secret: 32 random bytes, 43 base64url characters. */
const SECRET_BYTES = 32;
/** How far back a feed reaches; ahead, it holds every entry. */
const FEED_DAYS_BACK = 366;
/**
 * Feeds kept made (docs/decisions/0092-kept-calendar-feeds.md): calendar apps fetch a feed every few
 * hours, and writing one is most of a request's time. At most this many, the least recently fetched
 * dropped first.
 */
const KEPT_FEEDS = 2000;
/** What a feed is made of: the entries, and who is in which class, names and the time zone. */
const FEED_KEYS = [ANSWER_KEYS.calendar, ANSWER_KEYS.school];

const FEED_ANSWER = {
  description: 'An iCalendar feed (RFC 5545)',
  content: { 'text/calendar': { schema: z.string() } },
};

export async function calendarRoutes(app: FastifyInstance): Promise<void> {
  const { api, principal } = schoolRouting(app);
  const publicUrl = app.config.mail.publicUrl;
  await publicCalendarRoutes(app);

  const checkClasses = async (classIds: readonly number[]) => {
    const unknown = await unknownClassIds(app.db, classIds);
    if (unknown.length > 0)
      throw invalid(CALENDAR_MESSAGES.unknownClass, [
        { field: 'classIds', message: CALENDAR_MESSAGES.unknownClass },
      ]);
  };

  const keptFeeds = new AnswersKeptByVersion<string>(app.answerVersions, KEPT_FEEDS);
  /**
   * A feed, kept by `id` (what it is a feed of, decided by the caller after its access checks) and
   * the day it reaches back to.
   */
  const sendFeed = async (
    reply: FastifyReply,
    options: { id: string; name: string; condition: Parameters<typeof listEntries>[1]; cache: string },
  ) => {
    const from = addDaysIso(await schoolToday(app.db), -FEED_DAYS_BACK);
    const feed = await keptFeeds.get(`${options.id}:${from}`, FEED_KEYS, async () => {
      const timeZone = await schoolTimeZone(app.db);
      const entries = await listEntries(app.db, options.condition, { from });
      return calendarFeed({ name: options.name, timeZone, entries });
    });
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('cache-control', options.cache)
      .send(feed);
  };

  const newFeed = async (viewer: Viewer, classId: number | null) => {
    const secret = newSecretToken(SECRET_BYTES);
    await replaceFeed(app.db, { userId: viewer.id, classId }, hashToken(secret));
    return { data: feedAddress(publicUrl, CALENDAR_PATHS.secretFeed(secret)) };
  };

  // ---------------------------------------------------------------- the principal writes

  api.post(
    '/admin/calendar',
    {
      onRequest: principal,
      schema: {
        tags: TAGS,
        summary: 'Add a closure or an event to the school calendar (the principal)',
        description:
          'Days and times are the school’s, in its time zone. A closure lasts whole days; an event has ' +
          'both times or neither (all day). audience classes needs classIds (existing classes, 400 else).',
        security: BEARER_AUTH,
        body: CalendarEntryBodySchema,
        response: { 201: CalendarEntryAnswerSchema, ...CHECKED },
      },
    },
    async (request, reply) => {
      await checkClasses(request.body.classIds);
      const id = await insertEntry(app.db, request.body, currentUser(request).id);
      const data = await findEntry(app.db, id);
      if (!data) throw notFound('That entry');
      return reply.code(201).send({ data });
    },
  );

  api.put(
    '/admin/calendar/:id',
    {
      onRequest: principal,
      schema: {
        tags: TAGS,
        summary: 'Change a calendar entry (the principal)',
        description:
          'Replaces every field; the UID stays and the sequence is raised, so subscribed calendars update ' +
          'the entry. A cancelled entry cannot be changed (409 ENTRY_CANCELLED).',
        security: BEARER_AUTH,
        params: IdParamSchema,
        body: CalendarEntryBodySchema,
        response: { 200: CalendarEntryAnswerSchema, ...CHECKED, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      const found = await findEntry(app.db, request.params.id);
      if (!found) throw notFound('That entry');
      if (found.cancelled) throw conflict(CALENDAR_ERROR_CODES.entryCancelled, CALENDAR_MESSAGES.cancelled);
      await checkClasses(request.body.classIds);
      if (!(await updateEntry(app.db, found.id, request.body)))
        throw conflict(CALENDAR_ERROR_CODES.entryCancelled, CALENDAR_MESSAGES.cancelled);
      const data = await findEntry(app.db, found.id);
      if (!data) throw notFound('That entry');
      return { data };
    },
  );

  api.post(
    '/admin/calendar/:id/cancellation',
    {
      onRequest: principal,
      schema: {
        tags: TAGS,
        summary: 'Cancel a calendar entry (the principal)',
        description:
          'The entry is kept as cancelled, its sequence raised, so the feeds tell subscribed calendars ' +
          '(STATUS:CANCELLED). Cancelling again changes nothing.',
        security: BEARER_AUTH,
        params: IdParamSchema,
        response: { 200: CalendarEntryAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      await cancelEntry(app.db, request.params.id);
      const data = await findEntry(app.db, request.params.id);
      if (!data) throw notFound('That entry');
      return { data };
    },
  );

  // ---------------------------------------------------------------- everyone reads what concerns them

  api.get(
    '/calendar',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'The calendar entries of a range of days that concern you',
        description:
          'Entries touching a day from `from` to `to` (YYYY-MM-DD, both included, at most 366 days), ' +
          'cancelled ones included (cancelled: true). Staff see every entry; a parent the entries for ' +
          'everyone and for their children’s classes; a pupil those for everyone and for their class.',
        security: BEARER_AUTH,
        querystring: CalendarRangeQuerySchema,
        response: { 200: CalendarEntriesAnswerSchema, 400: ErrorBodySchema, ...DENIED },
      },
    },
    async (request) => ({
      timeZone: await schoolTimeZone(app.db),
      data: await listEntries(app.db, entryVisible(app.db, currentUser(request)), request.query),
    }),
  );

  api.get(
    '/calendar/classes/:id',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'A class’s calendar entries of a range of days',
        description:
          'The entries for everyone and for this class. Staff any class; a parent their children’s ' +
          'classes; a pupil their own. Any other class: 404.',
        security: BEARER_AUTH,
        params: IdParamSchema,
        querystring: CalendarRangeQuerySchema,
        response: { 200: CalendarEntriesAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const found = await findCalendarClass(app.db, currentUser(request), request.params.id);
      if (!found) throw notFound('That class');
      return {
        timeZone: await schoolTimeZone(app.db),
        data: await listEntries(app.db, entryOfClass(app.db, found.id), request.query),
      };
    },
  );

  // ---------------------------------------------------------------- feed addresses

  api.get(
    '/calendar/feeds',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'The calendar feeds to subscribe to',
        description:
          'The school’s public feed (https and webcal addresses), and when you made your secret feeds: ' +
          'their addresses are shown once, when made or renewed.',
        security: BEARER_AUTH,
        response: { 200: CalendarFeedsAnswerSchema, ...DENIED },
      },
    },
    async (request) => {
      const feeds = await feedsOf(app.db, currentUser(request).id);
      const own = feeds.find((feed) => feed.classId === null);
      return {
        data: {
          school: feedAddress(publicUrl, CALENDAR_PATHS.schoolFeed),
          own: own ? { createdAt: own.createdAt } : null,
          classes: feeds.flatMap((feed) =>
            feed.classId === null ? [] : [{ classId: feed.classId, createdAt: feed.createdAt }],
          ),
        },
      };
    },
  );

  api.post(
    '/calendar/feed',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'Make or renew the secret address of your calendar’s feed',
        description:
          'The feed holds what GET /calendar lists for you (a family: their children’s classes and the ' +
          'school-wide entries). The address is shown only now; a new one ends the old (404 from then).',
        security: BEARER_AUTH,
        response: { 201: FeedAddressAnswerSchema, ...DENIED },
      },
    },
    async (request, reply) => reply.code(201).send(await newFeed(currentUser(request), null)),
  );

  api.post(
    '/calendar/classes/:id/feed',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'Make or renew the secret address of a class’s calendar feed',
        description:
          'A class whose calendar you may see (as GET /calendar/classes/{id}); any other: 404. The ' +
          'address is shown only now; a new one ends the old.',
        security: BEARER_AUTH,
        params: IdParamSchema,
        response: { 201: FeedAddressAnswerSchema, ...CHECKED },
      },
    },
    async (request, reply) => {
      const viewer = currentUser(request);
      const found = await findCalendarClass(app.db, viewer, request.params.id);
      if (!found) throw notFound('That class');
      return reply.code(201).send(await newFeed(viewer, found.id));
    },
  );

  // ---------------------------------------------------------------- the feeds (no log-in: calendar apps)

  api.get(
    '/calendar/school.ics',
    {
      schema: {
        tags: TAGS,
        summary: 'The school’s public calendar as an iCalendar feed',
        description:
          'Closures of the whole school and the events marked public, cancelled ones as CANCELLED.',
        produces: ['text/calendar'],
        response: { 200: FEED_ANSWER },
      },
    },
    async (_request, reply) => {
      const { name } = await readSettings(app.db);
      return sendFeed(reply, { id: 'school', name, condition: entryPublic(), cache: 'public, max-age=300' });
    },
  );

  api.get(
    '/calendar/feeds/:secret',
    {
      schema: {
        tags: TAGS,
        summary: 'A secret calendar feed (a person’s or a class’s) as iCalendar',
        description:
          'The address POST /calendar/feed or POST /calendar/classes/{id}/feed answered, `<secret>.ics`. ' +
          'What it holds is decided when it is read, by the same rules as the lists. A renewed or unknown ' +
          'address: 404.',
        params: FeedSecretParamSchema,
        produces: ['text/calendar'],
        response: { 200: FEED_ANSWER, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const feed = await findFeed(app.db, hashToken(request.params.secret));
      if (!feed) throw notFound('That calendar');
      const viewer: Viewer = { id: feed.userId, type: feed.type as Viewer['type'] };
      const { name } = await readSettings(app.db);
      if (feed.classId === null)
        return sendFeed(reply, {
          id: `user:${viewer.id}:${viewer.type}`,
          name,
          condition: entryVisible(app.db, viewer),
          cache: 'private, no-store',
        });
      const found = await findCalendarClass(app.db, viewer, feed.classId);
      if (!found) throw notFound('That calendar');
      return sendFeed(reply, {
        id: `class:${found.id}`,
        name: `${name} – ${found.name}`,
        condition: entryOfClass(app.db, found.id),
        cache: 'private, no-store',
      });
    },
  );
}
