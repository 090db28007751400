import { useQuery } from '@tanstack/react-query';
import type { SchoolNavigation } from '../../../shared/app-navigation.js';
import { linkTo } from '../../../shared/screens.js';
import { notificationsQueryOptions, unreadNotificationsOf } from '../../lib/school/get-notifications.js';
import { unreadMessagesQueryOptions } from '../../lib/school/get-unread-messages.js';

const MESSAGES = linkTo('/conversations');
const NOTICES = linkTo('/notification');

/** A place's unread count by its href; a place that counts nothing is not in it. */
export type UnreadByPlace = ReadonlyMap<string, number>;

/**
 * What the navigation's badges count: a teacher's or the principal's Messages all their unread
 * messages, a parent's child's Messages that child's, Notifications the notices not yet read. Asked
 * only when the navigation has such a place; the live stream (shared/api/live.ts) refreshes both.
 */
export function useUnreadPlaces(navigation: SchoolNavigation | undefined): UnreadByPlace {
  const hrefs = new Set(
    [...(navigation?.bar ?? []), ...(navigation?.sections.flatMap((section) => section.places) ?? [])].map(
      (place) => place.href,
    ),
  );
  const messages = useQuery({
    ...unreadMessagesQueryOptions(),
    enabled: [...hrefs].some((href) => href === MESSAGES || href.startsWith(`${MESSAGES}/`)),
  });
  const notices = useQuery({
    ...notificationsQueryOptions(),
    enabled: hrefs.has(NOTICES),
    select: unreadNotificationsOf,
  });
  const unread = new Map<string, number>();
  if (messages.data) {
    unread.set(MESSAGES, messages.data.total);
    for (const child of messages.data.children)
      unread.set(linkTo('/conversations/:id', child.studentId), child.unread);
  }
  if (notices.data !== undefined) unread.set(NOTICES, notices.data);
  return unread;
}
