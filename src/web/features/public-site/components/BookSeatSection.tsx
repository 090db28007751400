import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef } from 'react';
import { useSearchParams } from 'react-router';
import {
  BOOKING_MESSAGES,
  type Booking,
  type BookingInput,
  BookingSchema,
  bookableClasses,
} from '../../../../shared/api/booking.js';
import { HONEYPOT_FIELD } from '../../../../shared/api/public-form-fields.js';
import {
  FloatingField,
  HoneypotField,
  NameAndEmailFields,
  usePublicForm,
} from '../../../components/forms/public-form.js';
import { PageIcon } from '../../../components/ui/PageIcon.js';
import { useContent } from '../../../lib/content.js';
import { BOOK_A_SEAT_ID, SEAT_PARAM } from '../lib/book-a-seat.js';
import { PublicSectionHeading } from './PublicSectionHeading.js';

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
    submit,
    setValue,
    formState: { errors, isSubmitting },
  } = usePublicForm<BookingInput, Booking>({
    resolver: zodResolver(BookingSchema),
    defaultValues: { name: '', email: '', className: '', [HONEYPOT_FIELD]: '' },
    path: 'bookings',
    fields: ['name', 'email', 'className'],
    sentMessage: () => BOOKING_MESSAGES.booked,
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

  return (
    <form className="book-seat__form" noValidate aria-label="Book A Seat" onSubmit={submit}>
      <NameAndEmailFields id={id} register={register} errors={errors} />
      <FloatingField id={`${id}-className`} label="Select A Class" error={errors.className} className="mb-4">
        {(control) => (
          <select
            {...control}
            className={control.className.replace('form-control', 'form-select')}
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
        )}
      </FloatingField>
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
