import { type AnyLocale, intlLocale } from './locales.js';

/**
 * The order of people's names (and the school's other names) as a reader of a language expects it
 * (docs/decisions/0071-names-in-the-readers-order.md): `Intl.Collator` in that language, so "Émile"
 * comes after "Eliza" and before "Fatima", "Łukasz" beside "Lucas", Arabic names in the Arabic
 * alphabet's order, and "Pupil 2" before "Pupil 10". The database does not order names: SQLite
 * compares bytes and PostgreSQL follows its own collation, so the two engines disagreed.
 */

/** Letters alone decide first: case and accents only break ties, so "emile" and "Émile" sit together. */
const BASE = { sensitivity: 'base', numeric: true } as const satisfies Intl.CollatorOptions;
const VARIANT = { sensitivity: 'variant', numeric: true } as const satisfies Intl.CollatorOptions;

// Making a collator costs far more than comparing with one: one of each per language, kept.
const collators = new Map<string, { base: Intl.Collator; variant: Intl.Collator }>();

function collatorsFor(locale: AnyLocale): { base: Intl.Collator; variant: Intl.Collator } {
  const tag = intlLocale(locale);
  let kept = collators.get(tag);
  if (!kept) {
    kept = { base: new Intl.Collator(tag, BASE), variant: new Intl.Collator(tag, VARIANT) };
    collators.set(tag, kept);
  }
  return kept;
}

/**
 * A sort's comparator of rows by the name `pick` reads (`rows.sort(byName(locale, (r) => r.name))`):
 * by the letters, then by case and accents. Rows of the very same name compare equal, and a stable
 * sort keeps them in the order they came (the query's, by id), so the same rows always come out in
 * the same order.
 */
export function byName<T>(locale: AnyLocale, pick: (row: T) => string): (a: T, b: T) => number {
  const { base, variant } = collatorsFor(locale);
  return (a, b) => {
    const x = pick(a);
    const y = pick(b);
    return base.compare(x, y) || variant.compare(x, y);
  };
}

/** `rows` in place, in `locale`'s order of the name `pick` reads; returned for chaining. */
export function sortByName<T>(rows: T[], locale: AnyLocale, pick: (row: T) => string): T[] {
  return rows.sort(byName(locale, pick));
}

/**
 * `rows` in place, by name inside each group (rows of one class, one due date), the groups kept in
 * the order the rows came in: a list the query orders by its groups first, then by names.
 */
export function sortByNameWithin<T>(
  rows: T[],
  locale: AnyLocale,
  group: (row: T) => unknown,
  pick: (row: T) => string,
): T[] {
  const rank = new Map<unknown, number>();
  for (const row of rows) if (!rank.has(group(row))) rank.set(group(row), rank.size);
  const names = byName(locale, pick);
  return rows.sort((a, b) => (rank.get(group(a)) ?? 0) - (rank.get(group(b)) ?? 0) || names(a, b));
}
