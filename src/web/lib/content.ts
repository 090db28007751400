import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type ContentCollection,
  type ContentRecord,
  fromWireRecord,
  type WireContentRecord,
} from '../../shared/content-records.js';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../shared/i18n/locales.js';
import { ApiError, apiClient, INVALID_RESPONSE_TEXT } from './api-client.js';
import { pageLocale } from './i18n.js';

/**
 * Where a server rendering reads a collection's wire records from (the server's own store); it checks
 * them with wireRecordSchema (entry-server.tsx).
 */
export type ContentReader = (
  collection: ContentCollection,
) => Promise<WireContentRecord<ContentCollection>[]>;

let readOnServer: ContentReader | undefined;

/**
 * Server rendering only (entry-server.tsx): the pages' loaders read the content from the server's
 * store instead of over HTTP.
 */
export function readContentWith(reader: ContentReader): void {
  readOnServer = reader;
}

/**
 * The answer's frame, checked by hand: a list of records with numeric ids and image lists. The public
 * content calls are in the pages' first load, and zod is not (docs/decisions/0031-first-load-javascript.md);
 * the server checks every record with the same response schema (wireRecordSchema) before it answers,
 * and fromWireRecord reads a missing text field as ''.
 */
function wireRecordsOf(body: unknown): WireContentRecord<ContentCollection>[] | undefined {
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  if (!Array.isArray(data)) return undefined;
  const wellFormed = data.every(
    (record: unknown) =>
      typeof record === 'object' &&
      record !== null &&
      Number.isInteger((record as { id?: unknown }).id) &&
      Array.isArray((record as { images?: unknown }).images),
  );
  return wellFormed ? (data as WireContentRecord<ContentCollection>[]) : undefined;
}

/**
 * The language the browser asks the public content in (`GET <collection>?lang=fr`,
 * docs/decisions/0064-content-in-the-schools-languages.md): the page's, when it is one the product speaks
 * other than English. An English page makes the contract's call, as it always did. A server rendering
 * reads its language's records through its reader and asks none.
 */
function contentLanguage(): Locale | undefined {
  if (readOnServer) return undefined;
  const locale = pageLocale();
  return isLocale(locale) && locale !== DEFAULT_LOCALE ? locale : undefined;
}

/** `GET <API_BASE><collection>` -> the records, in display order, under their internal field names. */
export async function getContent<C extends ContentCollection>(
  collection: C,
  signal?: AbortSignal,
  language = contentLanguage(),
): Promise<ContentRecord<C>[]> {
  const records = readOnServer
    ? await readOnServer(collection)
    : wireRecordsOf(
        await apiClient.get(language ? `${collection}?lang=${language}` : collection, { signal }),
      );
  if (!records) throw new ApiError(200, 'INVALID_RESPONSE', INVALID_RESPONSE_TEXT());
  return records.map((wire) => fromWireRecord(collection, wire as unknown as WireContentRecord<C>));
}

/** A collection's records in the page's language are kept apart from another language's. */
export const contentQueryKey = (collection: ContentCollection, language = contentLanguage()) =>
  language ? (['content', collection, language] as const) : (['content', collection] as const);

export const contentQueryOptions = <C extends ContentCollection>(collection: C) => {
  const language = contentLanguage();
  return queryOptions({
    queryKey: contentQueryKey(collection, language),
    queryFn: ({ signal }) => getContent(collection, signal, language),
  });
};

export const useContent = <C extends ContentCollection>(collection: C) =>
  useQuery(contentQueryOptions(collection));
