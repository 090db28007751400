import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { timelineWords } from '../../../shared/day-log-words.js';
import type { AnyLocale } from '../../../shared/i18n/locales.js';
import { dateInZone, formatTime } from '../../../shared/school-time.js';
import type { Db } from '../../db/connect.js';
import { translatorFor } from '../../lib/i18n.js';
import { longDateIn } from '../../lib/mail-words.js';
import { RepeatingLook } from '../../lib/repeating-look.js';
import { userLocale } from '../../lib/school-languages.js';
import { sendAlert } from '../alerts/send-alert.js';
import { checkinsOf } from '../care/care.repository.js';
import { schoolTimeZone } from '../settings/settings.repository.js';
import { entriesOfChild, guardianIdsOf } from './day-log.repository.js';
import { childDayPath, dayTimeline } from './day-log.service.js';

/**
 * The optional end-of-day summary for guardians (docs/decisions/0078-the-daily-log.md): once per
 * school day, after closing, each child with a log that day gets a summary of it, in each guardian's
 * language, sent as alert kind 'daily-summary' (delivered as each guardian chose: push, email or
 * not at all). A school day is a day with log entries. The first process to insert the day's row of
 * day_summary_run sends; the others see the row and do nothing.
 */

/** The school's closing, HH:MM in its time zone: the summaries go after it. */
export const SUMMARY_AFTER = '18:00';
const LOOK_EVERY_MS = 5 * 60_000;

export interface DaySummary {
  subject: string;
  /** The day's items in time order, one line each: "08:12 Arrived", "12:15 Meal: Lunch (Ate all of it)". */
  lines: string[];
  /** The lines as one paragraph, for a push's body. */
  text: string;
}

/** A child's day in `locale`'s words: what a summary says. */
export async function childDaySummary(
  db: Db,
  child: { id: number; name: string },
  day: string,
  locale: AnyLocale,
): Promise<DaySummary> {
  const translator = translatorFor(locale);
  const timeZone = await schoolTimeZone(db);
  const [checkins, entries] = await Promise.all([
    checkinsOf(db, child.id, day),
    entriesOfChild(db, child.id, day),
  ]);
  const items = dayTimeline(checkins, entries, timeZone);
  const lines = items.map((item) => {
    const words = timelineWords(translator, item);
    return [`${item.time} ${words.headline}`, ...words.lines].join(' · ');
  });
  const date = longDateIn(locale, day);
  return {
    subject: translator.t('day-log.summary.subject', { child: child.name, date }),
    lines: lines.length > 0 ? lines : [translator.t('day-log.summary.nothing')],
    text: lines.length > 0 ? lines.join('; ') : translator.t('day-log.summary.nothing'),
  };
}

/** Claims the summaries of `day`; answers whether this process is the one to send them. */
export async function claimSummaryDay(db: Db, day: string, at: string): Promise<boolean> {
  const rows = await db
    .insertInto('day_summary_run')
    .values({ day, claimed_at: at, sent: 0 })
    .onConflict((oc) => oc.column('day').doNothing())
    .returning('day')
    .execute();
  return rows.length === 1;
}

/**
 * Sends the summaries of the school's today when it is past closing and not sent yet; answers how
 * many children's were sent (0 when not due or claimed by another process).
 */
export async function sendDaySummaries(app: FastifyInstance, now: Date = new Date()): Promise<number> {
  const timeZone = await schoolTimeZone(app.db);
  const day = dateInZone(now, timeZone);
  if (formatTime(now.toISOString(), timeZone) < SUMMARY_AFTER) return 0;
  const children = await app.db
    .selectFrom('log_entry as l')
    .innerJoin('app_user as u', 'u.id', 'l.student_id')
    .select(['u.id', 'u.name'])
    .distinct()
    .where('l.day', '=', day)
    .execute();
  // Not a school day (nothing logged): nothing to claim, so a late first entry still gets its summary.
  if (children.length === 0) return 0;
  if (!(await claimSummaryDay(app.db, day, now.toISOString()))) return 0;
  const guardians = await guardianIdsOf(
    app.db,
    children.map((child) => child.id),
  );
  let sent = 0;
  for (const child of children) {
    const byLocale = new Map<AnyLocale, number[]>();
    for (const userId of guardians.get(child.id) ?? []) {
      const locale = await userLocale(app.db, userId);
      byLocale.set(locale, [...(byLocale.get(locale) ?? []), userId]);
    }
    for (const [locale, userIds] of byLocale) {
      const summary = await childDaySummary(app.db, child, day, locale);
      await sendAlert(app, {
        kind: 'daily-summary',
        userIds,
        title: {
          key: 'day-log.summary.subject',
          params: { child: child.name, date: longDateIn(locale, day) },
        },
        body: { key: 'day-log.summary.body', params: { child: child.name, entries: summary.text } },
        path: childDayPath(child.id),
      });
    }
    if (byLocale.size > 0) sent += 1;
  }
  await app.db.updateTable('day_summary_run').set({ sent }).where('day', '=', day).execute();
  return sent;
}

/** Looks every few minutes whether today's summaries are due (one process sends them). */
export class DaySummaryJob {
  private readonly loop = new RepeatingLook(
    () =>
      sendDaySummaries(this.app).catch((error: unknown) =>
        this.log.error({ err: error }, 'day summaries: not sent'),
      ),
    LOOK_EVERY_MS,
  );

  constructor(
    private readonly app: FastifyInstance,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.loop.start();
  }

  /** Stops looking; summaries being sent go first. */
  stop(): Promise<void> {
    return this.loop.stop();
  }
}
