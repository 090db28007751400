import { NewsletterLinkPage } from '../../../features/newsletter/components/NewsletterLinkPage.js';

/**
 * /newsletter/confirm?token= (docs/decisions/0025-newsletter.md): the link of the confirmation mail;
 * opening it confirms the subscription.
 */
export default function NewsletterConfirmRoute() {
  return <NewsletterLinkPage action="confirm" />;
}
