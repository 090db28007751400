import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LATEST_MIGRATION, MIGRATION_NAMES } from './migrate.js';

/**
 * The migration list in migrate.ts is written by hand (see the comment there), so a migration file
 * can be added and forgotten: the server would start, report nothing pending and never run it. This
 * test reads the folder and the list and names every file the list misses, every entry without a
 * file, and every entry whose name runs another file's module.
 */

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
const MIGRATE_SOURCE = new URL('./migrate.ts', import.meta.url);

/** A migration's name: its timestamp, then what it does; the timestamp orders them. */
const MIGRATION_NAME = /^\d{4}-\d{2}-\d{2}T\d{4}-[a-z0-9-]+$/;

/** The migration modules among a folder's file names (their tests and other files left out). */
function migrationModules(fileNames: readonly string[]): string[] {
  return fileNames
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts'))
    .map((name) => name.slice(0, -'.ts'.length))
    .sort();
}

/**
 * What is wrong between the migration modules and migrate.ts's source: each problem one line, none
 * when every module is listed once under its own name, imported from its own file.
 */
function migrationWiringProblems(modules: readonly string[], migrateSource: string): string[] {
  const importedFrom = new Map<string, string>();
  for (const [, identifier, file] of migrateSource.matchAll(
    /import \* as (\w+) from '\.\/migrations\/([^']+)\.js';/g,
  )) {
    if (identifier && file) importedFrom.set(identifier, file);
  }
  const listed = new Map<string, string>();
  for (const [, name, identifier] of migrateSource.matchAll(/^\s*'([^']+)': (\w+),$/gm)) {
    if (name && identifier) listed.set(name, identifier);
  }

  const problems: string[] = [];
  for (const module of modules) {
    if (!MIGRATION_NAME.test(module)) problems.push(`${module}: not named <timestamp>-<what it does>`);
    if (!listed.has(module)) problems.push(`${module}: not in the migration list of migrate.ts`);
  }
  for (const [name, identifier] of listed) {
    if (!modules.includes(name)) problems.push(`${name}: listed, but there is no such file`);
    const file = importedFrom.get(identifier);
    if (file !== name) problems.push(`${name}: runs ${file ?? `${identifier}, which is not a migration`}`);
  }
  return problems;
}

describe('the migration list', () => {
  const modules = migrationModules(fs.readdirSync(MIGRATIONS_DIR));

  it('lists every file of db/migrations/, each under its own name', () => {
    expect(modules.length).toBeGreaterThan(0);
    expect(migrationWiringProblems(modules, fs.readFileSync(MIGRATE_SOURCE, 'utf8'))).toEqual([]);
  });

  it('runs them in the order of their timestamps, the newest last', () => {
    expect(MIGRATION_NAMES).toEqual(modules);
    expect(LATEST_MIGRATION).toBe(modules.at(-1));
  });
});

describe('migrationWiringProblems (the check above, over a made-up folder and list)', () => {
  const source = [
    "import * as first from './migrations/2026-01-01T0100-first.js';",
    "import * as second from './migrations/2026-01-02T0100-second.js';",
    'const migrations: Record<string, Migration> = {',
    "  '2026-01-01T0100-first': first,",
    "  '2026-01-02T0100-second': second,",
    '};',
  ].join('\n');

  it('finds nothing wrong when the list matches the folder', () => {
    const modules = migrationModules([
      '2026-01-02T0100-second.ts',
      '2026-01-01T0100-first.ts',
      'first.test.ts',
    ]);
    expect(migrationWiringProblems(modules, source)).toEqual([]);
  });

  it('names a file the list forgot', () => {
    const modules = migrationModules([
      '2026-01-01T0100-first.ts',
      '2026-01-02T0100-second.ts',
      '2026-01-03T0100-forgotten.ts',
    ]);
    expect(migrationWiringProblems(modules, source)).toEqual([
      '2026-01-03T0100-forgotten: not in the migration list of migrate.ts',
    ]);
  });

  it('names an entry without a file, and one that runs another file', () => {
    const swapped = source.replace("'2026-01-02T0100-second': second", "'2026-01-02T0100-second': first");
    expect(migrationWiringProblems(['2026-01-02T0100-second'], swapped)).toEqual([
      '2026-01-01T0100-first: listed, but there is no such file',
      '2026-01-02T0100-second: runs 2026-01-01T0100-first',
    ]);
  });

  it('names a file whose name has no timestamp', () => {
    expect(migrationWiringProblems(migrationModules(['add-things.ts']), '')).toEqual([
      'add-things: not named <timestamp>-<what it does>',
      'add-things: not in the migration list of migrate.ts',
    ]);
  });
});
