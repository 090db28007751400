import { describe, expect, it } from 'vitest';
import { LOCALES } from '../i18n/locales.js';
import { messageStructureProblem } from '../i18n/message-structure.js';
import { CATALOGS } from './catalogs.js';

const areas = Object.entries(CATALOGS) as [string, Record<string, Record<string, string>>][];

describe('the message catalogs', () => {
  it.each(areas)('%s: every language has exactly the English keys', (_area, catalogs) => {
    const english = Object.keys(catalogs.en ?? {}).sort();
    for (const locale of LOCALES) {
      expect({ locale, keys: Object.keys(catalogs[locale] ?? {}).sort() }).toEqual({ locale, keys: english });
    }
  });

  it.each(areas)(
    '%s: every message parses, with the English arguments, plurals and tags',
    (area, catalogs) => {
      for (const [key, message] of Object.entries(catalogs.en ?? {})) {
        for (const locale of LOCALES) {
          const translation = catalogs[locale]?.[key];
          if (translation === undefined) continue;
          expect({
            message: `${area}.${key} (${locale})`,
            problem: messageStructureProblem(message, translation),
          }).toEqual({
            message: `${area}.${key} (${locale})`,
            problem: undefined,
          });
        }
      }
    },
  );

  it.each(areas)('%s: a translation is not left as the English text', (area, catalogs) => {
    // A word that reads the same in both (a name, "Email" in French) is listed in SAME_AS_ENGLISH.
    for (const [key, message] of Object.entries(catalogs.en ?? {})) {
      if (catalogs.ar?.[key] !== undefined && /[a-z]{3}/i.test(message)) {
        expect(`${area}.${key}: ${catalogs.ar[key]}`).not.toBe(`${area}.${key}: ${message}`);
      }
    }
  });
});
