import type { QueryClient } from '@tanstack/react-query';
import { PAGE_CONTENT } from '../../../../shared/page-rendering.js';
import { paths } from '../../../config/paths.js';
import {
  admissionSeatsQueryKey,
  admissionSeatsQueryOptions,
} from '../../../features/public-site/api/admission-seats.js';
import { contentLoader } from '../../../features/public-site/api/prefetch-content.js';
import {
  publicCalendarQueryKey,
  publicCalendarQueryOptions,
} from '../../../features/public-site/api/public-calendar.js';
import { AboutSection } from '../../../features/public-site/components/AboutSection.js';
import { BlogSection } from '../../../features/public-site/components/BlogSection.js';
import { BookSeatSection } from '../../../features/public-site/components/BookSeatSection.js';
import { ClassesSection } from '../../../features/public-site/components/ClassesSection.js';
import { FacilitiesSection } from '../../../features/public-site/components/FacilitiesSection.js';
import { SchoolCalendarSection } from '../../../features/public-site/components/SchoolCalendarSection.js';
import { TeachersSection } from '../../../features/public-site/components/TeachersSection.js';
import { TestimonialsSection } from '../../../features/public-site/components/TestimonialsSection.js';
import { homeHead } from '../../../features/public-site/lib/page-heads.js';
import { settleWithin } from '../../../lib/query-client.js';

export const head = homeHead;

const loadContent = contentLoader(...PAGE_CONTENT['/']);

/**
 * The hero (the page banner), every home section's content, the school calendar and the classes'
 * free seats start loading together. On the server a calendar or seats that did not load fail the
 * page, as missing content does (prefetch-content.ts): a server-rendered section never retries.
 */
export const clientLoader = (queryClient: QueryClient) => async (): Promise<null> => {
  const more = settleWithin([
    queryClient.ensureQueryData(publicCalendarQueryOptions()),
    queryClient.ensureQueryData(admissionSeatsQueryOptions()),
  ]);
  await Promise.all([loadContent(queryClient)(), more]);
  if (import.meta.env.SSR && queryClient.getQueryState(publicCalendarQueryKey)?.status !== 'success')
    throw new Error('The page’s school calendar did not load.');
  if (import.meta.env.SSR && queryClient.getQueryState(admissionSeatsQueryKey)?.status !== 'success')
    throw new Error('The page’s free seats did not load.');
  return null;
};

/**
 * Home (docs/contract/product.md#public-pages): below the hero, facilities, about, classes, the school
 * calendar's term dates and public dates (docs/decisions/0088-closed-days.md), Book A Seat, teachers,
 * testimonials, blog.
 */
export default function HomeRoute() {
  return (
    <>
      <FacilitiesSection />
      <AboutSection learnMoreTo={paths.about} />
      <ClassesSection />
      <SchoolCalendarSection />
      <BookSeatSection />
      <TeachersSection />
      <TestimonialsSection />
      <BlogSection limit={3} />
    </>
  );
}
