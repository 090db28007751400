import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import {
  DEFAULT_SCHOOL_SETTINGS,
  type SchoolSettings,
  SETTINGS_ELEMENT_ID,
} from '../../shared/school-settings.js';
import { ApiError, apiClient } from './api-client.js';

/**
 * The settings' shape, checked by hand against the defaults (every key, the same kind of value):
 * this module is in every page's first load and zod is not (docs/decisions/0031-first-load-javascript.md).
 * The server checks them with SchoolSettingsAnswerSchema before it sends or writes them.
 */
function isSchoolSettings(value: unknown): value is SchoolSettings {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return Object.entries(DEFAULT_SCHOOL_SETTINGS).every(([key, fallback]) => {
    const field = record[key];
    if (typeof fallback !== 'object') return typeof field === typeof fallback;
    return (
      typeof field === 'object' &&
      field !== null &&
      Object.keys(fallback).every((inner) => typeof (field as Record<string, unknown>)[inner] === 'string')
    );
  });
}

/** `GET <API_BASE>settings` -> the school's name, logo, contact details and the rest. */
export async function getSettings(signal?: AbortSignal): Promise<SchoolSettings> {
  const body = await apiClient.get<{ data?: unknown }>('settings', { signal });
  if (!isSchoolSettings(body?.data)) {
    throw new ApiError(200, 'INVALID_RESPONSE', 'The server sent an answer we did not understand.');
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
  const text = doc.getElementById(SETTINGS_ELEMENT_ID)?.textContent;
  if (!text) return;
  try {
    const settings: unknown = JSON.parse(text);
    if (isSchoolSettings(settings)) queryClient.setQueryData(settingsQueryKey, settings);
  } catch {
    // Unreadable: the call below fetches them.
  }
}
