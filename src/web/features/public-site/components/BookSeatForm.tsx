import { useEffect, useId, useRef, useState } from 'react';
import type { Booking, BookingInput } from '../../../../shared/api/booking.js';
import { type BookingChoice, HONEYPOT_FIELD } from '../../../../shared/api/public-form-fields.js';
import {
  FloatingField,
  HoneypotField,
  NameAndEmailFields,
  usePublicForm,
} from '../../../components/forms/public-form.js';
import { useI18n } from '../../../lib/i18n.js';
import { lazyResolver } from '../../../lib/lazy-resolver.js';
import { SEAT_PARAM } from '../lib/book-a-seat.js';

/** The checks of `POST bookings`, loaded when the form is first used. */
const bookingResolver = lazyResolver(() =>
  import('../lib/form-resolvers.js').then((module) => module.bookingResolver),
);

/** A class card Join Now can choose: its id (`?seat=<id>`) and the name of the class it books. */
export interface SeatCard {
  id: number;
  title: string;
}

export interface BookSeatFormProps {
  /** What Select A Class offers, each class with its free seats (bookingChoices()). */
  classes: readonly BookingChoice[];
  /** The class cards, for `?seat=<card id>` (Join Now on a card) to choose a class. */
  cards: readonly SeatCard[];
  /**
   * `?seat=` as the app's router has it, so a move to it without a page load chooses too. The page
   * the server renders never has it (it is not one of the page's parameters,
   * shared/page-rendering.ts): as an island the form reads the page's own address instead.
   */
  seat?: string | null;
}

/**
 * The `?seat=` of the page's own address, read once the form runs in the browser, and again whenever
 * the router's `seat` changes (an app's move away from `?seat=` leaves no old choice behind).
 */
function usePageSeat(routerSeat: string | null): string | null {
  const [seat, setSeat] = useState<string | null>(null);
  // In an effect, not while rendering: the server's render had no address to read, and hydration
  // must render what it did.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the router's move is when to read again.
  useEffect(() => setSeat(new URLSearchParams(window.location.search).get(SEAT_PARAM)), [routerSeat]);
  return seat;
}

/**
 * The form of the 'Book A Seat' promo (docs/contract/product.md#public-pages): Your Name, Your Email,
 * Select A Class, Book Now. It checks the fields with the schema of `POST bookings`, then sends them
 * there; a failed send keeps what the visitor entered. An island of the home and classes pages
 * (islands/registry.ts): BookSeatSection gives it the classes.
 */
export function BookSeatForm({ classes, cards, seat = null }: BookSeatFormProps) {
  const { t } = useI18n();
  const id = useId();
  const {
    register,
    submit,
    setValue,
    formState: { errors, isSubmitting },
  } = usePublicForm<BookingInput, Booking>({
    resolver: bookingResolver,
    defaultValues: { name: '', email: '', className: '', [HONEYPOT_FIELD]: '' },
    path: 'bookings',
    fields: ['name', 'email', 'className'],
    sentMessage: () => 'forms.done.booking.booked',
  });

  // Join Now on a class card: that class chosen, the form in view and the choice focused.
  const pageSeat = usePageSeat(seat);
  const chosenSeat = seat ?? pageSeat;
  const chosen = cards.find((card) => String(card.id) === chosenSeat)?.title.trim();
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
    <form
      className="book-seat__form"
      noValidate
      aria-label={t('public-site.bookSeat.form')}
      onSubmit={submit}
      onFocus={bookingResolver.preload}
    >
      <NameAndEmailFields id={id} register={register} errors={errors} />
      <FloatingField
        id={`${id}-className`}
        label={t('public-site.bookSeat.selectClass')}
        error={errors.className}
        className="mb-4"
      >
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
            <option value="">{t('public-site.bookSeat.chooseClass')}</option>
            {classes.map((choice) => (
              <option key={choice.name} value={choice.name}>
                {choice.free === null
                  ? choice.name
                  : choice.free > 0
                    ? t('public-site.bookSeat.optionSeatsLeft', { name: choice.name, count: choice.free })
                    : t('public-site.bookSeat.optionWaitingList', { name: choice.name })}
              </option>
            ))}
          </select>
        )}
      </FloatingField>
      <HoneypotField registration={register(HONEYPOT_FIELD)} />
      <button type="submit" className="btn btn-primary btn-lg w-100 rounded-pill" disabled={isSubmitting}>
        {t('public-site.bookSeat.submit')}
      </button>
    </form>
  );
}
