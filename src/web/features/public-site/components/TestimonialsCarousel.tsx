import type { EmblaCarouselType } from 'embla-carousel';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { type FocusEvent, type KeyboardEvent, useCallback, useEffect, useMemo, useState } from 'react';
import type { ContentImage } from '../../../../shared/api/content.js';
import { DEFAULT_AVATAR_PX, TESTIMONIAL_AUTOPLAY_MS } from '../../../../shared/constants.js';
import { PageIcon } from '../../../components/ui/PageIcon.js';
import { useI18n } from '../../../lib/i18n.js';
import { useReducedMotion } from '../hooks/use-reduced-motion.js';
import { AVATAR_PICTURE_SIZES } from '../lib/picture-sizes.js';
import { ContentImg } from './ContentImg.js';

/**
 * The carousel's own name in English (the section around it is named by its title); the page shows
 * public-site.carousel.label in its language.
 */
export const CAROUSEL_LABEL = 'Testimonials';

/** What a slide shows of a testimonial (a `comments` record): its props travel as JSON to the island. */
export interface TestimonialSlide {
  id: number;
  quote: string;
  name: string;
  designation: string;
  /** The parent's photo; without one, the default avatar. */
  photo: ContentImage | undefined;
}

export interface TestimonialsCarouselProps {
  testimonials: TestimonialSlide[];
}

/**
 * The parent's photo, or the default avatar (70 px, docs/contract/product.md#constants) when the record has
 * none.
 */
function Avatar({ photo }: { photo: ContentImage | undefined }) {
  if (!photo) {
    return (
      <span
        className="testimonial__avatar testimonial__avatar--default"
        style={{ width: DEFAULT_AVATAR_PX, height: DEFAULT_AVATAR_PX }}
        aria-hidden="true"
        data-testid="default-avatar"
      >
        <PageIcon name="person-fill" />
      </span>
    );
  }
  return (
    <ContentImg
      image={photo}
      width={DEFAULT_AVATAR_PX}
      height={DEFAULT_AVATAR_PX}
      sizes={AVATAR_PICTURE_SIZES}
      className="testimonial__avatar"
    />
  );
}

function useSelectedIndex(api: EmblaCarouselType | undefined): number {
  const [selected, setSelected] = useState(0);
  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    onSelect();
    api.on('select', onSelect).on('reInit', onSelect);
    return () => {
      api.off('select', onSelect).off('reInit', onSelect);
    };
  }, [api]);
  return selected;
}

/**
 * 'What Parents Say!' as a carousel (docs/contract/product.md#public-pages,
 * docs/contract/product.md#constants): one testimonial at a time, looping, advancing every 2000 ms, with
 * arrows, dots and a pause button. It pauses while hovered or focused, follows the arrow keys, and does
 * not move by itself when the visitor prefers reduced motion. An island of the pages that show it
 * (islands/registry.ts), so embla loads only there.
 */
export function TestimonialsCarousel({ testimonials }: TestimonialsCarouselProps) {
  const { t, direction } = useI18n();
  const reducedMotion = useReducedMotion();
  const autoplay = useMemo(
    () =>
      Autoplay({
        delay: TESTIMONIAL_AUTOPLAY_MS,
        playOnInit: false,
        // Pausing on hover and focus is ours (below), so the controls beside the slides count too.
        stopOnInteraction: false,
        stopOnMouseEnter: false,
        stopOnFocusIn: false,
      }),
    [],
  );
  const plugins = useMemo(() => [autoplay], [autoplay]);
  const [viewportRef, api] = useEmblaCarousel(
    { loop: true, align: 'start', duration: 30, direction },
    plugins,
  );
  const selected = useSelectedIndex(api);

  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // The visitor's own choice; until they make one, reduced motion means no autoplay.
  const [pausedByVisitor, setPausedByVisitor] = useState<boolean | null>(null);
  const paused = pausedByVisitor ?? reducedMotion;
  const playing = !paused && !hovered && !focused && testimonials.length > 1;

  useEffect(() => {
    if (!api) return;
    const plugin = api.plugins().autoplay;
    if (!plugin) return;
    if (playing) plugin.play();
    else plugin.stop();
  }, [api, playing]);

  const jump = reducedMotion;
  const previous = useCallback(() => api?.scrollPrev(jump), [api, jump]);
  const next = useCallback(() => api?.scrollNext(jump), [api, jump]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>): void => {
    // The arrow that points back along the line: left, or right on a right-to-left page.
    const backKey = direction === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    const onwardKey = direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    if (event.key === backKey) {
      event.preventDefault();
      previous();
    } else if (event.key === onwardKey) {
      event.preventDefault();
      next();
    }
  };
  const onBlur = (event: FocusEvent<HTMLElement>): void => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  const count = testimonials.length;
  return (
    <section
      className="testimonial-carousel"
      aria-roledescription={t('public-site.carousel.roleDescription')}
      aria-label={t('public-site.carousel.label')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      <div className="testimonial-carousel__viewport" ref={viewportRef}>
        <div className="testimonial-carousel__track" aria-live={playing ? 'off' : 'polite'}>
          {testimonials.map((testimonial, index) => (
            // biome-ignore lint/a11y/useSemanticElements: a carousel slide (WAI-ARIA carousel pattern), not a form group.
            <div
              key={testimonial.id}
              className={`testimonial-carousel__slide${index === selected ? ' is-selected' : ''}`}
              role="group"
              aria-roledescription={t('public-site.carousel.slideRoleDescription')}
              aria-label={t('public-site.carousel.slide', { index: index + 1, count })}
              aria-hidden={index === selected ? undefined : true}
            >
              <figure className="testimonial">
                <PageIcon name="quote" className="testimonial__mark" />
                <blockquote className="testimonial__quote">
                  <p>{testimonial.quote}</p>
                </blockquote>
                <figcaption className="testimonial__author">
                  <Avatar photo={testimonial.photo} />
                  <span>
                    <span className="testimonial__name">{testimonial.name}</span>
                    <span className="testimonial__role">{testimonial.designation}</span>
                  </span>
                </figcaption>
              </figure>
            </div>
          ))}
        </div>
      </div>
      {count > 1 ? (
        <div className="testimonial-carousel__controls">
          <button
            type="button"
            className="carousel-arrow"
            aria-label={t('public-site.carousel.previous')}
            onClick={previous}
          >
            <PageIcon name="chevron-left" />
          </button>
          <div className="testimonial-carousel__dots">
            {testimonials.map((testimonial, index) => (
              <button
                key={testimonial.id}
                type="button"
                className="carousel-dot"
                aria-label={t('public-site.carousel.goTo', { index: index + 1 })}
                aria-current={index === selected ? 'true' : undefined}
                onClick={() => api?.scrollTo(index, jump)}
              />
            ))}
          </div>
          <button
            type="button"
            className="carousel-arrow"
            aria-label={t('public-site.carousel.next')}
            onClick={next}
          >
            <PageIcon name="chevron-right" />
          </button>
          <button
            type="button"
            className="carousel-toggle"
            aria-label={paused ? t('public-site.carousel.play') : t('public-site.carousel.pause')}
            onClick={() => setPausedByVisitor(!paused)}
          >
            <PageIcon name={paused ? 'play-fill' : 'pause-fill'} />
          </button>
        </div>
      ) : null}
    </section>
  );
}
