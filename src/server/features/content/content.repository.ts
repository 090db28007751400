import {
  CONTENT_COLLECTIONS,
  type ContentCollection,
  type ContentFields,
  type ContentImage,
  type ContentRecord,
} from '../../../shared/api/content.js';
import type { GalleryCategory } from '../../../shared/constants.js';
import type { Db } from '../../db/connect.js';
import { nowIso } from '../../lib/time.js';

/** A collection's records in display order, each with its images in order. */
export async function listContentRecords<C extends ContentCollection>(
  db: Db,
  collection: C,
): Promise<ContentRecord<C>[]> {
  const rows = await db
    .selectFrom('content_record')
    .select(['id', 'fields'])
    .where('collection', '=', collection)
    .orderBy('position')
    .orderBy('id')
    .execute();
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
  }));
}

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
  if (images.length > 0) {
    await trx
      .insertInto('content_image')
      .values(
        images.map((img, index) => ({
          record_id: inserted.id,
          position: index,
          image: img.image,
          alt: img.alt,
          category: img.category ?? null,
        })),
      )
      .execute();
  }
  return inserted.id;
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
