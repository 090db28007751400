import { contentLoader } from '../../../features/public-site/api/prefetch-content.js';
import { TeachersSection } from '../../../features/public-site/components/TeachersSection.js';
import { TestimonialsSection } from '../../../features/public-site/components/TestimonialsSection.js';

export const clientLoader = contentLoader('teacher', 'comments');

/** Teachers, /teacher (docs/contract/product.md#public-pages): the teacher cards, then what parents say. */
export default function TeachersRoute() {
  return (
    <>
      <TeachersSection />
      <TestimonialsSection />
    </>
  );
}
