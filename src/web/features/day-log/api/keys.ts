/**
 * Query keys of the daily log. They start with the live stream's prefixes for kind 'log'
 * (shared/api/live.ts LIVE_QUERY_PREFIXES), so an entry written anywhere makes them stale.
 */
export const dayLogKeys = {
  childDay: (studentId: number, date: string) => ['child-day', studentId, date] as const,
  allChildDays: ['child-day'] as const,
  classDay: (classId: number, date: string) => ['care-log', 'class', classId, date] as const,
  all: ['care-log'] as const,
};
