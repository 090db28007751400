import { NewsletterLinkAnswerSchema } from '../../../../shared/api/newsletter.js';
import { apiClient } from '../../../lib/api-client.js';

/** What a newsletter mail's link does: confirm the subscription, or end it. */
export type NewsletterLinkAction = 'confirm' | 'unsubscribe';

/**
 * `POST newsletter/confirm` or `POST newsletter/unsubscribe` with the token of the link. Sent without
 * the session: the link is the subscriber's, whoever is logged in on this browser.
 */
export function followNewsletterLink(action: NewsletterLinkAction, token: string): Promise<string> {
  return apiClient
    .post(`newsletter/${action}`, { token }, { schema: NewsletterLinkAnswerSchema, withSession: false })
    .then((answer) => answer.data.message);
}
