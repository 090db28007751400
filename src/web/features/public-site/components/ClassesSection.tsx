import { Link } from 'react-router';
import type { ContentRecord } from '../../../../shared/api/content.js';
import { sectionStatus } from '../../../components/ui/SectionState.js';
import { useContent } from '../../../lib/content.js';
import { type MessageKey, useI18n } from '../../../lib/i18n.js';
import { freeSeatsOf, useAdmissionSeats } from '../api/admission-seats.js';
import { BOOK_A_SEAT_ID, SEAT_PARAM } from '../lib/book-a-seat.js';
import { headingOf } from '../lib/content-rules.js';
import { CARD_PICTURE_SIZES } from '../lib/picture-sizes.js';
import { CardsSection } from './CardsSection.js';
import { ContentImg } from './ContentImg.js';
import { SKELETON_CARDS, SkeletonLines } from './Skeleton.js';

type KidsClass = ContentRecord<'kidsclasses'>;

type Translate = ReturnType<typeof useI18n>['t'];

/**
 * The seats row: the free seats of the class the card names in the admissions year ("3 seats
 * left", "Waiting list"; docs/decisions/0101-seats-that-mean-something.md), else the card's own
 * Total Seats text.
 */
function seatsFact(kidsClass: KidsClass, free: number | null | undefined, t: Translate) {
  if (free === null || free === undefined)
    return { label: 'public-site.classes.totalSeats' as const, value: kidsClass.totalSeats };
  return {
    label: 'public-site.classes.freeSeats' as const,
    value:
      free > 0 ? t('public-site.classes.seatsLeft', { count: free }) : t('public-site.classes.waitingList'),
  };
}

function ClassCard({ kidsClass, free }: { kidsClass: KidsClass; free: number | null | undefined }) {
  const { t, parts } = useI18n();
  const facts: readonly { label: MessageKey; value: string }[] = [
    { label: 'public-site.classes.ageOfKids', value: kidsClass.ageOfKids },
    seatsFact(kidsClass, free, t),
    { label: 'public-site.classes.classTime', value: kidsClass.classTime },
    { label: 'public-site.classes.tuitionFee', value: kidsClass.tuitionFee },
  ];
  return (
    <article className="class-card">
      <ContentImg
        image={kidsClass.images[0]}
        width={600}
        height={400}
        sizes={CARD_PICTURE_SIZES}
        className="class-card__image"
      />
      <div className="class-card__body">
        <h3 className="class-card__title">{kidsClass.title}</h3>
        <p className="class-card__text">{kidsClass.description}</p>
        <table className="class-card__facts">
          <caption className="visually-hidden">
            {kidsClass.title
              ? t('public-site.classes.facts', { title: kidsClass.title })
              : t('public-site.classes.factsUntitled')}
          </caption>
          <tbody>
            {facts.map((fact) => (
              <tr key={fact.label}>
                <th scope="row">{t(fact.label)}</th>
                <td>{fact.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {/* Book A Seat follows the cards on / and /class: it opens with this class chosen. */}
        <Link
          to={{ search: `?${SEAT_PARAM}=${kidsClass.id}`, hash: BOOK_A_SEAT_ID }}
          preventScrollReset
          className="btn btn-primary rounded-pill px-4 class-card__action"
        >
          {parts('public-site.classes.joinNow', {
            title: kidsClass.title,
            hidden: (chunks) => (
              <span key="hidden" className="visually-hidden">
                {chunks}
              </span>
            ),
          })}
        </Link>
      </div>
    </article>
  );
}

function ClassCardSkeleton() {
  return (
    <div className="class-card" aria-hidden="true">
      <span className="content-img content-img--empty class-card__image" style={{ aspectRatio: '3 / 2' }} />
      <div className="class-card__body">
        <SkeletonLines lines={4} />
      </div>
    </div>
  );
}

/**
 * Classes (docs/contract/product.md#public-pages): title and subtitle from class record 0; a card per kids
 * class with its image, its own title and description (docs/contract/fixes-and-gaps.md#fix-1), the facts
 * table and Join Now.
 */
export function ClassesSection() {
  const headingQuery = useContent('class');
  const classesQuery = useContent('kidsclasses');
  // Without the seats (a failed read) a card shows its own Total Seats text.
  const seats = useAdmissionSeats().data;
  return (
    <CardsSection
      className="classes section-pad section-tint"
      status={sectionStatus(headingQuery, classesQuery)}
      heading={headingOf(headingQuery.data)}
      pending={classesQuery.isPending}
      cardClassName="col-md-6 col-lg-4"
      skeletonCount={SKELETON_CARDS}
      skeleton={<ClassCardSkeleton />}
      cards={classesQuery.data ?? []}
      renderCard={(kidsClass) => (
        <ClassCard kidsClass={kidsClass} free={freeSeatsOf(seats, kidsClass.classId)} />
      )}
    />
  );
}
