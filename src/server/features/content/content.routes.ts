import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTENT_COLLECTION_NAMES, toWireRecord, wireRecordSchema } from '../../../shared/api/content.js';
import { NOT_MODIFIED } from '../../lib/cached-answer.js';
import { listContentRecords } from './content.repository.js';

/**
 * The public content calls of docs/contract/api.md#public-content: `GET /api/<collection>` -> `{ data:
 * [record, ...] }`. Each answer is kept as bytes with the public site's data version it was made at
 * (docs/decisions/0027-content-cache.md): any content write, through any server process, makes the
 * next request's answer afresh; `ETag` and `If-None-Match` spare a browser the bytes it already has.
 */
export async function contentRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const collection of CONTENT_COLLECTION_NAMES) {
    const answerSchema = z.object({ data: z.array(wireRecordSchema(collection)) });
    const kept = app.keptAnswers.add(`${app.prefix}/${collection}`, answerSchema, async () => {
      const records = await listContentRecords(app.db, collection);
      return { data: records.map((record) => toWireRecord(collection, record)) };
    });
    api.get(
      `/${collection}`,
      {
        schema: {
          tags: ['Public content'],
          summary: `The ${collection} records, in display order`,
          description:
            'Answers with a strong `ETag` and `Cache-Control: no-cache`; with `If-None-Match` naming ' +
            'the current tag, 304 without a body.',
          response: { 200: answerSchema, 304: NOT_MODIFIED },
        },
      },
      (request, reply) => kept.send(request, reply),
    );
  }
}
