import type { MomentPhoto, PhotoMoment } from '../../../shared/api/photo-moments.js';
import { PHOTO_MOMENT_RULES } from '../../../shared/api/photo-moments.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { type TaggedChild, websiteMayShow } from '../../../shared/rules/photo-consent.js';
import type { Db } from '../../db/connect.js';
import { childConsents } from '../consents/consents.repository.js';

/**
 * Reads and writes of photo_moment, photo_moment_photo and photo_moment_child
 * (docs/decisions/0079-photo-consent.md). Rows are mapped to src/shared/api/photo-moments.ts here.
 */

/** A moment as the policy and the answers need it: the tagged children with their consents. */
export interface StoredMoment {
  id: number;
  caption: string;
  postedAt: string;
  postedBy: string;
  postedById: number | null;
  children: (TaggedChild & { name: string })[];
  photos: (MomentPhoto & { name: string })[];
}

/** The stored file of one photo of a moment in one width. */
export const momentPhotoFile = (name: string, width: number): string =>
  `${PHOTO_MOMENT_RULES.folder}/${name}-${width}.webp`;

/** The answer of a moment; `mayRemove` is the caller's (photo-moments.policy.ts mayRemoveMoment). */
export const toPhotoMoment = (moment: StoredMoment, mayRemove: boolean): PhotoMoment => ({
  id: moment.id,
  caption: moment.caption,
  postedAt: moment.postedAt,
  postedBy: moment.postedBy,
  children: moment.children.map((child) => ({ id: child.id, name: child.name })),
  photos: moment.photos.map(({ n, width, height, widths }) => ({ n, width, height, widths })),
  mayRemove,
});

/** Every stored file of the moment: each photo in each of its widths. */
export const momentFiles = (moment: StoredMoment): string[] =>
  moment.photos.flatMap((photo) => photo.widths.map((width) => momentPhotoFile(photo.name, width)));

export interface NewMoment {
  caption: string;
  postedBy: { id: number; name: string };
  postedAt: string;
  children: readonly number[];
  photos: readonly { name: string; widths: number[]; width: number; height: number }[];
}

/** Inserts a moment with its photos and tagged children (call inside a transaction); answers its id. */
export async function insertMoment(db: Db, moment: NewMoment): Promise<number> {
  const { id } = await db
    .insertInto('photo_moment')
    .values({
      caption: moment.caption,
      posted_by: moment.postedBy.id,
      posted_by_name: moment.postedBy.name,
      posted_at: moment.postedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('photo_moment_photo')
    .values(
      moment.photos.map((photo, index) => ({
        moment_id: id,
        position: index + 1,
        name: photo.name,
        widths: photo.widths.join(','),
        width: photo.width,
        height: photo.height,
      })),
    )
    .execute();
  await db
    .insertInto('photo_moment_child')
    .values(moment.children.map((studentId) => ({ moment_id: id, student_id: studentId })))
    .execute();
  return id;
}

/** The moments with these ids, each with its photos and tagged children (their consents read now). */
export async function findMoments(db: Db, ids: readonly number[]): Promise<Map<number, StoredMoment>> {
  const moments = new Map<number, StoredMoment>();
  if (ids.length === 0) return moments;
  const [rows, photos, children] = await Promise.all([
    db
      .selectFrom('photo_moment')
      .select(['id', 'caption', 'posted_at', 'posted_by', 'posted_by_name'])
      .where('id', 'in', [...ids])
      .execute(),
    db
      .selectFrom('photo_moment_photo')
      .select(['moment_id', 'position', 'name', 'widths', 'width', 'height'])
      .where('moment_id', 'in', [...ids])
      .orderBy('moment_id')
      .orderBy('position')
      .execute(),
    db
      .selectFrom('photo_moment_child as c')
      .innerJoin('app_user as u', 'u.id', 'c.student_id')
      .select(['c.moment_id', 'c.student_id', 'u.name'])
      .where('c.moment_id', 'in', [...ids])
      .orderBy('c.moment_id')
      .orderBy('u.name')
      .orderBy('c.student_id')
      .execute(),
  ]);
  for (const row of rows) {
    moments.set(row.id, {
      id: row.id,
      caption: row.caption,
      postedAt: row.posted_at,
      postedBy: row.posted_by_name,
      postedById: row.posted_by,
      children: [],
      photos: [],
    });
  }
  for (const photo of photos) {
    moments.get(photo.moment_id)?.photos.push({
      n: photo.position,
      name: photo.name,
      width: photo.width,
      height: photo.height,
      widths: photo.widths.split(',').map(Number),
    });
  }
  // The consents as the ledger has them now (docs/decisions/0111-consent-as-a-ledger.md).
  const consents = await childConsents(
    db,
    children.map((child) => child.student_id),
  );
  for (const child of children) {
    const consent = consents.get(child.student_id);
    moments.get(child.moment_id)?.children.push({
      id: child.student_id,
      name: child.name,
      ownFamily: consent?.ownFamily ?? false,
      otherFamilies: consent?.otherFamilies ?? false,
    });
  }
  return moments;
}

export async function findMoment(db: Db, id: number): Promise<StoredMoment | undefined> {
  return (await findMoments(db, [id])).get(id);
}

/**
 * Deletes a moment with its photos' rows and its tags (call inside a transaction; its files are the
 * caller's to remove once the transaction is committed). Answers false when there was no such
 * moment, for example when another request took it down first.
 */
export async function deleteMoment(trx: Db, id: number): Promise<boolean> {
  await trx.deleteFrom('photo_moment_child').where('moment_id', '=', id).execute();
  await trx.deleteFrom('photo_moment_photo').where('moment_id', '=', id).execute();
  const { numDeletedRows } = await trx.deleteFrom('photo_moment').where('id', '=', id).executeTakeFirst();
  return Number(numDeletedRows) > 0;
}

/** The guardians of each of these children: parent id -> their children among them. */
export async function guardiansOfChildren(
  db: Db,
  childIds: readonly number[],
): Promise<Map<number, Set<number>>> {
  const byParent = new Map<number, Set<number>>();
  if (childIds.length === 0) return byParent;
  const rows = await db
    .selectFrom('guardian')
    .select(['parent_id', 'student_id'])
    .where('student_id', 'in', [...childIds])
    .execute();
  for (const row of rows) {
    const children = byParent.get(row.parent_id) ?? new Set<number>();
    children.add(row.student_id);
    byParent.set(row.parent_id, children);
  }
  return byParent;
}

/** The children the viewer may tag: a teacher the pupils of the classes they teach, the principal every pupil in a class. */
export async function taggableChildren(
  db: Db,
  viewer: { id: number; type: string },
): Promise<{ id: number; name: string; className: string }[]> {
  let query = db
    .selectFrom('enrolment as e')
    .innerJoin('app_user as u', 'u.id', 'e.student_id')
    .innerJoin('school_class as c', 'c.id', 'e.class_id')
    .select(['u.id', 'u.name', 'c.name as className'])
    .where('e.ended_on', 'is', null)
    .where('u.type', '=', USER_TYPE.student);
  if (viewer.type === USER_TYPE.teacher) {
    query = query.where('e.class_id', 'in', (eb) =>
      eb.selectFrom('class_assignment').select('class_id').where('teacher_id', '=', viewer.id),
    );
  } else if (viewer.type !== USER_TYPE.principal) {
    return [];
  }
  return query.orderBy('c.name').orderBy('u.name').orderBy('u.id').execute();
}

// ---------------------------------------------------------------- the website's gallery

const GALLERY = 'gallery';

/** The children tagged in each picture of a gallery record, in the record's order; undefined when no such record. */
export async function galleryChildren(
  db: Db,
  recordId: number,
): Promise<{ image: string; children: { id: number; name: string }[] }[] | undefined> {
  const record = await db
    .selectFrom('content_record')
    .select('id')
    .where('id', '=', recordId)
    .where('collection', '=', GALLERY)
    .executeTakeFirst();
  if (!record) return undefined;
  const [images, tags] = await Promise.all([
    db
      .selectFrom('content_image')
      .select('image')
      .where('record_id', '=', recordId)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('content_image_child as t')
      .innerJoin('app_user as u', 'u.id', 't.student_id')
      .select(['t.image', 'u.id', 'u.name'])
      .where('t.record_id', '=', recordId)
      .orderBy('u.name')
      .orderBy('u.id')
      .execute(),
  ]);
  const seen = new Set<string>();
  return images.flatMap(({ image }) => {
    if (seen.has(image)) return [];
    seen.add(image);
    return [
      { image, children: tags.filter((tag) => tag.image === image).map(({ id, name }) => ({ id, name })) },
    ];
  });
}

export type GalleryTagOutcome =
  | 'saved'
  | 'no-record'
  | { index: number; field: 'image' | 'children'; message: string };

export const GALLERY_TAG_MESSAGES = {
  notInRecord: 'That picture is not one of the record’s',
  notAPupil: 'Each tagged child must be a pupil',
} as const;

/** Replaces the tags of the named pictures of a gallery record (call inside a transaction). */
export async function setGalleryChildren(
  trx: Db,
  recordId: number,
  images: readonly { image: string; children: readonly number[] }[],
): Promise<GalleryTagOutcome> {
  const record = await trx
    .selectFrom('content_record')
    .select('id')
    .where('id', '=', recordId)
    .where('collection', '=', GALLERY)
    .executeTakeFirst();
  if (!record) return 'no-record';
  const own = new Set(
    (await trx.selectFrom('content_image').select('image').where('record_id', '=', recordId).execute()).map(
      (row) => row.image,
    ),
  );
  const wanted = [...new Set(images.flatMap((entry) => entry.children))];
  const pupils = new Set(
    wanted.length === 0
      ? []
      : (
          await trx
            .selectFrom('app_user')
            .select('id')
            .where('id', 'in', wanted)
            .where('type', '=', USER_TYPE.student)
            .execute()
        ).map((row) => row.id),
  );
  for (const [index, entry] of images.entries()) {
    if (!own.has(entry.image)) return { index, field: 'image', message: GALLERY_TAG_MESSAGES.notInRecord };
    if (entry.children.some((id) => !pupils.has(id)))
      return { index, field: 'children', message: GALLERY_TAG_MESSAGES.notAPupil };
  }
  for (const entry of images) {
    await trx
      .deleteFrom('content_image_child')
      .where('record_id', '=', recordId)
      .where('image', '=', entry.image)
      .execute();
    const children = [...new Set(entry.children)];
    if (children.length > 0) {
      await trx
        .insertInto('content_image_child')
        .values(
          children.map((studentId) => ({ record_id: recordId, image: entry.image, student_id: studentId })),
        )
        .execute();
    }
  }
  return 'saved';
}

/**
 * The gallery pictures the public website must leave out, as `<record id>\n<image>`: those tagged
 * with a child whose website consent is not given (the ledger's latest entry; none: not given).
 */
export async function hiddenGalleryImages(db: Db): Promise<Set<string>> {
  const rows = await db
    .selectFrom('content_image_child')
    .select(['record_id', 'image', 'student_id'])
    .execute();
  const consents = await childConsents(
    db,
    rows.map((row) => row.student_id),
  );
  return new Set(
    rows
      .filter((row) => !websiteMayShow([row.student_id], (id) => consents.get(id)?.website ?? false))
      .map((row) => `${row.record_id}\n${row.image}`),
  );
}
