import { z } from 'zod';
import { MAX_ID, pathIdSchema } from './ids.js';

/**
 * Photo moments (docs/decisions/0079-photo-consent.md): a teacher (for the children of their
 * classes) or the principal posts one to ten photos with a caption and tags the children in them.
 * Who sees a moment is src/shared/rules/photo-consent.ts, read at every request. Browser-safe: zod
 * and constants only.
 */

export const PHOTO_MOMENT_RULES = {
  /** The multipart field of the photos. */
  field: 'photos',
  maxPhotos: 10,
  captionMax: 500,
  /** The most children one moment tags. */
  maxChildren: 60,
  /** A feed page's default and largest size. */
  pageSize: 20,
  maxPageSize: 50,
  /** The folder of the stored photos (private: `/uploads` never serves it). */
  folder: 'moments',
} as const;

export const PHOTO_MOMENT_MESSAGES = {
  caption: 'Please write a caption',
  captionTooLong: `The caption is at most ${PHOTO_MOMENT_RULES.captionMax} characters`,
  tagChildren: 'Tag the children in the photos',
  tooManyChildren: `At most ${PHOTO_MOMENT_RULES.maxChildren} children in one moment`,
  confirmTagged: 'Confirm that everyone visible in the photos is tagged',
  tooManyPhotos: `At most ${PHOTO_MOMENT_RULES.maxPhotos} photos in one moment`,
  before: 'before must be a date and time (ISO 8601)',
} as const;

const ID_LIST = /^[1-9][0-9]{0,9}(?:,[1-9][0-9]{0,9})*$/;

/**
 * The tagged children as a form sends them: their ids, comma separated (`12,15`), or a JSON list of
 * ids; answered as distinct numbers in the order given.
 */
export const taggedChildrenSchema = z
  .union([z.string(), z.array(z.number().int().positive().max(MAX_ID))], {
    error: PHOTO_MOMENT_MESSAGES.tagChildren,
  })
  .transform((value, ctx) => {
    if (Array.isArray(value)) return [...new Set(value)];
    const text = value.replace(/\s+/g, '');
    if (text === '') return [];
    if (!ID_LIST.test(text)) {
      ctx.addIssue({ code: 'custom', message: PHOTO_MOMENT_MESSAGES.tagChildren });
      return z.NEVER;
    }
    return [...new Set(text.split(',').map(Number))];
  })
  .pipe(
    z
      .array(z.number().max(MAX_ID, PHOTO_MOMENT_MESSAGES.tagChildren))
      .min(1, PHOTO_MOMENT_MESSAGES.tagChildren)
      .max(PHOTO_MOMENT_RULES.maxChildren, PHOTO_MOMENT_MESSAGES.tooManyChildren),
  );

/** The text fields of `POST photo-moments` (the browser's form checks the same). */
export const PhotoMomentFieldsSchema = z.object({
  caption: z
    .string({ error: PHOTO_MOMENT_MESSAGES.caption })
    .trim()
    .min(1, PHOTO_MOMENT_MESSAGES.caption)
    .max(PHOTO_MOMENT_RULES.captionMax, PHOTO_MOMENT_MESSAGES.captionTooLong),
  children: taggedChildrenSchema,
  /** The poster confirms that every child visible is tagged: `true` (a form's checkbox sends `true`). */
  everyoneTagged: z.union([z.literal(true), z.literal('true')], {
    error: PHOTO_MOMENT_MESSAGES.confirmTagged,
  }),
});
export type PhotoMomentFields = z.input<typeof PhotoMomentFieldsSchema>;

export const MomentPhotoSchema = z.object({
  /** 1 to 10: the photo's place in the moment, and its number in the photo paths. */
  n: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  /** The stored widths, narrowest first; the last is the largest (the download's). */
  widths: z.array(z.number().int()),
});
export type MomentPhoto = z.infer<typeof MomentPhotoSchema>;

export const PhotoMomentSchema = z.object({
  id: z.number().int(),
  caption: z.string(),
  postedAt: z.string(),
  postedBy: z.string(),
  /** The tagged children the caller may know of: staff see all; a family sees all (it sees the moment only when every one consents). */
  children: z.array(z.object({ id: z.number().int(), name: z.string() })),
  photos: z.array(MomentPhotoSchema),
  /**
   * Whether the caller may take the moment down (`DELETE photo-moments/{id}`): its poster and the
   * principal. Said by the server for each caller, so the browser keeps no copy of the rule.
   */
  mayRemove: z.boolean(),
});
export type PhotoMoment = z.infer<typeof PhotoMomentSchema>;

export const PhotoMomentAnswerSchema = z.object({ data: PhotoMomentSchema });

/** `GET photo-moments`: newest first, paged by time. */
export const PhotoMomentFeedQuerySchema = z.object({
  childId: pathIdSchema().optional(),
  /** Moments posted before this instant (the `next` of the previous page). */
  before: z.iso.datetime({ offset: true, error: PHOTO_MOMENT_MESSAGES.before }).optional(),
  limit: z
    .string()
    .regex(/^[1-9][0-9]?$/, `limit is 1 to ${PHOTO_MOMENT_RULES.maxPageSize}`)
    .transform(Number)
    .pipe(z.number().max(PHOTO_MOMENT_RULES.maxPageSize, `limit is 1 to ${PHOTO_MOMENT_RULES.maxPageSize}`))
    .optional(),
});
export type PhotoMomentFeedQuery = z.input<typeof PhotoMomentFeedQuerySchema>;

export const PhotoMomentFeedSchema = z.object({
  data: z.array(PhotoMomentSchema),
  /** `before` of the next page; null on the last. */
  next: z.string().nullable(),
});
export type PhotoMomentFeed = z.infer<typeof PhotoMomentFeedSchema>;

export const MomentPhotoParamsSchema = z.object({
  id: pathIdSchema(),
  n: z
    .string()
    .regex(/^(?:[1-9]|10)$/, 'n is 1 to 10')
    .transform(Number),
});
export const MomentPhotoWidthParamsSchema = MomentPhotoParamsSchema.extend({
  width: z
    .string()
    .regex(/^[1-9][0-9]{0,4}$/, 'Not a stored width')
    .transform(Number),
});

/** The API path (after `/api/`) of a photo of a moment in one width, or its download. */
export const momentPhotoPath = (id: number, n: number, width: number | 'download'): string =>
  width === 'download'
    ? `photo-moments/${id}/photos/${n}/download`
    : `photo-moments/${id}/photos/${n}/${width}`;

/** `GET photo-moments/children`: the children the caller may tag (a teacher's classes, the principal's school). */
export const TaggableChildrenSchema = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string(), className: z.string() })),
});
export type TaggableChild = z.infer<typeof TaggableChildrenSchema>['data'][number];

/** `PUT admin/content/gallery/{id}/children`: the children tagged in each picture of a gallery record. */
export const GalleryChildrenBodySchema = z.object({
  images: z
    .array(
      z.object({
        image: z.string().min(1).max(300),
        children: z.array(z.number().int().positive().max(MAX_ID)).max(PHOTO_MOMENT_RULES.maxChildren),
      }),
    )
    .max(200),
});
export const GalleryChildrenAnswerSchema = z.object({
  data: z.array(
    z.object({
      image: z.string(),
      children: z.array(z.object({ id: z.number().int(), name: z.string() })),
    }),
  ),
});
