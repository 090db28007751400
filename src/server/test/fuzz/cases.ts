import { pngDeclaring } from '../png.js';
import { BOUNDARY, multipartBody, multipartType, type Part } from './multipart.js';
import {
  FILE,
  type Field,
  fieldPath,
  fieldsOf,
  isBinary,
  type JsonSchema,
  type Knowledge,
  type Operation,
  operationName,
  type Parameter,
  type Step,
  validValue,
} from './openapi.js';
import { sampleFor } from './random.js';
import { type BadJson, badJsonValues, badUrlValues, deepArrays, deepObjects, HUGE, TEXTS } from './values.js';

/**
 * The cases of one operation: each a request with one bad value (a parameter, a body field, the
 * whole body or its encoding) and everything else valid, so that the request gets as far into the
 * server as the bad value lets it. Which bad values a field gets is sampled with a seeded generator.
 */

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

export interface FuzzCase {
  /** What is bad, e.g. `body.name = text with NUL`. */
  label: string;
  request: FuzzRequest;
}

export interface FileFixture {
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface Plan {
  know: Knowledge;
  /** A valid file for a binary field of `operation`. */
  file(operation: Operation, name: string): FileFixture;
  /** Bad files of a kind only this field takes (say, broken CSV for an import), besides the generic ones. */
  badFiles(operation: Operation, name: string): { label: string; file: FileFixture }[];
  /** The seed of every sample: the same seed, the same cases. */
  seed: number;
  /** How many bad values of the catalogue each parameter and body field gets (besides deep nesting). */
  perField: number;
  /** How many of the whole-body cases (malformed JSON, wrong content types) an operation gets. */
  wholeBodies: number;
}

const JSON_TYPE = 'application/json';
const MULTIPART = 'multipart/form-data';
const PLACEHOLDER = 'FUZZ-PLACEHOLDER-5b2e91';

const hasBody = (operation: Operation) => operation.method !== 'GET' && operation.method !== 'HEAD';

export function casesOf(operation: Operation, plan: Plan): FuzzCase[] {
  const cases = [...parameterCases(operation, plan)];
  if (hasBody(operation)) {
    const json = operation.bodies[JSON_TYPE];
    const multipart = operation.bodies[MULTIPART];
    if (json) cases.push(...jsonFieldCases(operation, json, plan));
    if (multipart) cases.push(...multipartFieldCases(operation, multipart, plan));
    cases.push(...wholeBodyCases(operation, plan));
    cases.push(...oddMultipartCases(operation, plan, multipart !== undefined));
  }
  return cases;
}

// ---- URLs -------------------------------------------------------------------------------------

const stringOf = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

function validParameter(operation: Operation, parameter: Parameter, plan: Plan): string {
  return stringOf(validValue(operation, parameter.name, parameter.schema, plan.know));
}

/** The operation's URL with valid parameters, `changes` (encoded values; null leaves one out) and `extra` query text. */
export function urlOf(
  operation: Operation,
  plan: Plan,
  changes: Record<string, string | null> = {},
  extra = '',
): string {
  const encoded = (parameter: Parameter) =>
    parameter.name in changes
      ? changes[parameter.name]
      : encodeURIComponent(validParameter(operation, parameter, plan));
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const parameter = operation.parameters.find((p) => p.in === 'path' && p.name === name);
    return (parameter ? encoded(parameter) : null) ?? '';
  });
  const query: string[] = [];
  for (const parameter of operation.parameters) {
    if (parameter.in !== 'query') continue;
    if (!parameter.required && !(parameter.name in changes)) continue;
    const value = encoded(parameter);
    if (value !== null && value !== undefined) query.push(`${parameter.name}=${value}`);
  }
  if (extra) query.push(extra);
  return query.length > 0 ? `${path}?${query.join('&')}` : path;
}

function parameterCases(operation: Operation, plan: Plan): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const request = (url: string): FuzzRequest => ({ method: operation.method, url, headers: {} });
  for (const parameter of operation.parameters) {
    if (parameter.in !== 'path' && parameter.in !== 'query') continue;
    const valid = validParameter(operation, parameter, plan);
    const bads = badUrlValues(parameter.schema, valid);
    const key = `${operationName(operation)} ${parameter.in}.${parameter.name}`;
    for (const bad of sampleFor(plan.seed, key, bads, plan.perField)) {
      cases.push({
        label: `${parameter.in}.${parameter.name} = ${bad.label}`,
        request: request(urlOf(operation, plan, { [parameter.name]: bad.encoded })),
      });
    }
    if (parameter.in === 'query') {
      const twice = `${encodeURIComponent(valid)}&${parameter.name}=${encodeURIComponent(valid)}`;
      cases.push({
        label: `query.${parameter.name} given twice`,
        request: request(urlOf(operation, plan, { [parameter.name]: twice })),
      });
      if (parameter.required) {
        cases.push({
          label: `query.${parameter.name} left out`,
          request: request(urlOf(operation, plan, { [parameter.name]: null })),
        });
      }
    }
  }
  cases.push({
    label: 'an unknown query parameter with NUL and a nested key',
    request: request(urlOf(operation, plan, {}, 'zzz%00=%00&a[b][c]=1&__proto__[x]=1')),
  });
  return cases;
}

// ---- JSON bodies ------------------------------------------------------------------------------

/** The valid value of a schema in a JSON body (a binary field there gets a file name). */
function validJson(operation: Operation, name: string, schema: JsonSchema, plan: Plan): unknown {
  const value = validValue(operation, name, schema, plan.know);
  return JSON.parse(JSON.stringify(value, (_, v: unknown) => (v === FILE ? 'picture.png' : v)));
}

/** The nearest property name of a field (an array item is named by its array). */
const nameOf = (steps: readonly Step[]) =>
  String([...steps].reverse().find((s) => typeof s.key === 'string')?.key ?? 'body');

/** `root` with the value at `steps` replaced; missing containers on the way get valid values. */
function setAt(
  root: unknown,
  steps: readonly Step[],
  value: unknown,
  fill: (step: Step) => unknown,
): unknown {
  if (steps.length === 0) return value;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  steps.forEach((step, index) => {
    if (index === steps.length - 1) {
      node[step.key] = value;
      return;
    }
    const next = node[step.key];
    if (next === null || typeof next !== 'object') node[step.key] = fill(step);
    node = node[step.key] as Record<string | number, unknown>;
  });
  return copy;
}

function jsonFieldCases(operation: Operation, schema: JsonSchema, plan: Plan): FuzzCase[] {
  const base = validJson(operation, 'body', schema, plan);
  const fill = (step: Step) => validJson(operation, String(step.key), step.schema, plan);
  const cases: FuzzCase[] = [];
  const fields: Field[] = [{ steps: [], schema }, ...fieldsOf(schema)];
  for (const field of fields) {
    const valid = validJson(operation, nameOf(field.steps), field.schema, plan);
    // Deep nesting for every field: code that reads a body before validation (a hook) meets it.
    const [deep, ...bads] = badJsonValues(field.schema, valid);
    const key = `${operationName(operation)} body${fieldPath(field.steps)}`;
    for (const bad of [deep as BadJson, ...sampleFor(plan.seed, key, bads, plan.perField)]) {
      const body = setAt(base, field.steps, PLACEHOLDER, fill);
      const text = JSON.stringify(body).replace(
        JSON.stringify(PLACEHOLDER),
        () => bad.raw ?? JSON.stringify(bad.value),
      );
      cases.push({
        label: `body${fieldPath(field.steps)} = ${bad.label}`,
        request: {
          method: operation.method,
          url: urlOf(operation, plan),
          headers: { 'content-type': JSON_TYPE },
          payload: text,
        },
      });
    }
  }
  return cases;
}

// ---- multipart bodies -------------------------------------------------------------------------

function validParts(operation: Operation, schema: JsonSchema, plan: Plan): Part[] {
  const parts: Part[] = [];
  for (const name of schema.required ?? []) {
    const property = schema.properties?.[name];
    if (property) parts.push(...partsOf(operation, name, property, plan));
  }
  return parts;
}

function partsOf(operation: Operation, name: string, schema: JsonSchema, plan: Plan): Part[] {
  const binary = isBinary(schema) || (schema.items !== undefined && isBinary(schema.items));
  if (binary) {
    const file = plan.file(operation, name);
    return [{ name, filename: file.filename, contentType: file.contentType, data: file.data }];
  }
  return [{ name, data: stringOf(validValue(operation, name, schema, plan.know)) }];
}

function multipartRequest(operation: Operation, plan: Plan, parts: readonly Part[]): FuzzRequest {
  return {
    method: operation.method,
    url: urlOf(operation, plan),
    headers: { 'content-type': multipartType() },
    payload: multipartBody(parts),
  };
}

const textPart = (name: string, data: string | Buffer): Part => ({ name, data });

function badFiles(operation: Operation, name: string, plan: Plan): { label: string; parts: Part[] }[] {
  const good = plan.file(operation, name);
  const file = (label: string, part: Partial<Part>) => ({
    label,
    parts: [{ name, filename: good.filename, contentType: good.contentType, data: good.data, ...part }],
  });
  return [
    file('not a picture', { data: 'just some text, not a picture' }),
    file('an empty file', { data: Buffer.alloc(0) }),
    file('a cut-off file', { data: good.data.subarray(0, Math.floor(good.data.length / 2)) }),
    file('an SVG with a script', {
      filename: 'x.svg',
      contentType: 'image/svg+xml',
      data: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
    }),
    file('a PNG declaring 100000 x 100000 pixels', {
      filename: 'bomb.png',
      contentType: 'image/png',
      data: pngDeclaring(100_000, 100_000),
    }),
    file('a PNG whose data ends early', {
      filename: 'short.png',
      contentType: 'image/png',
      data: pngDeclaring(640, 480),
    }),
    file('a file name with NUL', { filename: 'a\u0000b.png' }),
    file('a file name out of the folder', { filename: '../../../evil.png' }),
    file(`a file name of ${HUGE / 10} characters`, { filename: `${'n'.repeat(HUGE / 10)}.png` }),
    file('a file name in a broken RFC 5987 encoding', {
      disposition: `Content-Disposition: form-data; name="${name}"; filename*=UTF-8''%FF%FE%ZZ`,
    }),
    file('the file as text/plain', { contentType: 'text/plain' }),
    { label: 'a text value instead of a file', parts: [textPart(name, 'picture.png')] },
    {
      label: '11 files',
      parts: Array.from({ length: 11 }, (_, i) => ({
        name,
        filename: `${i}.png`,
        contentType: good.contentType,
        data: good.data,
      })),
    },
    ...plan.badFiles(operation, name).map(({ label, file: bad }) => ({
      label,
      parts: [{ name, filename: bad.filename, contentType: bad.contentType, data: bad.data }],
    })),
  ];
}

function multipartFieldCases(operation: Operation, schema: JsonSchema, plan: Plan): FuzzCase[] {
  const base = validParts(operation, schema, plan);
  const cases: FuzzCase[] = [];
  const without = (name: string) => base.filter((p) => p.name !== name);
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const binary = isBinary(property) || (property.items !== undefined && isBinary(property.items));
    if (binary) {
      // Few operations take files, and the files are where the risky code is: every bad file.
      for (const bad of badFiles(operation, name, plan)) {
        cases.push({
          label: `multipart ${name} = ${bad.label}`,
          request: multipartRequest(operation, plan, [...without(name), ...bad.parts]),
        });
      }
      continue;
    }
    const valid = stringOf(validValue(operation, name, property, plan.know));
    const texts: { label: string; data: string | Buffer }[] = [
      ...badJsonValues(property, valid).flatMap((bad) =>
        typeof bad.value === 'string' ? [{ label: bad.label, data: bad.value }] : [],
      ),
      { label: 'invalid UTF-8', data: Buffer.from([0x61, 0xff, 0xfe, 0xc0, 0xaf]) },
      { label: `${HUGE * 2} characters (over the form's field size)`, data: 'x'.repeat(HUGE * 2) },
    ];
    for (const bad of sampleFor(
      plan.seed,
      `${operationName(operation)} multipart ${name}`,
      texts,
      plan.perField,
    )) {
      cases.push({
        label: `multipart ${name} = ${bad.label}`,
        request: multipartRequest(operation, plan, [...without(name), textPart(name, bad.data)]),
      });
    }
    const file = plan.file(operation, name);
    cases.push({
      label: `multipart ${name} sent as a file`,
      request: multipartRequest(operation, plan, [
        ...without(name),
        { name, filename: file.filename, contentType: file.contentType, data: file.data },
      ]),
    });
    cases.push({
      label: `multipart ${name} sent twice, the second with NUL`,
      request: multipartRequest(operation, plan, [
        ...without(name),
        textPart(name, valid),
        textPart(name, TEXTS.nul),
      ]),
    });
    cases.push({
      label: `multipart ${name} sent twice, the first with control characters`,
      request: multipartRequest(operation, plan, [
        textPart(name, TEXTS.controls),
        textPart(name, valid),
        ...without(name),
      ]),
    });
  }
  return cases;
}

// ---- whole bodies -----------------------------------------------------------------------------

function wholeBodyCases(operation: Operation, plan: Plan): FuzzCase[] {
  const json = operation.bodies[JSON_TYPE];
  const valid = json ? JSON.stringify(validJson(operation, 'body', json, plan)) : '{}';
  const arrayBody = json !== undefined && json.type === 'array';
  const bodies: { label: string; type?: string; payload: string | Buffer }[] = [
    { label: 'malformed JSON (cut off)', type: JSON_TYPE, payload: valid.slice(0, -1) || '{' },
    { label: 'malformed JSON (unquoted names)', type: JSON_TYPE, payload: '{a:1}' },
    { label: 'malformed JSON (trailing comma)', type: JSON_TYPE, payload: '{"a":1,}' },
    { label: 'an empty JSON body', type: JSON_TYPE, payload: '' },
    { label: 'the JSON null', type: JSON_TYPE, payload: 'null' },
    {
      label: arrayBody ? 'a JSON object' : 'a JSON array',
      type: JSON_TYPE,
      payload: arrayBody ? '{}' : '[1,2,3]',
    },
    { label: 'a JSON string', type: JSON_TYPE, payload: '"text"' },
    { label: 'a JSON number', type: JSON_TYPE, payload: '42' },
    { label: 'the JSON true', type: JSON_TYPE, payload: 'true' },
    { label: '10000 nested arrays', type: JSON_TYPE, payload: deepArrays() },
    { label: '10000 nested objects', type: JSON_TYPE, payload: deepObjects() },
    { label: 'a JSON body with __proto__', type: JSON_TYPE, payload: '{"__proto__":{"polluted":true}}' },
    {
      label: 'a JSON body with constructor.prototype',
      type: JSON_TYPE,
      payload: '{"constructor":{"prototype":{"polluted":true}}}',
    },
    { label: 'the valid body after a byte order mark', type: JSON_TYPE, payload: `\ufeff${valid}` },
    {
      label: 'the valid body with a duplicate name',
      type: JSON_TYPE,
      payload: valid.startsWith('{"') ? valid.replace(/^\{("[^"]+"):/, '{$1:{"x":1},$1:') : valid,
    },
    {
      label: 'invalid UTF-8 in a JSON string',
      type: JSON_TYPE,
      payload: Buffer.concat([
        Buffer.from('{"a":"'),
        Buffer.from([0xff, 0xfe, 0xc0, 0xaf]),
        Buffer.from('"}'),
      ]),
    },
    { label: 'the valid body as text/plain', type: 'text/plain', payload: valid },
    {
      label: 'XML',
      type: 'application/xml',
      payload: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
    },
    {
      label: 'a url-encoded form',
      type: 'application/x-www-form-urlencoded',
      payload: 'name=%00&a[b]=1&a=2',
    },
    {
      label: 'bytes as application/octet-stream',
      type: 'application/octet-stream',
      payload: Buffer.from([0, 1, 2, 255]),
    },
    { label: 'the valid body with no content type', payload: valid },
    {
      label: 'the valid body as JSON in UTF-16',
      type: 'application/json; charset=utf-16',
      payload: Buffer.from(valid, 'utf16le'),
    },
    { label: 'a content type with broken parameters', type: 'application/json;;;=;charset', payload: valid },
    {
      label: 'a content type of 10000 characters',
      type: `application/json; x=${'y'.repeat(10_000)}`,
      payload: valid,
    },
    { label: 'a content type that only starts like JSON', type: 'application/jsonx', payload: valid },
    {
      label: 'the valid body padded past the body limit',
      type: JSON_TYPE,
      payload: `${valid}${' '.repeat(1024 * 1024)}`,
    },
  ];
  const chosen = sampleFor(plan.seed, `${operationName(operation)} whole body`, bodies, plan.wholeBodies);
  return chosen.map(({ label, type, payload }) => ({
    label: `whole body: ${label}`,
    request: {
      method: operation.method,
      url: urlOf(operation, plan),
      headers: type ? { 'content-type': type } : ({} as Record<string, string>),
      payload,
    },
  }));
}

function oddMultipartCases(operation: Operation, plan: Plan, takesMultipart: boolean): FuzzCase[] {
  const schema = operation.bodies[MULTIPART];
  // A form that requires nothing (a profile update) still gets its files: the broken encodings
  // must meet the code that reads files.
  const required = schema ? validParts(operation, schema, plan) : [textPart('name', 'x')];
  const base =
    required.length > 0 || !schema
      ? required
      : Object.entries(schema.properties ?? {}).flatMap(([name, property]) =>
          isBinary(property) || (property.items && isBinary(property.items))
            ? partsOf(operation, name, property, plan)
            : [],
        );
  const texts = base.filter((p) => p.filename === undefined);
  const files = base.filter((p) => p.filename !== undefined);
  const fileSample = files[0] ?? {
    name: 'file',
    filename: 'a.png',
    contentType: 'image/png',
    data: Buffer.from('x'),
  };
  const body = multipartBody(base);
  const odd: { label: string; type?: string; payload: Buffer }[] = [
    { label: 'no boundary', type: 'multipart/form-data', payload: body },
    { label: 'another boundary than the body uses', type: multipartType('not-the-boundary'), payload: body },
    { label: 'an empty body', type: multipartType(), payload: Buffer.alloc(0) },
  ];
  if (takesMultipart) {
    odd.push(
      { label: 'no closing boundary', payload: multipartBody(base, BOUNDARY, { close: false }) },
      { label: 'cut off in the middle', payload: body.subarray(0, Math.floor(body.length / 2)) },
      { label: 'a part without a name', payload: multipartBody([{ data: 'nameless' }, ...base]) },
      {
        label: 'a file without a name',
        payload: multipartBody([{ ...fileSample, name: undefined }, ...texts]),
      },
      {
        label: `a part header of ${HUGE} characters`,
        payload: multipartBody([{ name: 'x', headers: [`X-Fuzz: ${'a'.repeat(HUGE)}`], data: 'x' }, ...base]),
      },
      {
        label: '1000 part headers',
        payload: multipartBody([
          { name: 'x', headers: Array.from({ length: 1000 }, (_, i) => `X-Fuzz-${i}: y`), data: 'x' },
          ...base,
        ]),
      },
      {
        label: 'every field twice, the second with NUL',
        payload: multipartBody([...base, ...texts.map((p) => textPart(p.name ?? '', TEXTS.nul))]),
      },
      {
        label: 'files under the names of the text fields and an unknown name',
        payload: multipartBody([
          ...base,
          ...[...texts, { name: 'unknown' }].map((p) => ({ ...fileSample, name: p.name })),
        ]),
      },
      {
        label: '50 extra fields',
        payload: multipartBody([
          ...base,
          ...Array.from({ length: 50 }, (_, i) => textPart(`extra${i}`, 'x')),
        ]),
      },
      { label: 'bare LF line ends', payload: multipartBody(base, BOUNDARY, { lineBreak: '\n' }) },
      {
        label: 'a boundary of 200 characters',
        type: multipartType('b'.repeat(200)),
        payload: multipartBody(base, 'b'.repeat(200)),
      },
      {
        label: 'a preamble of garbage',
        payload: multipartBody(base, BOUNDARY, { preamble: `\u0000garbage${'-'.repeat(100)}` }),
      },
      {
        label: 'an attachment instead of form-data',
        payload: multipartBody([
          { disposition: 'Content-Disposition: attachment; name="x"', data: 'x' },
          ...base,
        ]),
      },
      {
        label: 'text fields in base64 transfer encoding',
        payload: multipartBody(
          base.map((p) =>
            p.filename === undefined ? { ...p, headers: ['Content-Transfer-Encoding: base64'] } : p,
          ),
        ),
      },
      {
        label: 'a name in a broken RFC 5987 encoding',
        payload: multipartBody([
          { disposition: "Content-Disposition: form-data; name*=UTF-8''%FF%ZZ", data: 'x' },
          ...base,
        ]),
      },
      {
        label: 'a nested multipart/mixed part',
        payload: multipartBody([
          {
            name: 'x',
            contentType: 'multipart/mixed; boundary=inner',
            data: '--inner\r\n\r\nx\r\n--inner--',
          },
          ...base,
        ]),
      },
      {
        label: 'a charset of UTF-16 for the form',
        type: `${multipartType()}; charset=utf-16`,
        payload: body,
      },
    );
  }
  return odd.map(({ label, type, payload }) => ({
    label: `multipart: ${label}`,
    request: {
      method: operation.method,
      url: urlOf(operation, plan),
      headers: { 'content-type': type ?? multipartType() },
      payload,
    },
  }));
}
