import {
  isLiteralElement,
  isPluralElement,
  isSelectElement,
  isTagElement,
  type MessageFormatElement,
  parse,
} from '@formatjs/icu-messageformat-parser';

/** Every ASCII letter as an accented look-alike: pseudo text has no plain English letter left. */
const ACCENTED: Readonly<Record<string, string>> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [
    letter,
    [...'áƀçďéƒĝĥíĵķĺɱñöþʠŕšţüṽŵẋýžÅƁÇĎÉƑĜĤÍĴĶĹṀÑÖÞǪŔŠŢÜṼŴẊÝŽ'][index] ?? letter,
  ]),
);

export const PSEUDO_START = '⟦';
export const PSEUDO_END = '⟧';

const accent = (text: string): string => text.replace(/[a-zA-Z]/g, (letter) => ACCENTED[letter] ?? letter);

/** Vowels doubled until the text is about a third longer: room that a translation will need. */
function lengthen(text: string): string {
  let extra = Math.ceil(text.replace(/\s/g, '').length * 0.35);
  return text.replace(/[aeiouyAEIOUY]/g, (vowel) => {
    if (extra <= 0) return vowel;
    extra -= 1;
    return vowel + vowel;
  });
}

function pseudoElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (isLiteralElement(element)) return { ...element, value: accent(lengthen(element.value)) };
    if (isTagElement(element)) return { ...element, children: pseudoElements(element.children) };
    if (isPluralElement(element) || isSelectElement(element)) {
      return {
        ...element,
        options: Object.fromEntries(
          Object.entries(element.options).map(([name, option]) => [
            name,
            { ...option, value: pseudoElements(option.value) },
          ]),
        ),
      } as MessageFormatElement;
    }
    return element;
  });
}

/**
 * An English message as the pseudo-locale shows it (`Log In` -> `⟦Ĺööĝ Íñ⟧`): accented, longer and
 * bracketed, its arguments, plurals and tags intact. Tests render screens in it: English letters left
 * on a screen did not come from a catalog.
 */
export function pseudoMessage(english: string): MessageFormatElement[] {
  return [
    { type: 0, value: PSEUDO_START },
    ...pseudoElements(parse(english)),
    { type: 0, value: PSEUDO_END },
  ] as MessageFormatElement[];
}
