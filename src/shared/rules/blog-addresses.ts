/**
 * One address per blog post, for search engines (docs/decisions/0043-heads-for-search-and-sharing.md).
 * A post's address is `/blogdetail?post=<id>`, whatever else shows it. `/blogdetail` without a post
 * shows the blog detail article (the blog detail entries: the product's featured post); when its
 * title is a post's heading it is that post, written at length, and its canonical address is the
 * post's, so the sitemap leaves `/blogdetail` out. An article that is no post keeps `/blogdetail`.
 */

export const BLOG_DETAIL_PATH = '/blogdetail';

/** A blog post's one address (the Read More links use the same, paths.blogPost). */
export const blogPostPath = (postId: number): string => `${BLOG_DETAIL_PATH}?post=${postId}`;

/** Titles compared as a reader would: case, spacing and curly quotes aside. */
const sameTitle = (a: string, b: string): boolean => {
  const normal = (text: string) =>
    text
      .normalize('NFKC')
      .replace(/[‘’]/g, "'")
      .replace(/[“”]/g, '"')
      .replace(/\s+/g, ' ')
      .trim()
      .toLowerCase();
  return normal(a) !== '' && normal(a) === normal(b);
};

/**
 * The canonical address of `/blogdetail` without a post: the first post (in display order) whose
 * heading is the article's title, else `/blogdetail` itself.
 */
export function blogDetailCanonicalPath(
  articleTitle: string | undefined,
  posts: readonly { id: number; heading: string }[],
): string {
  const post = articleTitle ? posts.find((one) => sameTitle(one.heading, articleTitle)) : undefined;
  return post ? blogPostPath(post.id) : BLOG_DETAIL_PATH;
}
