import { contentLoader } from '../../../features/public-site/api/prefetch-content.js';
import { BlogDetail } from '../../../features/public-site/components/BlogDetail.js';

export const clientLoader = contentLoader('blogdetails', 'blog');

/**
 * Blog detail, /blogdetail (docs/contract/product.md#public-pages): the post, its sidebar and the comment
 * form.
 */
export default function BlogDetailRoute() {
  return <BlogDetail />;
}
