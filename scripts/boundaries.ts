import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { sourceFiles } from './source-files.js';

/**
 * The import rules that keep the folders true to the architecture
 * (docs/decisions/0020-boundaries.md). `findViolations` reads every .ts/.tsx file under `src/` of
 * a project folder, takes its imports (static, `export ... from` and dynamic `import()`), resolves
 * the relative ones and answers each import that breaks a rule. boundaries.test.ts runs it on this
 * project.
 */

export interface Violation {
  /** The importing file, relative to the project folder with forward slashes. */
  from: string;
  /** The imported file, the same way. */
  to: string;
  rule: RuleName;
}

export type RuleName =
  | 'web feature imports another web feature'
  | 'web feature imports the app'
  | 'web shared code imports a feature or the app'
  | 'shared code imports web or server code'
  | "server feature imports another feature's internals"
  | 'db, plugins or lib imports a feature'
  | 'migration imports live code';

/**
 * What other server features may import of a feature: its data access (`*.repository.ts`) and
 * its rules of who may see what (`*.policy.ts`). Everything else (routes, services, mappers,
 * helpers) is the feature's own business.
 */
const PUBLIC_SUFFIXES = ['.repository.ts', '.policy.ts'];

/**
 * Auth is what every feature stands on: its session names the viewer of every policy, and
 * accounts are created and checked with its password hashing and log-in throttle, and a new
 * password forgets the account's known devices (device-login.ts, decision 0057). Mail is sent by
 * the features whose events cause it: they queue it in their own transaction (`mail.service.ts`)
 * and build its links (`compose.ts`), docs/decisions/0022-email-outbox.md.
 */
const PUBLIC_FILES: Record<string, readonly string[]> = {
  auth: ['session.ts', 'password.ts', 'login-throttle.ts', 'device-login.ts'],
  mail: ['mail.service.ts', 'compose.ts'],
  // Features tell users outside the app of what happened (shared/api/alerts.ts).
  alerts: ['send-alert.ts'],
  // A child's day shows the photos of it that the viewer may see (features/day-log).
  'photo-moments': ['child-day-moments.ts'],
  // Whether a class is closed on a day, for the register and attendance (features/calendar).
  calendar: ['closures.ts'],
  // The year rollover writes a backup before it changes anything (features/rollover).
  backup: ['backup.ts'],
  // Report cards print with the receipts' school header: logo, colour and dates in words (features/report-cards).
  fees: ['receipt-pdf.ts', 'document-words.ts'],
  // A family's data archive holds the child's report cards as PDFs (docs/decisions/0109-a-familys-data-on-request.md).
  'report-cards': ['report-card-pdf.ts'],
  // Features that answer care details or documents about a child keep who looked (docs/decisions/0106-who-looked.md).
  'access-log': ['record-access.ts'],
  // The enrolment reads the application a family sent (docs/decisions/0103-the-application-families-fill-in.md).
  admissions: ['application.repository.ts'],
  // The password log-in asks staff for their second factor (docs/decisions/0108-two-factor-for-staff.md).
  'two-factor': ['second-factor-gate.ts'],
};

/** What a migration may import besides packages and its fellow migrations: the engine test. */
const MIGRATION_MAY_IMPORT = new Set(['src/server/db/engine.ts']);

/**
 * Test code checks the assembled application: an API test logs in through the users feature's
 * helpers and arranges data through any feature's repository. It is held to none of these rules.
 */
export const isTestCode = (file: string): boolean =>
  /\.test\.tsx?$/.test(file) ||
  /(^|\/)test-helpers\.tsx?$/.test(file) ||
  file.startsWith('src/server/test/') ||
  file.startsWith('src/web/test/');

/** `src/<area>/features/<name>/...` -> `<name>`, for the given area; else undefined. */
function featureOf(file: string, area: 'web' | 'server'): string | undefined {
  const prefix = `src/${area}/features/`;
  if (!file.startsWith(prefix)) return undefined;
  const [name, ...rest] = file.slice(prefix.length).split('/');
  return rest.length > 0 ? name : undefined;
}

function isPublicSurface(file: string): boolean {
  const feature = featureOf(file, 'server');
  if (feature === undefined) return true;
  const inside = file.slice(`src/server/features/${feature}/`.length);
  if (inside.includes('/')) return false;
  return (
    PUBLIC_SUFFIXES.some((suffix) => inside.endsWith(suffix)) || !!PUBLIC_FILES[feature]?.includes(inside)
  );
}

const under = (file: string, ...folders: string[]): boolean =>
  folders.some((folder) => file.startsWith(`${folder}/`));

/** The rule `from` breaks by importing `to` (both project-relative), or undefined. */
export function ruleBroken(from: string, to: string): RuleName | undefined {
  if (isTestCode(from)) return undefined;

  const webFeature = featureOf(from, 'web');
  const importedWebFeature = featureOf(to, 'web');
  if (webFeature !== undefined && importedWebFeature !== undefined && webFeature !== importedWebFeature) {
    return 'web feature imports another web feature';
  }
  // The app (router, providers, route modules) composes the features, so they cannot need it.
  if (webFeature !== undefined && under(to, 'src/web/app')) {
    return 'web feature imports the app';
  }
  if (
    under(from, 'src/web/components', 'src/web/lib', 'src/web/config') &&
    under(to, 'src/web/features', 'src/web/app')
  ) {
    return 'web shared code imports a feature or the app';
  }
  if (under(from, 'src/shared') && under(to, 'src/web', 'src/server')) {
    return 'shared code imports web or server code';
  }

  if (under(from, 'src/server/db/migrations') && !under(to, 'src/server/db/migrations')) {
    if (!MIGRATION_MAY_IMPORT.has(to)) return 'migration imports live code';
  }
  if (
    under(from, 'src/server/db', 'src/server/plugins', 'src/server/lib') &&
    under(to, 'src/server/features')
  ) {
    return 'db, plugins or lib imports a feature';
  }
  const serverFeature = featureOf(from, 'server');
  const importedServerFeature = featureOf(to, 'server');
  if (
    serverFeature !== undefined &&
    importedServerFeature !== undefined &&
    serverFeature !== importedServerFeature &&
    !isPublicSurface(to)
  ) {
    return "server feature imports another feature's internals";
  }
  return undefined;
}

/** Every module a source file names: `import ... from`, `export ... from`, `import()`. */
export function importsOf(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((file) => file.fileName);
}

/** The file a relative specifier names (`./x.js` is `./x.ts` or `./x.tsx`), or undefined for packages. */
function resolve(fromFile: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = path.resolve(path.dirname(fromFile), specifier.replace(/\?.*$/, ''));
  const candidates = [
    target,
    target.replace(/\.js$/, '.ts'),
    target.replace(/\.js$/, '.tsx'),
    `${target}.ts`,
    `${target}.tsx`,
    path.join(target, 'index.ts'),
    path.join(target, 'index.tsx'),
  ];
  return (
    candidates.find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile()) ?? target
  );
}

/** Every import under `<root>/src` that breaks a rule, sorted by importing file. */
export function findViolations(root: string): Violation[] {
  const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');
  const violations: Violation[] = [];
  for (const file of sourceFiles(path.join(root, 'src')).sort()) {
    const from = relative(file);
    for (const specifier of importsOf(fs.readFileSync(file, 'utf8'))) {
      const target = resolve(file, specifier);
      if (target === undefined) continue;
      const to = relative(target);
      const rule = ruleBroken(from, to);
      // `import type { X }` and `export type { X }` from one file are one dependency.
      if (rule && !violations.some((v) => v.from === from && v.to === to))
        violations.push({ from, to, rule });
    }
  }
  return violations;
}
