import { ScreenPlaceholder } from '../../../components/ui/ScreenPlaceholder.js';

/** Gallery (spec 2.4): filters, image grid and lightbox. */
export default function GalleryRoute() {
  return <ScreenPlaceholder />;
}
