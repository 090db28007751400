import { PAGE_CONTENT } from '../../../../shared/page-rendering.js';
import { paths } from '../../../config/paths.js';
import { contentLoader } from '../../../features/public-site/api/prefetch-content.js';
import { AboutSection } from '../../../features/public-site/components/AboutSection.js';
import { FacilitiesSection } from '../../../features/public-site/components/FacilitiesSection.js';
import { TeachersSection } from '../../../features/public-site/components/TeachersSection.js';
import { aboutHead } from '../../../features/public-site/lib/page-heads.js';

export const head = aboutHead;

export const clientLoader = contentLoader(...PAGE_CONTENT['/about']);

/**
 * About (docs/contract/product.md#public-pages): the about section and its check-list, then the facilities
 * and the teachers.
 */
export default function AboutRoute() {
  return (
    <>
      <AboutSection learnMoreTo={paths.classes} />
      <FacilitiesSection />
      <TeachersSection />
    </>
  );
}
