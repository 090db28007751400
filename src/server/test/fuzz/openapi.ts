/**
 * The parts of the OpenAPI document (as served at /api/openapi.json) the fuzzer reads: every
 * operation with its parameters and request bodies, and a valid value for any schema in it, so
 * that a case can make one value bad and leave the rest good enough to reach deeper code.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

export interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** Upper case: GET, POST, ... */
  method: string;
  /** As in the document: `/api/users/{id}`. */
  path: string;
  parameters: Parameter[];
  /** Request body schema per content type (`application/json`, `multipart/form-data`). */
  bodies: Record<string, JsonSchema>;
  /** Whether the document says the operation needs a token. */
  secured: boolean;
}

interface DocumentOperation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, DocumentOperation>>;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'options', 'head']);

export const operationName = (operation: Pick<Operation, 'method' | 'path'>) =>
  `${operation.method} ${operation.path}`;

/** Every operation of the document, in the document's order. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const bodies: Record<string, JsonSchema> = {};
      for (const [type, content] of Object.entries(operation.requestBody?.content ?? {})) {
        bodies[type] = content.schema ?? {};
      }
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        bodies,
        secured: (operation.security ?? []).length > 0,
      });
    }
  }
  return operations;
}

/** The first type a schema names (`anyOf` and `enum` resolved by their first choice). */
export function typeOf(schema: JsonSchema): string {
  const first = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (first) return typeOf(first);
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null') ?? 'string';
  if (schema.type) return schema.type;
  if (schema.enum && schema.enum.length > 0) return typeof schema.enum[0];
  if (schema.properties) return 'object';
  return 'string';
}

export const isBinary = (schema: JsonSchema) => schema.format === 'binary';

/** A step into a body: a property name or an array index, with the schema found there. */
export interface Step {
  key: string | number;
  schema: JsonSchema;
}

/** A value somewhere in a body: the steps from the body to it (the last one is the value's). */
export interface Field {
  steps: Step[];
  schema: JsonSchema;
}

export const fieldPath = (steps: readonly Step[]) =>
  steps.map((s) => (typeof s.key === 'number' ? `[${s.key}]` : `.${s.key}`)).join('');

/** Every property of a body, nested ones too (an array's items through its first item). */
export function fieldsOf(schema: JsonSchema, steps: Step[] = []): Field[] {
  const fields: Field[] = [];
  const type = typeOf(schema);
  if (type === 'object') {
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const here = [...steps, { key: name, schema: property }];
      fields.push({ steps: here, schema: property });
      fields.push(...fieldsOf(property, here));
    }
  } else if (type === 'array' && schema.items) {
    const items = schema.items;
    const itemType = typeOf(items);
    // An array of plain values is one field; an array of objects has fields of its own.
    if (itemType === 'object') fields.push(...fieldsOf(items, [...steps, { key: 0, schema: items }]));
  }
  return fields;
}

/**
 * Valid values the document cannot state: ids of records that exist, dates in the school year,
 * e-mail addresses. Answers undefined where the schema alone will do.
 */
export type Knowledge = (operation: Operation, name: string, schema: JsonSchema) => unknown;

/** A binary field in a valid value: the caller puts a real file there. */
export const FILE = Symbol('file');

/** A valid value for `schema`; objects get their required properties only. */
export function validValue(operation: Operation, name: string, schema: JsonSchema, know: Knowledge): unknown {
  const known = know(operation, name, schema);
  if (known !== undefined) return known;
  const choice = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (choice) return validValue(operation, name, choice, know);
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  switch (typeOf(schema)) {
    case 'integer':
    case 'number': {
      const exclusive = schema.exclusiveMinimum;
      const minimum =
        typeof exclusive === 'number' ? exclusive + 1 : (schema.minimum ?? 1) + (exclusive ? 1 : 0);
      return Math.max(minimum, Math.min(schema.maximum ?? 1, 1));
    }
    case 'boolean':
      return true;
    case 'array': {
      const items = schema.items ?? {};
      const count = Math.max(1, schema.minItems ?? 0);
      return Array.from({ length: count }, () => validValue(operation, name, items, know));
    }
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const key of schema.required ?? []) {
        const property = schema.properties?.[key];
        if (property) value[key] = validValue(operation, key, property, know);
      }
      return value;
    }
    default: {
      if (isBinary(schema)) return FILE;
      const text = 'Fuzzy text'.padEnd(schema.minLength ?? 0, 'x');
      return schema.maxLength === undefined ? text : text.slice(0, Math.max(schema.maxLength, 1));
    }
  }
}
