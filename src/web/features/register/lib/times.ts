/**
 * Times and days of the register in the school's time zone (the settings' `timeZone`), not the
 * device's: a register read from home at night must still say 08:12 for a child who came at 08:12.
 */

const timeFormats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone ?? ''}|${JSON.stringify(options)}`;
  let format = timeFormats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-GB', { ...options, timeZone });
    } catch {
      // An unknown zone (an old setting): the device's.
      format = new Intl.DateTimeFormat('en-GB', options);
    }
    timeFormats.set(key, format);
  }
  return format;
}

/** An ISO instant as `08:12` in the school's zone; anything unreadable as it is. */
export function formatTime(iso: string, timeZone: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatIn(timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
}

/** An ISO instant as `Mon, 3 Nov 2025, 15:04` in the school's zone. */
export function formatDayTime(iso: string, timeZone: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatIn(timeZone, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}

/** Today's calendar day (`YYYY-MM-DD`) in the school's zone. */
export function todayInZone(timeZone: string | undefined, now: Date = new Date()): string {
  const parts = formatIn(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
