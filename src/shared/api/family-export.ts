import { z } from 'zod';
import { USER_TYPES } from '../constants.js';

/**
 * A family's data, on request (docs/decisions/0109-a-familys-data-on-request.md): a guardian (or the
 * principal for the family) asks for everything the school holds on a child, and on the guardian
 * themself; the server builds one archive in the background and mails a link that works for
 * EXPORT_LINK_DAYS days. Every request and every download is kept.
 */

/** How long the mailed link works (and the archive is kept), in days. */
export const EXPORT_LINK_DAYS = 7;

/**
 * A request's state: `waiting` for a builder, `building` (claimed by one process), `ready` (the
 * link is mailed), `failed` (the builder gave up; ask again), `expired` (the link ended and the
 * archive is deleted).
 */
export const EXPORT_STATES = ['waiting', 'building', 'ready', 'failed', 'expired'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];

/** The API path of the mailed link; the token goes in `?token=`. */
export const EXPORT_DOWNLOAD_PATH = '/api/data-exports/download';

export const FamilyExportSchema = z.object({
  id: z.number().int(),
  studentId: z.number().int(),
  /** Who asked, as they were named then. */
  requestedBy: z.string(),
  requestedByType: z.enum(USER_TYPES),
  /** Whether the reader of the list asked for it themself. */
  isYours: z.boolean(),
  requestedAt: z.string(),
  state: z.enum(EXPORT_STATES),
  /** When the archive was ready and mailed; null before. */
  readyAt: z.string().nullable(),
  /** When the link ends; null before it is ready. */
  expiresAt: z.string().nullable(),
  /** The archive's size in bytes; null before it is ready. */
  size: z.number().int().nullable(),
  /** How often the link was used. */
  downloads: z.number().int(),
});
export type FamilyExport = z.infer<typeof FamilyExportSchema>;

/** `POST pupils/{id}/data-export`: the request made. */
export const FamilyExportAnswerSchema = z.object({ data: FamilyExportSchema });

/** `GET pupils/{id}/data-exports`: the child's requests the reader may see, newest first. */
export const FamilyExportListSchema = z.object({
  data: z.object({
    studentId: z.number().int(),
    studentName: z.string(),
    exports: z.array(FamilyExportSchema),
  }),
});
export type FamilyExportList = z.infer<typeof FamilyExportListSchema>['data'];

/** The link's token: 32 random bytes in base64url, as the server makes them. */
export const EXPORT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** `GET data-exports/download?token=`. */
export const FamilyExportDownloadQuerySchema = z.object({
  token: z.string().regex(EXPORT_TOKEN_PATTERN, 'Not the key of a download link'),
});

export const FAMILY_EXPORT_MESSAGES = {
  underWay: 'An archive of this child’s data is being made already. The link comes by mail.',
  linkInvalid: 'This download link has expired or is not known. Please ask for a new archive.',
} as const;
