import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_MESSAGES,
  type ContentBody,
  ContentOrderSchema,
  contentBodySchema,
} from '../../../shared/api/admin.js';
import {
  CONTENT_COLLECTION_NAMES,
  CONTENT_COLLECTIONS,
  type ContentCollection,
  type ContentFields,
  type ContentImage,
  type ContentRecord,
  toWireRecord,
  wireRecordSchema,
} from '../../../shared/api/content.js';
import { ErrorBodySchema, type FieldError } from '../../../shared/api/errors.js';
import { IdParamsSchema } from '../../../shared/api/ids.js';
import { USER_TYPE } from '../../../shared/constants.js';
import type { Db } from '../../db/connect.js';
import { invalid, notFound } from '../../lib/errors.js';
import { DENIED, NO_CONTENT } from '../../lib/school-routes.js';
import { isStoredImage } from '../../lib/upload-storage.js';
import { BEARER_AUTH } from '../../plugins/auth.js';
import {
  deleteContentRecord,
  findContentRecord,
  insertContentRecord,
  listContentIds,
  listContentRecords,
  reorderContentRecords,
  updateContentRecord,
} from './content.repository.js';

const TAGS = ['Content admin'];
const RecordIdParamsSchema = IdParamsSchema;

/**
 * The principal's content calls (docs/contract/api.md#tag-content-admin): create, replace, delete and reorder
 * the records of the public collections. Each collection has its own routes, so that its body schema (wire
 * names, bounds, picture rules) is validated by Fastify and shown in the OpenAPI document; a collection that
 * does not exist has no route and answers 404. The public GET shows a change at once.
 */
export async function contentAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const onlyPrincipal = app.requireTypes(USER_TYPE.principal);

  for (const collection of CONTENT_COLLECTION_NAMES) {
    const title = CONTENT_COLLECTIONS[collection].title;
    const body = contentBodySchema(collection);
    const record = wireRecordSchema(collection);
    const base = `/admin/content/${collection}`;
    const bodyDescription =
      'The record’s fields under the names the public GET shows (every field, "" for an unused one), ' +
      'and `images` as `[ { image, alt' +
      (collection === 'gallery' ? ', category' : '') +
      ' } ]`: each image an uploaded file (a path under /uploads/, see POST /api/admin/media), alt required' +
      (collection === 'gallery' ? ', category one of Playing, Drawing, Reading' : ', no category') +
      '. Text is stored as it is and shown as text, never as HTML.';

    api.post(
      base,
      {
        onRequest: onlyPrincipal,
        schema: {
          tags: TAGS,
          summary: `Add a ${collection} record (${title}) at the end`,
          description: bodyDescription,
          security: BEARER_AUTH,
          body,
          response: { 201: z.object({ data: record }), 400: ErrorBodySchema, ...DENIED },
        },
      },
      async (request, reply) => {
        const { fields, images } = await fromBody(app, collection, request.body);
        const id = await app.db
          .transaction()
          .execute((trx) => insertContentRecord(trx, collection, fields, images));
        return reply.code(201).send({ data: await wireRecord(app.db, collection, id) });
      },
    );

    api.put(
      `${base}/:id`,
      {
        onRequest: onlyPrincipal,
        schema: {
          tags: TAGS,
          summary: `Replace a ${collection} record (${title})`,
          description: `${bodyDescription} A record of another collection is a 404.`,
          security: BEARER_AUTH,
          params: RecordIdParamsSchema,
          body,
          response: {
            200: z.object({ data: record }),
            400: ErrorBodySchema,
            ...DENIED,
            404: ErrorBodySchema,
          },
        },
      },
      async (request) => {
        const { id } = request.params;
        if (!(await findContentRecord(app.db, collection, id))) throw recordNotFound(collection);
        const { fields, images } = await fromBody(app, collection, request.body);
        const updated = await app.db
          .transaction()
          .execute((trx) => updateContentRecord(trx, collection, id, fields, images));
        if (!updated) throw recordNotFound(collection);
        return { data: await wireRecord(app.db, collection, id) };
      },
    );

    api.delete(
      `${base}/:id`,
      {
        onRequest: onlyPrincipal,
        schema: {
          tags: TAGS,
          summary: `Delete a ${collection} record (${title})`,
          description:
            'Its pictures stay in the media library (DELETE /api/admin/media/{name} removes them).',
          security: BEARER_AUTH,
          params: RecordIdParamsSchema,
          response: { 204: NO_CONTENT, 400: ErrorBodySchema, ...DENIED, 404: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        const deleted = await app.db
          .transaction()
          .execute((trx) => deleteContentRecord(trx, collection, request.params.id));
        if (!deleted) throw recordNotFound(collection);
        return reply.code(204).send(null);
      },
    );

    api.post(
      `${base}/order`,
      {
        onRequest: onlyPrincipal,
        schema: {
          tags: TAGS,
          summary: `Put the ${collection} records (${title}) in a new display order`,
          description: 'Body `{ ids }`: every id of the collection exactly once, in the new order.',
          security: BEARER_AUTH,
          body: ContentOrderSchema,
          response: { 200: z.object({ data: z.array(record) }), 400: ErrorBodySchema, ...DENIED },
        },
      },
      async (request) => {
        const { ids } = request.body;
        const current = await listContentIds(app.db, collection);
        const known = new Set(current);
        const sameSet = ids.length === current.length && ids.every((id) => known.has(id));
        if (!sameSet) {
          const sent = new Set(ids);
          const unknown = ids.filter((id) => !known.has(id));
          const missing = current.filter((id) => !sent.has(id));
          const parts = [
            unknown.length > 0 ? `not in this collection: ${unknown.join(', ')}` : '',
            missing.length > 0 ? `missing: ${missing.join(', ')}` : '',
          ].filter(Boolean);
          const message = `${ADMIN_MESSAGES.orderIds} (${parts.join('; ')})`;
          throw invalid(message, [{ field: 'ids', message }]);
        }
        await app.db.transaction().execute((trx) => reorderContentRecords(trx, collection, ids));
        const records = await listContentRecords(app.db, collection);
        return { data: records.map((r) => toWireRecord(collection, r)) };
      },
    );
  }
}

const recordNotFound = (collection: ContentCollection) => notFound(`That ${collection} record`);

/**
 * A validated body under internal names, after checking that every picture is a stored file (the
 * schema already refused paths that could leave the uploads folder).
 */
async function fromBody<C extends ContentCollection>(
  app: FastifyInstance,
  collection: C,
  body: ContentBody<C>,
): Promise<{ fields: ContentFields<C>; images: ContentImage[] }> {
  const wire = body as unknown as Record<string, string>;
  const fields: Record<string, string> = {};
  for (const [key, field] of Object.entries(CONTENT_COLLECTIONS[collection].fields)) {
    fields[key] = wire[field.wire] ?? '';
  }

  const checked = new Map<string, boolean>();
  const details: FieldError[] = [];
  for (const [index, image] of body.images.entries()) {
    let exists = checked.get(image.image);
    if (exists === undefined) {
      exists = await isStoredImage(app.files, image.image);
      checked.set(image.image, exists);
    }
    if (!exists) details.push({ field: `images.${index}.image`, message: ADMIN_MESSAGES.imageNotFound });
  }
  if (details.length > 0) {
    const more = details.length > 1 ? ` (and ${details.length - 1} more)` : '';
    throw invalid(`${details[0]?.field}: ${ADMIN_MESSAGES.imageNotFound}${more}`, details);
  }

  const images: ContentImage[] = body.images.map((image) =>
    'category' in image ? { image: image.image, alt: image.alt, category: image.category } : { ...image },
  );
  return { fields: fields as ContentFields<C>, images };
}

async function wireRecord<C extends ContentCollection>(db: Db, collection: C, id: number) {
  const stored: ContentRecord<C> | undefined = await findContentRecord(db, collection, id);
  if (!stored) throw recordNotFound(collection);
  return toWireRecord(collection, stored);
}
