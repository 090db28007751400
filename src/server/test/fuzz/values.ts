import { isBinary, type JsonSchema, typeOf } from './openapi.js';

/**
 * The catalogue of bad values. A JSON value is either `value` (stringified as usual) or `raw`
 * JSON text put in its place (for what JSON.stringify cannot write: 1e999, -0, a lone surrogate,
 * 10,000 levels of nesting). URL values are already percent-encoded, bad encodings included.
 */
export interface BadJson {
  label: string;
  value?: unknown;
  raw?: string;
}

export interface BadUrl {
  label: string;
  encoded: string;
}

export const HUGE = 100_000;
const NESTING = 10_000;

export const deepArrays = (depth = NESTING) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
export const deepObjects = (depth = NESTING) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** Text that breaks things: NUL, other C0 and C1 controls, invisible and direction marks. */
export const TEXTS = {
  nul: 'a\u0000b',
  controls: 'x\u0001\u0007\b\u000b\f\u001b[31m\u007f\u0085\u009b y',
  separators: 'line\u2028para\u2029end',
  invisible: '\u202eevil\u200b\ufeff\u2066',
  sql: "'; drop table app_user; --",
  traversal: '../../../../etc/passwd',
  markup: '<script>alert(1)</script>',
  emoji: '👩🏽‍🏫🏳️‍🌈e\u0301',
} as const;

const ANY_FIRST_DEEP: BadJson[] = [
  { label: `${NESTING} nested arrays`, raw: deepArrays() },
  { label: 'null', value: null },
  { label: `${NESTING} nested objects`, raw: deepObjects() },
  { label: 'an object with __proto__', raw: '{"__proto__":{"polluted":true}}' },
  { label: 'an object with constructor.prototype', raw: '{"constructor":{"prototype":{"polluted":true}}}' },
];

const STRING: BadJson[] = [
  { label: 'a number', value: 12345 },
  { label: 'a negative fraction', value: -1.5 },
  { label: 'true', value: true },
  { label: 'an array of text', value: ['x'] },
  { label: 'an object', value: { text: 'x' } },
  { label: 'empty text', value: '' },
  { label: 'only spaces', value: '   ' },
  { label: `${HUGE} characters`, value: 'x'.repeat(HUGE) },
  { label: `${HUGE / 2} emoji`, value: '😀'.repeat(HUGE / 2) },
  { label: 'text with NUL', value: TEXTS.nul },
  { label: 'text with control characters', value: TEXTS.controls },
  { label: 'text with line and paragraph separators', value: TEXTS.separators },
  { label: 'text with direction and zero-width marks', value: TEXTS.invisible },
  { label: 'a lone surrogate', raw: '"x\\ud800y"' },
  { label: 'SQL', value: TEXTS.sql },
  { label: 'a path out of the folder', value: TEXTS.traversal },
  { label: 'markup', value: TEXTS.markup },
  { label: 'emoji and combining marks', value: TEXTS.emoji },
  { label: 'a date that does not exist', value: '2026-02-30' },
  { label: 'the last date JavaScript knows', value: '+275760-09-13' },
];

/** `n` written in ways a lax number parser accepts. */
export function oddNumbers(n: number): string[] {
  return [`0x${n.toString(16)}`, `${n / 10}e1`, `+${n}`, `0${n}`, `${n}.0`, ` ${n}`, `${n}abc`];
}

const FIXED_ODD_IDS = ['-1', '0', '99999999999', 'NaN', 'Infinity', '-0', '1e309', '1_000', '1.5'];

function integerValues(valid: number): BadJson[] {
  return [
    ...[...oddNumbers(valid), ...FIXED_ODD_IDS].map((text) => ({
      label: `the text ${JSON.stringify(text)}`,
      value: text,
    })),
    { label: 'a fraction', raw: '1.5' },
    { label: '-1', raw: '-1' },
    { label: '0', raw: '0' },
    { label: '-0', raw: '-0' },
    { label: '2147483648', raw: '2147483648' },
    { label: '99999999999', raw: '99999999999' },
    { label: '1e308', raw: '1e308' },
    { label: '1e999 (Infinity)', raw: '1e999' },
    { label: 'a 30-digit number', raw: '123456789012345678901234567890' },
    { label: `${valid}.0`, raw: `${valid}.0` },
    { label: 'the valid number as text', value: String(valid) },
    { label: 'true', value: true },
    { label: 'an array of it', value: [valid] },
    { label: 'an object', value: { id: valid } },
    { label: 'text with NUL', value: `${valid}\u0000` },
  ];
}

const BOOLEAN: BadJson[] = [
  { label: 'the text "true"', value: 'true' },
  { label: '1', value: 1 },
  { label: '0', value: 0 },
  { label: 'the text "yes"', value: 'yes' },
  { label: 'an array', value: [true] },
  { label: 'an object', value: {} },
];

function arrayValues(schema: JsonSchema, validItem: unknown): BadJson[] {
  const item = JSON.stringify(validItem ?? null);
  const over = (schema.maxItems ?? 1000) + 1;
  return [
    { label: 'an object', value: {} },
    { label: 'text', value: 'x' },
    { label: 'a number', value: 5 },
    { label: 'an empty array', value: [] },
    { label: 'an array of null', value: [null] },
    { label: 'an array of arrays', value: [[], [[]]] },
    { label: 'an array of text with NUL', value: [TEXTS.nul] },
    { label: `${over} valid items`, raw: `[${Array.from({ length: over }, () => item).join(',')}]` },
    { label: `${HUGE} nulls`, raw: `[${Array.from({ length: HUGE }, () => 'null').join(',')}]` },
  ];
}

const OBJECT: BadJson[] = [
  { label: 'an array', value: [] },
  { label: 'text', value: 'x' },
  { label: 'a number', value: 5 },
  { label: 'an empty object', value: {} },
  { label: 'an object with an unknown property', value: { unknown: TEXTS.nul } },
];

/**
 * Bad values for a JSON value of `schema`; `valid` is the valid value a case replaces. The first
 * is always deep nesting (arrays).
 */
export function badJsonValues(schema: JsonSchema, valid: unknown): BadJson[] {
  const type = isBinary(schema) ? 'string' : typeOf(schema);
  const own =
    type === 'integer' || type === 'number'
      ? integerValues(typeof valid === 'number' ? valid : 1)
      : type === 'boolean'
        ? BOOLEAN
        : type === 'array'
          ? arrayValues(schema, Array.isArray(valid) ? valid[0] : undefined)
          : type === 'object'
            ? OBJECT
            : [...STRING, ...enumValues(schema)];
  const [deep, ...any] = ANY_FIRST_DEEP;
  return [deep as BadJson, ...own, ...any];
}

function enumValues(schema: JsonSchema): BadJson[] {
  const first = schema.enum?.[0];
  if (typeof first !== 'string') return [];
  return [
    {
      label: 'an enum value in other case',
      value: first.toUpperCase() === first ? first.toLowerCase() : first.toUpperCase(),
    },
    { label: 'an enum value with a trailing space', value: `${first} ` },
    { label: 'an enum value with NUL', value: `${first}\u0000` },
  ];
}

const enc = encodeURIComponent;

const URL_TEXT: BadUrl[] = [
  { label: 'empty', encoded: '' },
  { label: `${HUGE} characters`, encoded: 'x'.repeat(HUGE) },
  { label: 'NUL', encoded: enc(TEXTS.nul) },
  { label: 'control characters', encoded: enc(TEXTS.controls) },
  { label: 'direction and zero-width marks', encoded: enc(TEXTS.invisible) },
  { label: 'a broken percent escape', encoded: '%ZZ%' },
  { label: 'an overlong UTF-8 slash', encoded: '%C0%AF' },
  { label: 'an encoded lone surrogate', encoded: '%ED%A0%80' },
  { label: 'invalid UTF-8', encoded: '%FF%FE' },
  { label: 'a path out of the folder', encoded: enc(TEXTS.traversal) },
  { label: 'an encoded slash', encoded: 'a%2Fb' },
  { label: 'SQL', encoded: enc(TEXTS.sql) },
  { label: 'brackets', encoded: '%5B%5D' },
  { label: 'a date that does not exist', encoded: '2026-02-30' },
  { label: 'the last date JavaScript knows', encoded: enc('+275760-09-13') },
];

/** Bad values for a path or query parameter whose valid value is `valid`. */
export function badUrlValues(schema: JsonSchema, valid: string): BadUrl[] {
  const type = typeOf(schema);
  const own: BadUrl[] = [];
  if (type === 'integer' || type === 'number') {
    const n = Number(valid) || 1;
    for (const text of [...oddNumbers(n), ...FIXED_ODD_IDS, '9'.repeat(400), '１８']) {
      own.push({
        label: `the text ${JSON.stringify(text.length > 40 ? `${text.slice(0, 10)}…` : text)}`,
        encoded: enc(text),
      });
    }
    own.push({ label: 'the number with NUL', encoded: `${enc(valid)}%00` });
  } else if (typeof schema.enum?.[0] === 'string') {
    own.push({ label: 'an enum value in upper case', encoded: enc(String(schema.enum[0]).toUpperCase()) });
    own.push({ label: 'an enum value with a trailing space', encoded: `${enc(String(schema.enum[0]))}%20` });
  }
  return [...own, ...URL_TEXT];
}
