import { contentLoader } from '../../../features/public-site/api/prefetch-content.js';
import { BookSeatSection } from '../../../features/public-site/components/BookSeatSection.js';
import { ClassesSection } from '../../../features/public-site/components/ClassesSection.js';

export const clientLoader = contentLoader('class', 'kidsclasses');

/**
 * Classes, /class (docs/contract/product.md#public-pages): the class cards with their facts, then Book A
 * Seat.
 */
export default function ClassesRoute() {
  return (
    <>
      <ClassesSection />
      <BookSeatSection />
    </>
  );
}
