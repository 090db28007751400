import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type SchoolSettings,
  SchoolSettingsAnswerSchema,
  SETTINGS_ELEMENT_ID,
} from '../../shared/api/settings.js';
import { apiClient } from './api-client.js';

/** `GET <API_BASE>settings` -> the school's name, logo, contact details and the rest. */
export async function getSettings(signal?: AbortSignal): Promise<SchoolSettings> {
  const body = await apiClient.get('settings', {
    signal,
    schema: z.object({ data: SchoolSettingsAnswerSchema }),
  });
  return body.data;
}

export const settingsQueryKey = ['settings'] as const;

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: settingsQueryKey, queryFn: ({ signal }) => getSettings(signal) });

export const useSettings = () => useQuery(settingsQueryOptions());

/**
 * The settings the server wrote into the page it served (server/features/pages/index-page.ts),
 * put in the cache before the first render, so the header, footer and title show the school at
 * once. A page without them (the dev server, an old page) asks `GET settings` as usual.
 */
export function primeSettingsFromPage(queryClient: QueryClient, doc: Document = document): void {
  const text = doc.getElementById(SETTINGS_ELEMENT_ID)?.textContent;
  if (!text) return;
  try {
    const parsed = SchoolSettingsAnswerSchema.safeParse(JSON.parse(text));
    if (parsed.success) queryClient.setQueryData(settingsQueryKey, parsed.data);
  } catch {
    // Unreadable: the call below fetches them.
  }
}
