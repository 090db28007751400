import { contentLoader } from '../../../features/public-site/api/prefetch-content.js';
import { GallerySection } from '../../../features/public-site/components/GallerySection.js';

export const clientLoader = contentLoader('gallery');

/** Gallery (spec 2.4): filters, image grid and lightbox. */
export default function GalleryRoute() {
  return <GallerySection />;
}
