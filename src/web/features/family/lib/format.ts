const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** `08:05` in a time zone (the school's), or the device's when none is known or it is unknown. */
function timeFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = timeFormats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
    try {
      format = new Intl.DateTimeFormat('en-GB', { ...options, timeZone });
    } catch {
      format = new Intl.DateTimeFormat('en-GB', options);
    }
    timeFormats.set(key, format);
  }
  return format;
}
const whenFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * An ISO instant as the time of day (`08:05`) in the school's time zone (settings' `timeZone`), so
 * that a parent reads the times the register says wherever their phone is; the device's zone while
 * the settings are not known. The text itself when it is not a date.
 */
export function formatTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : timeFormat(timeZone).format(date);
}

/** An ISO instant as a day and time (`24 Nov 2026, 08:05`). */
export function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : whenFormat.format(date);
}
