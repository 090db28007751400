import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allowConsoleErrors } from '../../../test/console.js';
import { WIRE } from '../testing/fixtures.js';
import { mockContent, renderSection } from '../testing/render-section.js';
import { ClassesSection } from './ClassesSection.js';

const factsOf = (card: HTMLElement): Record<string, string> =>
  Object.fromEntries(
    within(card)
      .getAllByRole('row')
      .map((row) => [
        within(row).getByRole('rowheader').textContent ?? '',
        within(row).getByRole('cell').textContent ?? '',
      ]),
  );

describe('ClassesSection', () => {
  it('takes its label and title from class record 0 only', async () => {
    mockContent();
    renderSection(<ClassesSection />);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Classes for Your Kids' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Popular Classes')).toBeInTheDocument();
    expect(screen.queryByText('Ignored title')).not.toBeInTheDocument();
  });

  it('gives each kids class a card with its own title, description, facts and Join Now', async () => {
    mockContent();
    renderSection(<ClassesSection />);

    const drawing = (await screen.findByRole('heading', { level: 3, name: 'Drawing & Painting' })).closest(
      'article',
    ) as HTMLElement;
    const reading = screen
      .getByRole('heading', { level: 3, name: 'Language & Storytelling' })
      .closest('article') as HTMLElement;

    expect(within(drawing).getByText('Little artists explore colour.')).toBeInTheDocument();
    expect(within(reading).getByText('Stories, songs and rhymes.')).toBeInTheDocument();
    expect(within(drawing).queryByText('Stories, songs and rhymes.')).not.toBeInTheDocument();
    expect(within(drawing).getByRole('img', { name: 'A child painting' })).toHaveAttribute('width', '600');

    expect(factsOf(drawing)).toEqual({
      'Age of Kids': '3 - 6 Years',
      'Total Seats': '40 Seats',
      'Class Time': '08 - 10 am',
      'Tuition Fee': '$290 / Month',
    });
    expect(factsOf(reading)['Tuition Fee']).toBe('$250 / Month');
    // Join Now leads to Book A Seat on the same page with this class chosen.
    expect(within(reading).getByRole('link', { name: 'Join Now: Language & Storytelling' })).toHaveAttribute(
      'href',
      '/?seat=6#book-a-seat',
    );
  });

  it('shows the free seats of the class a card names instead of its Total Seats', async () => {
    const [drawing, reading] = WIRE.kidsclasses;
    mockContent({
      content: {
        kidsclasses: [
          { ...drawing, class_id: '3' },
          { ...reading, class_id: '4' },
        ],
      },
      seats: {
        year: { id: 1, name: '2026–2027' },
        classes: [
          { classId: 3, className: 'KG', takesAdmissions: true, free: 1 },
          { classId: 4, className: 'Class 1', takesAdmissions: true, free: 0 },
        ],
      },
    });
    renderSection(<ClassesSection />);
    const card = async (name: string) =>
      (await screen.findByRole('heading', { level: 3, name })).closest('article') as HTMLElement;
    expect(factsOf(await card('Drawing & Painting'))).toMatchObject({ 'Free seats': '1 seat left' });
    expect(factsOf(await card('Language & Storytelling'))).toMatchObject({ 'Free seats': 'Waiting list' });
    expect(factsOf(await card('Language & Storytelling'))).not.toHaveProperty('Total Seats');
  });

  it('keeps the Total Seats text of a card whose class has no seats set', async () => {
    const [drawing] = WIRE.kidsclasses;
    mockContent({
      content: { kidsclasses: [{ ...drawing, class_id: '3' }] },
      seats: { year: null, classes: [{ classId: 3, className: 'KG', takesAdmissions: true, free: null }] },
    });
    renderSection(<ClassesSection />);
    const card = (await screen.findByRole('heading', { level: 3, name: 'Drawing & Painting' })).closest(
      'article',
    ) as HTMLElement;
    expect(factsOf(card)).toMatchObject({ 'Total Seats': '40 Seats' });
  });

  it('shows a retry when the kids classes fail, but keeps the heading', async () => {
    allowConsoleErrors();
    mockContent({ failing: ['kidsclasses'] });
    renderSection(<ClassesSection />);
    expect(await screen.findByRole('alert')).toHaveTextContent('could not load');
    expect(screen.getByRole('heading', { level: 2, name: 'Classes for Your Kids' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
