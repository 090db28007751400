import type { FastifyInstance } from 'fastify';
import { EnquirySchema } from '../../../shared/api/enquiry.js';
import { CONTACT_FORM_POST } from '../../../shared/api/form-posts.js';
import { acceptFormPosts, registerFormPost } from '../../lib/form-posts.js';
import { insertEnquiry } from './inbox.repository.js';

/**
 * `POST /contact`: the contact page's form sent without JavaScript
 * (docs/decisions/0029-forms-without-javascript.md), stored as `POST enquiries` stores it.
 */
export async function contactFormPostRoutes(app: FastifyInstance): Promise<void> {
  acceptFormPosts(app);
  registerFormPost(app, {
    post: CONTACT_FORM_POST,
    form: 'enquiry',
    schema: EnquirySchema,
    summary: 'The contact form, sent as a plain HTML form',
    store: async (enquiry) => {
      await insertEnquiry(app.db, enquiry);
      return 'sent';
    },
  });
}
