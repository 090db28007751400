import { queryOptions, useQuery } from '@tanstack/react-query';
import { SchoolWordAnswerSchema, WordListSchema, WordSearchSchema } from '../../../../shared/api/words.js';
import type { Locale } from '../../../../shared/i18n/locales.js';
import { apiClient } from '../../../lib/api-client.js';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.js';

/** The school's own words (docs/decisions/0065-the-schools-own-words.md): the principal's calls. */

export const wordsQueryKey = ['admin', 'words'] as const;

/** `GET admin/words?locale=`: the texts the school replaced in one language. */
export const schoolWordsQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: [...wordsQueryKey, 'replaced', locale],
    queryFn: ({ signal }) =>
      apiClient.get(`admin/words?locale=${locale}`, { signal, schema: WordListSchema }),
  });

export const useSchoolWords = (locale: Locale) => useQuery(schoolWordsQueryOptions(locale));

/** `GET admin/words/messages?locale=&q=`: the product's texts that hold the words searched for. */
export const wordSearchQueryOptions = (locale: Locale, q: string) =>
  queryOptions({
    queryKey: [...wordsQueryKey, 'messages', locale, q],
    queryFn: ({ signal }) =>
      apiClient.get(`admin/words/messages?${new URLSearchParams({ locale, q })}`, {
        signal,
        schema: WordSearchSchema,
      }),
  });

export const useWordSearch = (locale: Locale, q: string) =>
  useQuery({ ...wordSearchQueryOptions(locale, q), enabled: q !== '' });

const wordPath = (locale: Locale, key: string) => `admin/words/${locale}/${encodeURIComponent(key)}`;

/** `PUT admin/words/{locale}/{key}`: the school's text for it. */
export const useSaveWord = () =>
  useInvalidatingMutation(
    ({ locale, key, text }: { locale: Locale; key: string; text: string }) =>
      apiClient.put(wordPath(locale, key), { text }, { schema: SchoolWordAnswerSchema }),
    wordsQueryKey,
  );

/** `DELETE admin/words/{locale}/{key}`: the product's own text again. */
export const useResetWord = () =>
  useInvalidatingMutation(
    ({ locale, key }: { locale: Locale; key: string }) => apiClient.delete(wordPath(locale, key)),
    wordsQueryKey,
  );
