import { contentLoader } from '../../../features/public-site/api/prefetch-content.js';
import { ContactSection } from '../../../features/public-site/components/ContactSection.js';

export const clientLoader = contentLoader('contacts');

/** Contact (docs/contract/product.md#public-pages): the contact form and the school's details. */
export default function ContactRoute() {
  return <ContactSection />;
}
