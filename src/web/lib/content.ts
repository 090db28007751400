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

/** `GET <API_BASE><collection>` -> the records, in display order, under their internal field names. */
export async function getContent<C extends ContentCollection>(
  collection: C,
  signal?: AbortSignal,
): Promise<ContentRecord<C>[]> {
  const body = await apiClient.get(collection, {
    signal,
    schema: z.object({ data: z.array(wireRecordSchema(collection)) }),
  });
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
