import { PAGE_CONTENT } from '../../../../shared/page-rendering.js';
import { contentLoader } from '../../../features/public-site/api/prefetch-content.js';
import { EmptyPageNote } from '../../../features/public-site/components/EmptyPageNote.js';
import { GallerySection } from '../../../features/public-site/components/GallerySection.js';
import { galleryHead } from '../../../features/public-site/lib/page-heads.js';

export const head = galleryHead;

export const clientLoader = contentLoader(...PAGE_CONTENT['/gallery']);

/** Gallery (docs/contract/product.md#public-pages): filters, image grid and lightbox. */
export default function GalleryRoute() {
  return (
    <>
      <GallerySection />
      <EmptyPageNote collections={['gallery']} text="public-site.emptyPage.gallery" />
    </>
  );
}
