import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type NewsletterIssueInput, NewsletterIssueSchema } from '../../../../shared/api/mail.js';
import { NewsletterIssueListSchema } from '../../../../shared/api/newsletter.js';
import { apiClient } from '../../../lib/api-client.js';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.js';

export const newslettersQueryKey = ['newsletters'] as const;

/** `GET admin/newsletters`: the sent newsletters, newest first, and the confirmed subscribers' number. */
export const newslettersQueryOptions = () =>
  queryOptions({
    queryKey: newslettersQueryKey,
    queryFn: ({ signal }) =>
      apiClient.get('admin/newsletters', { signal, schema: NewsletterIssueListSchema }),
  });

export const useNewsletters = () => useQuery(newslettersQueryOptions());

/** `POST admin/newsletters` -> 201 `{ data: NewsletterIssue }`; the list loads again. */
export async function sendNewsletter(body: NewsletterIssueInput) {
  const answer = await apiClient.post('admin/newsletters', body, {
    schema: z.object({ data: NewsletterIssueSchema }),
  });
  return answer.data;
}

export const useSendNewsletter = () => useInvalidatingMutation(sendNewsletter, newslettersQueryKey);
