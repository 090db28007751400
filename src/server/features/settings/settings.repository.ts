import {
  DEFAULT_SCHOOL_SETTINGS,
  type SchoolSettings,
  type SchoolSettingsChanges,
} from '../../../shared/api/settings.js';
import { dateInZone } from '../../../shared/school-time.js';
import type { Db } from '../../db/connect.js';
import type { SchoolSettingsTable } from '../../db/database.js';
import { bumpDataVersion } from '../../lib/data-version.js';
import { nowIso } from '../../lib/time.js';

const SETTINGS_ID = 1;

/** The school's time zone (school_settings.time_zone): the clock of its days. */
export async function schoolTimeZone(db: Db): Promise<string> {
  const row = await db
    .selectFrom('school_settings')
    .select('time_zone')
    .where('id', '=', SETTINGS_ID)
    .executeTakeFirst();
  return row?.time_zone ?? DEFAULT_SCHOOL_SETTINGS.timeZone;
}

/**
 * The school's today, `YYYY-MM-DD` in its time zone: the day attendance may not be after, the
 * register's and the dashboard's day, an exam's or an enrolment's "from today", the overdue rule's
 * today. Never the server's UTC date, which is a day off for hours every night somewhere.
 */
export async function schoolToday(db: Db, now: Date = new Date()): Promise<string> {
  return dateInZone(now, await schoolTimeZone(db));
}

export {
  type SchoolLanguages,
  schoolLanguages,
  schoolLanguagesOf,
  userLocale,
} from '../../lib/school-languages.js';

import { schoolLanguagesOf } from '../../lib/school-languages.js';

// The mail settings (absence_alerts) live in the row too, but are read and written by features/mail.
type Row = Omit<SchoolSettingsTable, 'id' | 'updated_at' | 'absence_alerts' | 'language' | 'languages'>;

function toSettings(row: Row & { language: string; languages: string }): SchoolSettings {
  return {
    ...schoolLanguagesOf(row),
    name: row.name,
    logo: row.logo,
    description: row.description,
    address: row.address,
    phone: row.phone,
    email: row.email,
    openingHours: row.opening_hours,
    socialLinks: {
      twitter: row.twitter,
      facebook: row.facebook,
      linkedin: row.linkedin,
      instagram: row.instagram,
    },
    footerText: row.footer_text,
    currency: row.currency,
    timeZone: row.time_zone,
  };
}

function toRow(settings: SchoolSettingsChanges): Row {
  return {
    name: settings.name,
    logo: settings.logo,
    description: settings.description,
    address: settings.address,
    phone: settings.phone,
    email: settings.email,
    opening_hours: settings.openingHours,
    twitter: settings.socialLinks.twitter,
    facebook: settings.socialLinks.facebook,
    linkedin: settings.socialLinks.linkedin,
    instagram: settings.socialLinks.instagram,
    footer_text: settings.footerText,
    currency: settings.currency,
    time_zone: settings.timeZone,
  };
}

/** The school's settings; the defaults if the row is missing (it never is after the migration). */
export async function readSettings(db: Db): Promise<SchoolSettings> {
  const row = await db
    .selectFrom('school_settings')
    .select([
      'name',
      'logo',
      'description',
      'address',
      'phone',
      'email',
      'opening_hours',
      'twitter',
      'facebook',
      'linkedin',
      'instagram',
      'footer_text',
      'currency',
      'time_zone',
      'language',
      'languages',
    ])
    .where('id', '=', SETTINGS_ID)
    .executeTakeFirst();
  return row ? toSettings(row) : DEFAULT_SCHOOL_SETTINGS;
}

/** The logo's path ('' for the default), for the media library's "where is it used". */
export async function readLogo(db: Db): Promise<string> {
  const row = await db
    .selectFrom('school_settings')
    .select('logo')
    .where('id', '=', SETTINGS_ID)
    .executeTakeFirst();
  return row?.logo ?? '';
}

/**
 * Replaces every setting (the row is there from the migration; made again if someone removed it).
 * The public pages show them, so this raises the 'content' data version (lib/data-version.ts): run
 * it inside the caller's transaction.
 */
export async function writeSettings(db: Db, settings: SchoolSettingsChanges): Promise<void> {
  const values = {
    ...toRow(settings),
    // Left out of the body: kept as stored.
    ...(settings.language === undefined ? {} : { language: settings.language }),
    ...(settings.languages === undefined ? {} : { languages: settings.languages.join(',') }),
    updated_at: nowIso(),
  };
  const updated = await db
    .updateTable('school_settings')
    .set(values)
    .where('id', '=', SETTINGS_ID)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) {
    await db
      .insertInto('school_settings')
      .values({ id: SETTINGS_ID, ...values })
      .execute();
  }
  await bumpDataVersion(db, 'content');
}
