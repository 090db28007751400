import type { QueryClient } from '@tanstack/react-query';
import { PAGE_CONTENT } from '../../../../shared/page-rendering.js';
import {
  admissionSeatsQueryKey,
  admissionSeatsQueryOptions,
} from '../../../features/public-site/api/admission-seats.js';
import { contentLoader } from '../../../features/public-site/api/prefetch-content.js';
import { BookSeatSection } from '../../../features/public-site/components/BookSeatSection.js';
import { ClassesSection } from '../../../features/public-site/components/ClassesSection.js';
import { EmptyPageNote } from '../../../features/public-site/components/EmptyPageNote.js';
import { classesHead } from '../../../features/public-site/lib/page-heads.js';
import { settleWithin } from '../../../lib/query-client.js';

export const head = classesHead;

const loadContent = contentLoader(...PAGE_CONTENT['/class']);

/** The class cards and the classes' free seats (docs/decisions/0101-seats-that-mean-something.md), together. */
export const clientLoader = (queryClient: QueryClient) => async (): Promise<null> => {
  const seats = settleWithin([queryClient.ensureQueryData(admissionSeatsQueryOptions())]);
  await Promise.all([loadContent(queryClient)(), seats]);
  if (import.meta.env.SSR && queryClient.getQueryState(admissionSeatsQueryKey)?.status !== 'success')
    throw new Error('The page’s free seats did not load.');
  return null;
};

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
