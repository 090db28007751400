import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockContent, renderSection } from '../testing/render-section.js';
import { AboutSection } from './AboutSection.js';

describe('AboutSection', () => {
  it('shows record 1’s label, title, description, both images and its learn_more button', async () => {
    mockContent();
    renderSection(<AboutSection learnMoreTo="/about" />);

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Best School For Your Kids' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Learn About Us')).toBeInTheDocument();
    expect(screen.getByText('Sunny Meadows opened in 2009.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Learn More about us' })).toHaveAttribute('href', '/about');

    const main = screen.getByRole('img', { name: 'A teacher reading to children' });
    expect(main).toHaveAttribute('src', '/uploads/demo/about-1.webp');
    expect(main).toHaveAttribute('width', '600');
    expect(main).toHaveAttribute('height', '450');
    expect(main).toHaveAttribute('loading', 'lazy');
    expect(screen.getByRole('img', { name: 'Children building a tower' })).toHaveAttribute('height', '400');
  });

  it('lists record 0’s heading3 split on #, empty parts dropped', async () => {
    mockContent();
    renderSection(<AboutSection learnMoreTo="/about" />);
    await screen.findByRole('heading', { name: 'Best School For Your Kids' });

    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Small classes',
      'Qualified teachers',
      'Healthy meals',
    ]);
    expect(screen.queryByText('Not')).not.toBeInTheDocument();
  });

  it('leaves out the button when record 1 has no learn_more label', async () => {
    mockContent({
      content: {
        about: [
          { id: 1, heading1: '', heading2: '', heading3: 'One', discription: '', learn_more: '', images: [] },
          {
            id: 2,
            heading1: 'L',
            heading2: 'Title',
            heading3: '',
            discription: 'D',
            learn_more: '',
            images: [],
          },
        ],
      },
    });
    renderSection(<AboutSection learnMoreTo="/about" />);
    await screen.findByRole('heading', { name: 'Title' });
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
