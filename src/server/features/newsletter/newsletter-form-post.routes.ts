import type { FastifyInstance } from 'fastify';
import { NEWSLETTER_FORM_POST, NEWSLETTER_PAGE_FIELD, returnPageOf } from '../../../shared/api/form-posts.js';
import { NewsletterSchema } from '../../../shared/api/newsletter.js';
import { acceptFormPosts, registerFormPost } from '../../lib/form-posts.js';
import { subscribe } from './newsletter.service.js';

/**
 * `POST /newsletter`: the footer's form sent without JavaScript
 * (docs/decisions/0029-forms-without-javascript.md), subscribed as `POST newsletter` subscribes (double
 * opt-in), answered with the page it was sent from.
 */
export async function newsletterFormPostRoutes(app: FastifyInstance): Promise<void> {
  acceptFormPosts(app);
  registerFormPost(app, {
    post: NEWSLETTER_FORM_POST,
    form: 'newsletter',
    schema: NewsletterSchema,
    pageOf: (body) => returnPageOf(body[NEWSLETTER_PAGE_FIELD]),
    summary: 'The newsletter form, sent as a plain HTML form',
    store: async (subscriber) =>
      (await subscribe(app.db, app.config.mail, subscriber)) === 'added' ? 'subscribed' : 'alreadySubscribed',
  });
}
