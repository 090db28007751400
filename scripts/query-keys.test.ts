import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyDeclarations, keyDeclarationsOf, sharedKeys } from './query-keys.js';

/**
 * No two modules of the web app declare the same query key (scripts/query-keys.ts): a call is read
 * in one place, and what several features show (a parent's children) is read in src/web/lib.
 */

const root = path.resolve(import.meta.dirname, '..');

describe('query keys', () => {
  const declarations = keyDeclarations(root);

  it('are found in the call modules', () => {
    const keys = declarations.map((d) => `${d.file}: ${d.key}`);
    expect(keys).toContain('src/web/lib/school/query-keys.ts: school / family / children');
    expect(keys).toContain('src/web/features/payments/api/fees.ts: school / fees / plans');
  });

  it('are each declared by one module', () => {
    expect(sharedKeys(declarations), 'keys declared in more than one module').toEqual([]);
  });
});

describe('the query key scan itself', () => {
  const keysOf = (file: string, source: string) => keyDeclarationsOf(file, source).map((d) => d.key);

  it('reads `as const` keys and factories of a call module, with their parameters as *', () => {
    const source = [
      "export const mediaQueryKey = ['cms', 'media'] as const;",
      'export const familyKeys = {',
      "  all: ['school', 'family'] as const,",
      "  care: (id: number) => ['school', 'family', 'care', id] as const,",
      '};',
      "const LABELS = ['a', 'b'] as const;",
    ].join('\n');
    expect(keysOf('src/web/features/f/api/keys.ts', source)).toEqual([
      'cms / media',
      'school / family',
      'school / family / care / *',
      'a / b',
    ]);
    // Outside a call module, `as const` lists are no keys.
    expect(keysOf('src/web/features/f/components/List.tsx', source)).toEqual([]);
  });

  it('reads inline `queryKey`s anywhere, a spread of the file’s own key expanded, but not filters', () => {
    const source = [
      "export const feesKey = ['school', 'fees'] as const;",
      "useQuery({ queryKey: [...feesKey, 'plans'], queryFn });",
      "queryOptions({ queryKey: ['school', 'family', 'children'], queryFn });",
      "queryClient.invalidateQueries({ queryKey: ['school', 'marks'] });",
      "queryClient.removeQueries({ queryKey: [...feesKey, 'plans'] });",
    ].join('\n');
    expect(keysOf('src/web/features/f/components/Screen.tsx', source)).toEqual([
      'school / fees / plans',
      'school / family / children',
    ]);
    expect(keysOf('src/web/features/f/components/Screen.test.tsx', source)).toEqual([]);
  });

  it('names every key that two modules declare, with the modules', () => {
    const declarations = [
      ...keyDeclarationsOf(
        'src/web/features/family/api/keys.ts',
        "export const familyKeys = { children: () => ['school', 'family', 'children'] as const };",
      ),
      ...keyDeclarationsOf(
        'src/web/features/payments/api/children.ts',
        "export const use = () => useQuery({ queryKey: ['school', 'family', 'children'], queryFn });",
      ),
      ...keyDeclarationsOf(
        'src/web/lib/settings.ts',
        "export const settingsQueryKey = ['settings'] as const;",
      ),
      ...keyDeclarationsOf('src/web/lib/settings.ts', "useQuery({ queryKey: ['settings'], queryFn });"),
    ];
    expect(sharedKeys(declarations)).toEqual([
      'school / family / children: src/web/features/family/api/keys.ts, src/web/features/payments/api/children.ts',
    ]);
  });
});
