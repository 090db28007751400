import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../../../test/axe.js';
import { mockContent, renderSection } from '../testing/render-section.js';
import { SchoolCalendarSection } from './SchoolCalendarSection.js';

describe('SchoolCalendarSection', () => {
  it('shows the year’s terms and its public dates, a closure marked as one; axe-clean', async () => {
    mockContent();
    const { container } = renderSection(<SchoolCalendarSection />);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Term Dates and Events' }),
    ).toBeInTheDocument();
    expect(screen.getByText('School Calendar')).toBeInTheDocument();

    const terms = await screen.findByRole('list', { name: 'Terms of 2026–2027' });
    expect(
      within(terms)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Autumn 2026 From Tue, 1 Sep 2026 to Fri, 18 Dec 2026',
      'Spring 2027 From Tue, 5 Jan 2027 to Sat, 27 Mar 2027',
    ]);
    const dates = screen.getByRole('list', { name: 'Dates for the year' });
    expect(
      within(dates)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Thu, 3 Dec 2026, 09:30–14:00Sports dayThe school fieldRaces and a picnic.',
      'From Mon, 21 Dec 2026 to Mon, 4 Jan 2027School closed: Winter holiday',
    ]);
    expect(
      within(dates).getByRole('heading', { level: 4, name: 'School closed: Winter holiday' }),
    ).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('is left out when the school keeps no year and no public date', async () => {
    mockContent({ calendar: { year: null, dates: [] } });
    const { container } = renderSection(<SchoolCalendarSection />);
    // Busy while it loads, then gone.
    expect(container.querySelector('.school-calendar')).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(container.querySelector('.school-calendar')).toBeNull());
  });

  it('shows the dates without terms when there is no year', async () => {
    mockContent({
      calendar: {
        year: null,
        dates: [
          {
            uid: 'a@test',
            kind: 'event',
            title: 'Open morning',
            description: '',
            place: '',
            startDate: '2026-12-05',
            endDate: '2026-12-05',
            startTime: null,
            endTime: null,
          },
        ],
      },
    });
    renderSection(<SchoolCalendarSection />);
    expect(await screen.findByRole('heading', { level: 4, name: 'Open morning' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /Terms of/ })).not.toBeInTheDocument();
  });
});
