import { useId } from 'react';
import { useLocation } from 'react-router';
import { bookingChoices } from '../../../../shared/api/public-form-fields.js';
import { PageIcon } from '../../../components/ui/PageIcon.js';
import { Island } from '../../../islands/island.js';
import { useContent } from '../../../lib/content.js';
import { type MessageKey, useI18n } from '../../../lib/i18n.js';
import { useAdmissionSeats } from '../api/admission-seats.js';
import { BOOK_A_SEAT_ID, SEAT_PARAM } from '../lib/book-a-seat.js';
import { BookSeatForm, type SeatCard } from './BookSeatForm.js';
import { PublicSectionHeading } from './PublicSectionHeading.js';

// Fixed text, shown by every school's site (the starter site's too): only what booking a seat
// leads to anywhere, no claim about meals, transport or class sizes a school may not make.
const PROMISES = [
  'public-site.bookSeat.promise.reply',
  'public-site.bookSeat.promise.visit',
  'public-site.bookSeat.promise.questions',
] as const satisfies readonly MessageKey[];

/**
 * Home and classes (docs/contract/product.md#public-pages): the static 'Book A Seat' promo beside its
 * form, an island (BookSeatForm) given the classes that take admissions with their free seats
 * (docs/decisions/0101-seats-that-mean-something.md).
 */
export function BookSeatSection() {
  const { t } = useI18n();
  const headingId = useId();
  const { search } = useLocation();
  const seats = useAdmissionSeats().data;
  const records = useContent('kidsclasses').data ?? [];
  // Only what the form needs travels in the island's props: each card's id and the class it books
  // (the class it names, else its title).
  const cards: SeatCard[] = records.map(({ id, title, classId }) => ({
    id,
    title: seats?.classes.find((row) => String(row.classId) === classId)?.className ?? title,
  }));
  const choices = bookingChoices(
    seats?.classes ?? [],
    records.map((record) => record.title),
  );
  return (
    <section id={BOOK_A_SEAT_ID} className="book-seat section-pad" aria-labelledby={headingId}>
      <div className="container">
        <div className="row align-items-center gx-lg-5 gy-5">
          <div className="col-lg-7">
            <PublicSectionHeading
              id={headingId}
              label={t('public-site.bookSeat.label')}
              title={t('public-site.bookSeat.title')}
              className="section-heading--start"
            />
            <p className="book-seat__text">{t('public-site.bookSeat.text')}</p>
            <ul className="checklist">
              {PROMISES.map((promise) => (
                <li key={promise}>
                  <PageIcon name="check-circle-fill" className="checklist__icon" />
                  <span>{t(promise)}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className="col-lg-5">
            <div className="book-seat__card">
              <h3 className="book-seat__card-title">{t('public-site.bookSeat.cardTitle')}</h3>
              <div className="book-seat__card-body">
                <Island
                  name="book-seat-form"
                  component={BookSeatForm}
                  props={{
                    classes: choices,
                    cards,
                    seat: new URLSearchParams(search).get(SEAT_PARAM),
                  }}
                />
              </div>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
