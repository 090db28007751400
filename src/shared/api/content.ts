import { z } from 'zod';
import { GALLERY_CATEGORIES } from '../constants.js';
import {
  type ContentCollection,
  type ContentFields,
  type ContentImage,
  fieldEntries,
  isDatedCollection,
} from '../content-records.js';

export * from '../content-records.js';

export const ContentImageSchema: z.ZodType<ContentImage> = z.object({
  image: z.string().min(1).max(300),
  alt: z.string().max(300),
  category: z.enum(GALLERY_CATEGORIES).optional(),
});

/** Zod schema of one record as the public calls send it. */
/* @__NO_SIDE_EFFECTS__ */
export function wireRecordSchema<C extends ContentCollection>(collection: C) {
  const shape: Record<string, z.ZodString> = {};
  for (const [, field] of fieldEntries(collection)) shape[field.wire] = z.string();
  // A blog post's dates (ISO 8601): when it was first stored and last changed, set by the server.
  if (isDatedCollection(collection)) {
    shape.publishedAt = z.string().describe('When the post was first stored (ISO 8601)');
    shape.updatedAt = z.string().describe('When the post last changed (ISO 8601)');
  }
  return z.object({ id: z.number().int(), ...shape, images: z.array(ContentImageSchema) });
}

/** Zod schema of the fields an editor sends (internal names), with each field's length bound. */
/* @__NO_SIDE_EFFECTS__ */
export function contentFieldsSchema<C extends ContentCollection>(collection: C) {
  const shape: Record<string, z.ZodString> = {};
  for (const [key, field] of fieldEntries(collection)) {
    shape[key] = z.string().trim().max(field.max, `${field.label} is at most ${field.max} characters`);
  }
  return z.object(shape).strict() as unknown as z.ZodType<ContentFields<C>>;
}
