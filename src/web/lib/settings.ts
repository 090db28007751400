import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { SchoolSettings } from '../../shared/school-settings.js';
import { ApiError, apiClient, INVALID_RESPONSE_TEXT } from './api-client.js';
import { isSchoolSettings, readSettingsFromPage } from './page-settings.js';

/** `GET <API_BASE>settings` -> the school's name, logo, contact details and the rest. */
export async function getSettings(signal?: AbortSignal): Promise<SchoolSettings> {
  const body = await apiClient.get<{ data?: unknown }>('settings', { signal });
  if (!isSchoolSettings(body?.data)) {
    throw new ApiError(200, 'INVALID_RESPONSE', INVALID_RESPONSE_TEXT());
  }
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
  const settings = readSettingsFromPage(doc);
  if (settings) queryClient.setQueryData(settingsQueryKey, settings);
}
