import type { AnyLocale, Locale } from '../../shared/i18n/locales.js';
import { isLocale } from '../../shared/i18n/locales.js';
import { schoolWordProblem } from '../../shared/messages/school-words.js';
import type { Db } from '../db/connect.js';

/**
 * This process's copy of the school's own words (docs/decisions/0065-the-schools-own-words.md): the
 * principal's texts for catalog messages, by language and full key, which the server's translators
 * and the messages it writes into pages use instead of the catalog's.
 *
 * The translators are synchronous (a mail, a PDF, an error answer asks for text in the middle of its
 * work), so the words are read ahead: each request that may show text first makes sure this copy is
 * the one of the content version it read (plugins/school-words.ts), as the public answers and pages
 * are (docs/decisions/0027-content-cache.md). A change of the words raises the content version in
 * its own transaction, so every process sees it on its next request.
 */

/** The words read from one database at one content version. */
interface Loaded {
  db: Db;
  version: number;
  words: ReadonlyMap<Locale, Readonly<Record<string, string>>>;
  /** The rows as one string, to tell a new version with the same words from a change. */
  signature: string;
}

let loaded: Loaded | undefined;
/** Raised whenever the words this process uses change: the translators made before are dropped. */
let generation = 0;
/** The load under way, so that the requests of one new version share it. */
let loading: { db: Db; version: number; done: Promise<void> } | undefined;
/** Numbers the loads: only the newest started may install its words. */
let loads = 0;

const NONE: Readonly<Record<string, string>> = Object.freeze({});

/** The school's texts in `locale` by full key (none for the pseudo-locale, which tests make). */
export function schoolWordsIn(locale: AnyLocale): Readonly<Record<string, string>> {
  return (isLocale(locale) && loaded?.words.get(locale)) || NONE;
}

/** Changes whenever the school's words in use change. */
export function schoolWordsGeneration(): number {
  return generation;
}

export interface StoredWord {
  locale: string;
  message_key: string;
  text: string;
}

/**
 * The stored words that apply: a language and key the catalogs have, and a text that still fits the
 * key's English message (a newer Schoolyard may have changed it). Others are kept in the table and
 * shown to the principal as not in use.
 */
export function applicableWords(rows: readonly StoredWord[]): Map<Locale, Record<string, string>> {
  const words = new Map<Locale, Record<string, string>>();
  for (const row of rows) {
    if (!isLocale(row.locale) || schoolWordProblem(row.message_key, row.text) !== undefined) continue;
    const own = words.get(row.locale) ?? {};
    own[row.message_key] = row.text;
    words.set(row.locale, own);
  }
  return words;
}

export async function readStoredWords(db: Db): Promise<StoredWord[]> {
  return db
    .selectFrom('school_word')
    .select(['locale', 'message_key', 'text'])
    .orderBy('locale')
    .orderBy('message_key')
    .execute();
}

/**
 * Makes this process's words those of `db` at content version `version` (read by the caller after
 * its request arrived): reads them again unless they were read at that version already. Requests that
 * ask for the same version share one read.
 */
export async function refreshSchoolWords(db: Db, version: number): Promise<void> {
  if (loaded && loaded.db === db && loaded.version === version) return;
  if (loading && loading.db === db && loading.version === version) return loading.done;
  const load = ++loads;
  const done = readStoredWords(db).then((rows) => {
    // A load started later holds words at least as new: this one gives way to it.
    if (load !== loads) return loading?.done;
    const signature = JSON.stringify(rows);
    if (!loaded || loaded.db !== db || loaded.signature !== signature) generation += 1;
    const words = applicableWords(rows);
    loaded = { db, version, words, signature };
  });
  const entry = { db, version, done };
  loading = entry;
  try {
    await done;
  } finally {
    if (loading === entry) loading = undefined;
  }
}

/** Forgets the words read (a test that closes its database, a process that stops). */
export function forgetSchoolWords(db: Db): void {
  if (loaded?.db === db) {
    loaded = undefined;
    generation += 1;
  }
  if (loading?.db === db) loading = undefined;
}
