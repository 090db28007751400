import { z } from 'zod';
import { GALLERY_CATEGORIES } from '../constants.js';
import { MEDIA_NAME_PATTERN, MEDIA_RULES } from '../media-files.js';
import {
  CONTENT_COLLECTIONS,
  type ContentCollection,
  isDatedCollection,
  type WireContentFields,
} from './content.js';
import { MAX_ID, pathIdSchema, queryCountSchema } from './ids.js';

/**
 * The principal's calls behind the site editor (docs/decisions/0006-media-and-content-editing.md): content
 * records, the media library and the inbox of the public forms. The editor validates its forms with these
 * schemas and the server validates the same bodies with them.
 */

export const ADMIN_MESSAGES = {
  unknownFields: (keys: readonly string[]) =>
    `Unknown field${keys.length === 1 ? '' : 's'}: ${keys.join(', ')}`,
  notAnObject: 'The body must be a JSON object',
  mustBeText: (label: string) => `${label} must be text`,
  tooLong: (label: string, max: number) => `${label} is at most ${max} characters`,
  iconName: 'The icon is a Bootstrap Icons name such as bi-tree',
  classId: 'Choose one of the school’s classes, or none',
  imagesList: 'images must be a list of pictures',
  tooManyImages: (max: number) => `A record has at most ${max} pictures`,
  chooseImage: 'Please choose a picture',
  badImagePath:
    'Please choose an uploaded picture (a file under the uploads folder, such as media/<name>-1200.webp)',
  imageNotFound: 'That picture is not among the uploaded files',
  enterAlt: 'Please describe the picture for people who cannot see it (alt text)',
  altTooLong: 'Please keep the picture description under 300 characters',
  chooseCategory: `Please choose a category: ${GALLERY_CATEGORIES.join(', ')}`,
  noCategory: 'Only gallery pictures have a category',
  orderIds: 'Send every id of the collection exactly once',
  duplicateIds: 'An id appears more than once',
  idsList: 'ids must be a list of record ids',
} as const;

// ----------------------------------------------------------------------------------------------
// Content records: POST/PUT admin/content/{collection}[/{id}], DELETE, POST .../order
// ----------------------------------------------------------------------------------------------

/** At most this many pictures on one record (the gallery is one record with all its pictures). */
export const MAX_IMAGES_PER_RECORD = 100;
export const MAX_ALT_LENGTH = 300;
const MAX_IMAGE_PATH_LENGTH = 300;

/**
 * An image value as content stores it: a relative path under `/uploads/`, of plain segments (no
 * `..`, no leading dot, no absolute path, no scheme or host) and a picture's extension. Whether the
 * file exists is the server's check.
 */
export const IMAGE_PATH_PATTERN =
  /^(?:[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*\/)*[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*\.(?:webp|jpe?g|png|gif|avif)$/i;

export const isSafeImagePath = (value: string): boolean =>
  value.length <= MAX_IMAGE_PATH_LENGTH && IMAGE_PATH_PATTERN.test(value);

/** A Bootstrap Icons class name (facilities' `image`), e.g. `bi-bus-front`; empty for none. */
export const ICON_NAME_PATTERN = /^(?:bi-[a-z0-9]+(?:-[a-z0-9]+)*)?$/;
/** A class field: a class's id, or '' for none. */
export const CLASS_ID_PATTERN = /^(?:[1-9][0-9]{0,9})?$/;

const imagePathSchema = /* @__NO_SIDE_EFFECTS__ */ () =>
  z
    .string({ error: ADMIN_MESSAGES.chooseImage })
    .trim()
    .min(1, ADMIN_MESSAGES.chooseImage)
    .refine(isSafeImagePath, ADMIN_MESSAGES.badImagePath);

const altSchema = /* @__NO_SIDE_EFFECTS__ */ () =>
  z
    .string({ error: ADMIN_MESSAGES.enterAlt })
    .trim()
    .min(1, ADMIN_MESSAGES.enterAlt)
    .max(MAX_ALT_LENGTH, ADMIN_MESSAGES.altTooLong);

const unknownKeys = (issue: { code?: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys' ? ADMIN_MESSAGES.unknownFields(issue.keys ?? []) : undefined;

/** A picture of a gallery record: image, alt and a category, all required. */
export const GalleryImageInputSchema = z.strictObject(
  {
    image: imagePathSchema(),
    alt: altSchema(),
    category: z.enum(GALLERY_CATEGORIES, ADMIN_MESSAGES.chooseCategory),
  },
  { error: unknownKeys },
);

/** A picture of any other record: image and alt; a category is refused. */
export const PlainImageInputSchema = z.strictObject(
  {
    image: imagePathSchema(),
    alt: altSchema(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' && issue.keys.includes('category')
        ? ADMIN_MESSAGES.noCategory
        : unknownKeys(issue),
  },
);

export type ContentImageInput =
  | z.infer<typeof GalleryImageInputSchema>
  | z.infer<typeof PlainImageInputSchema>;

/** The picture schema of a collection's records. */
/* @__NO_SIDE_EFFECTS__ */
export function contentImageInputSchema(collection: ContentCollection) {
  return collection === 'gallery' ? GalleryImageInputSchema : PlainImageInputSchema;
}

/** What `POST`/`PUT admin/content/{collection}` take: every field under its wire name, and images. */
export type ContentBody<C extends ContentCollection> = WireContentFields<C> & { images: ContentImageInput[] };

/**
 * The body of `POST` and `PUT admin/content/{collection}[/{id}]`: the record's fields under their
 * wire names, exactly as the public GET shows them (every field required, '' for an unused one),
 * each trimmed and bounded, plus `images` as `[ { image, alt, category? } ]`. Unknown fields are
 * refused. Text is stored and answered as text: the site renders it, never as HTML.
 */
/* @__NO_SIDE_EFFECTS__ */
export function contentBodySchema<C extends ContentCollection>(collection: C) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of Object.values(CONTENT_COLLECTIONS[collection].fields)) {
    const text = z
      .string({ error: ADMIN_MESSAGES.mustBeText(field.label) })
      .trim()
      .max(field.max, ADMIN_MESSAGES.tooLong(field.label, field.max));
    shape[field.wire] =
      field.kind === 'icon'
        ? text.regex(ICON_NAME_PATTERN, ADMIN_MESSAGES.iconName)
        : field.kind === 'class'
          ? // Optional: a card sent without it (an editor of before seats, decision 0101) names no class.
            text.regex(CLASS_ID_PATTERN, ADMIN_MESSAGES.classId).optional()
          : text;
  }
  if (isDatedCollection(collection)) {
    // A post read from the public GET may be sent back as it is: its dates are the server's, ignored here.
    shape.publishedAt = z.string().max(40).optional().describe('Read-only: ignored');
    shape.updatedAt = z.string().max(40).optional().describe('Read-only: ignored');
  }
  shape.images = z
    .array(contentImageInputSchema(collection), { error: ADMIN_MESSAGES.imagesList })
    .max(MAX_IMAGES_PER_RECORD, ADMIN_MESSAGES.tooManyImages(MAX_IMAGES_PER_RECORD));
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'invalid_type' ? ADMIN_MESSAGES.notAnObject : unknownKeys(issue as never),
  }) as unknown as z.ZodType<ContentBody<C>, ContentBody<C>>;
}

const recordId = /* @__NO_SIDE_EFFECTS__ */ () =>
  z
    .number({ error: ADMIN_MESSAGES.idsList })
    .int(ADMIN_MESSAGES.idsList)
    .positive(ADMIN_MESSAGES.idsList)
    .max(MAX_ID, ADMIN_MESSAGES.idsList);

/** `POST admin/content/{collection}/order`: every id of the collection once, in the new order. */
export const ContentOrderSchema = z.strictObject(
  {
    ids: z
      .array(recordId(), { error: ADMIN_MESSAGES.idsList })
      .min(1, ADMIN_MESSAGES.orderIds)
      .max(1000, ADMIN_MESSAGES.orderIds)
      .refine((ids) => new Set(ids).size === ids.length, ADMIN_MESSAGES.duplicateIds),
  },
  { error: unknownKeys },
);
export type ContentOrder = z.infer<typeof ContentOrderSchema>;

// ----------------------------------------------------------------------------------------------
// Media library: POST/GET admin/media, DELETE admin/media/{name}
// ----------------------------------------------------------------------------------------------

export {
  MEDIA_IMAGE_PATTERN,
  MEDIA_NAME_PATTERN,
  MEDIA_RULES,
  type MediaVariant,
  mediaImageOf,
  mediaSrcSet,
  mediaVariants,
  mediaWidthsFor,
} from '../media-files.js';

export const MEDIA_MESSAGES = {
  chooseFile: 'Please choose a picture to upload',
  oneFile: 'Please upload one picture at a time',
  tooLarge: `The picture must be at most ${MEDIA_RULES.maxBytes / 1024 / 1024} MB`,
  altTooLong: ADMIN_MESSAGES.altTooLong,
  inUse: 'This picture is still used on the site. Choose another picture for those records first.',
  badName: 'That is not the name of an uploaded picture',
} as const;

export const MediaVariantSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  image: z.string(),
});

/** Where a picture is used: a content record. */
export const MediaUseSchema = z.object({ collection: z.string(), id: z.number().int() });
export type MediaUse = z.infer<typeof MediaUseSchema>;

export const MediaSchema = z.object({
  /** The key of `DELETE admin/media/{name}`. */
  name: z.string(),
  /** The largest file: what a record's `image` points at. */
  image: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Narrowest first; the last one is `image`. */
  variants: z.array(MediaVariantSchema),
  /** A suggested description, given at upload; each record keeps its own alt. */
  alt: z.string(),
  /** The uploaded file's name, for people to recognise it. */
  originalName: z.string(),
  /** Bytes stored, all widths together. */
  bytes: z.number().int(),
  createdAt: z.string(),
  usedBy: z.array(MediaUseSchema),
});
export type Media = z.infer<typeof MediaSchema>;

/** The text fields of the `POST admin/media` form besides the file. */
export const MediaUploadFieldsSchema = z.object({
  alt: z.string().trim().max(MAX_ALT_LENGTH, MEDIA_MESSAGES.altTooLong).optional(),
});

export const MediaNameParamSchema = z.object({
  name: z.string().regex(MEDIA_NAME_PATTERN, MEDIA_MESSAGES.badName),
});

// ----------------------------------------------------------------------------------------------
// Inbox: GET admin/inbox, PATCH admin/inbox/{kind}/{id}, GET admin/newsletter(.csv)
// ----------------------------------------------------------------------------------------------

export const INBOX_KINDS = ['enquiry', 'booking'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

const inboxCommon = {
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** ISO-8601 instant. */
  createdAt: z.string(),
  handled: z.boolean(),
  /** ISO-8601 instant, null while not handled. */
  handledAt: z.string().nullable(),
};

export const EnquiryItemSchema = z.object({
  kind: z.literal('enquiry'),
  ...inboxCommon,
  subject: z.string(),
  message: z.string(),
});
export const BookingItemSchema = z.object({
  kind: z.literal('booking'),
  ...inboxCommon,
  className: z.string(),
});
export const InboxItemSchema = z.discriminatedUnion('kind', [EnquiryItemSchema, BookingItemSchema]);
export type EnquiryItem = z.infer<typeof EnquiryItemSchema>;
export type BookingItem = z.infer<typeof BookingItemSchema>;
export type InboxItem = z.infer<typeof InboxItemSchema>;

const booleanQuery = /* @__NO_SIDE_EFFECTS__ */ (message: string) =>
  z.enum(['true', 'false'], message).transform((value) => value === 'true');

export const INBOX_PAGE = { defaultLimit: 100, maxLimit: 500 } as const;

/** `GET admin/inbox`: `kind` (both when absent), `handled` (both when absent), `limit`, `offset`. */
export const InboxQuerySchema = z.object({
  kind: z.enum(INBOX_KINDS, `kind must be one of ${INBOX_KINDS.join(', ')}`).optional(),
  handled: booleanQuery('handled must be true or false').optional(),
  limit: queryCountSchema(
    1,
    INBOX_PAGE.maxLimit,
    `limit must be a whole number from 1 to ${INBOX_PAGE.maxLimit}`,
  )
    .optional()
    .transform((value) => value ?? INBOX_PAGE.defaultLimit),
  offset: queryCountSchema(0, 1_000_000, 'offset must be a whole number from 0 to 1000000')
    .optional()
    .transform((value) => value ?? 0),
});
export type InboxQuery = z.infer<typeof InboxQuerySchema>;

export const InboxListSchema = z.object({
  /** Newest first. */
  data: z.array(InboxItemSchema),
  /** `total`: items matching the query; `unhandled`: unhandled items of the kind(s) asked for. */
  meta: z.object({ total: z.number().int(), unhandled: z.number().int() }),
});
export type InboxList = z.infer<typeof InboxListSchema>;

export const InboxItemParamsSchema = z.object({
  kind: z.enum(INBOX_KINDS, `kind must be one of ${INBOX_KINDS.join(', ')}`),
  id: pathIdSchema(),
});

/** `PATCH admin/inbox/{kind}/{id}`. */
export const InboxHandledSchema = z.strictObject(
  { handled: z.boolean({ error: 'handled must be true or false' }) },
  { error: unknownKeys },
);
export type InboxHandled = z.infer<typeof InboxHandledSchema>;

export const NewsletterSubscriberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** ISO-8601 instant. */
  createdAt: z.string(),
  /**
   * Whether the address was confirmed from the mail (double opt-in, docs/decisions/0025-newsletter.md):
   * only confirmed subscribers receive newsletters.
   */
  confirmed: z.boolean(),
  /** When it was confirmed (ISO-8601 instant), or null. */
  confirmedAt: z.string().nullable(),
});
export type NewsletterSubscriber = z.infer<typeof NewsletterSubscriberSchema>;

/** The columns of `GET admin/newsletter.csv`, in order. */
export const NEWSLETTER_CSV_COLUMNS = ['name', 'email', 'subscribed_at', 'confirmed_at'] as const;
