import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * app.ts registers the routes plugins by hand, one line each, so a new `*.routes.ts` can be written,
 * tested on its own and never registered: the app would start without its routes, and the route
 * walk (test/route-walk.test.ts) walks only what is registered. This test reads every routes module
 * of the server and app.ts, and names every exported routes plugin that app.ts does not import from
 * that module and register.
 */

const SERVER_DIR = path.dirname(fileURLToPath(import.meta.url));

interface RoutesModule {
  /** The path from src/server, e.g. `features/fees/plans.routes.ts`. */
  file: string;
  source: string;
}

/** Every `*.routes.ts` under `dir` (tests left out), with its path from `dir`, in a stable order. */
function routesModules(dir: string): RoutesModule[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.routes.ts'))
    .map((file) => file.split(path.sep).join('/'))
    .sort()
    .map((file) => ({ file, source: fs.readFileSync(path.join(dir, file), 'utf8') }));
}

/** The plugins a routes module exports: its exported functions named `...Routes`. */
function exportedPlugins(source: string): string[] {
  return [...source.matchAll(/^export (?:async )?function (\w+Routes)\b/gm)].map(([, name]) => name ?? '');
}

/**
 * The routes plugins that app.ts (`appSource`) leaves out, as `file: plugin`: each must be imported
 * from its own module (`./<file>.js`) and passed to a `register(...)` call.
 */
function unregisteredRoutes(modules: readonly RoutesModule[], appSource: string): string[] {
  // Read as TypeScript, not with a pattern, so that a commented-out line registers nothing.
  const app = ts.createSourceFile('app.ts', appSource, ts.ScriptTarget.Latest);
  /** `<file>#<exported name>` -> the name app.ts gives it. */
  const localName = new Map<string, string>();
  const registered = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const from = node.moduleSpecifier.text.replace(/^\.\//, '').replace(/\.js$/, '.ts');
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          localName.set(`${from}#${(element.propertyName ?? element.name).text}`, element.name.text);
        }
      }
    }
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'register'
    ) {
      const [plugin] = node.arguments;
      if (plugin && ts.isIdentifier(plugin)) registered.add(plugin.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(app);

  const missing: string[] = [];
  for (const { file, source } of modules) {
    const plugins = exportedPlugins(source);
    if (plugins.length === 0) missing.push(`${file}: exports no ...Routes plugin`);
    for (const plugin of plugins) {
      const local = localName.get(`${file}#${plugin}`);
      if (local === undefined || !registered.has(local)) missing.push(`${file}: ${plugin}`);
    }
  }
  return missing;
}

describe('the routes app.ts registers', () => {
  it('include every routes module of the server', () => {
    const modules = routesModules(SERVER_DIR);
    expect(modules.map(({ file }) => file)).toContain('features/fees/plans.routes.ts');
    const appSource = fs.readFileSync(path.join(SERVER_DIR, 'app.ts'), 'utf8');
    expect(unregisteredRoutes(modules, appSource)).toEqual([]);
  });
});

describe('unregisteredRoutes (the check above, over a made-up app)', () => {
  const modules: RoutesModule[] = [
    { file: 'features/a/a.routes.ts', source: 'export async function aRoutes(app) {}' },
    { file: 'features/b/b.routes.ts', source: 'export const B = 1;\nexport async function bRoutes(app) {}' },
  ];
  const app = [
    "import { aRoutes } from './features/a/a.routes.js';",
    "import { B, bRoutes } from './features/b/b.routes.js';",
    'await api.register(aRoutes);',
    "await app.register(bRoutes, { prefix: '/b' });",
  ].join('\n');

  it('finds nothing left out when each plugin is imported and registered', () => {
    expect(unregisteredRoutes(modules, app)).toEqual([]);
  });

  it('names a plugin that is imported but not registered (or only in a comment)', () => {
    expect(
      unregisteredRoutes(modules, app.replace('await api.register(aRoutes);', '// api.register(aRoutes);')),
    ).toEqual(['features/a/a.routes.ts: aRoutes']);
  });

  it('names a routes module app.ts does not import at all', () => {
    const added = [
      ...modules,
      { file: 'features/c/c.routes.ts', source: 'export async function cRoutes(app) {}' },
    ];
    expect(unregisteredRoutes(added, app)).toEqual(['features/c/c.routes.ts: cRoutes']);
  });

  it('names a plugin registered under a name imported from another module', () => {
    const elsewhere = app.replace("from './features/a/a.routes.js'", "from './features/old/a.routes.js'");
    expect(unregisteredRoutes(modules, elsewhere)).toEqual(['features/a/a.routes.ts: aRoutes']);
  });

  it('follows a plugin imported under another name', () => {
    const renamed = app
      .replace('{ aRoutes }', '{ aRoutes as routesOfA }')
      .replace('register(aRoutes)', 'register(routesOfA)');
    expect(unregisteredRoutes(modules, renamed)).toEqual([]);
  });

  it('names a routes module whose plugin it cannot find', () => {
    const unnamed = [
      ...modules,
      { file: 'features/d/d.routes.ts', source: 'export default async (app) => {};' },
    ];
    expect(unregisteredRoutes(unnamed, app)).toEqual(['features/d/d.routes.ts: exports no ...Routes plugin']);
  });
});
