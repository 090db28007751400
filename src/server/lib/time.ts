/**
 * Instants as the server stores them. The calendar day of the school ("today" of the register, the
 * attendance, the fees) is not here but in the one date rule, src/shared/school-time.ts
 * (`dateInZone`, `todayInZone`), read with the school's zone (`schoolToday` in
 * features/settings/settings.repository.ts).
 */

/** An instant as stored: ISO-8601 in UTC. */
export const nowIso = (): string => new Date().toISOString();

/** The UTC day of a stored instant, `YYYY-MM-DD`: for instants and tests, never the school's "today". */
export const isoDate = (date: Date): string => date.toISOString().slice(0, 10);
