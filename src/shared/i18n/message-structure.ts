import {
  isStructurallySame,
  type MessageFormatElement,
  parse,
  TYPE,
} from '@formatjs/icu-messageformat-parser';

/**
 * Whether a message can stand in for another: the same ICU arguments, used the same way (plain, number,
 * date, plural, select, tag). A translation must fit its English message (catalogs.test.ts), and so must
 * a school's own words (docs/decisions/0065-the-schools-own-words.md): the code gives the English
 * message's values and nothing else, so a text that asks for another value, or a plural where the
 * original has a plain value, would break where it is shown.
 */
export type StructureProblem =
  /** The text is not ICU MessageFormat (an unclosed brace or tag, a plural without `other`). */
  | { kind: 'syntax'; offset: number }
  /** The original has this value and the text leaves it out. */
  | { kind: 'missing'; name: string; tag: boolean }
  /** The text asks for a value the original does not give. */
  | { kind: 'extra'; name: string; tag: boolean }
  /** Both have it, used differently (a plural for a plain value, a tag for an argument). */
  | { kind: 'different'; name: string; tag: boolean };

type Names = Map<string, { tag: boolean }>;

/** Every argument and tag of a message by name (inside plurals, selects and tags too). */
function namesOf(elements: readonly MessageFormatElement[], names: Names = new Map()): Names {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    names.set(element.value, { tag: element.type === TYPE.tag });
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) namesOf(option.value, names);
    } else if (element.type === TYPE.tag) {
      namesOf(element.children, names);
    }
  }
  return names;
}

/** The message's syntax tree, or where its syntax fails. */
export function parseMessage(
  text: string,
): { elements: MessageFormatElement[] } | { problem: Extract<StructureProblem, { kind: 'syntax' }> } {
  try {
    return { elements: parse(text) };
  } catch (error) {
    const offset = (error as { location?: { start?: { offset?: number } } }).location?.start?.offset;
    return { problem: { kind: 'syntax', offset: offset ?? 0 } };
  }
}

/**
 * What keeps `candidate` from standing in for `original` (both ICU text), or undefined when it fits.
 * The judgement is FormatJS's `isStructurallySame`; the kinds say which value is the trouble.
 */
export function messageStructureProblem(original: string, candidate: string): StructureProblem | undefined {
  const source = parseMessage(original);
  if ('problem' in source) throw new Error(`The original message does not parse: ${original}`);
  const target = parseMessage(candidate);
  if ('problem' in target) return target.problem;
  let same: boolean;
  try {
    same = isStructurallySame(source.elements, target.elements).success;
  } catch {
    // One name used two ways inside the candidate itself.
    same = false;
  }
  if (same) return undefined;
  const originalNames = namesOf(source.elements);
  const candidateNames = namesOf(target.elements);
  for (const [name, { tag }] of originalNames) {
    if (!candidateNames.has(name)) return { kind: 'missing', name, tag };
  }
  for (const [name, { tag }] of candidateNames) {
    if (!originalNames.has(name)) return { kind: 'extra', name, tag };
  }
  const name = differentName(source.elements, target.elements) ?? [...originalNames.keys()][0] ?? '';
  return { kind: 'different', name, tag: originalNames.get(name)?.tag ?? false };
}

/** The first name whose kinds of use differ between the two messages. */
function differentName(
  original: readonly MessageFormatElement[],
  candidate: readonly MessageFormatElement[],
): string | undefined {
  const kinds = (elements: readonly MessageFormatElement[], into = new Map<string, Set<number>>()) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      const set = into.get(element.value) ?? new Set<number>();
      set.add(element.type);
      into.set(element.value, set);
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        for (const option of Object.values(element.options)) kinds(option.value, into);
      } else if (element.type === TYPE.tag) {
        kinds(element.children, into);
      }
    }
    return into;
  };
  const a = kinds(original);
  const b = kinds(candidate);
  for (const [name, types] of a) {
    const other = b.get(name);
    if (!other || other.size !== types.size || [...types].some((type) => !other.has(type))) return name;
  }
  for (const [name, types] of b) {
    const other = a.get(name);
    if (!other || other.size !== types.size) return name;
  }
  return undefined;
}
