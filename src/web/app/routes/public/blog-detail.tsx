import { PAGE_CONTENT } from '../../../../shared/page-rendering.js';
import { contentLoader } from '../../../features/public-site/api/prefetch-content.js';
import { BlogDetail } from '../../../features/public-site/components/BlogDetail.js';
import { blogDetailHead } from '../../../features/public-site/lib/page-heads.js';

export const head = blogDetailHead;

export const clientLoader = contentLoader(...PAGE_CONTENT['/blogdetail']);

/**
 * Blog detail, /blogdetail (docs/contract/product.md#public-pages): the post, its sidebar and the comment
 * form.
 */
export default function BlogDetailRoute() {
  return <BlogDetail />;
}
