import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { sourceFiles } from './source-files.js';

/**
 * The client tells a failed call's errors apart by their `code` (src/shared/api/error-codes.ts), never
 * by their message: the message is a sentence for people and changes with its wording. This finds
 * the places in the web app's code (tests aside) that look inside an error's message: an equality
 * with it, a `switch` on it, a string or pattern method on it (`includes`, `endsWith`, `match`,
 * `/re/.test(...)`, ...). Showing the message is fine; deciding by it is not.
 * error-comparisons.test.ts runs it on src/web.
 */

export interface MessageComparison {
  /** The file, relative to the scanned root with forward slashes. */
  file: string;
  line: number;
  /** The expression that compares, as written. */
  text: string;
}

/** The last name of `error`, `err`, `e`, `mutation.error`, `loginError`, `body.error?`: an error, by its name. */
const ERROR_NAME = /^(e|err|error|ex|exception|failure|cause|problem|reason)$|Error$/i;

/** Methods that decide by a string's content, on it or with it as their argument. */
const COMPARING_METHODS = new Set([
  'includes',
  'startsWith',
  'endsWith',
  'match',
  'matchAll',
  'search',
  'indexOf',
  'lastIndexOf',
  'localeCompare',
  'test',
  'exec',
  'has',
]);

/** Methods that leave a string the same text for a comparison (`message.trim().endsWith(...)`). */
const SAME_TEXT_METHODS = new Set([
  'trim',
  'trimEnd',
  'trimStart',
  'toLowerCase',
  'toUpperCase',
  'normalize',
]);
const SAME_TEXT_METHODS_LOCALE = new Set(['toLocaleLowerCase', 'toLocaleUpperCase']);

function unwrap(node: ts.Expression): ts.Expression {
  let current = node;
  while (
    ts.isParenthesizedExpression(current) ||
    ts.isNonNullExpression(current) ||
    ts.isAsExpression(current) ||
    ts.isSatisfiesExpression(current)
  ) {
    current = current.expression;
  }
  return current;
}

function lastName(node: ts.Expression): string | undefined {
  const inner = unwrap(node);
  if (ts.isIdentifier(inner)) return inner.text;
  if (ts.isPropertyAccessExpression(inner)) return inner.name.text;
  return undefined;
}

/** `error.message`, `mutation.error?.message`, `error.message.trim().toLowerCase()`. */
function isErrorMessage(node: ts.Expression): boolean {
  const inner = unwrap(node);
  if (ts.isCallExpression(inner) && ts.isPropertyAccessExpression(inner.expression)) {
    const method = inner.expression.name.text;
    if (SAME_TEXT_METHODS.has(method) || SAME_TEXT_METHODS_LOCALE.has(method)) {
      return isErrorMessage(inner.expression.expression);
    }
    return false;
  }
  if (ts.isPropertyAccessExpression(inner) && inner.name.text === 'message') {
    const owner = lastName(inner.expression);
    return owner !== undefined && ERROR_NAME.test(owner);
  }
  if (ts.isElementAccessExpression(inner) && ts.isStringLiteral(inner.argumentExpression)) {
    const owner = lastName(inner.expression);
    return inner.argumentExpression.text === 'message' && owner !== undefined && ERROR_NAME.test(owner);
  }
  return false;
}

const EQUALITIES = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

function compares(node: ts.Node): boolean {
  if (ts.isBinaryExpression(node) && EQUALITIES.has(node.operatorToken.kind)) {
    return isErrorMessage(node.left) || isErrorMessage(node.right);
  }
  if (ts.isSwitchStatement(node)) return isErrorMessage(node.expression);
  if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
    if (!COMPARING_METHODS.has(node.expression.name.text)) return false;
    return isErrorMessage(node.expression.expression) || node.arguments.some(isErrorMessage);
  }
  return false;
}

/** The comparisons with an error's message in one file's source. */
export function findMessageComparisons(source: string, file: string): MessageComparison[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const found: MessageComparison[] = [];
  const visit = (node: ts.Node): void => {
    if (compares(node)) {
      const shown = ts.isSwitchStatement(node)
        ? `switch (${node.expression.getText(sourceFile)})`
        : node.getText(sourceFile);
      found.push({
        file,
        line: sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1,
        text: shown.replace(/\s+/g, ' '),
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** Every comparison with an error's message in `root`'s src/web, tests aside. */
export function findWebMessageComparisons(root: string): MessageComparison[] {
  return sourceFiles(path.join(root, 'src/web'))
    .filter((file) => !/\.test\.tsx?$/.test(file))
    .sort()
    .flatMap((file) =>
      findMessageComparisons(
        fs.readFileSync(file, 'utf8'),
        path.relative(root, file).split(path.sep).join('/'),
      ),
    );
}
