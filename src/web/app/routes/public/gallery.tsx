import { contentLoader } from '../../../features/public-site/api/prefetch-content.js';
import { GallerySection } from '../../../features/public-site/components/GallerySection.js';

export const clientLoader = contentLoader('gallery');

/** Gallery (docs/contract/product.md#public-pages): filters, image grid and lightbox. */
export default function GalleryRoute() {
  return <GallerySection />;
}
