import { act, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '../../../../shared/api/booking.js';
import { HONEYPOT_FIELD } from '../../../../shared/api/newsletter.js';
import { TOO_MANY_MESSAGES } from '../../../components/forms/public-form.js';
import { answerForm } from '../../../test/form-fetch.js';
import { jsonResponse } from '../../../test/render-app.js';
import { mockContent, renderSection } from '../testing/render-section.js';
import { BookSeatForm, type BookSeatFormProps } from './BookSeatForm.js';
import { BookSeatSection } from './BookSeatSection.js';
import { ClassesSection } from './ClassesSection.js';

/** Book A Seat of a school without class cards unless `cards` says otherwise. */
function renderBooking(cards: 'none' | 'fixtures' = 'none') {
  mockContent(cards === 'none' ? { content: { kidsclasses: [] } } : {});
  const view = renderSection(<BookSeatSection />);
  return { ...view, form: within(screen.getByRole('form', { name: 'Book A Seat' })) };
}

describe('BookSeatSection', () => {
  it('is the Book A Seat promo with Your Name, Your Email, Select A Class and Book Now', async () => {
    const { form } = renderBooking();
    await form.findByRole('option', { name: 'Class 3' });
    expect(screen.getByRole('heading', { level: 2, name: 'Book A Seat For Your Kid' })).toBeInTheDocument();
    expect(form.getByLabelText('Your Name')).toBeInTheDocument();
    expect(form.getByLabelText('Your Email')).toHaveAttribute('type', 'email');
    const select = form.getByLabelText('Select A Class');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a class', 'Class 1', 'Class 2', 'Class 3']);
    expect(form.getByRole('button', { name: 'Book Now' })).toHaveAttribute('type', 'submit');
  });

  it('offers the school’s class cards by name when it has them, instead of Class 1-3', async () => {
    const { form } = renderBooking('fixtures');
    await form.findByRole('option', { name: 'Drawing & Painting' });
    expect(
      within(form.getByLabelText('Select A Class'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a class', 'Drawing & Painting', 'Language & Storytelling']);
  });

  it('offers the classes that take admissions, each with its free seats, instead of the cards', async () => {
    mockContent({
      seats: {
        year: { id: 1, name: '2026–2027' },
        classes: [
          { classId: 3, className: 'KG', takesAdmissions: true, free: 3 },
          { classId: 4, className: 'Class 1', takesAdmissions: true, free: 0 },
          { classId: 5, className: 'Class 2', takesAdmissions: false, free: 4 },
          { classId: 6, className: 'Nursery', takesAdmissions: true, free: null },
        ],
      },
    });
    renderSection(<BookSeatSection />);
    const form = within(screen.getByRole('form', { name: 'Book A Seat' }));
    await form.findByRole('option', { name: 'KG — 3 seats left' });
    const options = within(form.getByLabelText('Select A Class')).getAllByRole('option');
    expect(options.map((option) => [option.textContent, option.getAttribute('value')])).toEqual([
      ['Choose a class', ''],
      ['KG — 3 seats left', 'KG'],
      ['Class 1 — waiting list', 'Class 1'],
      ['Nursery', 'Nursery'],
    ]);
  });

  it('Join Now on a class card leads to Book A Seat with that class chosen and focused', async () => {
    mockContent();
    const { user, router } = renderSection(
      <>
        <ClassesSection />
        <BookSeatSection />
      </>,
    );
    const card = (await screen.findByRole('heading', { level: 3, name: 'Language & Storytelling' })).closest(
      'article',
    ) as HTMLElement;
    const join = within(card).getByRole('link', { name: 'Join Now: Language & Storytelling' });
    expect(join).toHaveAttribute('href', '/?seat=6#book-a-seat');
    await user.click(join);
    const select = within(screen.getByRole('form', { name: 'Book A Seat' })).getByLabelText('Select A Class');
    await waitFor(() => expect(select).toHaveValue('Language & Storytelling'));
    expect(select).toHaveFocus();
    expect(router.state.location.hash).toBe('#book-a-seat');
  });

  it('asks for each field when sent empty', async () => {
    const { form, user } = renderBooking();
    await form.findByRole('option', { name: 'Class 3' });
    await user.click(form.getByRole('button', { name: 'Book Now' }));
    expect(await form.findByText('Please enter your name')).toBeInTheDocument();
    expect(form.getByText('Please enter your email')).toBeInTheDocument();
    expect(form.getByText(BOOKING_MESSAGES.selectClass)).toBeInTheDocument();
    expect(form.getByLabelText('Select A Class')).toHaveAccessibleDescription(BOOKING_MESSAGES.selectClass);
  });

  it('sends the booking to POST bookings, thanks the visitor and empties the form', async () => {
    const { form, user } = renderBooking();
    const sent = answerForm('bookings', jsonResponse({ data: { received: true } }, 201));
    await form.findByRole('option', { name: 'Class 2' });
    expect(document.querySelector(`input[name="${HONEYPOT_FIELD}"]`)).toHaveAttribute('tabindex', '-1');
    await user.type(form.getByLabelText('Your Name'), 'Asha Patel');
    await user.type(form.getByLabelText('Your Email'), 'asha@example.com');
    await user.selectOptions(form.getByLabelText('Select A Class'), 'Class 2');
    await user.click(form.getByRole('button', { name: 'Book Now' }));

    expect(await screen.findByText(BOOKING_MESSAGES.booked)).toBeInTheDocument();
    expect(sent()).toEqual({
      name: 'Asha Patel',
      email: 'asha@example.com',
      className: 'Class 2',
      [HONEYPOT_FIELD]: '',
    });
    expect(form.getByLabelText('Your Name')).toHaveValue('');
    expect(form.getByLabelText('Select A Class')).toHaveValue('');
  });

  it('keeps the form and says “Too many messages” on 429', async () => {
    const { form, user } = renderBooking();
    answerForm('bookings', jsonResponse({ error: { code: 'RATE_LIMITED', message: 'Slow down' } }, 429));
    await form.findByRole('option', { name: 'Class 2' });
    await user.type(form.getByLabelText('Your Name'), 'Asha Patel');
    await user.type(form.getByLabelText('Your Email'), 'asha@example.com');
    await user.selectOptions(form.getByLabelText('Select A Class'), 'Class 2');
    await user.click(form.getByRole('button', { name: 'Book Now' }));
    expect(await screen.findByText(TOO_MANY_MESSAGES)).toBeInTheDocument();
    expect(form.getByLabelText('Your Name')).toHaveValue('Asha Patel');
  });
});

describe('BookSeatForm as an island of the server-rendered home and classes pages', () => {
  const props: BookSeatFormProps = {
    classes: [
      { name: 'Drawing & Painting', free: null },
      { name: 'Language & Storytelling', free: null },
    ],
    cards: [
      { id: 5, title: 'Drawing & Painting' },
      { id: 6, title: 'Language & Storytelling ' },
    ],
    // The server renders the page without `?seat=`: it is not one of the page's parameters.
    seat: null,
  };

  afterEach(() => window.history.replaceState(null, '', '/'));

  it('hydrates the server’s markup as it is, then takes Join Now’s ?seat= from the page’s address', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<BookSeatForm {...props} />);
    document.body.append(container);
    window.history.replaceState(null, '', '/?seat=6#book-a-seat');
    // A mismatch would be a console error, which fails the test.
    const root = await act(async () => hydrateRoot(container, <BookSeatForm {...props} />));
    try {
      const select = within(container).getByLabelText('Select A Class');
      await waitFor(() => expect(select).toHaveValue('Language & Storytelling'));
      expect(select).toHaveFocus();
    } finally {
      act(() => root.unmount());
      container.remove();
    }
  });
});
