import type { SchoolSettingsChanges } from '../../../shared/api/settings.js';
import type { Db } from '../../db/connect.js';
import { listContentRecords, updateContentRecord } from '../content/content.repository.js';
import { writeSettings } from './settings.repository.js';

/**
 * Stores the settings and copies the school's address, email, phone and opening hours into the
 * contact records, in one transaction: the site shows the settings' facts, and the original
 * `GET contacts` (whose records carry the same four fields) says the same. The editor leaves those
 * four fields of the contact record to the settings (docs/decisions/0014-school-settings.md).
 */
export async function saveSettings(db: Db, settings: SchoolSettingsChanges): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await writeSettings(trx, settings);
    const facts = {
      address: settings.address,
      email: settings.email,
      phone: settings.phone,
      openingHours: settings.openingHours,
    };
    for (const { id, images, ...fields } of await listContentRecords(trx, 'contacts')) {
      await updateContentRecord(trx, 'contacts', id, { ...fields, ...facts }, images);
    }
  });
}
