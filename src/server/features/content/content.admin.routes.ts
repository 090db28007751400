import type { FastifyInstance, FastifyReply } from 'fastify';
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
  isDatedCollection,
  type TranslatedFields,
  toWireRecord,
  translatableFieldEntries,
  wireRecordSchema,
  withTranslation,
} from '../../../shared/api/content.js';
import {
  PREVIEW_MESSAGES,
  PREVIEW_PAGES,
  PREVIEW_ROBOTS,
  PreviewQuerySchema,
} from '../../../shared/api/content-preview.js';
import {
  ContentTranslationParamsSchema,
  contentTranslationBodySchema,
  contentTranslationSchema,
  TRANSLATION_MESSAGES,
} from '../../../shared/api/content-translations.js';
import { CONTENT_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { ErrorBodySchema, type FieldError } from '../../../shared/api/errors.js';
import { IdParamsSchema } from '../../../shared/api/ids.js';
import { USER_TYPE } from '../../../shared/constants.js';
import type { Locale } from '../../../shared/i18n/locales.js';
import { publicPageHref } from '../../../shared/page-rendering.js';
import { seatsOfText } from '../../../shared/rules/free-seats.js';
import type { Db } from '../../db/connect.js';
import { HttpError, invalid, notFound } from '../../lib/errors.js';
import { schoolLanguages } from '../../lib/school-languages.js';
import { CHECKED, DENIED, NO_CONTENT } from '../../lib/school-routes.js';
import { nowIso } from '../../lib/time.js';
import { isStoredImage } from '../../lib/upload-storage.js';
import { BEARER_AUTH } from '../../plugins/auth.js';
import { existingClasses, setCapacityIfNone } from '../admissions/admissions.repository.js';
import {
  deleteContentRecord,
  findContentRecord,
  findContentTranslation,
  insertContentRecord,
  listContentIds,
  listContentRecords,
  reorderContentRecords,
  updateContentRecord,
  writeContentTranslation,
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
        const id = await app.db.transaction().execute(async (trx) => {
          const id = await insertContentRecord(trx, collection, fields, images);
          await seatsOfLinkedCard(trx, collection, undefined, fields);
          return id;
        });
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
        const before = await findContentRecord(app.db, collection, id);
        if (!before) throw recordNotFound(collection);
        const { fields, images } = await fromBody(app, collection, request.body);
        const updated = await app.db.transaction().execute(async (trx) => {
          const done = await updateContentRecord(trx, collection, id, fields, images);
          if (done) await seatsOfLinkedCard(trx, collection, before, fields);
          return done;
        });
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

    // The record in one of the school's other languages (docs/decisions/0064-content-in-the-schools-languages.md).
    const translation = contentTranslationSchema(collection);
    const translationDescription =
      'A translation holds the record’s text fields (under the names the public GET shows) in one ' +
      'language the school offers other than its default; "" is a field not translated, where the ' +
      'pages show the default language’s text. The icon, pictures and order stay the record’s own. ' +
      'The default language (the record itself) or a language the school does not offer is a 400.';
    api.get(
      `${base}/:id/translations/:language`,
      {
        onRequest: onlyPrincipal,
        schema: {
          tags: TAGS,
          summary: `A ${collection} record (${title}) in another language`,
          description: translationDescription,
          security: BEARER_AUTH,
          params: ContentTranslationParamsSchema,
          response: {
            200: z.object({ data: translation }),
            400: ErrorBodySchema,
            ...DENIED,
            404: ErrorBodySchema,
          },
        },
      },
      async (request) => {
        const { id, language } = request.params;
        if (!(await findContentRecord(app.db, collection, id))) throw recordNotFound(collection);
        await checkTranslationLanguage(app.db, language);
        const stored = await findContentTranslation(app.db, collection, id, language);
        return { data: wireTranslation(collection, id, language, stored) };
      },
    );

    api.put(
      `${base}/:id/translations/:language`,
      {
        onRequest: onlyPrincipal,
        schema: {
          tags: TAGS,
          summary: `Replace a ${collection} record’s (${title}) text in another language`,
          description:
            `${translationDescription} The body is every text field to keep translated (one left out ` +
            'or "" is not translated); a body with no text removes the translation.',
          security: BEARER_AUTH,
          params: ContentTranslationParamsSchema,
          body: contentTranslationBodySchema(collection),
          response: {
            200: z.object({ data: translation }),
            400: ErrorBodySchema,
            ...DENIED,
            404: ErrorBodySchema,
          },
        },
      },
      async (request) => {
        const { id, language } = request.params;
        if (!(await findContentRecord(app.db, collection, id))) throw recordNotFound(collection);
        await checkTranslationLanguage(app.db, language);
        const fields = translatedFieldsOf(collection, request.body);
        await app.db
          .transaction()
          .execute((trx) => writeContentTranslation(trx, collection, id, language, fields));
        const stored = await findContentTranslation(app.db, collection, id, language);
        return { data: wireTranslation(collection, id, language, stored) };
      },
    );

    api.post(
      `${base}/:id/translations/:language/preview`,
      {
        onRequest: onlyPrincipal,
        schema: {
          tags: TAGS,
          summary: `Preview a ${collection} record’s (${title}) unsaved text in another language on ${PREVIEW_PAGES[collection]}`,
          description:
            'The body of PUT translations as it stands in the editor. Answers the public page in that ' +
            'language (`/fr/…`) as the server renders it with the draft in the record’s place, each field ' +
            'left empty showing the default language’s text, as the page will: nothing is saved, the page ' +
            `is not for search engines (\`X-Robots-Tag: ${PREVIEW_ROBOTS}\`, no scripts run in it). The ` +
            'default language or one the school does not offer is a 400; 503 on a server without the built web app.',
          security: BEARER_AUTH,
          params: ContentTranslationParamsSchema,
          body: contentTranslationBodySchema(collection),
          produces: ['text/html'],
          response: {
            200: {
              description: 'The page as HTML',
              content: { 'text/html': { schema: z.string() } },
            },
            400: ErrorBodySchema,
            ...DENIED,
            404: ErrorBodySchema,
            503: ErrorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const { id, language } = request.params;
        const record = await findContentRecord(app.db, collection, id);
        if (!record) throw recordNotFound(collection);
        await checkTranslationLanguage(app.db, language);
        const pages = app.serverPages;
        if (!pages) {
          throw new HttpError(503, CONTENT_ERROR_CODES.previewUnavailable, PREVIEW_MESSAGES.unavailable);
        }
        const draft = withTranslation(collection, record, translatedFieldsOf(collection, request.body));
        const records = (await listContentRecords(app.db, collection, language)).map((stored) =>
          toWireRecord(collection, stored.id === id ? draft : stored),
        );
        const { language: schoolDefault } = await schoolLanguages(app.db);
        const address = publicPageHref(PREVIEW_PAGES[collection], language, schoolDefault);
        return sendPreview(reply, await pages.preview(address, { collection, records }, request.log));
      },
    );

    api.post(
      `${base}/preview`,
      {
        onRequest: onlyPrincipal,
        schema: {
          tags: TAGS,
          summary: `Preview an unsaved ${collection} record (${title}) on ${PREVIEW_PAGES[collection]}`,
          description:
            `The body of PUT (or POST) as it stands in the editor; \`id\` names the record it replaces, none ` +
            'adds it after the last. Answers the public page as the server renders it with the draft in ' +
            'place: nothing is saved, the page is no one else’s and is not for search engines ' +
            `(\`X-Robots-Tag: ${PREVIEW_ROBOTS}\`, no scripts run in it). 503 on a server without the built web app.`,
          security: BEARER_AUTH,
          querystring: PreviewQuerySchema,
          body,
          produces: ['text/html'],
          response: {
            200: {
              description: 'The page as HTML',
              content: { 'text/html': { schema: z.string() } },
            },
            ...CHECKED,
            503: ErrorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const pages = app.serverPages;
        if (!pages) {
          throw new HttpError(503, CONTENT_ERROR_CODES.previewUnavailable, PREVIEW_MESSAGES.unavailable);
        }
        const { id } = request.query;
        if (id !== undefined && !(await findContentRecord(app.db, collection, id))) {
          throw recordNotFound(collection);
        }
        const { fields, images } = await fromBody(app, collection, request.body);
        const records = await draftRecords(app.db, collection, id, fields, images);
        return sendPreview(
          reply,
          await pages.preview(PREVIEW_PAGES[collection], { collection, records }, request.log),
        );
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

/** A translation is in a language the school offers, not its default (the record's own text). */
async function checkTranslationLanguage(db: Db, language: Locale): Promise<void> {
  const school = await schoolLanguages(db);
  if (language === school.language) {
    throw invalid(TRANSLATION_MESSAGES.defaultLanguage, [
      { field: 'language', message: TRANSLATION_MESSAGES.defaultLanguage },
    ]);
  }
  if (!school.languages.includes(language)) {
    throw invalid(TRANSLATION_MESSAGES.notOffered, [
      { field: 'language', message: TRANSLATION_MESSAGES.notOffered },
    ]);
  }
}

/** A stored translation (or none) as the calls answer it: every text field, '' where not translated. */
function wireTranslation(
  collection: ContentCollection,
  id: number,
  language: Locale,
  stored: TranslatedFields | undefined,
) {
  const fields: Record<string, string> = {};
  for (const [key, field] of translatableFieldEntries(collection)) fields[field.wire] = stored?.[key] ?? '';
  return { id, language, fields };
}

/**
 * The preview's own policy, should it be opened as a page: the site's pictures and styles, no script
 * (the page's islands would load the saved content over the draft), framed by the editor only.
 */
const PREVIEW_CSP = [
  "default-src 'self'",
  "img-src 'self' data: blob:",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "script-src 'none'",
  "object-src 'none'",
  "frame-ancestors 'self'",
].join('; ');

/** The rendered page, told to search engines as not theirs (whatever robots tag it had before). */
/** A page the server renders for a preview (the pages feature's, reached through the app). */
type PreviewPage = Awaited<ReturnType<NonNullable<FastifyInstance['serverPages']>['preview']>>;

/** A preview page as the editor's frame gets it: never indexed, no script runs in it. */
function sendPreview(reply: FastifyReply, page: PreviewPage): FastifyReply {
  // The preview pages never redirect (no `?post=`); a renderer that did would be a bug.
  if (page.kind !== 'page') throw new Error('A preview page was a redirect');
  return reply
    .type('text/html; charset=utf-8')
    .header('X-Robots-Tag', PREVIEW_ROBOTS)
    .header('Content-Security-Policy', PREVIEW_CSP)
    .send(previewHtml(page.answer.body.toString('utf8')));
}

/** A translation's body (wire names) as the fields stored: '' for each one left out. */
function translatedFieldsOf(collection: ContentCollection, body: unknown): TranslatedFields {
  const wire = body as Record<string, string | undefined>;
  const fields: TranslatedFields = {};
  for (const [key, field] of translatableFieldEntries(collection)) fields[key] = wire[field.wire] ?? '';
  return fields;
}

function previewHtml(html: string): string {
  const head = html.replace(/<meta name="robots"[^>]*>/gi, '');
  return head.replace(/<\/head>/i, () => `<meta name="robots" content="${PREVIEW_ROBOTS}"></head>`);
}

/**
 * The collection's records as the public GET answers them, with the draft in the place of record
 * `id` (its dates kept), or after the last record with the next free id when there is none.
 */
async function draftRecords<C extends ContentCollection>(
  db: Db,
  collection: C,
  id: number | undefined,
  fields: ContentFields<C>,
  images: ContentImage[],
): Promise<unknown[]> {
  const stored = await listContentRecords(db, collection);
  const draftOf = (record: { id: number; publishedAt?: string; updatedAt?: string }) => {
    const now = nowIso();
    const dates = isDatedCollection(collection)
      ? { publishedAt: record.publishedAt ?? now, updatedAt: now }
      : {};
    return { ...fields, images, id: record.id, ...dates } as unknown as ContentRecord<C>;
  };
  const records =
    id === undefined
      ? [...stored, draftOf({ id: Math.max(0, ...stored.map((r) => r.id)) + 1 })]
      : stored.map((record) => (record.id === id ? draftOf(record as { id: number }) : record));
  return records.map((record) => toWireRecord(collection, record));
}

/**
 * A validated body under internal names, after checking that every picture is a stored file (the
 * schema already refused paths that could leave the uploads folder).
 */
/**
 * A class card that comes to name a class (docs/decisions/0101-seats-that-mean-something.md): its
 * Total Seats, when a number, become the class's capacity for the admissions year if it has none.
 */
async function seatsOfLinkedCard<C extends ContentCollection>(
  trx: Db,
  collection: C,
  before: ContentFields<C> | undefined,
  fields: ContentFields<C>,
): Promise<void> {
  if (collection !== 'kidsclasses') return;
  const card = fields as unknown as ContentFields<'kidsclasses'>;
  const was = (before as unknown as ContentFields<'kidsclasses'> | undefined)?.classId ?? '';
  const seats = seatsOfText(card.totalSeats);
  if (card.classId === '' || card.classId === was || seats === undefined) return;
  await setCapacityIfNone(trx, Number(card.classId), seats);
}

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

  // A card's class (docs/decisions/0101-seats-that-mean-something.md) is one of the school's classes.
  for (const [key, field] of Object.entries(CONTENT_COLLECTIONS[collection].fields)) {
    if (field.kind !== 'class' || !fields[key]) continue;
    if (!(await existingClasses(app.db, [Number(fields[key])])).has(Number(fields[key])))
      throw invalid(ADMIN_MESSAGES.classId, [{ field: field.wire, message: ADMIN_MESSAGES.classId }]);
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
