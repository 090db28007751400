/**
 * Writes the generated part of docs/contract/api.md (everything below its GENERATED_MARKER; the
 * hand-written conventions above it stay as they are): every call of the server's OpenAPI document (built by @fastify/swagger from the
 * routes' zod schemas), with who may call it (the `x-callers` extension the auth guards write,
 * src/server/plugins/auth.ts), its path, query and body fields and its answer statuses.
 *
 *   npm run docs:api            rewrite docs/contract/api.md
 *   npm run docs:api -- --check exit 1 when the file is not what the code makes now
 *
 * scripts/api-contract.test.ts runs the check with the unit tests, so the page cannot go stale.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CALLERS_EXTENSION } from '../src/server/plugins/auth.js';
import { createTestApp } from '../src/server/test/app.js';
import { SCHOOL_TYPES, USER_TYPES } from '../src/shared/constants.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const API_CONTRACT_FILE = path.join(root, 'docs/contract/api.md');
/** The line after which the page is generated; what is above it is written by hand. */
export const GENERATED_MARKER =
  '<!-- Generated below by `npm run docs:api` (scripts/api-contract.ts) from the OpenAPI document. Do not edit below. -->';

/** The part of an OpenAPI / JSON schema this page reads. */
interface Schema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
  [CALLERS_EXTENSION]?: string[];
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

/** JavaScript's safe-integer bounds that zod puts on every integer say nothing to a reader. */
const SAFE_BOUND = Number.MAX_SAFE_INTEGER;

function range(min: number | undefined, max: number | undefined, unit: string): string {
  const low = min === undefined || Math.abs(min) >= SAFE_BOUND ? undefined : min;
  const high = max === undefined || Math.abs(max) >= SAFE_BOUND ? undefined : max;
  if (low === undefined && high === undefined) return '';
  if (low !== undefined && high !== undefined) return ` ${low}-${high}${unit}`;
  return low !== undefined ? ` >= ${low}${unit}` : ` <= ${high}${unit}`;
}

/** One schema in a few words: `integer >= 1`, `one of Male, Female, Other`, `array of object`. */
export function describeSchema(schema: Schema | undefined): string {
  if (!schema) return 'any';
  const orNull = schema.nullable ? ' or null' : '';
  if (schema.const !== undefined) return `\`${String(schema.const)}\`${orNull}`;
  if (schema.enum) return `one of ${schema.enum.map((value) => `\`${String(value)}\``).join(', ')}${orNull}`;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map(describeSchema).join(' or ') + orNull;
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : schema.type;
  switch (type) {
    case 'array':
      return `array of ${describeSchema(schema.items)}${range(schema.minItems, schema.maxItems, ' items')}${orNull}`;
    case 'object':
      return schema.properties
        ? `object { ${Object.keys(schema.properties).join(', ')} }${orNull}`
        : `object${orNull}`;
    case 'string':
      return `string${schema.format ? ` (${schema.format})` : ''}${range(schema.minLength, schema.maxLength, ' chars')}${orNull}`;
    case 'integer':
    case 'number':
      return `${type}${range(schema.minimum, schema.maximum, '')}${orNull}`;
    case undefined:
      return `any${orNull}`;
    default:
      return `${type}${orNull}`;
  }
}

const isStructured = (schema: Schema): boolean =>
  Boolean(schema.properties) ||
  Boolean(schema.items) ||
  (schema.anyOf ?? schema.oneOf ?? []).some(isStructured);

/** An answer's shape, keys only for plain values: `{ data: [ { id, heading, images: [ { image, alt } ] } ] }`. */
export function answerShape(schema: Schema, depth = 4): string {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    const shapes = variants.filter((variant) => variant.type !== 'null').map((v) => answerShape(v, depth));
    return [...new Set(shapes)].join(' | ');
  }
  if (schema.items) return `[ ${answerShape(schema.items, depth)} ]`;
  if (!schema.properties) return describeSchema(schema);
  if (depth === 0) return '{ ... }';
  const keys = Object.entries(schema.properties).map(([name, field]) =>
    isStructured(field) ? `${name}: ${answerShape(field, depth - 1)}` : name,
  );
  return `{ ${keys.join(', ')} }`;
}

/** The fields of an object schema, one line each; an array's items' fields for an array body. */
function fieldLines(schema: Schema | undefined, indent = '  '): string[] {
  if (!schema) return [];
  const target = schema.type === 'array' && schema.items?.properties ? schema.items : schema;
  if (!target.properties) return [];
  const required = new Set(target.required ?? []);
  return Object.entries(target.properties).map(
    ([name, field]) =>
      `${indent}- \`${name}\`${required.has(name) ? '' : ' (optional)'}: ${describeSchema(field)}${
        field.default !== undefined ? `, default \`${JSON.stringify(field.default)}\`` : ''
      }`,
  );
}

function sameTypes(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((type) => b.includes(type));
}

/** `Student, Teacher, Principle or Parent`. */
const inWords = (types: readonly string[]): string =>
  types.length < 2 ? types.join('') : `${types.slice(0, -1).join(', ')} or ${types.at(-1)}`;

/** Who may call, from the guard's `x-callers`; no guard means anyone. */
export function callersText(operation: Operation): string {
  const callers = operation[CALLERS_EXTENSION];
  if (!callers) return 'anyone (no token)';
  if (sameTypes(callers, USER_TYPES)) return 'any logged-in user, of any account type';
  return `a logged-in ${inWords(sameTypes(callers, SCHOOL_TYPES) ? SCHOOL_TYPES : callers)}`;
}

/** The stable anchor of a call: `get-users-student-id` for `GET /api/users/student/{id}`. */
export function operationAnchor(method: string, url: string): string {
  const slug = url
    .replace(/^\/api\//, '')
    .replace(/[{}]/g, '')
    .replace(/[^a-zA-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  return `${method.toLowerCase()}-${slug}`;
}

const tagAnchor = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

function renderOperation(method: string, url: string, operation: Operation): string[] {
  const lines = [
    `<a id="${operationAnchor(method, url)}"></a>`,
    `### \`${method.toUpperCase()} ${url}\``,
    '',
  ];
  if (operation.summary) lines.push(`${operation.summary}.`.replace(/\.\.$/, '.'), '');
  if (operation.description) lines.push(operation.description, '');
  lines.push(`- **Who may call:** ${callersText(operation)}`);
  for (const place of ['path', 'query'] as const) {
    const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in === place);
    if (parameters.length === 0) continue;
    lines.push(`- **${place === 'path' ? 'Path' : 'Query'}:**`);
    for (const parameter of parameters)
      lines.push(
        `  - \`${parameter.name}\`${parameter.required ? '' : ' (optional)'}: ${describeSchema(parameter.schema)}`,
      );
  }
  for (const [type, body] of Object.entries(operation.requestBody?.content ?? {})) {
    lines.push(`- **Body** (\`${type}\`): ${describeSchema(body.schema)}`, ...fieldLines(body.schema));
  }
  const answers = Object.entries(operation.responses ?? {}).map(([status, answer]) => {
    const schema = Object.values(answer.content ?? {})[0]?.schema;
    const shape = schema && /^2/.test(status) && isStructured(schema) ? ` \`${answerShape(schema)}\`` : '';
    return `${status}${shape}`;
  });
  if (answers.length > 0) lines.push(`- **Answers:** ${answers.join('; ')}`);
  lines.push('');
  return lines;
}

/** The generated part of the page, from an OpenAPI document. */
export function renderOperations(document: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  const index: string[] = [];
  for (const [url, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const tag = operation.tags?.[0] ?? 'Other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)?.push(...renderOperation(method, url, operation));
    }
  }
  const sections: string[] = [];
  for (const [tag, lines] of byTag) {
    index.push(`- [${tag}](#${tagAnchor(tag)})`);
    sections.push(`<a id="${tagAnchor(tag)}"></a>`, `## ${tag}`, '', ...lines);
  }
  return [...index, '', ...sections].join('\n');
}

/** The OpenAPI document of the app as it is built now, on a throwaway SQLite database. */
export async function currentOpenApiDocument(): Promise<OpenApiDocument> {
  const { app, dispose } = await createTestApp('sqlite');
  try {
    return app.swagger() as unknown as OpenApiDocument;
  } finally {
    await dispose();
  }
}

/** The whole page as the generator makes it now: the hand-written part of `written`, then the calls. */
export async function renderApiContract(written: string): Promise<string> {
  const at = written.indexOf(GENERATED_MARKER);
  if (at === -1) throw new Error(`docs/contract/api.md has lost its marker line: ${GENERATED_MARKER}`);
  const handWritten = written.slice(0, at + GENERATED_MARKER.length);
  const operations = renderOperations(await currentOpenApiDocument());
  return `${handWritten}\n\n${operations.trimEnd()}\n`;
}

async function main(): Promise<void> {
  const written = await fs.readFile(API_CONTRACT_FILE, 'utf8');
  const page = await renderApiContract(written);
  if (process.argv.includes('--check')) {
    if (written !== page) {
      console.error('docs/contract/api.md is out of date: run `npm run docs:api`.');
      process.exitCode = 1;
    }
    return;
  }
  await fs.writeFile(API_CONTRACT_FILE, page);
  console.log(`Wrote ${path.relative(root, API_CONTRACT_FILE)}.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
