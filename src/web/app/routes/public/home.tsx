import { PAGE_CONTENT } from '../../../../shared/page-rendering.js';
import { paths } from '../../../config/paths.js';
import { contentLoader } from '../../../features/public-site/api/prefetch-content.js';
import { AboutSection } from '../../../features/public-site/components/AboutSection.js';
import { BlogSection } from '../../../features/public-site/components/BlogSection.js';
import { BookSeatSection } from '../../../features/public-site/components/BookSeatSection.js';
import { ClassesSection } from '../../../features/public-site/components/ClassesSection.js';
import { FacilitiesSection } from '../../../features/public-site/components/FacilitiesSection.js';
import { TeachersSection } from '../../../features/public-site/components/TeachersSection.js';
import { TestimonialsSection } from '../../../features/public-site/components/TestimonialsSection.js';
import { homeHead } from '../../../features/public-site/lib/page-heads.js';

export const head = homeHead;

/** The hero (the page banner) and every home section's content start loading together. */
export const clientLoader = contentLoader(...PAGE_CONTENT['/']);

/**
 * Home (docs/contract/product.md#public-pages): below the hero, facilities, about, classes, Book A Seat,
 * teachers, testimonials, blog.
 */
export default function HomeRoute() {
  return (
    <>
      <FacilitiesSection />
      <AboutSection learnMoreTo={paths.about} />
      <ClassesSection />
      <BookSeatSection />
      <TeachersSection />
      <TestimonialsSection />
      <BlogSection limit={3} />
    </>
  );
}
