import type { Db } from '../db/connect.js';
import { recordNewsletterConsent } from '../features/consents/consents.repository.js';
import { newSubscriberToken } from '../features/newsletter/newsletter.repository.js';
import { hashToken } from '../lib/secret-token.js';
import { addDays } from './school.js';

/**
 * The demo's newsletter subscribers (docs/decisions/0025-newsletter.md): the parents of the
 * testimonials, confirmed, so the principal's Newsletters screen has recipients, and one neighbour
 * who has not opened the confirmation mail yet, so the Inbox shows both states. Their addresses are
 * at example.org, a domain reserved for examples: a demo that is given a real SMTP_URL sends no
 * newsletter to a real person.
 */
export const DEMO_SUBSCRIBERS = [
  { name: 'Farida Rahman', email: 'farida.rahman@example.org', daysAgo: 40, confirmed: true },
  { name: 'Tom Becker', email: 'tom.becker@example.org', daysAgo: 31, confirmed: true },
  { name: 'Mei-Ling Chen', email: 'meiling.chen@example.org', daysAgo: 22, confirmed: true },
  { name: 'Carlos Mendoza', email: 'carlos.mendoza@example.org', daysAgo: 9, confirmed: true },
  { name: 'Kwame Owusu', email: 'kwame.owusu@example.org', daysAgo: 1, confirmed: false },
] as const;

/** Writes the subscribers; `today` is the demo's day (epoch milliseconds of its UTC midnight). */
export async function writeDemoNewsletter(trx: Db, today: number): Promise<void> {
  await trx
    .insertInto('newsletter_subscriber')
    .values(
      DEMO_SUBSCRIBERS.map((subscriber) => {
        const subscribed = addDays(today, -subscriber.daysAgo);
        return {
          name: subscriber.name,
          email: subscriber.email,
          email_key: subscriber.email,
          // Evenings, when parents read the site; confirmed a few minutes later.
          created_at: new Date(subscribed + 19 * 3_600_000).toISOString(),
          confirmed_at: subscriber.confirmed
            ? new Date(subscribed + 19 * 3_600_000 + 300_000).toISOString()
            : null,
          // Random, not from the demo's seed: a token is what lets anyone unsubscribe the address.
          // Only its hash is kept, and no mail holds it: the newsletters bring their own links.
          token_hash: hashToken(newSubscriberToken()),
        };
      }),
    )
    .execute();
  // Each confirmation is the newsletter consent's entry in the ledger (docs/decisions/0111-consent-as-a-ledger.md).
  for (const subscriber of DEMO_SUBSCRIBERS) {
    if (!subscriber.confirmed) continue;
    const subscribed = addDays(today, -subscriber.daysAgo);
    await recordNewsletterConsent(trx, {
      emailKey: subscriber.email,
      address: subscriber.email,
      given: true,
      how: 'newsletter-link',
      at: new Date(subscribed + 19 * 3_600_000 + 300_000).toISOString(),
    });
  }
}
