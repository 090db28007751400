import {
  CONTENT_COLLECTIONS,
  type ContentCollection,
  type ContentFields,
  type ContentImage,
  type ContentRecord,
  isDatedCollection,
  type TranslatedFields,
  translatableFieldEntries,
  withTranslation,
} from '../../../shared/api/content.js';
import type { GalleryCategory } from '../../../shared/constants.js';
import type { Locale } from '../../../shared/i18n/locales.js';
import type { Db } from '../../db/connect.js';
import { bumpDataVersion } from '../../lib/data-version.js';
import { nowIso } from '../../lib/time.js';

/**
 * A collection's records in display order, each with its images in order; with `translation`, each
 * text field in that language where the record has it, else in the default language (the record's own).
 */
export async function listContentRecords<C extends ContentCollection>(
  db: Db,
  collection: C,
  translation?: Locale,
): Promise<ContentRecord<C>[]> {
  const records = await loadRecords(db, collection);
  if (translation === undefined || records.length === 0) return records;
  const rows = await db
    .selectFrom('content_translation')
    .select(['record_id', 'fields'])
    .where('language', '=', translation)
    .where(
      'record_id',
      'in',
      records.map((record) => record.id),
    )
    .execute();
  const byRecord = new Map(rows.map((row) => [row.record_id, readTranslated(collection, row.fields)]));
  return records.map((record) => withTranslation(collection, record, byRecord.get(record.id)));
}

/** A record's text in `language` (internal names, '' where not translated), or undefined when it has none. */
export async function findContentTranslation(
  db: Db,
  collection: ContentCollection,
  recordId: number,
  language: Locale,
): Promise<TranslatedFields | undefined> {
  const row = await db
    .selectFrom('content_translation')
    .select('fields')
    .where('record_id', '=', recordId)
    .where('language', '=', language)
    .executeTakeFirst();
  return row ? readTranslated(collection, row.fields) : undefined;
}

/**
 * Stores a record's text in `language` in place of what it had; a translation with no text left is
 * removed (the pages then show the default language's text everywhere).
 */
export async function writeContentTranslation(
  trx: Db,
  collection: ContentCollection,
  recordId: number,
  language: Locale,
  fields: TranslatedFields,
): Promise<void> {
  const kept: TranslatedFields = {};
  for (const [key] of translatableFieldEntries(collection)) {
    const text = fields[key]?.trim() ?? '';
    if (text !== '') kept[key] = text;
  }
  if (Object.keys(kept).length === 0) {
    await trx
      .deleteFrom('content_translation')
      .where('record_id', '=', recordId)
      .where('language', '=', language)
      .execute();
  } else {
    const values = { fields: JSON.stringify(kept), updated_at: nowIso() };
    await trx
      .insertInto('content_translation')
      .values({ record_id: recordId, language, ...values })
      .onConflict((conflict) => conflict.columns(['record_id', 'language']).doUpdateSet(values))
      .execute();
  }
  await bumpDataVersion(trx, 'content');
}

/** One record of a collection, or undefined when the collection has no record with that id. */
export async function findContentRecord<C extends ContentCollection>(
  db: Db,
  collection: C,
  id: number,
): Promise<ContentRecord<C> | undefined> {
  const [record] = await loadRecords(db, collection, id);
  return record;
}

async function loadRecords<C extends ContentCollection>(
  db: Db,
  collection: C,
  id?: number,
): Promise<ContentRecord<C>[]> {
  let query = db
    .selectFrom('content_record')
    .select(['id', 'fields', 'created_at', 'updated_at'])
    .where('collection', '=', collection)
    .orderBy('position')
    .orderBy('id');
  if (id !== undefined) query = query.where('id', '=', id);
  const rows = await query.execute();
  if (rows.length === 0) return [];
  const images = await db
    .selectFrom('content_image')
    .select(['record_id', 'image', 'alt', 'category'])
    .where(
      'record_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('record_id')
    .orderBy('position')
    .execute();
  const imagesByRecord = new Map<number, ContentImage[]>();
  for (const row of images) {
    const list = imagesByRecord.get(row.record_id) ?? [];
    list.push(toContentImage(row));
    imagesByRecord.set(row.record_id, list);
  }
  return rows.map((row) => ({
    ...readFields(collection, row.fields),
    id: row.id,
    images: imagesByRecord.get(row.id) ?? [],
    ...(isDatedCollection(collection) ? { publishedAt: row.created_at, updatedAt: row.updated_at } : {}),
  }));
}

// Every write below raises the public site's data version ('content', lib/data-version.ts) in the
// caller's transaction, so that every server process's cached public answers are made afresh.

/**
 * Adds a record at the end of its collection (or at `position`) with its images. Run it inside a
 * transaction (`db.transaction().execute(trx => ...)`) so that a record never lands without them.
 */
export async function insertContentRecord<C extends ContentCollection>(
  trx: Db,
  collection: C,
  fields: ContentFields<C>,
  images: readonly ContentImage[],
  position?: number,
): Promise<number> {
  let at = position;
  if (at === undefined) {
    const last = await trx
      .selectFrom('content_record')
      .select((eb) => eb.fn.max('position').as('max'))
      .where('collection', '=', collection)
      .executeTakeFirst();
    at = (last?.max ?? -1) + 1;
  }
  const now = nowIso();
  const inserted = await trx
    .insertInto('content_record')
    .values({ collection, position: at, fields: JSON.stringify(fields), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertImages(trx, inserted.id, images);
  await bumpDataVersion(trx, 'content');
  return inserted.id;
}

async function insertImages(trx: Db, recordId: number, images: readonly ContentImage[]): Promise<void> {
  if (images.length === 0) return;
  await trx
    .insertInto('content_image')
    .values(
      images.map((img, index) => ({
        record_id: recordId,
        position: index,
        image: img.image,
        alt: img.alt,
        category: img.category ?? null,
      })),
    )
    .execute();
}

/**
 * Replaces a record's fields and images. False when the collection has no record with that id
 * (a record of another collection included). Run it inside a transaction, like insertContentRecord.
 */
export async function updateContentRecord<C extends ContentCollection>(
  trx: Db,
  collection: C,
  id: number,
  fields: ContentFields<C>,
  images: readonly ContentImage[],
): Promise<boolean> {
  const result = await trx
    .updateTable('content_record')
    .set({ fields: JSON.stringify(fields), updated_at: nowIso() })
    .where('id', '=', id)
    .where('collection', '=', collection)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await trx.deleteFrom('content_image').where('record_id', '=', id).execute();
  await insertImages(trx, id, images);
  await bumpDataVersion(trx, 'content');
  return true;
}

/** Deletes a record with its images and translations; false when the collection has no record with that id. */
export async function deleteContentRecord(
  trx: Db,
  collection: ContentCollection,
  id: number,
): Promise<boolean> {
  const record = await trx
    .selectFrom('content_record')
    .select('id')
    .where('id', '=', id)
    .where('collection', '=', collection)
    .executeTakeFirst();
  if (!record) return false;
  await trx.deleteFrom('content_image').where('record_id', '=', id).execute();
  await trx.deleteFrom('content_translation').where('record_id', '=', id).execute();
  await trx.deleteFrom('content_record').where('id', '=', id).execute();
  await bumpDataVersion(trx, 'content');
  return true;
}

/** The ids of a collection's records, in display order. */
export async function listContentIds(db: Db, collection: ContentCollection): Promise<number[]> {
  const rows = await db
    .selectFrom('content_record')
    .select('id')
    .where('collection', '=', collection)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Puts a collection's records in the order of `ids` (each one of its records). */
export async function reorderContentRecords(
  trx: Db,
  collection: ContentCollection,
  ids: readonly number[],
): Promise<void> {
  const now = nowIso();
  for (const [position, id] of ids.entries()) {
    await trx
      .updateTable('content_record')
      .set({ position, updated_at: now })
      .where('id', '=', id)
      .where('collection', '=', collection)
      .execute();
  }
  await bumpDataVersion(trx, 'content');
}

/** A content record that shows a picture. */
export interface ImageUse {
  image: string;
  collection: string;
  recordId: number;
}

/**
 * Every picture the records show, with the alt each record gives it, in collection, record and
 * picture order: the media library lists the ones that are no upload (the demo's, shipped with the app).
 */
export async function listShownImages(db: Db): Promise<(ImageUse & { alt: string })[]> {
  return db
    .selectFrom('content_image')
    .innerJoin('content_record', 'content_record.id', 'content_image.record_id')
    .select([
      'content_image.image',
      'content_image.alt',
      'content_record.collection',
      'content_record.id as recordId',
    ])
    .orderBy('content_record.collection')
    .orderBy('content_record.position')
    .orderBy('content_record.id')
    .orderBy('content_image.position')
    .execute();
}

/**
 * The records that use the given image values, or (with `folder`) any image of that uploads
 * folder, e.g. `media`. Each record once per image, in collection and record order.
 */
export async function findImageUses(
  db: Db,
  which: { images: readonly string[] } | { folder: string },
): Promise<ImageUse[]> {
  if ('images' in which && which.images.length === 0) return [];
  let query = db
    .selectFrom('content_image')
    .innerJoin('content_record', 'content_record.id', 'content_image.record_id')
    .select(['content_image.image', 'content_record.collection', 'content_record.id as recordId'])
    .orderBy('content_record.collection')
    .orderBy('content_record.id');
  if ('images' in which) {
    query = query.where('content_image.image', 'in', [...which.images]);
  } else {
    // A plain folder name, so the LIKE pattern needs no escaping.
    if (!/^[a-z0-9-]+$/.test(which.folder)) throw new Error(`Not a plain folder name: ${which.folder}`);
    query = query.where('content_image.image', 'like', `${which.folder}/%`);
  }
  const rows = await query.execute();
  const seen = new Set<string>();
  return rows.filter((row) => {
    const key = `${row.image}\n${row.recordId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function toContentImage(row: { image: string; alt: string; category: string | null }): ContentImage {
  const image: ContentImage = { image: row.image, alt: row.alt };
  if (row.category !== null) image.category = row.category as GalleryCategory;
  return image;
}

/** Stored JSON back to the collection's fields; a field missing from old rows reads as ''. */
function readFields<C extends ContentCollection>(collection: C, json: string): ContentFields<C> {
  const stored = JSON.parse(json) as Record<string, unknown>;
  const fields: Record<string, string> = {};
  for (const key of Object.keys(CONTENT_COLLECTIONS[collection].fields)) {
    const value = stored[key];
    fields[key] = typeof value === 'string' ? value : '';
  }
  return fields as ContentFields<C>;
}

/** A stored translation back to its text fields; what is not one of them (an old field) is left out. */
function readTranslated(collection: ContentCollection, json: string): TranslatedFields {
  const stored = JSON.parse(json) as Record<string, unknown>;
  const fields: TranslatedFields = {};
  for (const [key] of translatableFieldEntries(collection)) {
    const value = stored[key];
    fields[key] = typeof value === 'string' ? value : '';
  }
  return fields;
}
