/**
 * When a mail was queued or sent, in the school's time zone (the settings' `timeZone`), not the
 * device's: the principal reading the Outbox from home sees the times the school saw.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = formats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    };
    try {
      format = new Intl.DateTimeFormat('en-GB', { ...options, timeZone });
    } catch {
      // An unknown zone (an old setting): the device's.
      format = new Intl.DateTimeFormat('en-GB', options);
    }
    formats.set(key, format);
  }
  return format;
}

/** An ISO instant as `20 Nov 2026, 09:05` in the school's zone; anything unreadable as it is. */
export function formatWhen(iso: string, timeZone: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatIn(timeZone).format(date);
}
