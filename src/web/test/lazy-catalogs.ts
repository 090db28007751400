import type { Plugin } from 'vite';

const CATALOGS_MODULE = /\/src\/shared\/messages\/catalogs\.ts$/;
const JSON_IMPORT = /^import (\w+) from '(\.\/[\w-]+\/[\w-]+\.json)' with \{ type: 'json' \};\n/gm;

/**
 * The tests' catalogs (docs/decisions/0075-where-the-test-time-went.md), in both Vitest projects:
 * each test file runs in a fresh module graph, where shared/messages/catalogs.ts brought in every
 * area's JSON of every language as a module of its own, a hundred modules fetched and evaluated for
 * every file though most tests speak English only. Here each catalog is read from its file when first
 * asked for: the English ones by the first translator, another language's only by a test that speaks
 * it. The same files and the same `CATALOGS` shape; the built server imports the module as it is.
 */
export function lazyCatalogs(): Plugin {
  return {
    name: 'schoolyard-lazy-catalogs',
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOGS_MODULE.test(id)) return undefined;
      const files = new Map<string, string>();
      const rest = code.replace(JSON_IMPORT, (_line, name: string, file: string) => {
        files.set(name, file);
        return '';
      });
      if (files.size === 0)
        throw new Error(`${id}: no JSON imports found; update src/web/test/lazy-catalogs.ts`);
      const lazy = rest.replace(/\b(\w+): (\w+)\b/g, (whole, locale: string, name: string) => {
        const file = files.get(name);
        return file ? `get ${locale}() { return readCatalog(${JSON.stringify(file)}); }` : whole;
      });
      return `import { readFileSync as readCatalogFile } from 'node:fs';
const readCatalogs = new Map();
function readCatalog(file) {
  let catalog = readCatalogs.get(file);
  if (!catalog) {
    catalog = JSON.parse(readCatalogFile(new URL(file, import.meta.url), 'utf8'));
    readCatalogs.set(file, catalog);
  }
  return catalog;
}
${lazy}`;
    },
  };
}
