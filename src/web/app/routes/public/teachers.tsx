import { PAGE_CONTENT } from '../../../../shared/page-rendering.js';
import { contentLoader } from '../../../features/public-site/api/prefetch-content.js';
import { EmptyPageNote } from '../../../features/public-site/components/EmptyPageNote.js';
import { TeachersSection } from '../../../features/public-site/components/TeachersSection.js';
import { TestimonialsSection } from '../../../features/public-site/components/TestimonialsSection.js';
import { teachersHead } from '../../../features/public-site/lib/page-heads.js';

export const head = teachersHead;

export const clientLoader = contentLoader(...PAGE_CONTENT['/teacher']);

/** Teachers, /teacher (docs/contract/product.md#public-pages): the teacher cards, then what parents say. */
export default function TeachersRoute() {
  return (
    <>
      <TeachersSection />
      <TestimonialsSection />
      <EmptyPageNote collections={['teacher', 'comments']} text="public-site.emptyPage.teachers" />
    </>
  );
}
