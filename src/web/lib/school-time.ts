import type { QueryClient } from '@tanstack/react-query';
import type { SchoolSettings } from '../../shared/school-settings.js';
import { settingsQueryKey, useSettings } from './settings.js';

/**
 * The school's clock for the web app: the one formatter and date rule in src/shared/school-time.ts
 * (docs/decisions/0054-one-date-rule-and-the-schools-today.md), read with the school's zone from its
 * settings, never the device's (the device's only until the settings are known).
 */
export {
  addDaysIso,
  dateInZone,
  dayOfInstant,
  examTimeInWords,
  formatDate,
  formatDayTime,
  formatTime,
  formatWhen,
  isIsoDate,
  longDate,
  shortDate,
  todayInZone,
} from '../../shared/school-time.js';

/** The school's time zone from its settings; undefined until they are known. */
export const useSchoolTimeZone = (): string | undefined => useSettings().data?.timeZone;

/** The school's time zone as the query cache holds it, for route loaders (no hooks there). */
export const cachedSchoolTimeZone = (queryClient: QueryClient): string | undefined =>
  queryClient.getQueryData<SchoolSettings>(settingsQueryKey)?.timeZone;
