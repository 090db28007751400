const formats = new Map<string, Intl.DateTimeFormat>();

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** A format in a time zone (the school's), or the device's when none is known or it is unknown. */
function formatIn(options: Intl.DateTimeFormatOptions, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${options === TIME ? 'time' : 'when'}|${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-GB', { ...options, timeZone });
    } catch {
      format = new Intl.DateTimeFormat('en-GB', options);
    }
    formats.set(key, format);
  }
  return format;
}

/**
 * An ISO instant as the time of day (`08:05`) in the school's time zone (settings' `timeZone`), so
 * that a parent reads the times the register says wherever their phone is; the device's zone while
 * the settings are not known. The text itself when it is not a date.
 */
export function formatTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatIn(TIME, timeZone).format(date);
}

/** An ISO instant as a day and time (`24 Nov 2026, 08:05`), in the school's time zone like formatTime. */
export function formatWhen(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatIn(WHEN, timeZone).format(date);
}
