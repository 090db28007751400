import { ATTENDANCE_STATUSES, type AttendanceCode } from '../../../shared/constants.js';
import { type AnyLocale, DEFAULT_LOCALE } from '../../../shared/i18n/locales.js';
import { dateInZone } from '../../../shared/school-time.js';
import type { MailConfig } from '../../config.js';
import type { Db } from '../../db/connect.js';
import { translatorFor } from '../../lib/i18n.js';
import { contactTheSchool, longDateIn } from '../../lib/mail-words.js';
import { closedDays } from '../calendar/closures.js';
import { firstCheckinsOn } from '../care/care.repository.js';
import { announcedAbsences } from '../conversations/conversations.repository.js';
import { type GuardianToMail, guardiansToMail } from '../family/family.repository.js';
import { type MailContent, mailLink } from '../mail/compose.js';
import { queueMails } from '../mail/mail.service.js';
import { absenceAlertsOn } from '../mail/mail-settings.repository.js';
import { readSettings, userLocale } from '../settings/settings.repository.js';
import { claimAbsenceAlerts, claimCorrections, namesFor } from './absence-alerts.repository.js';
import type { AttendanceToSave } from './attendance.repository.js';

/**
 * Absence alerts (docs/decisions/0024-family-mails.md). When the register of the school's today
 * records a pupil Absent, each guardian gets one mail naming the child, the class and the date;
 * when the same day's register then says Present or On Leave, a short correction. absence_alert
 * remembers what was last told, so saving the register again sends nothing. Other days never mail,
 * nor a day the calendar closes the class.
 */

const ABSENT: AttendanceCode = 2;
const LABELS = new Map<number, string>(ATTENDANCE_STATUSES.map((s) => [s.code, s.label]));
/** A status as the correction says it, by its English label. */
const STATUS_KEYS = {
  Present: 'mail.attendance.Present',
  Absent: 'mail.attendance.Absent',
  'On Leave': 'mail.attendance.OnLeave',
} as const;
const statusInWords = (locale: AnyLocale, label: string): string =>
  label in STATUS_KEYS ? translatorFor(locale).t(STATUS_KEYS[label as keyof typeof STATUS_KEYS]) : label;

/** The pupil's attendance screen (src/shared/screens.ts, `/student-attendence/:id`), for guardians. */
const attendancePath = (studentId: number) => `/student-attendence/${studentId}`;

interface School {
  name: string;
  email: string;
  phone: string;
}

interface AlertFacts {
  guardian: GuardianToMail;
  child: string;
  className: string;
  day: string;
  /** The guardian's language (`userLocale`). */
  locale?: AnyLocale;
}

export function absenceAlertMail(config: MailConfig, school: School, facts: AlertFacts): MailContent {
  const locale = facts.locale ?? DEFAULT_LOCALE;
  const { t } = translatorFor(locale);
  const date = longDateIn(locale, facts.day);
  const { child, className } = facts;
  return {
    kind: 'absence-alert',
    to: { address: facts.guardian.email, name: facts.guardian.name },
    subject: t('mail.absence.subject', { child, date }),
    greeting: t('mail.greeting', { name: facts.guardian.name }),
    paragraphs: [
      t('mail.absence.body', { child, className, date }),
      t('mail.absence.contact', { child, contact: contactTheSchool(school, locale) }),
    ],
    action: {
      label: t('mail.absence.action'),
      url: mailLink(config, attendancePath(facts.guardian.studentId)),
    },
    footer: [t('mail.absence.footer', { child, school: school.name })],
    locale,
  };
}

export function absenceCorrectionMail(
  config: MailConfig,
  school: School,
  facts: AlertFacts & { status: string },
): MailContent {
  const locale = facts.locale ?? DEFAULT_LOCALE;
  const { t } = translatorFor(locale);
  const date = longDateIn(locale, facts.day);
  const { child, className } = facts;
  const status = statusInWords(locale, facts.status);
  return {
    kind: 'absence-correction',
    to: { address: facts.guardian.email, name: facts.guardian.name },
    subject: t('mail.correction.subject', { child, status }),
    greeting: t('mail.greeting', { name: facts.guardian.name }),
    paragraphs: [t('mail.correction.body', { child, status, className, date })],
    action: {
      label: t('mail.absence.action'),
      url: mailLink(config, attendancePath(facts.guardian.studentId)),
    },
    footer: [t('mail.correction.footer', { child, school: school.name })],
    locale,
  };
}

/**
 * Inside the register's save transaction, after its records are written: queues the alerts and
 * corrections its records of the school's today call for; answers how many mails were queued.
 *
 * - The day is the school's today (school_settings.time_zone), not the UTC date the save's check
 *   of "not after today" uses: an alert is about the day the families live in.
 * - Absent and not yet told: one alert to each guardian (only pupils who have a guardian to mail;
 *   without one nothing is recorded as told). Off in the school's settings: no new alerts. Never
 *   for a pupil checked in on Today that day: they came to school (decision 0047).
 * - Present or On Leave after an alert that day: one correction to each guardian. Corrections still
 *   go when the alerts were turned off since, for they undo a mail the families have.
 */
export async function queueAbsenceAlerts(
  trx: Db,
  config: MailConfig,
  records: readonly AttendanceToSave[],
  now: string,
): Promise<number> {
  const settings = await readSettings(trx);
  const day = dateInZone(new Date(now), settings.timeZone);
  const dated = records.filter((record) => record.date === day);
  if (dated.length === 0) return 0;
  // A closed day sends nothing (docs/decisions/0088-closed-days.md). The register refuses such a day
  // before it gets here; the alerts keep the rule themselves, whoever saves the records.
  const closed = await closedDays(
    trx,
    dated.map((r) => r.classId),
    day,
    day,
  );
  const todays = dated.filter((record) => closed.reasonOf(record.classId, day) === undefined);
  if (todays.length === 0) return 0;

  // A child checked in on Today that day was at school: the register may still say Absent (the
  // teacher confirmed it), but the families are not told so (decision 0047).
  const recordedAbsent = (await absenceAlertsOn(trx)) ? todays.filter((r) => r.status === ABSENT) : [];
  const arrived = await firstCheckinsOn(
    trx,
    recordedAbsent.map((r) => r.studentId),
    day,
  );
  // Nor for a child whose family sent "Absent today" for that day: they told the school (decision 0080).
  const announced = await announcedAbsences(
    trx,
    recordedAbsent.map((r) => r.studentId),
    day,
  );
  const absent = recordedAbsent.filter((r) => !arrived.has(r.studentId) && !announced.has(r.studentId));
  const back = todays.filter((r) => r.status !== ABSENT);
  const guardians = await guardiansToMail(
    trx,
    [...absent, ...back].map((r) => r.studentId),
  );
  const byPupil = new Map<number, GuardianToMail[]>();
  for (const guardian of guardians) {
    byPupil.set(guardian.studentId, [...(byPupil.get(guardian.studentId) ?? []), guardian]);
  }

  const alerted = await claimAbsenceAlerts(
    trx,
    absent.filter((r) => byPupil.has(r.studentId)).map((r) => r.studentId),
    day,
    now,
  );
  const corrected = await claimCorrections(
    trx,
    back.map((r) => r.studentId),
    day,
    now,
  );
  const told = todays.filter((r) => alerted.has(r.studentId) || corrected.has(r.studentId));
  if (told.length === 0) return 0;

  const names = await namesFor(
    trx,
    told.map((r) => r.studentId),
    told.map((r) => r.classId),
  );
  const locales = new Map<number, AnyLocale>();
  for (const guardian of guardians) {
    if (!locales.has(guardian.parentId))
      locales.set(guardian.parentId, await userLocale(trx, guardian.parentId));
  }
  const mails = told.flatMap((record) =>
    (byPupil.get(record.studentId) ?? []).map((guardian) => {
      const facts = {
        guardian,
        locale: locales.get(guardian.parentId),
        child: names.pupils.get(record.studentId) ?? 'Your child',
        className: names.classes.get(record.classId) ?? 'class',
        day,
      };
      return alerted.has(record.studentId)
        ? absenceAlertMail(config, settings, facts)
        : absenceCorrectionMail(config, settings, {
            ...facts,
            status: LABELS.get(record.status) ?? 'Present',
          });
    }),
  );
  await queueMails(trx, config, mails);
  return mails.length;
}
