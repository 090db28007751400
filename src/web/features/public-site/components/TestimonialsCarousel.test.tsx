import { act, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_AVATAR_PX } from '../../../../shared/constants.js';
import { stubObservers, stubReducedMotion } from '../testing/browser-stubs.js';
import { type TestimonialSlide, TestimonialsCarousel } from './TestimonialsCarousel.js';

const SLIDES: TestimonialSlide[] = [
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
];

/** The carousel as its island renders it: its props alone, with no router and no query client. */
function renderCarousel(testimonials: TestimonialSlide[] = SLIDES) {
  const user = userEvent.setup();
  render(<TestimonialsCarousel testimonials={testimonials} />);
  return { user, carousel: screen.getByRole('region', { name: 'Testimonials' }) };
}

const slides = (): HTMLElement[] => [
  ...document.querySelectorAll<HTMLElement>('[aria-roledescription="slide"]'),
];

describe('TestimonialsCarousel', () => {
  beforeEach(() => {
    stubObservers();
    stubReducedMotion(false);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is a carousel with one labelled slide per testimonial', () => {
    const { carousel } = renderCarousel();
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    expect(slides().map((slide) => slide.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    for (const slide of slides()) expect(slide).toHaveAttribute('role', 'group');

    const first = slides()[0] as HTMLElement;
    expect(first).toHaveTextContent('Aisha runs in singing every morning.');
    expect(first).toHaveTextContent('Farida Rahman');
    expect(first).toHaveTextContent('Parent of Aisha, KG');
  });

  it('shows the parent’s photo, or the 70 px default avatar when there is none', () => {
    renderCarousel();
    const withPhoto = slides()[0] as HTMLElement;
    expect(
      within(withPhoto).getByRole('img', { hidden: true, name: 'Portrait of Farida Rahman' }),
    ).toHaveAttribute('width', String(DEFAULT_AVATAR_PX));
    expect(within(withPhoto).queryByTestId('default-avatar')).not.toBeInTheDocument();

    const withoutPhoto = slides()[2] as HTMLElement;
    const avatar = within(withoutPhoto).getByTestId('default-avatar');
    expect(avatar).toHaveStyle({ width: `${DEFAULT_AVATAR_PX}px`, height: `${DEFAULT_AVATAR_PX}px` });
    expect(within(withoutPhoto).queryByRole('img', { hidden: true })).not.toBeInTheDocument();
  });

  it('has labelled arrows, a dot per slide and a pause button', () => {
    const { carousel } = renderCarousel();
    const c = within(carousel);
    expect(c.getByRole('button', { name: 'Previous testimonial' })).toBeInTheDocument();
    expect(c.getByRole('button', { name: 'Next testimonial' })).toBeInTheDocument();
    expect(c.getByRole('button', { name: 'Go to testimonial 1' })).toHaveAttribute('aria-current', 'true');
    expect(c.getByRole('button', { name: 'Go to testimonial 3' })).not.toHaveAttribute('aria-current');
    expect(c.getByRole('button', { name: 'Pause testimonials' })).toBeInTheDocument();
  });

  it('has no controls for a single testimonial', () => {
    const { carousel } = renderCarousel(SLIDES.slice(0, 1));
    expect(within(carousel).queryByRole('button')).not.toBeInTheDocument();
  });

  it('stops rotating (and lets screen readers follow) while hovered or focused, and on Pause', async () => {
    const { carousel, user } = renderCarousel();
    const track = carousel.querySelector('.testimonial-carousel__track') as HTMLElement;
    expect(track).toHaveAttribute('aria-live', 'off');

    await user.hover(carousel);
    expect(track).toHaveAttribute('aria-live', 'polite');
    await user.unhover(carousel);
    expect(track).toHaveAttribute('aria-live', 'off');

    await user.tab(); // focus moves onto the first control
    expect(carousel).toContainElement(document.activeElement as HTMLElement);
    expect(track).toHaveAttribute('aria-live', 'polite');
    act(() => (document.activeElement as HTMLElement).blur());
    expect(track).toHaveAttribute('aria-live', 'off');

    await user.click(within(carousel).getByRole('button', { name: 'Pause testimonials' }));
    await user.unhover(carousel);
    act(() => (document.activeElement as HTMLElement).blur());
    expect(track).toHaveAttribute('aria-live', 'polite');
    expect(within(carousel).getByRole('button', { name: 'Play testimonials' })).toBeInTheDocument();
  });

  it('does not play by itself when the visitor prefers reduced motion', () => {
    stubReducedMotion(true);
    const { carousel } = renderCarousel();
    expect(within(carousel).getByRole('button', { name: 'Play testimonials' })).toBeInTheDocument();
    expect(carousel.querySelector('.testimonial-carousel__track')).toHaveAttribute('aria-live', 'polite');
  });
});
