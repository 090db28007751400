import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type ContentCollection,
  type ContentRecord,
  fromWireRecord,
  type WireContentRecord,
  wireRecordSchema,
} from '../../shared/api/content.js';
import { apiClient } from './api-client.js';

/** Where a server rendering reads a collection's wire records from (the server's own store). */
export type ContentReader = (collection: ContentCollection) => Promise<unknown>;

let readOnServer: ContentReader | undefined;

/**
 * Server rendering only (entry-server.tsx): the pages' loaders read the content from the server's
 * store instead of over HTTP. The answer is checked with the same schema as the call's.
 */
export function readContentWith(reader: ContentReader): void {
  readOnServer = reader;
}

/** `GET <API_BASE><collection>` -> the records, in display order, under their internal field names. */
export async function getContent<C extends ContentCollection>(
  collection: C,
  signal?: AbortSignal,
): Promise<ContentRecord<C>[]> {
  const schema = z.object({ data: z.array(wireRecordSchema(collection)) });
  const body = readOnServer
    ? schema.parse({ data: await readOnServer(collection) })
    : await apiClient.get(collection, { signal, schema });
  return body.data.map((wire) => fromWireRecord(collection, wire as unknown as WireContentRecord<C>));
}

export const contentQueryKey = (collection: ContentCollection) => ['content', collection] as const;

export const contentQueryOptions = <C extends ContentCollection>(collection: C) =>
  queryOptions({
    queryKey: contentQueryKey(collection),
    queryFn: ({ signal }) => getContent(collection, signal),
  });

export const useContent = <C extends ContentCollection>(collection: C) =>
  useQuery(contentQueryOptions(collection));
