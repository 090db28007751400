import { type ReactNode, useId } from 'react';
import { SectionState, type SectionStatus } from '../../../components/ui/SectionState.js';
import { isSectionHidden, type SectionHeadingText } from '../lib/content-rules.js';
import { PublicSectionHeading } from './PublicSectionHeading.js';
import { skeletonKeys } from './Skeleton.js';

export interface CardsSectionProps<T extends { id: number }> {
  /** The section's classes (`teachers section-pad`, ...). */
  className: string;
  status: SectionStatus;
  heading: SectionHeadingText;
  /** Skeletons instead of cards; the section's status by default. */
  pending?: boolean;
  /** The classes of each card's list item (its grid column). */
  cardClassName: string;
  skeletonCount: number;
  /** One card's placeholder while loading. */
  skeleton: ReactNode;
  cards: readonly T[];
  renderCard: (card: T) => ReactNode;
}

/**
 * A public page's section of cards (the teachers, the blog posts, the kids classes): heading1/heading2,
 * what to do when the content could not load, and the cards in a centred grid, placeholders while they
 * load. The section is labelled by its heading and busy while its status is pending; with no cards
 * (and none on the way) it is left out, heading and all.
 */
export function CardsSection<T extends { id: number }>({
  className,
  status,
  heading,
  pending = status.pending,
  cardClassName,
  skeletonCount,
  skeleton,
  cards,
  renderCard,
}: CardsSectionProps<T>) {
  const headingId = useId();
  if (isSectionHidden({ pending, failed: status.failed }, cards.length > 0)) return null;
  return (
    <section className={className} aria-labelledby={headingId} aria-busy={status.pending}>
      <div className="container">
        <PublicSectionHeading id={headingId} label={heading.label} title={heading.title} />
        <SectionState status={status} className="mx-auto" />
        <ul className="row g-4 justify-content-center list-unstyled mb-0">
          {pending
            ? skeletonKeys(skeletonCount).map((key) => (
                <li key={key} className={cardClassName}>
                  {skeleton}
                </li>
              ))
            : cards.map((card) => (
                <li key={card.id} className={cardClassName}>
                  {renderCard(card)}
                </li>
              ))}
        </ul>
      </div>
    </section>
  );
}
