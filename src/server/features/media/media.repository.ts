import { MEDIA_IMAGE_PATTERN, type Media, type MediaUse, mediaVariants } from '../../../shared/api/admin.js';
import type { SitePicture } from '../../../shared/api/media.js';
import { LOGO_MEDIA_USE } from '../../../shared/api/settings.js';
import type { Db } from '../../db/connect.js';
import type { MediaTable } from '../../db/database.js';
import { bumpDataVersion } from '../../lib/data-version.js';
import { nowIso } from '../../lib/time.js';
import { findImageUses, type ImageUse, listShownImages } from '../content/content.repository.js';
import { readLogo } from '../settings/settings.repository.js';

export interface StoredVariant {
  width: number;
  height: number;
  image: string;
}

export interface NewMedia {
  name: string;
  width: number;
  height: number;
  variants: StoredVariant[];
  alt: string;
  originalName: string;
  bytes: number;
  uploadedBy: number | null;
}

/**
 * The library's pictures are what the public pages' pictures are made of (their widths and sizes),
 * so adding or removing one raises the 'content' data version (lib/data-version.ts) in the same
 * transaction.
 */
export async function insertMedia(db: Db, media: NewMedia): Promise<void> {
  const largest = media.variants.at(-1);
  if (!largest) throw new Error('A media picture has at least one stored width');
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('media')
      .values({
        name: media.name,
        image: largest.image,
        width: media.width,
        height: media.height,
        variants: JSON.stringify(media.variants),
        alt: media.alt,
        original_name: media.originalName,
        bytes: media.bytes,
        uploaded_by: media.uploadedBy,
        created_at: nowIso(),
      })
      .execute();
    await bumpDataVersion(trx, 'content');
  });
}

type MediaRow = Omit<MediaTable, 'id' | 'uploaded_by'>;

const COLUMNS = [
  'id',
  'name',
  'image',
  'width',
  'height',
  'variants',
  'alt',
  'original_name',
  'bytes',
  'created_at',
] as const;

export async function findMedia(db: Db, name: string): Promise<Media | undefined> {
  const row = await db.selectFrom('media').select(COLUMNS).where('name', '=', name).executeTakeFirst();
  if (!row) return undefined;
  const uses = await usesOf(db, { images: variantsOf(row).map((v) => v.image) });
  return toMedia(row, uses);
}

/** Every picture of the library, newest first, each with the records that use it. */
export async function listMedia(db: Db): Promise<Media[]> {
  const rows = await db
    .selectFrom('media')
    .select(COLUMNS)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const uses = await usesOf(db, { folder: 'media' });
  return rows.map((row) => toMedia(row, uses));
}

/**
 * The pictures the site shows that are no upload of the library (`uploads`, as listMedia lists them):
 * the demo's, shipped with the app as files. Each once, with the first alt a record gives it and every
 * record that shows it (a narrower width of the same picture counts as the same picture).
 */
export async function listSitePictures(db: Db, uploads: readonly Media[]): Promise<SitePicture[]> {
  const uploaded = new Set(uploads.flatMap((media) => media.variants.map((variant) => variant.image)));
  const shown = await listShownImages(db);
  const logo = await readLogo(db);
  if (logo !== '') {
    shown.push({ image: logo, alt: '', collection: LOGO_MEDIA_USE.collection, recordId: LOGO_MEDIA_USE.id });
  }
  const pictures = new Map<string, SitePicture>();
  for (const use of shown) {
    if (uploaded.has(use.image) || MEDIA_IMAGE_PATTERN.test(use.image)) continue;
    // A scene of the demo is stored in several widths: one picture, named by its largest file.
    const image = mediaVariants(use.image)?.at(-1)?.image ?? use.image;
    const picture = pictures.get(image) ?? { image, alt: '', usedBy: [] };
    if (picture.alt === '') picture.alt = use.alt;
    if (!picture.usedBy.some((u) => u.collection === use.collection && u.id === use.recordId)) {
      picture.usedBy.push({ collection: use.collection, id: use.recordId });
    }
    pictures.set(image, picture);
  }
  return [...pictures.values()];
}

/** The content records that show pictures, and the school's logo (settings #1) when it is one. */
async function usesOf(db: Db, which: Parameters<typeof findImageUses>[1]): Promise<ImageUse[]> {
  const uses = await findImageUses(db, which);
  const logo = await readLogo(db);
  if (logo === '') return uses;
  return [...uses, { image: logo, collection: LOGO_MEDIA_USE.collection, recordId: LOGO_MEDIA_USE.id }];
}

export async function deleteMedia(db: Db, name: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('media').where('name', '=', name).execute();
    await bumpDataVersion(trx, 'content');
  });
}

function variantsOf(row: Pick<MediaRow, 'variants'>): StoredVariant[] {
  return JSON.parse(row.variants) as StoredVariant[];
}

function toMedia(
  row: MediaRow,
  uses: readonly { image: string; collection: string; recordId: number }[],
): Media {
  const variants = variantsOf(row);
  const files = new Set(variants.map((v) => v.image));
  const usedBy: MediaUse[] = [];
  const seen = new Set<string>();
  for (const use of uses) {
    const key = `${use.collection}/${use.recordId}`;
    if (!files.has(use.image) || seen.has(key)) continue;
    seen.add(key);
    usedBy.push({ collection: use.collection, id: use.recordId });
  }
  return {
    name: row.name,
    image: row.image,
    width: row.width,
    height: row.height,
    variants,
    alt: row.alt,
    originalName: row.original_name,
    bytes: row.bytes,
    createdAt: row.created_at,
    usedBy,
  };
}
