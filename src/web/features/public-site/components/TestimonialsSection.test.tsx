import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IslandCollector, IslandCollectorContext } from '../../../islands/island.js';
import { stubObservers, stubReducedMotion } from '../testing/browser-stubs.js';
import { mockContent, renderSection } from '../testing/render-section.js';
import { TestimonialsSection } from './TestimonialsSection.js';

const slides = (): HTMLElement[] => [
  ...document.querySelectorAll<HTMLElement>('[aria-roledescription="slide"]'),
];

describe('TestimonialsSection', () => {
  beforeEach(() => {
    stubObservers();
    stubReducedMotion(false);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is “What Parents Say!” with the testimonials’ carousel, a slide per record', async () => {
    mockContent();
    renderSection(<TestimonialsSection />);
    const carousel = await screen.findByRole('region', { name: 'Testimonials' });
    expect(screen.getByRole('heading', { level: 2, name: 'What Parents Say!' })).toBeInTheDocument();
    expect(slides().map((slide) => slide.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);

    const first = slides()[0] as HTMLElement;
    expect(first).toHaveTextContent('Aisha runs in singing every morning.');
    expect(first).toHaveTextContent('Farida Rahman');
    expect(first).toHaveTextContent('Parent of Aisha, KG');
    expect(within(first).getByRole('img', { hidden: true, name: 'Portrait of Farida Rahman' })).toBeVisible();
    expect(within(slides()[2] as HTMLElement).getByTestId('default-avatar')).toBeInTheDocument();
    expect(within(carousel).getAllByRole('button', { name: /^Go to testimonial/ })).toHaveLength(3);
  });

  it('hands its island only what the slides show', async () => {
    mockContent();
    const islands = new IslandCollector();
    renderSection(
      <IslandCollectorContext value={islands}>
        <TestimonialsSection />
      </IslandCollectorContext>,
    );
    await screen.findByRole('heading', { level: 2, name: 'What Parents Say!' });
    await vi.waitFor(() => expect(islands.placed.map((island) => island.name)).toContain('testimonials'));
    const island = islands.placed.find((placed) => placed.name === 'testimonials');
    expect(island?.props).toEqual({
      testimonials: [
        {
          id: 8,
          quote: 'Aisha runs in singing every morning.',
          name: 'Farida Rahman',
          designation: 'Parent of Aisha, KG',
          photo: { image: 'demo/parent-1.webp', alt: 'Portrait of Farida Rahman' },
        },
        {
          id: 9,
          quote: 'We love the weekly notes.',
          name: 'Tom Becker',
          designation: 'Parent of Jonas, Class 1',
          photo: { image: 'demo/parent-2.webp', alt: 'Portrait of Tom Becker' },
        },
        {
          id: 11,
          quote: 'Sofia reads to her brother every night.',
          name: 'Carlos Mendoza',
          designation: 'Parent of Sofia, Class 2',
          photo: undefined,
        },
      ],
    });
  });
});
