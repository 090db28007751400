import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ContentImg } from './ContentImg.js';

describe('ContentImg', () => {
  it('offers every stored width of a media-library picture through srcset', () => {
    const image = { image: 'media/0123456789abcdef0123456789abcdef-1200.webp', alt: 'Children painting' };
    render(<ContentImg image={image} width={600} height={400} sizes="(min-width: 768px) 300px, 100vw" />);
    const img = screen.getByRole('img', { name: 'Children painting' });
    expect(img).toHaveAttribute('src', '/uploads/media/0123456789abcdef0123456789abcdef-1200.webp');
    expect(img.getAttribute('srcset')).toBe(
      [400, 800, 1200]
        .map((w) => `/uploads/media/0123456789abcdef0123456789abcdef-${w}.webp ${w}w`)
        .join(', '),
    );
    expect(img).toHaveAttribute('sizes', '(min-width: 768px) 300px, 100vw');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '600');
  });

  it('offers a demo scene’s widths too', () => {
    const image = { image: 'demo/scenes/gallery-playing-1-600.webp', alt: 'Children on the swing' };
    render(<ContentImg image={image} width={600} height={600} sizes="calc(50vw - 18px)" />);
    const img = screen.getByRole('img', { name: 'Children on the swing' });
    expect(img.getAttribute('srcset')).toBe(
      [320, 480, 600].map((w) => `/uploads/demo/scenes/gallery-playing-1-${w}.webp ${w}w`).join(', '),
    );
    expect(img).toHaveAttribute('sizes', 'calc(50vw - 18px)');
  });

  it('has neither srcset nor sizes for a single-file picture (sizes alone is invalid HTML)', () => {
    render(
      <ContentImg
        image={{ image: 'demo/hero-1.webp', alt: 'A school' }}
        width={600}
        height={400}
        sizes="100vw"
      />,
    );
    const img = screen.getByRole('img', { name: 'A school' });
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
  });
});
