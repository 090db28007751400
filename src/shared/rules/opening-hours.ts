/**
 * The school's opening hours as schema.org's OpeningHoursSpecification, read from the free text an
 * editor types ("Mon - Sat: 8:00 am - 4:00 pm", "Monday to Friday, 7.30 am - 5 pm"). The text is
 * read only when every word of it is understood: days (names, abbreviations, ranges, lists,
 * "weekdays", "weekends", "daily"), times (24-hour or am/pm, "noon") and "closed". Anything else
 * ("term time only", "by appointment", another language, a closing time before the opening) makes
 * the whole text unreadable, and the page keeps it as words for people: hours half read would tell
 * a search engine something the school did not say.
 */

export const DAYS_OF_WEEK = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];

export interface OpeningHoursSpecification {
  '@type': 'OpeningHoursSpecification';
  dayOfWeek: DayOfWeek[];
  /** `HH:MM`, 24-hour. */
  opens: string;
  closes: string;
}

/** Each day's spellings (lower case; a trailing `s` is allowed: "Mondays"). */
const DAY_NAMES: readonly (readonly string[])[] = [
  ['mo', 'mon', 'monday'],
  ['tu', 'tue', 'tues', 'tuesday'],
  ['we', 'wed', 'weds', 'wednesday'],
  ['th', 'thu', 'thur', 'thurs', 'thursday'],
  ['fr', 'fri', 'friday'],
  ['sa', 'sat', 'saturday'],
  ['su', 'sun', 'sunday'],
];
const DAY_GROUPS: Readonly<Record<string, readonly number[]>> = {
  weekdays: [0, 1, 2, 3, 4],
  weekday: [0, 1, 2, 3, 4],
  weekends: [5, 6],
  weekend: [5, 6],
  daily: [0, 1, 2, 3, 4, 5, 6],
  everyday: [0, 1, 2, 3, 4, 5, 6],
};
/** Words that join a range ("Monday to Friday", "8 am until 5 pm"). */
const RANGE_WORDS = new Set(['to', 'until', 'till', 'til', 'through', 'thru']);
/** Words that join items of a list. */
const LIST_WORDS = new Set(['and']);
/** Words that say nothing the structure would lose ("Open Mon-Fri from 8 am"). */
const FILLER_WORDS = new Set(['open', 'opening', 'hours', 'from', 'hrs', 'on']);

type Token =
  | { kind: 'days'; days: number[] }
  | { kind: 'day'; day: number }
  | { kind: 'time'; minutes: number; meridiem: boolean }
  | { kind: 'range' }
  /** Between items; `ends` for `;`, a line break or `|`, which end a group of days and hours. */
  | { kind: 'list'; ends: boolean }
  | { kind: 'closed' };

/** The text as tokens, or undefined when a word is not understood. */
function tokenize(text: string): Token[] | undefined {
  const source = text
    .toLowerCase()
    .replace(/\bevery\s+day\b/g, 'everyday')
    .replace(/\bseven\s+days(\s+a\s+week)?\b/g, 'everyday');
  const tokens: Token[] = [];
  const pattern =
    /\s+|(\d{1,2})(?:[:.h](\d{2}))?\s*(a\.?\s?m\.?|p\.?\s?m\.?)?(?![\d\p{L}])|(noon|midday)|([\p{L}]+)|([-–—~])|([,;/&|+:\n])|(.)/uy;
  let found = pattern.exec(source);
  while (found) {
    const [whole, hour, minute, meridiem, noon, word, dash, separator, other] = found;
    if (other !== undefined) return undefined;
    if (hour !== undefined) {
      const time = timeOf(Number(hour), Number(minute ?? '0'), meridiem);
      if (time === undefined) return undefined;
      tokens.push({ kind: 'time', minutes: time, meridiem: meridiem !== undefined });
    } else if (noon !== undefined) {
      tokens.push({ kind: 'time', minutes: 12 * 60, meridiem: true });
    } else if (word !== undefined) {
      const token = wordToken(word);
      if (token === undefined) return undefined;
      if (token !== 'filler') tokens.push(token);
    } else if (dash !== undefined) {
      tokens.push({ kind: 'range' });
    } else if (separator !== undefined) {
      tokens.push({ kind: 'list', ends: /[;|\n]/.test(separator) });
    }
    if (whole === '') return undefined;
    if (pattern.lastIndex >= source.length) break;
    found = pattern.exec(source);
  }
  return tokens;
}

function wordToken(word: string): Token | 'filler' | undefined {
  const singular = word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word;
  const day = DAY_NAMES.findIndex((names) => names.includes(word) || names.includes(singular));
  if (day >= 0) return { kind: 'day', day };
  const group = Object.hasOwn(DAY_GROUPS, word) ? DAY_GROUPS[word] : undefined;
  if (group) return { kind: 'days', days: [...group] };
  if (RANGE_WORDS.has(word)) return { kind: 'range' };
  if (LIST_WORDS.has(word)) return { kind: 'list', ends: false };
  if (word === 'closed') return { kind: 'closed' };
  if (FILLER_WORDS.has(word)) return 'filler';
  return undefined;
}

/** Minutes after midnight, or undefined for an hour or minute that does not exist. */
function timeOf(hour: number, minute: number, meridiem: string | undefined): number | undefined {
  if (minute > 59) return undefined;
  if (meridiem === undefined)
    return hour <= 24 && !(hour === 24 && minute > 0) ? hour * 60 + minute : undefined;
  if (hour < 1 || hour > 12) return undefined;
  const afternoon = meridiem.startsWith('p');
  const hour24 = (hour % 12) + (afternoon ? 12 : 0);
  return hour24 * 60 + minute;
}

const clock = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * Reads `text` into one OpeningHoursSpecification per group of days and hours; undefined when the
 * text is empty or not every part of it can be read.
 */
export function readOpeningHours(text: string | undefined): OpeningHoursSpecification[] | undefined {
  const tokens = tokenize(text ?? '');
  if (!tokens || tokens.length === 0) return undefined;
  const specifications: OpeningHoursSpecification[] = [];
  let at = 0;
  const peek = (offset = 0): Token | undefined => tokens[at + offset];

  /** Days: "Mon", "Mon-Fri", "Mon, Wed and Fri", "weekdays"; list words between them. */
  const readDays = (): number[] | undefined => {
    const days: number[] = [];
    for (;;) {
      const token = peek();
      if (token?.kind === 'days') {
        days.push(...token.days);
        at += 1;
      } else if (token?.kind === 'day') {
        const next = peek(1);
        const end = peek(2);
        if (next?.kind === 'range' && end?.kind === 'day') {
          for (let day = token.day; ; day = (day + 1) % 7) {
            days.push(day);
            if (day === end.day) break;
          }
          at += 3;
        } else {
          days.push(token.day);
          at += 1;
        }
      } else {
        break;
      }
      // A comma or "and" continues the days when a day follows it; a semicolon ends them.
      const separator = peek();
      const more = peek(1);
      if (separator?.kind === 'list' && !separator.ends && (more?.kind === 'day' || more?.kind === 'days')) {
        at += 1;
      }
    }
    return days.length > 0 ? [...new Set(days)].sort((a, b) => a - b) : undefined;
  };

  /** One span of hours: "8:00 - 17:00", "7.30 am to 5 pm". */
  const readSpan = (): { opens: number; closes: number } | undefined => {
    const start = peek();
    const range = peek(1);
    const end = peek(2);
    if (start?.kind !== 'time' || range?.kind !== 'range' || end?.kind !== 'time') return undefined;
    at += 3;
    // "1 - 5 pm" is 13:00-17:00 and "8 - 5 pm" 08:00-17:00: an opening without am/pm is in the
    // closing's afternoon when that still opens before it closes.
    const afternoon = start.minutes + 12 * 60;
    const inClosingsHalf =
      !start.meridiem &&
      end.meridiem &&
      end.minutes >= 12 * 60 &&
      start.minutes < 12 * 60 &&
      afternoon < end.minutes;
    return { opens: inClosingsHalf ? afternoon : start.minutes, closes: end.minutes };
  };

  while (at < tokens.length) {
    if (peek()?.kind === 'list') {
      at += 1;
      continue;
    }
    // "Closed Sundays" or "Sunday closed": days without hours, which a specification leaves out.
    const closedFirst = peek()?.kind === 'closed';
    if (closedFirst) at += 1;
    const days = readDays();
    if (!days) return undefined;
    if (peek()?.kind === 'list') at += 1;
    if (closedFirst) continue;
    if (peek()?.kind === 'closed') {
      at += 1;
      continue;
    }
    const spans: { opens: number; closes: number }[] = [];
    for (;;) {
      const span = readSpan();
      if (!span) break;
      // A closing time before the opening ("9-5" without am/pm) is not read as anything.
      if (span.closes <= span.opens) return undefined;
      spans.push(span);
      if (peek()?.kind === 'list' && peek(1)?.kind === 'time') at += 1;
      else break;
    }
    if (spans.length === 0) return undefined;
    for (const span of spans) {
      specifications.push({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: days.map((day) => DAYS_OF_WEEK[day] as DayOfWeek),
        opens: clock(span.opens),
        closes: clock(span.closes === 24 * 60 ? 24 * 60 - 1 : span.closes),
      });
    }
  }
  return specifications.length > 0 ? specifications : undefined;
}
