/**
 * Query keys of the photo moments (docs/decisions/0079-photo-consent.md). They start with
 * 'photo-moments', the live stream's prefix for photos (shared/api/live.ts), so a new moment makes
 * them stale without the stream knowing this feature; logging out drops them like every school key.
 */
export const photoMomentKeys = {
  all: ['photo-moments'] as const,
  /** One feed: every moment the user may see, or one child's. */
  feed: (childId: number | undefined) => ['photo-moments', 'feed', childId ?? 'all'] as const,
  children: ['photo-moments', 'children'] as const,
  /**
   * A photo's bytes. Outside the live prefix: a stored photo never changes, so an event need not fetch
   * every photo on screen again, and the photos of a moment just taken down are not asked for (404).
   */
  photo: (id: number, n: number, width: number) => ['moment-photo', id, n, width] as const,
};
