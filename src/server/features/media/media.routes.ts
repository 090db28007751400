import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MEDIA_MESSAGES,
  MEDIA_RULES,
  MediaNameParamSchema,
  MediaSchema,
  MediaUploadFieldsSchema,
} from '../../../shared/api/admin.js';
import { MEDIA_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import { MediaListSchema } from '../../../shared/api/media.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { conflict, notFound } from '../../lib/errors.js';
import { CHECKED, DENIED, NO_CONTENT } from '../../lib/school-routes.js';
import { removeImages, storeImageSet } from '../../lib/upload-storage.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import { mediaForm, uploadedMediaSchema } from '../../plugins/uploads.js';
import { deleteMedia, findMedia, insertMedia, listMedia, listSitePictures } from './media.repository.js';

const TAGS = ['Media'];
const UploadBodySchema = MediaUploadFieldsSchema.extend({ [MEDIA_RULES.field]: uploadedMediaSchema() });

/**
 * The media library (docs/contract/api.md#post-admin-media: `POST admin/media`, plus listing and removal):
 * pictures are recognised by content, limited in bytes and pixels, turned upright, stripped of all metadata
 * and stored as WebP in several widths, `media/<name>-<width>.webp` (shared/api/admin.ts explains the naming,
 * from which a page builds its srcset). Replacing a record's picture is: upload a new one, point the record
 * at it, then delete the old one.
 */
export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const onlyPrincipal = app.requireTypes(USER_TYPE.principal);

  api.post(
    '/admin/media',
    {
      onRequest: onlyPrincipal,
      ...mediaForm(),
      schema: {
        tags: TAGS,
        summary: 'Upload a picture',
        description:
          `Multipart: \`${MEDIA_RULES.field}\` (one picture, at most ${MEDIA_RULES.maxBytes / 1024 / 1024} MB, ` +
          'recognised by its content) and optional `alt` (a suggested description). Stored as WebP ' +
          `without metadata, upright, in the widths ${MEDIA_RULES.widths.join(', ')} up to its own ` +
          '(never enlarged): `image` is the largest, `variants` all of them, narrowest first.',
        security: BEARER_AUTH,
        consumes: ['multipart/form-data'],
        body: UploadBodySchema,
        response: {
          201: z.object({ data: MediaSchema }),
          400: ErrorBodySchema,
          ...DENIED,
          413: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const file = request.body[MEDIA_RULES.field];
      const media = file.media;
      // The schema refused a file without a usable picture; this only narrows the type.
      if (!media) throw new Error('upload without a processed picture');
      const stored = await storeImageSet(app.files, MEDIA_RULES.folder, media.renditions);
      try {
        await insertMedia(app.db, {
          name: stored.name,
          width: media.width,
          height: media.height,
          variants: media.renditions.map((r, i) => ({
            width: r.width,
            height: r.height,
            image: stored.images[i] ?? '',
          })),
          alt: request.body.alt ?? '',
          originalName: file.name.slice(0, 300),
          bytes: media.renditions.reduce((sum, r) => sum + r.bytes, 0),
          uploadedBy: currentUser(request).id,
        });
      } catch (error) {
        await removeImages(app.files, MEDIA_RULES.folder, stored.images);
        throw error;
      }
      const data = await findMedia(app.db, stored.name);
      if (!data) throw notFound('The uploaded picture');
      return reply.code(201).send({ data });
    },
  );

  api.get(
    '/admin/media',
    {
      onRequest: onlyPrincipal,
      schema: {
        tags: TAGS,
        summary:
          'The uploaded pictures, newest first, and the site’s other pictures, with the records that use each',
        description:
          '`data`: the uploads of this library. `sitePictures`: every other picture the site shows ' +
          '(the demo’s, shipped with the app): they can be given to a record like an upload, but not deleted.',
        security: BEARER_AUTH,
        response: {
          200: MediaListSchema,
          ...DENIED,
        },
      },
    },
    async () => {
      const data = await listMedia(app.db);
      return { data, sitePictures: await listSitePictures(app.db, data) };
    },
  );

  api.delete(
    '/admin/media/:name',
    {
      onRequest: onlyPrincipal,
      schema: {
        tags: TAGS,
        summary: 'Delete an uploaded picture and all its widths',
        description: 'Refused with 409 while a content record still shows it (`details` lists them).',
        security: BEARER_AUTH,
        params: MediaNameParamSchema,
        response: {
          204: NO_CONTENT,
          ...CHECKED,
          409: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const media = await findMedia(app.db, request.params.name);
      if (!media) throw notFound('That picture');
      if (media.usedBy.length > 0)
        throw conflict(MEDIA_ERROR_CODES.inUse, MEDIA_MESSAGES.inUse, media.usedBy);
      await deleteMedia(app.db, media.name);
      await removeImages(
        app.files,
        MEDIA_RULES.folder,
        media.variants.map((v) => v.image),
      );
      return reply.code(204).send(null);
    },
  );
}
