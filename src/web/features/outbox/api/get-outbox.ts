import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type OutboxPage, OutboxPageSchema, type OutboxQuery } from '../../../../shared/api/mail.js';
import { apiClient } from '../../../lib/api-client.js';
import { outboxKeys } from './keys.js';

/** The states the Outbox filters by (a mail being sent counts as waiting). */
export type OutboxState = NonNullable<OutboxQuery['status']>;

export type OutboxFilter = OutboxQuery;

/** `GET admin/outbox?status=&page=` -> a page of mails, newest first, with the counts per state. */
export async function getOutbox(filter: OutboxFilter, signal?: AbortSignal): Promise<OutboxPage> {
  const query = new URLSearchParams();
  if (filter.status) query.set('status', filter.status);
  if (filter.page > 1) query.set('page', String(filter.page));
  const search = query.toString();
  return apiClient.get(`admin/outbox${search ? `?${search}` : ''}`, { signal, schema: OutboxPageSchema });
}

export const outboxQueryOptions = (filter: OutboxFilter) =>
  queryOptions({
    queryKey: outboxKeys.page(filter),
    queryFn: ({ signal }) => getOutbox(filter, signal),
  });

/** The page keeps showing while the next one loads (paging and filtering do not blank the table). */
export const useOutbox = (filter: OutboxFilter) =>
  useQuery({ ...outboxQueryOptions(filter), placeholderData: keepPreviousData });
