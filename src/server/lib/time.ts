/** An instant as stored: ISO-8601 in UTC. */
export const nowIso = (): string => new Date().toISOString();

/** A calendar date as stored: `YYYY-MM-DD` (UTC). */
export const isoDate = (date: Date): string => date.toISOString().slice(0, 10);

/** "Today" for the school calls: the server's calendar date in UTC (dates are stored as UTC days). */
export const todayIso = (): string => isoDate(new Date());
