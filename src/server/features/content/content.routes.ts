import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTENT_COLLECTION_NAMES, toWireRecord, wireRecordSchema } from '../../../shared/api/content.js';
import { listContentRecords } from './content.repository.js';

/**
 * The public content calls of docs/contract/api.md#public-content: `GET /api/<collection>` -> `{ data:
 * [record, ...] }`.
 */
export async function contentRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const collection of CONTENT_COLLECTION_NAMES) {
    api.get(
      `/${collection}`,
      {
        schema: {
          tags: ['Public content'],
          summary: `The ${collection} records, in display order`,
          response: { 200: z.object({ data: z.array(wireRecordSchema(collection)) }) },
        },
      },
      async () => {
        const records = await listContentRecords(app.db, collection);
        return { data: records.map((record) => toWireRecord(collection, record)) };
      },
    );
  }
}
