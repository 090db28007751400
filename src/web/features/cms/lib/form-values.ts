import type { FieldErrors, Resolver } from 'react-hook-form';
import { contentBodySchema } from '../../../../shared/api/admin.js';
import { CONTENT_COLLECTIONS, type ContentCollection } from '../../../../shared/api/content.js';
import { shownOnPage } from '../../../../shared/content-positions.js';
import type { EditorRecord } from '../api/content-admin.js';

export interface ImageValue {
  image: string;
  alt: string;
  category?: string;
}

/** The editor form: the text fields by wire name, and the pictures. */
export interface EditorValues {
  fields: Record<string, string>;
  images: ImageValue[];
}

export const fieldsOf = (collection: ContentCollection) =>
  Object.values(CONTENT_COLLECTIONS[collection].fields);

/**
 * Fields that hold the school's facts, edited under School (its settings) and copied into the
 * records by the server: the form shows them not, and sends back what it read.
 */
export const SCHOOL_FACT_FIELDS: Partial<Record<ContentCollection, readonly string[]>> = {
  contacts: ['address', 'email', 'phone', 'opening_hour'],
};

/**
 * The fields the form of the record at `position` shows: those the public page shows of a record
 * there (shared/content-positions.ts), but the school's facts. The others keep what they hold.
 */
export function editableFieldsOf(collection: ContentCollection, position: number) {
  const shown: readonly string[] = shownOnPage(collection, position).fields;
  return Object.entries(CONTENT_COLLECTIONS[collection].fields)
    .filter(([key, field]) => shown.includes(key) && !SCHOOL_FACT_FIELDS[collection]?.includes(field.wire))
    .map(([, field]) => field);
}

export function toFormValues(collection: ContentCollection, record: EditorRecord | undefined): EditorValues {
  const fields: Record<string, string> = {};
  for (const field of fieldsOf(collection)) {
    const value = record?.[field.wire];
    fields[field.wire] = typeof value === 'string' ? value : '';
  }
  const images = (record?.images ?? []).map((image) =>
    collection === 'gallery'
      ? { image: image.image, alt: image.alt, category: image.category ?? '' }
      : { image: image.image, alt: image.alt },
  );
  return { fields, images };
}

/** The body of POST/PUT admin/content/{collection}: every field under its wire name, and images. */
export function toBody(collection: ContentCollection, values: EditorValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fieldsOf(collection)) body[field.wire] = values.fields[field.wire] ?? '';
  body.images = values.images.map((image) =>
    collection === 'gallery'
      ? { image: image.image, alt: image.alt, category: image.category ?? '' }
      : { image: image.image, alt: image.alt },
  );
  return body;
}

/**
 * Where a server or schema path (`heading2`, `images.0.alt`) shows in the form: a field's wire name
 * is under `fields.`, pictures under `images.`.
 */
export function formPathOf(collection: ContentCollection, path: readonly PropertyKey[]): string | undefined {
  const [first, ...rest] = path.map(String);
  if (first === undefined) return undefined;
  if (first === 'images') return ['images', ...rest].join('.');
  return fieldsOf(collection).some((field) => field.wire === first) ? `fields.${first}` : undefined;
}

function setPath(target: Record<string, unknown>, path: string, message: string): void {
  const parts = path.split('.');
  let node = target;
  for (const [index, part] of parts.entries()) {
    if (index === parts.length - 1) {
      if (node[part] === undefined) node[part] = { type: 'validation', message };
      return;
    }
    node[part] ??= /^\d+$/.test(parts[index + 1] ?? '') ? [] : {};
    node = node[part] as Record<string, unknown>;
  }
}

/** Checks the form with contentBodySchema(collection), the server's own schema. */
export function editorResolver(collection: ContentCollection): Resolver<EditorValues> {
  const schema = contentBodySchema(collection);
  return async (values) => {
    const parsed = schema.safeParse(toBody(collection, values));
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of parsed.error.issues) {
      const path = formPathOf(collection, issue.path);
      if (path) setPath(errors, path, issue.message);
    }
    return { values: {}, errors: errors as FieldErrors<EditorValues> };
  };
}
