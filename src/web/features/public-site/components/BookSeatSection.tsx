import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import {
  BOOKING_CLASSES,
  BOOKING_MESSAGES,
  type Booking,
  type BookingInput,
  BookingSchema,
} from '../../../../shared/api/booking.js';
import { HONEYPOT_FIELD } from '../../../../shared/api/newsletter.js';
import { HoneypotField, sendPublicForm, showSendError } from '../../../components/forms/public-form.js';
import { PageIcon } from '../../../components/ui/PageIcon.js';
import { notify } from '../../../lib/toast.js';

const PROMISES = [
  'A visit and a trial morning before you decide',
  'Small classes with a caring class teacher',
  'Fresh meals and a safe school bus on request',
] as const;

/**
 * The form of the 'Book A Seat' promo (spec 2.4): Your Name, Your Email, Select A Class, Book Now.
 * It checks the fields with the schema of `POST bookings`, then sends them there; a failed send
 * keeps what the visitor entered.
 */
export function BookSeatForm() {
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<BookingInput, unknown, Booking>({
    resolver: zodResolver(BookingSchema),
    defaultValues: { name: '', email: '', className: '' as Booking['className'], [HONEYPOT_FIELD]: '' },
  });

  const onSubmit = async (values: Booking): Promise<void> => {
    try {
      await sendPublicForm('bookings', values);
    } catch (error) {
      showSendError(error, setError, ['name', 'email', 'className']);
      return;
    }
    notify.success(BOOKING_MESSAGES.booked);
    reset();
  };

  const field = (name: keyof BookingInput) => {
    const error = errors[name]?.message;
    const fieldId = `${id}-${name}`;
    return {
      id: fieldId,
      error,
      errorId: `${fieldId}-error`,
      className: `form-control${error ? ' is-invalid' : ''}`,
      aria: {
        'aria-required': true,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? `${fieldId}-error` : undefined,
      } as const,
    };
  };
  const name = field('name');
  const email = field('email');
  const className = field('className');

  return (
    <form className="book-seat__form" noValidate aria-label="Book A Seat" onSubmit={handleSubmit(onSubmit)}>
      <div className="form-floating mb-3">
        <input
          id={name.id}
          type="text"
          className={name.className}
          placeholder="Your Name"
          autoComplete="name"
          {...name.aria}
          {...register('name')}
        />
        <label htmlFor={name.id}>Your Name</label>
        {name.error ? (
          <div id={name.errorId} className="invalid-feedback">
            {name.error}
          </div>
        ) : null}
      </div>
      <div className="form-floating mb-3">
        <input
          id={email.id}
          type="email"
          className={email.className}
          placeholder="Your Email"
          autoComplete="email"
          inputMode="email"
          {...email.aria}
          {...register('email')}
        />
        <label htmlFor={email.id}>Your Email</label>
        {email.error ? (
          <div id={email.errorId} className="invalid-feedback">
            {email.error}
          </div>
        ) : null}
      </div>
      <div className="form-floating mb-4">
        <select
          id={className.id}
          className={className.className.replace('form-control', 'form-select')}
          {...className.aria}
          {...register('className')}
        >
          <option value="">Choose a class</option>
          {BOOKING_CLASSES.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
        <label htmlFor={className.id}>Select A Class</label>
        {className.error ? (
          <div id={className.errorId} className="invalid-feedback">
            {className.error}
          </div>
        ) : null}
      </div>
      <HoneypotField registration={register(HONEYPOT_FIELD)} />
      <button type="submit" className="btn btn-primary btn-lg w-100 rounded-pill" disabled={isSubmitting}>
        Book Now
      </button>
    </form>
  );
}

/** Home (spec 2.4): the static 'Book A Seat' promo beside its form. */
export function BookSeatSection() {
  const headingId = useId();
  return (
    <section className="book-seat section-pad" aria-labelledby={headingId}>
      <div className="container">
        <div className="row align-items-center gx-lg-5 gy-5">
          <div className="col-lg-7">
            <div className="section-heading section-heading--start">
              <p className="section-heading__label">Book A Seat</p>
              <h2 id={headingId} className="section-heading__title">
                Book A Seat For Your Kid
              </h2>
            </div>
            <p className="book-seat__text">
              Places for the new school year fill up quickly. Tell us your name, your email and the class you
              have in mind, and we will invite you for a visit: meet the teachers, see the classrooms and let
              your child try a morning with us.
            </p>
            <ul className="checklist">
              {PROMISES.map((promise) => (
                <li key={promise}>
                  <PageIcon name="check-circle-fill" className="checklist__icon" />
                  <span>{promise}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className="col-lg-5">
            <div className="book-seat__card">
              <h3 className="book-seat__card-title">Book A Seat</h3>
              <div className="book-seat__card-body">
                <BookSeatForm />
              </div>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
