import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  InboxItemSchema,
  type InboxKind,
  InboxListSchema,
  type InboxQuery,
  NewsletterSubscriberSchema,
} from '../../../../shared/api/admin.js';
import { ApiError, apiClient, apiUrl } from '../../../lib/api-client.js';
import { getSessionToken } from '../../../lib/session.js';

/** What the Inbox screen filters by (the rest of `GET admin/inbox`'s query is left to the server). */
export type InboxFilter = Pick<InboxQuery, 'kind' | 'handled'>;

export const inboxQueryKey = ['inbox'] as const;

/** `GET admin/inbox`: enquiries and bookings, newest first. */
export function getInbox(filter: InboxFilter, signal?: AbortSignal) {
  const query = new URLSearchParams();
  if (filter.kind) query.set('kind', filter.kind);
  if (filter.handled !== undefined) query.set('handled', String(filter.handled));
  const search = query.toString();
  return apiClient.get(`admin/inbox${search ? `?${search}` : ''}`, { signal, schema: InboxListSchema });
}

export const inboxQueryOptions = (filter: InboxFilter = {}) =>
  queryOptions({
    queryKey: [...inboxQueryKey, 'items', filter.kind ?? 'all', filter.handled ?? 'all'],
    queryFn: ({ signal }) => getInbox(filter, signal),
  });

export const useInbox = (filter: InboxFilter) => useQuery(inboxQueryOptions(filter));

/** `PATCH admin/inbox/{kind}/{id}`. */
export function setHandled(kind: InboxKind, id: number, handled: boolean) {
  return apiClient.patch(
    `admin/inbox/${kind}/${id}`,
    { handled },
    { schema: z.object({ data: InboxItemSchema }) },
  );
}

export function useSetHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, handled }: { kind: InboxKind; id: number; handled: boolean }) =>
      setHandled(kind, id, handled),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxQueryKey }),
  });
}

/** `GET admin/newsletter`. */
export async function getSubscribers(signal?: AbortSignal) {
  const body = await apiClient.get('admin/newsletter', {
    signal,
    schema: z.object({ data: z.array(NewsletterSubscriberSchema) }),
  });
  return body.data;
}

export const subscribersQueryOptions = () =>
  queryOptions({
    queryKey: [...inboxQueryKey, 'newsletter'],
    queryFn: ({ signal }) => getSubscribers(signal),
  });

export const useSubscribers = () => useQuery(subscribersQueryOptions());

/**
 * `GET admin/newsletter.csv` as a file. It needs the bearer token, so a plain link cannot fetch it:
 * the file is fetched here and handed to the browser as a download.
 */
export async function downloadSubscribersCsv(): Promise<void> {
  const token = getSessionToken();
  const response = await fetch(apiUrl('admin/newsletter.csv'), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
  });
  if (!response.ok) throw new ApiError(response.status, `HTTP_${response.status}`, 'The export failed.');
  const blob = await response.blob();
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'newsletter-subscribers.csv';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
