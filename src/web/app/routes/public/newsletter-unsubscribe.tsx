import { NewsletterLinkPage } from '../../../features/newsletter/components/NewsletterLinkPage.js';

/**
 * /newsletter/unsubscribe?token= (docs/decisions/0025-newsletter.md): the unsubscribe link of every
 * newsletter; opening it unsubscribes at once.
 */
export default function NewsletterUnsubscribeRoute() {
  return <NewsletterLinkPage action="unsubscribe" />;
}
