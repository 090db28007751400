import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { ContentCollection } from '../../../../shared/api/content.js';
import type { Locale } from '../../../../shared/i18n/locales.js';
import { apiClient } from '../../../lib/api-client.js';

/**
 * `POST admin/content/{collection}/preview[?id=]`: the public page as the server renders it with the
 * unsaved draft in place of record `id` (a new record without it); the page's HTML.
 */
export async function previewRecord(
  collection: ContentCollection,
  id: number | undefined,
  body: Record<string, unknown>,
): Promise<string> {
  const query = id === undefined ? '' : `?id=${id}`;
  return apiClient.post(`admin/content/${collection}/preview${query}`, body, { schema: z.string() });
}

export const usePreviewRecord = (collection: ContentCollection) =>
  useMutation({
    mutationFn: ({ id, body }: { id: number | undefined; body: Record<string, unknown> }) =>
      previewRecord(collection, id, body),
  });

/**
 * `POST admin/content/{collection}/{id}/translations/{language}/preview`: the public page in that
 * language as the server renders it with the unsaved translation of record `id` in place (its empty
 * fields in the default language, as the page will show them); the page's HTML.
 */
export async function previewTranslation(
  collection: ContentCollection,
  id: number,
  language: Locale,
  fields: Record<string, string>,
): Promise<string> {
  return apiClient.post(`admin/content/${collection}/${id}/translations/${language}/preview`, fields, {
    schema: z.string(),
  });
}

export const usePreviewTranslation = (collection: ContentCollection, id: number, language: Locale) =>
  useMutation({
    mutationFn: (fields: Record<string, string>) => previewTranslation(collection, id, language, fields),
  });
