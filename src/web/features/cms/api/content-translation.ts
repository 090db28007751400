import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ContentCollection } from '../../../../shared/api/content.js';
import {
  type ContentTranslation,
  contentTranslationSchema,
} from '../../../../shared/api/content-translations.js';
import type { Locale } from '../../../../shared/i18n/locales.js';
import { apiClient } from '../../../lib/api-client.js';

/**
 * A record's text in one of the school's other languages
 * (docs/decisions/0064-content-in-the-schools-languages.md). The key sits under the public content's
 * (`['content', collection]`), so the invalidation after any content change reads it afresh too.
 */
export const translationQueryKey = (collection: ContentCollection, id: number, language: Locale) =>
  ['content', collection, 'translation', id, language] as const;

const translationUrl = (collection: ContentCollection, id: number, language: Locale) =>
  `admin/content/${collection}/${id}/translations/${language}`;

const answerSchema = (collection: ContentCollection) =>
  z.object({ data: contentTranslationSchema(collection) });

/** `GET admin/content/{collection}/{id}/translations/{language}`: every text field, '' where not translated. */
export async function getTranslation(
  collection: ContentCollection,
  id: number,
  language: Locale,
  signal?: AbortSignal,
): Promise<ContentTranslation> {
  const body = await apiClient.get(translationUrl(collection, id, language), {
    signal,
    schema: answerSchema(collection),
  });
  return body.data;
}

export const translationQueryOptions = (collection: ContentCollection, id: number, language: Locale) =>
  queryOptions({
    queryKey: translationQueryKey(collection, id, language),
    queryFn: ({ signal }) => getTranslation(collection, id, language, signal),
  });

export const useTranslation = (collection: ContentCollection, id: number, language: Locale) =>
  useQuery(translationQueryOptions(collection, id, language));

/** `PUT admin/content/{collection}/{id}/translations/{language}`; then the collection is read afresh. */
export function useSaveTranslation(collection: ContentCollection, id: number, language: Locale) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fields: Record<string, string>) => {
      const body = await apiClient.put(translationUrl(collection, id, language), fields, {
        schema: answerSchema(collection),
      });
      return body.data;
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(translationQueryKey(collection, id, language), saved);
      return queryClient.invalidateQueries({ queryKey: ['content', collection] });
    },
  });
}
