import { z } from 'zod';

/**
 * What the school area's event stream (`GET /api/events`, server-sent events) tells a browser: that
 * something about a child's day changed, never the thing itself. The browser then asks again for
 * what it shows (its queries by the prefixes below), through the same calls and the same policy as
 * any other read; the stream carries nothing a reader could not already fetch.
 */
export const LIVE_EVENT_KINDS = ['log', 'photo', 'message', 'register', 'notice'] as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

export const LiveEventSchema = z.object({
  kind: z.enum(LIVE_EVENT_KINDS),
  /** The child whose day changed; null for what is not about one child (a notice to everyone). */
  childId: z.number().int().positive().nullable(),
});
export type LiveEvent = z.infer<typeof LiveEventSchema>;

/**
 * The beginnings of the browser's query keys that an event of each kind makes stale. A feature's
 * queries start their keys with one of these, so the live stream needs to know no feature.
 */
export const LIVE_QUERY_PREFIXES: Record<LiveEventKind, readonly (readonly string[])[]> = {
  log: [['child-day'], ['care-log']],
  photo: [['child-day'], ['photo-moments']],
  message: [['child-day'], ['conversations'], ['unread-counts']],
  // The register and the staff's day, whose keys are the school area's (web/lib/school/query-keys.ts).
  register: [['child-day'], ['conversations'], ['school', 'register'], ['school', 'dashboard']],
  notice: [['school', 'notifications'], ['unread-counts']],
};
