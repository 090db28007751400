/**
 * The rules of school years and their terms (docs/decisions/0085-school-years-and-terms.md), written
 * once for the server's checks and the web app's forms. Days are ISO dates (YYYY-MM-DD), so that
 * comparing them as text compares them as days; both ends of a range are school days of it.
 */

export const SCHOOL_YEAR_LIMITS = {
  /** A term's name is what fee plans show as their term (fee_plan.term is 50 characters). */
  name: 50,
  /** A school year runs at most about eighteen months (a first year that starts late, say). */
  yearDays: 550,
  /** A term is at most a year long. */
  termDays: 366,
  /** Terms in one year. */
  terms: 12,
} as const;

export interface DayRange {
  firstDay: string;
  lastDay: string;
}

export interface NamedRange extends DayRange {
  id?: number;
  name: string;
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string): number => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** The days of a range, both ends counted. */
export const daysIn = (range: DayRange): number => dayNumber(range.lastDay) - dayNumber(range.firstDay) + 1;

/** The key under which a name is unique (as for classes and subjects): Unicode lower case of its NFC form. */
export const nameKeyOf = (name: string): string => name.trim().normalize('NFC').toLowerCase();

export const dayInRange = (day: string, range: DayRange): boolean =>
  range.firstDay <= day && day <= range.lastDay;

export const rangesOverlap = (a: DayRange, b: DayRange): boolean =>
  a.firstDay <= b.lastDay && b.firstDay <= a.lastDay;

/** `inner` lies within `outer`, ends included. */
export const rangeWithin = (inner: DayRange, outer: DayRange): boolean =>
  outer.firstDay <= inner.firstDay && inner.lastDay <= outer.lastDay;

/** What is wrong with a range on its own: its last day before its first, or longer than `maxDays`. */
export function rangeProblem(range: DayRange, maxDays: number): 'lastBeforeFirst' | 'tooLong' | undefined {
  if (range.lastDay < range.firstDay) return 'lastBeforeFirst';
  if (daysIn(range) > maxDays) return 'tooLong';
  return undefined;
}

/** What is wrong with a year or a term among the others of its scope (and, for a term, in its year). */
export type RangeProblem =
  | { kind: 'lastBeforeFirst' }
  | { kind: 'tooLong'; maxDays: number }
  | { kind: 'nameTaken' }
  | { kind: 'overlap'; other: string }
  | { kind: 'outsideYear' }
  | { kind: 'termsOutside'; term: string }
  | { kind: 'tooManyTerms'; max: number };

/** The first of `others` (itself left out) whose name is the candidate's or whose days meet its days. */
function clash(candidate: NamedRange, others: readonly NamedRange[]): RangeProblem | undefined {
  const rest = others.filter((other) => candidate.id === undefined || other.id !== candidate.id);
  const key = nameKeyOf(candidate.name);
  if (rest.some((other) => nameKeyOf(other.name) === key)) return { kind: 'nameTaken' };
  const overlapping = rest
    .filter((other) => rangesOverlap(candidate, other))
    .sort((a, b) => a.firstDay.localeCompare(b.firstDay))[0];
  return overlapping ? { kind: 'overlap', other: overlapping.name } : undefined;
}

/**
 * A school year's problem, the first found: its own dates, its name or dates against the other
 * years, or a term of its own that its new dates would leave outside it.
 */
export function yearProblem(
  year: NamedRange,
  otherYears: readonly NamedRange[],
  ownTerms: readonly NamedRange[] = [],
): RangeProblem | undefined {
  const own = rangeProblem(year, SCHOOL_YEAR_LIMITS.yearDays);
  if (own === 'tooLong') return { kind: own, maxDays: SCHOOL_YEAR_LIMITS.yearDays };
  if (own) return { kind: own };
  const withOthers = clash(year, otherYears);
  if (withOthers) return withOthers;
  const outside = ownTerms.find((term) => !rangeWithin(term, year));
  return outside ? { kind: 'termsOutside', term: outside.name } : undefined;
}

/**
 * A term's problem, the first found: its own dates, outside its year, against its year's other terms,
 * or one term too many for a year.
 */
export function termProblem(
  term: NamedRange,
  year: DayRange,
  otherTerms: readonly NamedRange[],
): RangeProblem | undefined {
  const own = rangeProblem(term, SCHOOL_YEAR_LIMITS.termDays);
  if (own === 'tooLong') return { kind: own, maxDays: SCHOOL_YEAR_LIMITS.termDays };
  if (own) return { kind: own };
  if (!rangeWithin(term, year)) return { kind: 'outsideYear' };
  const clashing = clash(term, otherTerms);
  if (clashing) return clashing;
  const count = otherTerms.filter((other) => term.id === undefined || other.id !== term.id).length + 1;
  return count > SCHOOL_YEAR_LIMITS.terms
    ? { kind: 'tooManyTerms', max: SCHOOL_YEAR_LIMITS.terms }
    : undefined;
}

/**
 * The term a screen of marks shows first (docs/decisions/0094-last-years-mark-sheets.md): the one
 * holding `today`, else the latest that has begun (between terms, and after a rollover made before
 * the old year ended), else the first; undefined when there is no term.
 */
export function termToShow<T extends DayRange>(terms: readonly T[], today: string): T | undefined {
  const byStart = [...terms].sort((a, b) => a.firstDay.localeCompare(b.firstDay));
  return (
    byStart.find((term) => dayInRange(today, term)) ??
    byStart.filter((term) => term.firstDay <= today).at(-1) ??
    byStart[0]
  );
}

/**
 * The first day from `today` on that lies in a term: today inside a term, else the next term's first
 * day; undefined when no term lies ahead. An exam may be set on it (exams are not set in the past
 * nor outside the terms).
 */
export function firstTermDayFrom(terms: readonly DayRange[], today: string): string | undefined {
  if (terms.some((term) => dayInRange(today, term))) return today;
  return terms
    .filter((term) => term.firstDay > today)
    .map((term) => term.firstDay)
    .sort()[0];
}
