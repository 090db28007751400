import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockContent, renderSection } from '../testing/render-section.js';
import { BlogSection } from './BlogSection.js';

const cardOf = (title: string): HTMLElement =>
  screen.getByRole('heading', { level: 3, name: title }).closest('article') as HTMLElement;

describe('BlogSection', () => {
  it('takes heading1 and heading2 from record 0 only', async () => {
    mockContent();
    renderSection(<BlogSection />);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Latest Articles From Blog' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Latest Blog')).toBeInTheDocument();
    expect(screen.queryByText('Other title')).not.toBeInTheDocument();
  });

  it('shows each post’s own description, author and category, and 15 comments', async () => {
    mockContent();
    renderSection(<BlogSection />);
    await screen.findByRole('heading', { level: 3, name: 'Bedtime Reading' });

    const bedtime = cardOf('Bedtime Reading');
    expect(within(bedtime).getByText('A story at bedtime is a gift.')).toBeInTheDocument();
    expect(within(bedtime).getByText('Amara Okafor')).toBeInTheDocument();
    expect(within(bedtime).getByText('Reading')).toBeInTheDocument();
    expect(within(bedtime).getByRole('img', { name: 'A child reading by lamplight' })).toHaveAttribute(
      'loading',
      'lazy',
    );

    const lunch = cardOf('Healthy Lunchboxes');
    expect(within(lunch).getByText('Colour is the secret.')).toBeInTheDocument();
    expect(within(lunch).queryByText('A story at bedtime is a gift.')).not.toBeInTheDocument();
    expect(within(lunch).getByText('15')).toBeInTheDocument();
  });

  it('defaults an empty author to Admin and an empty category to Web Design', async () => {
    mockContent();
    renderSection(<BlogSection />);
    await screen.findByRole('heading', { level: 3, name: 'Healthy Lunchboxes' });
    const lunch = cardOf('Healthy Lunchboxes');
    expect(within(lunch).getByText('Admin')).toBeInTheDocument();
    expect(within(lunch).getByText('Web Design')).toBeInTheDocument();
  });

  it('links each Read More to its own post and can show only the latest posts', async () => {
    mockContent();
    renderSection(<BlogSection limit={2} />);
    await screen.findByRole('heading', { level: 3, name: 'Bedtime Reading' });
    const links = screen.getAllByRole('link', { name: /^Read More/ });
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAccessibleName('Read More: Bedtime Reading');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/blogdetail?post=16',
      '/blogdetail?post=17',
    ]);
    expect(screen.queryByRole('heading', { name: 'Outdoor Play' })).not.toBeInTheDocument();
  });
});
