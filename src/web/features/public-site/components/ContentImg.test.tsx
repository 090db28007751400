import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ContentImg } from './ContentImg.js';

describe('ContentImg', () => {
  it('offers every stored width of a media-library picture through srcset', () => {
    const image = { image: 'media/0123456789abcdef0123456789abcdef-1200.webp', alt: 'Children painting' };
    render(<ContentImg image={image} width={600} height={400} />);
    const img = screen.getByRole('img', { name: 'Children painting' });
    expect(img).toHaveAttribute('src', '/uploads/media/0123456789abcdef0123456789abcdef-1200.webp');
    expect(img.getAttribute('srcset')).toBe(
      [400, 800, 1200]
        .map((w) => `/uploads/media/0123456789abcdef0123456789abcdef-${w}.webp ${w}w`)
        .join(', '),
    );
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '600');
  });

  it('has no srcset for a single-file picture', () => {
    render(<ContentImg image={{ image: 'demo/hero-1.webp', alt: 'A school' }} width={600} height={400} />);
    expect(screen.getByRole('img', { name: 'A school' })).not.toHaveAttribute('srcset');
  });
});
