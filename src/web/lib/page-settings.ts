import {
  DEFAULT_SCHOOL_SETTINGS,
  type SchoolSettings,
  SETTINGS_ELEMENT_ID,
} from '../../shared/school-settings.js';

/**
 * The settings' shape, checked by hand against the defaults (every key, the same kind of value):
 * this module is in every page's first load and zod is not (docs/decisions/0031-first-load-javascript.md).
 * The server checks them with SchoolSettingsAnswerSchema before it sends or writes them.
 */
export function isSchoolSettings(value: unknown): value is SchoolSettings {
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

/**
 * The settings the server wrote into the page it served (server/features/pages/index-page.ts), or
 * undefined when the page has none or they are not settings.
 */
export function readSettingsFromPage(doc: Document = document): SchoolSettings | undefined {
  const text = doc.getElementById(SETTINGS_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const settings: unknown = JSON.parse(text);
    return isSchoolSettings(settings) ? settings : undefined;
  } catch {
    return undefined;
  }
}
