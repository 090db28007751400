import type { Locale } from '../../../shared/i18n/locales.js';
import type { Db } from '../../db/connect.js';
import { bumpDataVersion } from '../../lib/data-version.js';
import { nowIso } from '../../lib/time.js';

/**
 * The school's own words (docs/decisions/0065-the-schools-own-words.md), table `school_word`. Every
 * write raises the content version in its own transaction: the public pages show these texts, and
 * every server process reads the words again when that version moves (lib/school-words.ts).
 */

export interface SchoolWordRow {
  locale: string;
  message_key: string;
  text: string;
  updated_at: string;
}

export async function listSchoolWords(db: Db, locale?: Locale): Promise<SchoolWordRow[]> {
  let query = db.selectFrom('school_word').selectAll().orderBy('locale').orderBy('message_key');
  if (locale) query = query.where('locale', '=', locale);
  return query.execute();
}

/** Sets the school's text for one message in one language, replacing the one it had. */
export async function saveSchoolWord(
  db: Db,
  word: { locale: Locale; key: string; text: string },
): Promise<SchoolWordRow> {
  const row = { locale: word.locale, message_key: word.key, text: word.text, updated_at: nowIso() };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('school_word')
      .values(row)
      .onConflict((conflict) =>
        conflict
          .columns(['locale', 'message_key'])
          .doUpdateSet({ text: row.text, updated_at: row.updated_at }),
      )
      .execute();
    await bumpDataVersion(trx, 'content');
  });
  return row;
}

/** Brings the catalog's text back; false when the school had no text for it. */
export async function deleteSchoolWord(db: Db, word: { locale: Locale; key: string }): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('school_word')
      .where('locale', '=', word.locale)
      .where('message_key', '=', word.key)
      .executeTakeFirst();
    if (deleted.numDeletedRows === 0n) return false;
    await bumpDataVersion(trx, 'content');
    return true;
  });
}
