/**
 * Text a person typed never holds control characters other than tab, line feed and carriage
 * return. PostgreSQL cannot store NUL in a text column at all (the insert fails), and the other C0
 * and C1 controls only ever arrive from scripts or broken clients, where they hide text in
 * notifications, names and exported CSV. The server refuses them in every string of every body,
 * query and path (one check before each route's schema, so a new field cannot forget it); the
 * browser's forms may use the same rule.
 */

/** U+0000-U+001F without tab, LF and CR; DEL; the C1 controls U+0080-U+009F. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export const CONTROL_CHARACTER_MESSAGE =
  'must not contain control characters (only tab and line breaks are allowed)';

export const hasControlCharacters = (text: string): boolean => CONTROL_CHARACTER.test(text);

export type FieldPath = (string | number)[];

/** A string found at the end of a chain of keys; the path is put together only when needed. */
interface Visit {
  value: unknown;
  key?: string | number;
  parent?: Visit;
}

const pathOf = (visit: Visit): FieldPath => {
  const path: FieldPath = [];
  for (let at: Visit | undefined = visit; at?.parent; at = at.parent) path.push(at.key as string | number);
  return path.reverse();
};

/**
 * The paths of the strings (and object keys) in `value` that hold a control character, at most
 * `limit` of them. Walks without recursion, so a body nested a hundred thousand levels deep is no
 * stack overflow; bytes of an upload (a Buffer) are never looked at, and an object met twice is
 * walked once.
 */
export function findControlCharacters(value: unknown, limit = 20): FieldPath[] {
  const found: FieldPath[] = [];
  const seen = new Set<object>();
  const pending: Visit[] = [{ value }];
  while (pending.length > 0 && found.length < limit) {
    const visit = pending.pop() as Visit;
    const current = visit.value;
    if (typeof current === 'string') {
      if (hasControlCharacters(current)) found.push(pathOf(visit));
      continue;
    }
    if (typeof current !== 'object' || current === null || ArrayBuffer.isView(current)) continue;
    if (seen.has(current)) continue;
    seen.add(current);
    const entries: [string | number, unknown][] = Array.isArray(current)
      ? current.map((item, index) => [index, item])
      : Object.entries(current);
    // Pushed in reverse, so that the first field is looked at first.
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, item] = entries[i] as [string | number, unknown];
      const child: Visit = { value: item, key, parent: visit };
      if (typeof key === 'string' && hasControlCharacters(key)) found.push(pathOf(child));
      else pending.push(child);
    }
  }
  return found.slice(0, limit);
}
