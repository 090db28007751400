import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import {
  HONEYPOT_FIELD,
  NEWSLETTER_MESSAGES,
  type Newsletter,
  type NewsletterInput,
  NewsletterSchema,
} from '../../../../shared/api/newsletter.js';
import { HoneypotField, NameAndEmailFields, usePublicForm } from '../../../components/forms/public-form.js';

/**
 * The footer's newsletter form (docs/contract/product.md#footer): Your Name, Your Email, Submit Now. It
 * checks its fields and sends them to `POST newsletter`: 201 is a new subscription, 200 an email already on
 * the list.
 */
export function NewsletterForm() {
  const id = useId();
  const {
    register,
    submit,
    formState: { errors, isSubmitting },
  } = usePublicForm<NewsletterInput, Newsletter>({
    resolver: zodResolver(NewsletterSchema),
    defaultValues: { name: '', email: '', [HONEYPOT_FIELD]: '' },
    path: 'newsletter',
    fields: ['name', 'email'],
    sentMessage: (status) =>
      status === 200 ? NEWSLETTER_MESSAGES.alreadySubscribed : NEWSLETTER_MESSAGES.subscribed,
  });

  return (
    <form className="newsletter-form" noValidate onSubmit={submit} aria-label="Newsletter">
      <NameAndEmailFields id={id} register={register} errors={errors} />
      <HoneypotField registration={register(HONEYPOT_FIELD)} />
      <button type="submit" className="btn btn-primary w-100 rounded-pill py-2" disabled={isSubmitting}>
        Submit Now
      </button>
    </form>
  );
}
