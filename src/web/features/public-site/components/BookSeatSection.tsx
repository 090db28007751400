import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import {
  BOOKING_MESSAGES,
  type Booking,
  type BookingInput,
  BookingSchema,
  bookableClasses,
} from '../../../../shared/api/booking.js';
import { HONEYPOT_FIELD } from '../../../../shared/api/newsletter.js';
import { HoneypotField, sendPublicForm, showSendError } from '../../../components/forms/public-form.js';
import { PageIcon } from '../../../components/ui/PageIcon.js';
import { useContent } from '../../../lib/content.js';
import { notify } from '../../../lib/toast.js';
import { PublicSectionHeading } from './PublicSectionHeading.js';

/** The id of Book A Seat's section: Join Now on a class card leads here. */
export const BOOK_A_SEAT_ID = 'book-a-seat';
/** `?seat=<class card id>`: the class Join Now chose. */
export const SEAT_PARAM = 'seat';

const PROMISES = [
  'A visit and a trial morning before you decide',
  'Small classes with a caring class teacher',
  'Fresh meals and a safe school bus on request',
] as const;

/**
 * The form of the 'Book A Seat' promo (docs/contract/product.md#public-pages): Your Name, Your Email, Select
 * A Class, Book Now. It checks the fields with the schema of `POST bookings`, then sends them there; a failed
 * send keeps what the visitor entered.
 */
export function BookSeatForm() {
  const id = useId();
  const cards = useContent('kidsclasses');
  const classes = bookableClasses((cards.data ?? []).map((card) => card.title));
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<BookingInput, unknown, Booking>({
    resolver: zodResolver(BookingSchema),
    defaultValues: { name: '', email: '', className: '', [HONEYPOT_FIELD]: '' },
  });

  // Join Now on a class card: that class chosen, the form in view and the choice focused.
  const [searchParams] = useSearchParams();
  const seat = searchParams.get(SEAT_PARAM);
  const chosen = cards.data?.find((card) => String(card.id) === seat)?.title.trim();
  const classSelect = useRef<HTMLSelectElement | null>(null);
  useEffect(() => {
    if (!chosen) return;
    setValue('className', chosen, { shouldValidate: false });
    const select = classSelect.current;
    select?.closest('section')?.scrollIntoView?.({ block: 'start' });
    select?.focus({ preventScroll: true });
  }, [chosen, setValue]);
  const { ref: classRef, ...classField } = register('className');

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
          {...classField}
          ref={(element) => {
            classRef(element);
            classSelect.current = element;
          }}
        >
          <option value="">Choose a class</option>
          {classes.map((option) => (
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

/** Home (docs/contract/product.md#public-pages): the static 'Book A Seat' promo beside its form. */
export function BookSeatSection() {
  const headingId = useId();
  return (
    <section id={BOOK_A_SEAT_ID} className="book-seat section-pad" aria-labelledby={headingId}>
      <div className="container">
        <div className="row align-items-center gx-lg-5 gy-5">
          <div className="col-lg-7">
            <PublicSectionHeading
              id={headingId}
              label="Book A Seat"
              title="Book A Seat For Your Kid"
              className="section-heading--start"
            />
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
