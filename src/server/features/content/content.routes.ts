import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTENT_COLLECTION_NAMES, toWireRecord, wireRecordSchema } from '../../../shared/api/content.js';
import { ContentQuerySchema } from '../../../shared/api/content-translations.js';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import { LOCALES, type Locale } from '../../../shared/i18n/locales.js';
import { NOT_MODIFIED } from '../../lib/cached-answer.js';
import { schoolLanguages } from '../../lib/school-languages.js';
import { hiddenGalleryImages } from '../photo-moments/photo-moments.repository.js';
import { listContentRecords } from './content.repository.js';

/**
 * The public content calls of docs/contract/api.md#public-content: `GET /api/<collection>` -> `{ data:
 * [record, ...] }`. Each answer is kept as bytes with the public site's data version it was made at
 * (docs/decisions/0027-content-cache.md): any content write, through any server process, makes the
 * next request's answer afresh; `ETag` and `If-None-Match` spare a browser the bytes it already has.
 * `?lang=fr` answers the records in French (docs/decisions/0064-content-in-the-schools-languages.md),
 * kept by address like the default language's: each language has its own bytes and tag.
 */
export async function contentRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const collection of CONTENT_COLLECTION_NAMES) {
    const answerSchema = z.object({ data: z.array(wireRecordSchema(collection)) });
    const records = async (language?: Locale) => {
      // A translation is shown only in a language the school offers and that is not its default
      // (a settings change moves the content version, so the kept answers follow it).
      const school = language === undefined ? undefined : await schoolLanguages(app.db);
      const shown =
        school && language !== school.language && school.languages.includes(language as Locale)
          ? language
          : undefined;
      const list = await listContentRecords(app.db, collection, shown);
      if (collection === 'gallery') {
        // A picture tagged with a child whose website consent is off is not shown (decision 0079).
        const hidden = await hiddenGalleryImages(app.db);
        for (const record of list) {
          record.images = record.images.filter((image) => !hidden.has(`${record.id}\n${image.image}`));
        }
      }
      return { data: list.map((record) => toWireRecord(collection, record)) };
    };
    const kept = app.keptAnswers.add(`${app.prefix}/${collection}`, answerSchema, () => records());
    const keptIn = new Map(
      LOCALES.map((locale) => [
        locale,
        app.keptAnswers.add(`${app.prefix}/${collection}?lang=${locale}`, answerSchema, () =>
          records(locale),
        ),
      ]),
    );
    api.get(
      `/${collection}`,
      {
        schema: {
          tags: ['Public content'],
          summary: `The ${collection} records, in display order`,
          description:
            'Answers with a strong `ETag` and `Cache-Control: no-cache`; with `If-None-Match` naming ' +
            'the current tag, 304 without a body.',
          querystring: ContentQuerySchema,
          response: { 200: answerSchema, 304: NOT_MODIFIED, 400: ErrorBodySchema },
        },
      },
      (request, reply) => {
        const { lang } = request.query;
        return (lang === undefined ? kept : (keptIn.get(lang) ?? kept)).send(request, reply);
      },
    );
  }
}
