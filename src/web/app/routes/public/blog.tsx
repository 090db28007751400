import { PAGE_CONTENT } from '../../../../shared/page-rendering.js';
import { contentLoader } from '../../../features/public-site/api/prefetch-content.js';
import { BlogSection } from '../../../features/public-site/components/BlogSection.js';
import { EmptyPageNote } from '../../../features/public-site/components/EmptyPageNote.js';
import { blogHead } from '../../../features/public-site/lib/page-heads.js';

export const head = blogHead;

export const clientLoader = contentLoader(...PAGE_CONTENT['/blog']);

/** Blog (docs/contract/product.md#public-pages): a card per post. */
export default function BlogRoute() {
  return (
    <>
      <BlogSection eagerFirstImage />
      <EmptyPageNote collections={['blog']} text="public-site.emptyPage.blog" />
    </>
  );
}
