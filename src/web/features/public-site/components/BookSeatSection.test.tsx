import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '../../../../shared/api/booking.js';
import { renderSection } from '../testing/render-section.js';
import { BookSeatSection } from './BookSeatSection.js';

function renderBooking() {
  const view = renderSection(<BookSeatSection />);
  return { ...view, form: within(screen.getByRole('form', { name: 'Book A Seat' })) };
}

describe('BookSeatSection', () => {
  it('is the Book A Seat promo with Your Name, Your Email, Select A Class and Book Now', () => {
    const { form } = renderBooking();
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

  it('asks for each field when sent empty', async () => {
    const { form, user } = renderBooking();
    await user.click(form.getByRole('button', { name: 'Book Now' }));
    expect(await form.findByText('Please enter your name')).toBeInTheDocument();
    expect(form.getByText('Please enter your email')).toBeInTheDocument();
    expect(form.getByText(BOOKING_MESSAGES.selectClass)).toBeInTheDocument();
    expect(form.getByLabelText('Select A Class')).toHaveAccessibleDescription(BOOKING_MESSAGES.selectClass);
  });

  it('thanks the visitor and empties the form when valid', async () => {
    const { form, user } = renderBooking();
    await user.type(form.getByLabelText('Your Name'), 'Asha Patel');
    await user.type(form.getByLabelText('Your Email'), 'asha@example.com');
    await user.selectOptions(form.getByLabelText('Select A Class'), 'Class 2');
    await user.click(form.getByRole('button', { name: 'Book Now' }));

    expect(await screen.findByText(BOOKING_MESSAGES.received)).toBeInTheDocument();
    expect(form.getByLabelText('Your Name')).toHaveValue('');
    expect(form.getByLabelText('Select A Class')).toHaveValue('');
  });
});
