import { PAGE_CONTENT } from '../../../../shared/page-rendering.js';
import { contentLoader } from '../../../features/public-site/api/prefetch-content.js';
import { ContactSection } from '../../../features/public-site/components/ContactSection.js';
import { contactHead } from '../../../features/public-site/lib/page-heads.js';

export const head = contactHead;

export const clientLoader = contentLoader(...PAGE_CONTENT['/contact']);

/** Contact (docs/contract/product.md#public-pages): the contact form and the school's details. */
export default function ContactRoute() {
  return <ContactSection />;
}
