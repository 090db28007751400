import { contentLoader } from '../../../features/public-site/api/prefetch-content.js';
import { BlogSection } from '../../../features/public-site/components/BlogSection.js';

export const clientLoader = contentLoader('blog');

/** Blog (docs/contract/product.md#public-pages): a card per post. */
export default function BlogRoute() {
  return <BlogSection />;
}
