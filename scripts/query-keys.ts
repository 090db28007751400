import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { sourceFiles } from './source-files.js';

/**
 * The query keys the web app declares, so that a test can hold each key to one module: two modules
 * that declare the same key are two reads of one cached answer, and the day one of them changes its
 * call (its path, its schema, how it maps the answer) the other reads what the first one cached.
 *
 * A declaration is an array literal that starts with a string:
 * - written `as const` in a client call module (`src/web/features/<f>/api/`, `src/web/lib/`), as in
 *   `const mediaQueryKey = ['cms', 'media'] as const` or a key factory's `(id) => [...] as const`;
 * - or given as `queryKey` anywhere in src/web, except to the query client's filters
 *   (`invalidateQueries({ queryKey })` and the like name keys, they declare none).
 * A key is written with its strings as they are and every other element as `*`; a spread of a
 * key declared in the same file (`[...feesKey, 'plans']`) is replaced by that key's elements.
 */

export interface KeyDeclaration {
  /** The declaring file, relative to the project folder with forward slashes. */
  file: string;
  /** The key, its elements joined by ` / ` (`school / pupil / *`). */
  key: string;
}

/** Query client methods whose `queryKey` is a filter over keys declared elsewhere. */
const FILTERS = new Set([
  'invalidateQueries',
  'removeQueries',
  'cancelQueries',
  'refetchQueries',
  'resetQueries',
  'isFetching',
  'getQueriesData',
  'setQueriesData',
]);

const isTestCode = (file: string): boolean =>
  /\.test\.tsx?$/.test(file) || file.startsWith('src/web/test/') || /\/testing\//.test(file);

const isCallModule = (file: string): boolean =>
  /^src\/web\/features\/[^/]+\/api\//.test(file) || file.startsWith('src/web/lib/');

function unwrap(node: ts.Expression): ts.Expression {
  let current = node;
  while (ts.isParenthesizedExpression(current) || ts.isAsExpression(current)) current = current.expression;
  return current;
}

const isAsConst = (node: ts.Node): node is ts.AsExpression =>
  ts.isAsExpression(node) && ts.isTypeReferenceNode(node.type) && node.type.typeName.getText() === 'const';

const startsWithString = (array: ts.ArrayLiteralExpression): boolean => {
  const first = array.elements[0];
  return first !== undefined && (ts.isStringLiteral(first) || ts.isSpreadElement(first));
};

/** The name of the query client method an object literal is passed to, if any. */
function calledMethod(object: ts.Node): string | undefined {
  const call = object.parent;
  if (!call || !ts.isCallExpression(call)) return undefined;
  const callee = call.expression;
  return ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
}

/** Every query key `source` (the file `file`, project-relative) declares. */
export function keyDeclarationsOf(file: string, source: string): KeyDeclaration[] {
  if (isTestCode(file)) return [];
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const named = new Map<string, string[]>();
  const found: ts.ArrayLiteralExpression[] = [];

  const constants: ts.ArrayLiteralExpression[] = [];

  const visit = (node: ts.Node) => {
    if (isAsConst(node)) {
      const array = unwrap(node.expression);
      if (ts.isArrayLiteralExpression(array) && startsWithString(array)) {
        constants.push(array);
        if (isCallModule(file)) found.push(array);
      }
    }
    if (
      ts.isPropertyAssignment(node) &&
      node.name.getText() === 'queryKey' &&
      !FILTERS.has(calledMethod(node.parent) ?? '')
    ) {
      const array = unwrap(node.initializer);
      if (ts.isArrayLiteralExpression(array) && startsWithString(array) && !found.includes(array))
        found.push(array);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);

  const elementsOf = (array: ts.ArrayLiteralExpression): string[] =>
    array.elements.flatMap((element) => {
      if (ts.isStringLiteral(element) || ts.isNoSubstitutionTemplateLiteral(element)) return [element.text];
      if (ts.isSpreadElement(element) && ts.isIdentifier(element.expression))
        return named.get(element.expression.text) ?? [`...${element.expression.text}`];
      return ['*'];
    });

  // Keys named by a `const` of this file, for the spreads of the others.
  for (const array of constants) {
    const declaration = array.parent?.parent;
    if (declaration && ts.isVariableDeclaration(declaration) && ts.isIdentifier(declaration.name))
      named.set(declaration.name.text, elementsOf(array));
  }
  return found.map((array) => ({ file, key: elementsOf(array).join(' / ') }));
}

/** Every query key declared under `<root>/src/web`. */
export function keyDeclarations(root: string): KeyDeclaration[] {
  return sourceFiles(path.join(root, 'src', 'web'))
    .sort()
    .flatMap((file) =>
      keyDeclarationsOf(path.relative(root, file).split(path.sep).join('/'), fs.readFileSync(file, 'utf8')),
    );
}

/** The keys declared in more than one module, each with its modules: `key: a.ts, b.ts`. */
export function sharedKeys(declarations: readonly KeyDeclaration[]): string[] {
  const files = new Map<string, Set<string>>();
  for (const { file, key } of declarations) files.set(key, (files.get(key) ?? new Set()).add(file));
  return [...files]
    .filter(([, where]) => where.size > 1)
    .map(([key, where]) => `${key}: ${[...where].sort().join(', ')}`)
    .sort();
}
