import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { toWireRecord, wireRecordSchema } from '../../../shared/api/content.js';
import { PHOTO_MOMENT_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import {
  GalleryChildrenAnswerSchema,
  GalleryChildrenBodySchema,
  MomentPhotoParamsSchema,
  MomentPhotoWidthParamsSchema,
  PHOTO_MOMENT_RULES,
  PhotoMomentAnswerSchema,
  PhotoMomentFeedQuerySchema,
  PhotoMomentFeedSchema,
  PhotoMomentFieldsSchema,
  TaggableChildrenSchema,
} from '../../../shared/api/photo-moments.js';
import { IdParamSchema } from '../../../shared/api/school.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { bumpDataVersion } from '../../lib/data-version.js';
import { HttpError, invalid, notFound } from '../../lib/errors.js';
import { CHECKED, NO_CONTENT, schoolRouting } from '../../lib/school-routes.js';
import { nowIso } from '../../lib/time.js';
import { removeImages } from '../../lib/upload-storage.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import { mediaFilesForm, uploadedMediaFilesSchema } from '../../plugins/uploads.js';
import { recordRequestAccess } from '../access-log/record-access.js';
import { sendAlert } from '../alerts/send-alert.js';
import { findCareAccess } from '../care/care.policy.js';
import { listContentRecords } from '../content/content.repository.js';
import { childIds, taughtClassIds, type Viewer } from '../school/school.policy.js';
import {
  familiesWhoSee,
  mayRemoveMoment,
  maySeeMoment,
  momentFor,
  ownChildrenOf,
  untaggable,
  visibleMoments,
} from './photo-moments.policy.js';
import {
  deleteMoment,
  findMoment,
  findMoments,
  galleryChildren,
  insertMoment,
  momentFiles,
  momentPhotoFile,
  type StoredMoment,
  setGalleryChildren,
  taggableChildren,
} from './photo-moments.repository.js';

/**
 * Photo moments (docs/decisions/0079-photo-consent.md; bodies and answers:
 * src/shared/api/photo-moments.ts; who sees what: photo-moments.policy.ts). The photos are stored
 * in the private folder `moments` (never served by `/uploads`) and sent here only to those who may
 * see the moment, with `Cache-Control: private, no-store`.
 */

const TAGS = ['Photo moments'];
const PRIVATE_NO_STORE = 'private, no-store';
const FIELD = PHOTO_MOMENT_RULES.field;
const PostBodySchema = PhotoMomentFieldsSchema.extend({ [FIELD]: uploadedMediaFilesSchema() });

export const PHOTO_MOMENT_ROUTE_MESSAGES = {
  notYours: 'That child',
  notAGallery: 'That gallery record',
  notYourMoment: 'Only the person who posted this moment, or the principal, may remove it.',
} as const;

/** The moment the viewer may see, or the 404 of an unknown id. */
async function visibleMoment(app: FastifyInstance, viewer: Viewer, id: number): Promise<StoredMoment> {
  const moment = await findMoment(app.db, id);
  if (!moment || !(await maySeeMoment(app.db, viewer, moment))) throw notFound('That photo moment');
  return moment;
}

/**
 * The newest moments the viewer may see, posted before `before` (and tagging `childId`), at most
 * `limit`: candidates are narrowed in SQL by who the viewer is, then each is asked of the policy
 * with the children's consents as they are now.
 */
async function feed(
  app: FastifyInstance,
  viewer: Viewer,
  query: { childId?: number; before?: string; limit?: number },
): Promise<{ data: StoredMoment[]; next: string | null }> {
  const limit = query.limit ?? PHOTO_MOMENT_RULES.pageSize;
  const own = await ownChildrenOf(app.db, viewer);
  const shown: StoredMoment[] = [];
  let before = query.before;
  let beforeId: number | undefined;
  const batch = limit * 2;
  for (;;) {
    let candidates = app.db.selectFrom('photo_moment as m').select(['m.id', 'm.posted_at']);
    if (query.childId !== undefined) {
      candidates = candidates.where(
        'm.id',
        'in',
        app.db.selectFrom('photo_moment_child').select('moment_id').where('student_id', '=', query.childId),
      );
    }
    if (viewer.type === USER_TYPE.parent) {
      candidates = candidates.where(
        'm.id',
        'in',
        app.db
          .selectFrom('photo_moment_child')
          .select('moment_id')
          .where('student_id', 'in', childIds(app.db, viewer.id)),
      );
    } else if (viewer.type === USER_TYPE.teacher) {
      const tagsTaught = app.db
        .selectFrom('photo_moment_child as c')
        .innerJoin('enrolment as e', 'e.student_id', 'c.student_id')
        .select('c.moment_id')
        .where('e.ended_on', 'is', null)
        .where(sql<boolean>`e.class_id in ${taughtClassIds(app.db, viewer.id)}`);
      candidates = candidates.where((eb) =>
        eb.or([eb('m.posted_by', '=', viewer.id), eb('m.id', 'in', tagsTaught)]),
      );
    } else if (viewer.type !== USER_TYPE.principal) {
      return { data: [], next: null };
    }
    if (before !== undefined) {
      const at = before;
      const id = beforeId;
      candidates =
        id === undefined
          ? candidates.where('m.posted_at', '<', at)
          : candidates.where((eb) =>
              eb.or([eb('m.posted_at', '<', at), eb.and([eb('m.posted_at', '=', at), eb('m.id', '<', id)])]),
            );
    }
    const rows = await candidates
      .orderBy('m.posted_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(batch)
      .execute();
    const found = await findMoments(
      app.db,
      rows.map((row) => row.id),
    );
    const ordered = rows.flatMap((row) => {
      const moment = found.get(row.id);
      return moment ? [moment] : [];
    });
    for (const moment of await visibleMoments(app.db, viewer, ordered, own)) {
      shown.push(moment);
      if (shown.length === limit) {
        return { data: shown, next: moment.postedAt };
      }
    }
    const last = rows.at(-1);
    if (rows.length < batch || !last) return { data: shown, next: null };
    before = last.posted_at;
    beforeId = last.id;
  }
}

/** Sends a stored photo file, never to be kept by any cache. */
async function sendPhoto(
  app: FastifyInstance,
  reply: FastifyReply,
  stored: string,
  download?: string,
): Promise<FastifyReply> {
  const file = await app.files.open(stored);
  if (!file) throw notFound('That photo');
  reply
    .header('Cache-Control', PRIVATE_NO_STORE)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Length', file.info.size)
    .type('image/webp');
  if (download) reply.header('Content-Disposition', `attachment; filename="${download}"`);
  // The schema's string stands for the file in the OpenAPI document; the bytes go as they are.
  return reply.send(file.body as unknown as string);
}

const PHOTO_ANSWER = {
  200: { description: 'The photo, as a WebP picture', content: { 'image/webp': { schema: z.string() } } },
  ...CHECKED,
};

export async function photoMomentRoutes(app: FastifyInstance): Promise<void> {
  const { api, staff, principal } = schoolRouting(app);
  const form = mediaFilesForm(FIELD);

  api.post(
    '/photo-moments',
    {
      onRequest: staff,
      ...form,
      schema: {
        tags: TAGS,
        summary: 'Post a photo moment (teachers for their classes’ children, the principal)',
        description:
          `Multipart: \`${FIELD}\` (1 to ${PHOTO_MOMENT_RULES.maxPhotos} pictures, 5 MB each, recognised ` +
          'by content, stored without metadata in several widths), `caption`, `children` (the tagged ' +
          'children’s ids, comma separated) and `everyoneTagged` (`true`: the poster confirms that ' +
          'everyone visible is tagged). A child the caller may not tag (a teacher: not in a class they ' +
          'teach) is a 404 and nothing is stored. Each tagged child’s family that may see the moment ' +
          '(their consents) is alerted (kind photos).',
        security: BEARER_AUTH,
        consumes: ['multipart/form-data'],
        body: PostBodySchema,
        response: { 201: PhotoMomentAnswerSchema, ...CHECKED, 413: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const viewer = currentUser(request);
      const { caption, children } = request.body;
      if ((await untaggable(app.db, viewer, children)).length > 0)
        throw notFound(PHOTO_MOMENT_ROUTE_MESSAGES.notYours);
      const uploads = request.body[FIELD];
      const photos = uploads.map((upload) => {
        // The schema refused a file without a usable picture; this only narrows the type.
        if (!upload.media) throw new Error('upload without a processed picture');
        return upload.media;
      });
      const written: string[] = [];
      let id: number;
      try {
        const stored: { name: string; widths: number[]; width: number; height: number }[] = [];
        for (const media of photos) {
          const name = crypto.randomBytes(16).toString('hex');
          for (const rendition of media.renditions) {
            const path = momentPhotoFile(name, rendition.width);
            await app.files.putFile(path, rendition.file);
            written.push(path);
          }
          stored.push({
            name,
            widths: media.renditions.map((r) => r.width),
            width: media.width,
            height: media.height,
          });
        }
        id = await app.db.transaction().execute((trx) =>
          insertMoment(trx, {
            caption,
            children,
            photos: stored,
            postedAt: nowIso(),
            postedBy: { id: viewer.id, name: viewer.name },
          }),
        );
      } catch (error) {
        await removeImages(app.files, PHOTO_MOMENT_RULES.folder, written);
        throw error;
      }
      const moment = await findMoment(app.db, id);
      if (!moment) throw notFound('That photo moment');
      await tellFamilies(app, moment);
      return reply.code(201).send({ data: momentFor(viewer, moment) });
    },
  );

  api.get(
    '/photo-moments',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'The photo moments the caller may see, newest first',
        description:
          'childId: only moments tagging that child (the child’s guardians, class teachers and the ' +
          'principal; anyone else 404). before: moments posted before that instant (the previous ' +
          `page's \`next\`). limit: 1 to ${PHOTO_MOMENT_RULES.maxPageSize}, default ${PHOTO_MOMENT_RULES.pageSize}. ` +
          'A family sees a moment only when its own tagged children share photos with the family and ' +
          'every other tagged child may appear in photos other families see (read now, not when posted).',
        security: BEARER_AUTH,
        querystring: PhotoMomentFeedQuerySchema,
        response: { 200: PhotoMomentFeedSchema, ...CHECKED },
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      const { childId, before, limit } = request.query;
      if (childId !== undefined && !(await findCareAccess(app.db, viewer, childId)))
        throw notFound(PHOTO_MOMENT_ROUTE_MESSAGES.notYours);
      const page = await feed(app, viewer, {
        ...(childId !== undefined && { childId }),
        ...(before !== undefined && { before: new Date(before).toISOString() }),
        ...(limit !== undefined && { limit }),
      });
      return { data: page.data.map((moment) => momentFor(viewer, moment)), next: page.next };
    },
  );

  api.get(
    '/photo-moments/children',
    {
      onRequest: staff,
      schema: {
        tags: TAGS,
        summary:
          'The children the caller may tag (a teacher’s classes, every pupil in a class for the principal)',
        security: BEARER_AUTH,
        response: { 200: TaggableChildrenSchema, ...CHECKED },
      },
    },
    async (request) => ({ data: await taggableChildren(app.db, currentUser(request)) }),
  );

  api.get(
    '/photo-moments/:id',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'One photo moment (those who may see it; anyone else 404)',
        security: BEARER_AUTH,
        params: IdParamSchema,
        response: { 200: PhotoMomentAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      return { data: momentFor(viewer, await visibleMoment(app, viewer, request.params.id)) };
    },
  );

  api.delete(
    '/photo-moments/:id',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'Take a photo moment down (its poster and the principal)',
        description:
          'Deletes the moment, its photos in every stored width and its tags, for every family at ' +
          'once; each tagged child’s open timelines hear of it (a live event of kind photo). Someone ' +
          `else who sees the moment: 403 ${PHOTO_MOMENT_ERROR_CODES.notYours}; anyone who does not see ` +
          'it: 404, like an unknown id. An alert already delivered is not recalled.',
        security: BEARER_AUTH,
        params: IdParamSchema,
        response: { 204: NO_CONTENT, ...CHECKED },
      },
    },
    async (request, reply) => {
      const viewer = currentUser(request);
      const moment = await visibleMoment(app, viewer, request.params.id);
      if (!mayRemoveMoment(viewer, moment))
        throw new HttpError(
          403,
          PHOTO_MOMENT_ERROR_CODES.notYours,
          PHOTO_MOMENT_ROUTE_MESSAGES.notYourMoment,
        );
      const removed = await app.db.transaction().execute((trx) => deleteMoment(trx, moment.id));
      if (!removed) throw notFound('That photo moment');
      // The rows are gone for good: only now may the files go (a file already gone is no error).
      await removeImages(app.files, PHOTO_MOMENT_RULES.folder, momentFiles(moment));
      // No audit table keeps who removed what outside money (fees' money_audit): the log says it.
      request.log.info(
        {
          momentId: moment.id,
          removedBy: viewer.id,
          postedBy: moment.postedById,
          children: moment.children.map((child) => child.id),
          photos: moment.photos.length,
        },
        'photo moment removed',
      );
      await tellTimelines(app, moment).catch((error: unknown) => {
        request.log.warn({ err: error }, 'the live events of a removed photo moment were not published');
      });
      return reply.code(204).send(null);
    },
  );

  api.get(
    '/photo-moments/:id/photos/:n/:width',
    {
      onRequest: app.requireSchoolUser,
      compress: false,
      schema: {
        tags: TAGS,
        summary: 'A photo of a moment in one of its stored widths (those who may see the moment)',
        description:
          'n: the photo’s number (1 to 10); width: one of its `widths`. `Cache-Control: private, ' +
          'no-store`. Anyone who may not see the moment, another width or number: 404.',
        security: BEARER_AUTH,
        params: MomentPhotoWidthParamsSchema,
        produces: ['image/webp'],
        response: PHOTO_ANSWER,
      },
    },
    async (request, reply) => {
      const { id, n, width } = request.params;
      const moment = await visibleMoment(app, currentUser(request), id);
      const photo = moment.photos.find((p) => p.n === n);
      if (!photo?.widths.includes(width)) throw notFound('That photo');
      return sendPhoto(app, reply, momentPhotoFile(photo.name, width));
    },
  );

  api.get(
    '/photo-moments/:id/photos/:n/download',
    {
      onRequest: app.requireSchoolUser,
      compress: false,
      schema: {
        tags: TAGS,
        summary: 'Download a photo of a moment in its largest stored width (those who may see the moment)',
        description:
          'As an attachment (`Content-Disposition: attachment`), `Cache-Control: private, no-store`.',
        security: BEARER_AUTH,
        params: MomentPhotoParamsSchema,
        produces: ['image/webp'],
        response: PHOTO_ANSWER,
      },
    },
    async (request, reply) => {
      const { id, n } = request.params;
      const moment = await visibleMoment(app, currentUser(request), id);
      const photo = moment.photos.find((p) => p.n === n);
      const largest = photo?.widths.at(-1);
      if (!photo || largest === undefined) throw notFound('That photo');
      // A picture of the tagged children leaves the school (docs/decisions/0106-who-looked.md).
      await recordRequestAccess(app.db, request, {
        studentIds: moment.children.map((child) => child.id),
        kind: 'photo-download',
        detail: moment.caption,
      });
      return sendPhoto(app, reply, momentPhotoFile(photo.name, largest), `moment-${id}-${n}.webp`);
    },
  );

  const galleryAnswer = z.object({ data: z.array(wireRecordSchema('gallery')) });
  api.get(
    '/admin/content/gallery',
    {
      onRequest: principal,
      schema: {
        tags: TAGS,
        summary:
          'The gallery records with every picture, also those the public gallery leaves out (the principal)',
        description:
          'The answer of `GET gallery` before consent is applied: the website editor reads and saves ' +
          'the whole record, so a picture hidden by a child’s consent is kept, not lost on the next save.',
        security: BEARER_AUTH,
        response: { 200: galleryAnswer, ...CHECKED },
      },
    },
    async () => ({
      data: (await listContentRecords(app.db, 'gallery')).map((record) => toWireRecord('gallery', record)),
    }),
  );

  api.get(
    '/admin/content/gallery/:id/children',
    {
      onRequest: principal,
      schema: {
        tags: TAGS,
        summary: 'The children tagged in each picture of a gallery record (the principal)',
        security: BEARER_AUTH,
        params: IdParamSchema,
        response: { 200: GalleryChildrenAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const tags = await galleryChildren(app.db, request.params.id);
      if (!tags) throw notFound(PHOTO_MOMENT_ROUTE_MESSAGES.notAGallery);
      return { data: tags };
    },
  );

  api.put(
    '/admin/content/gallery/:id/children',
    {
      onRequest: principal,
      schema: {
        tags: TAGS,
        summary: 'Tag the children in the pictures of a gallery record (the principal)',
        description:
          'Replaces the tags of the pictures named (each `image` one of the record’s). The public ' +
          'gallery (`GET gallery` and its page) leaves out a picture tagged with a child whose website ' +
          'consent is off, read at each change of consent or tags.',
        security: BEARER_AUTH,
        params: IdParamSchema,
        body: GalleryChildrenBodySchema,
        response: { 200: GalleryChildrenAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const { id } = request.params;
      const outcome = await app.db.transaction().execute(async (trx) => {
        const result = await setGalleryChildren(trx, id, request.body.images);
        if (result === 'saved') await bumpDataVersion(trx, 'content');
        return result;
      });
      if (outcome === 'no-record') throw notFound(PHOTO_MOMENT_ROUTE_MESSAGES.notAGallery);
      if (outcome !== 'saved') {
        const field = `images.${outcome.index}.${outcome.field}`;
        throw invalid(`${field}: ${outcome.message}`, [{ field, message: outcome.message }]);
      }
      return { data: (await galleryChildren(app.db, id)) ?? [] };
    },
  );
}

/**
 * After a moment is posted: each tagged child's day changed (a live event per child), and each
 * guardian who may see the moment hears of it (alert kind photos).
 */
async function tellFamilies(app: FastifyInstance, moment: StoredMoment): Promise<void> {
  await tellTimelines(app, moment);
  const userIds = await familiesWhoSee(app.db, moment);
  if (userIds.length === 0) return;
  await sendAlert(app, {
    kind: 'photos',
    userIds,
    title: { key: 'photo-moments.alert.title' },
    body: { key: 'photo-moments.alert.body', params: { name: moment.postedBy, count: moment.photos.length } },
    path: `/photo-moments/${moment.id}`,
  });
}

/** Each tagged child's day changed: open timelines and feeds ask again (a live event per child). */
async function tellTimelines(app: FastifyInstance, moment: StoredMoment): Promise<void> {
  for (const child of moment.children) {
    await app.signals.publish({ channel: 'live', event: { kind: 'photo', childId: child.id } });
  }
}
