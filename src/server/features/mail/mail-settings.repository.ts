import type { MailSettings } from '../../../shared/api/mail.js';
import type { Db } from '../../db/connect.js';
import { nowIso } from '../../lib/time.js';
import { readSettings, writeSettings } from '../settings/settings.repository.js';

/**
 * The principal's mail settings (docs/decisions/0022-email-outbox.md), kept in the school's one
 * settings row: `absence_alerts` 1 or 0. The row is there from the migrations; without it the
 * alerts count as on, the column's default.
 */
const SETTINGS_ID = 1;

/** Whether families are emailed when their child is recorded absent. */
export async function absenceAlertsOn(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('school_settings')
    .select('absence_alerts')
    .where('id', '=', SETTINGS_ID)
    .executeTakeFirst();
  return row ? row.absence_alerts !== 0 : true;
}

export async function readMailSettings(db: Db): Promise<MailSettings> {
  return { absenceAlerts: await absenceAlertsOn(db) };
}

/** Stores the settings (the settings row is made again, with the defaults, if someone removed it). */
export async function writeMailSettings(db: Db, settings: MailSettings): Promise<void> {
  const write = () =>
    db
      .updateTable('school_settings')
      .set({ absence_alerts: settings.absenceAlerts ? 1 : 0, updated_at: nowIso() })
      .where('id', '=', SETTINGS_ID)
      .executeTakeFirst();
  if ((await write()).numUpdatedRows > 0n) return;
  await writeSettings(db, await readSettings(db));
  await write();
}
