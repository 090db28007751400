import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockContent, renderSection } from '../testing/render-section.js';
import { TeachersSection } from './TeachersSection.js';

describe('TeachersSection', () => {
  it('takes heading1 and heading2 from record 0 only', async () => {
    mockContent();
    renderSection(<TeachersSection />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Meet Our Teachers' })).toBeInTheDocument();
    expect(screen.getByText('Our Teachers')).toBeInTheDocument();
    expect(screen.queryByText('Not this title')).not.toBeInTheDocument();
    expect(screen.queryByText('Not this label')).not.toBeInTheDocument();
  });

  it('shows a card per teacher: round photo, name, designation and labelled social links', async () => {
    mockContent();
    renderSection(<TeachersSection />);

    const card = (await screen.findByRole('heading', { level: 3, name: 'Daniel Whitfield' })).closest(
      'article',
    ) as HTMLElement;
    expect(within(card).getByText('Mathematics Teacher')).toBeInTheDocument();
    const photo = within(card).getByRole('img', { name: 'Portrait of Daniel Whitfield' });
    expect(photo).toHaveClass('teacher-card__photo');
    expect(photo).toHaveAttribute('width', '300');
    for (const network of ['Twitter', 'Facebook', 'LinkedIn', 'Instagram']) {
      expect(within(card).getByRole('link', { name: `Daniel Whitfield on ${network}` })).toBeInTheDocument();
    }
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });
});
