import { z } from 'zod';
import { type OutboxMail, OutboxMailSchema } from '../../../../shared/api/mail.js';
import { apiClient } from '../../../lib/api-client.js';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.js';
import { outboxKeys } from './keys.js';

/** `POST admin/outbox/{id}/retry` -> the failed mail, waiting again (409 when it is not failed). */
export async function retryMail(id: number): Promise<OutboxMail> {
  const body = await apiClient.post(`admin/outbox/${id}/retry`, undefined, {
    schema: z.object({ data: OutboxMailSchema }),
  });
  return body.data;
}

/** Sends a failed mail again; the list, its counts and the open mail load again. */
export const useRetryMail = () => useInvalidatingMutation(retryMail, outboxKeys.all);
