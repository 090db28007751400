import { PAGE_CONTENT } from '../../../../shared/page-rendering.js';
import { contentLoader } from '../../../features/public-site/api/prefetch-content.js';
import { BookSeatSection } from '../../../features/public-site/components/BookSeatSection.js';
import { ClassesSection } from '../../../features/public-site/components/ClassesSection.js';
import { EmptyPageNote } from '../../../features/public-site/components/EmptyPageNote.js';
import { classesHead } from '../../../features/public-site/lib/page-heads.js';

export const head = classesHead;

export const clientLoader = contentLoader(...PAGE_CONTENT['/class']);

/**
 * Classes, /class (docs/contract/product.md#public-pages): the class cards with their facts, then Book A
 * Seat.
 */
export default function ClassesRoute() {
  return (
    <>
      <ClassesSection />
      <BookSeatSection />
      <EmptyPageNote collections={['kidsclasses']} text="public-site.emptyPage.classes" />
    </>
  );
}
