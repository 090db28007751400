import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import {
  HONEYPOT_FIELD,
  NEWSLETTER_MESSAGES,
  type Newsletter,
  type NewsletterInput,
  NewsletterSchema,
} from '../../../../shared/api/newsletter.js';
import { HoneypotField, sendPublicForm, showSendError } from '../../../components/forms/public-form.js';
import { notify } from '../../../lib/toast.js';

/**
 * The footer's newsletter form (docs/contract/product.md#footer): Your Name, Your Email, Submit Now. It
 * checks its fields and sends them to `POST newsletter`: 201 is a new subscription, 200 an email already on
 * the list.
 */
export function NewsletterForm() {
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewsletterInput, unknown, Newsletter>({
    resolver: zodResolver(NewsletterSchema),
    defaultValues: { name: '', email: '', [HONEYPOT_FIELD]: '' },
  });

  const onSubmit = async (values: Newsletter): Promise<void> => {
    let status: number;
    try {
      status = await sendPublicForm('newsletter', values);
    } catch (error) {
      showSendError(error, setError, ['name', 'email']);
      return;
    }
    notify.success(status === 200 ? NEWSLETTER_MESSAGES.alreadySubscribed : NEWSLETTER_MESSAGES.subscribed);
    reset();
  };

  const nameId = `${id}-name`;
  const emailId = `${id}-email`;

  return (
    <form className="newsletter-form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Newsletter">
      <div className="form-floating mb-3">
        <input
          id={nameId}
          type="text"
          className={`form-control${errors.name ? ' is-invalid' : ''}`}
          placeholder="Your Name"
          autoComplete="name"
          aria-required="true"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${nameId}-error` : undefined}
          {...register('name')}
        />
        <label htmlFor={nameId}>Your Name</label>
        {errors.name ? (
          <div id={`${nameId}-error`} className="invalid-feedback">
            {errors.name.message}
          </div>
        ) : null}
      </div>
      <div className="form-floating mb-3">
        <input
          id={emailId}
          type="email"
          className={`form-control${errors.email ? ' is-invalid' : ''}`}
          placeholder="Your Email"
          autoComplete="email"
          inputMode="email"
          aria-required="true"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${emailId}-error` : undefined}
          {...register('email')}
        />
        <label htmlFor={emailId}>Your Email</label>
        {errors.email ? (
          <div id={`${emailId}-error`} className="invalid-feedback">
            {errors.email.message}
          </div>
        ) : null}
      </div>
      <HoneypotField registration={register(HONEYPOT_FIELD)} />
      <button type="submit" className="btn btn-primary w-100 rounded-pill py-2" disabled={isSubmitting}>
        Submit Now
      </button>
    </form>
  );
}
