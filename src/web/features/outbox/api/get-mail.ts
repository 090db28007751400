import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type OutboxMailDetail, OutboxMailDetailSchema } from '../../../../shared/api/mail.js';
import { apiClient } from '../../../lib/api-client.js';
import { outboxKeys } from './keys.js';

/** `GET admin/outbox/{id}` -> one mail with its text and HTML bodies. */
export async function getOutboxMail(id: number, signal?: AbortSignal): Promise<OutboxMailDetail> {
  const body = await apiClient.get(`admin/outbox/${id}`, {
    signal,
    schema: z.object({ data: OutboxMailDetailSchema }),
  });
  return body.data;
}

export const outboxMailQueryOptions = (id: number) =>
  queryOptions({ queryKey: outboxKeys.mail(id), queryFn: ({ signal }) => getOutboxMail(id, signal) });

export const useOutboxMail = (id: number | undefined) =>
  useQuery({ ...outboxMailQueryOptions(id ?? 0), enabled: id !== undefined });
