import type {
  BlogComment,
  BlogCommentList,
  BlogCommentQuery,
  BlogCommentSent,
  BlogCommentStatus,
  PublishedBlogComment,
} from '../../../shared/api/blog-comments.js';
import type { Db } from '../../db/connect.js';
import type { BlogCommentTable } from '../../db/database.js';
import { bumpDataVersion } from '../../lib/data-version.js';
import { nowIso } from '../../lib/time.js';
import { listContentRecords } from '../content/content.repository.js';

/** Blog comments (docs/decisions/0049-blog-comments.md): rows and their mapping to the API's objects. */

type BlogCommentRow = Omit<BlogCommentTable, 'id'> & { id: number };

/** How many comments the principal's list shows at most (newest first); the pending count is exact. */
const LIST_LIMIT = 500;

/** Stores a visitor's comment as pending: nothing shows on the site until it is approved. */
export async function insertBlogComment(db: Db, comment: BlogCommentSent): Promise<number> {
  const row = await db
    .insertInto('blog_comment')
    .values({
      post_id: comment.postId,
      name: comment.name,
      email: comment.email,
      message: comment.message,
      status: 'pending',
      created_at: nowIso(),
      decided_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const toPublished = (row: BlogCommentRow): PublishedBlogComment => ({
  id: row.id,
  postId: row.post_id,
  name: row.name,
  message: row.message,
  createdAt: row.created_at,
});

/** Every approved comment, oldest first: the site's one public list, kept with the content's version. */
export async function listPublishedBlogComments(db: Db): Promise<PublishedBlogComment[]> {
  const rows = await db
    .selectFrom('blog_comment')
    .selectAll()
    .where('status', '=', 'approved')
    .orderBy('id')
    .execute();
  return rows.map(toPublished);
}

/** The blog posts' titles by id, for the principal to see what a comment is under. */
async function postTitles(db: Db): Promise<Map<number, string>> {
  const posts = await listContentRecords(db, 'blog');
  return new Map(posts.map((post) => [post.id, post.heading]));
}

/** The title of the post `postId` names; null for the blog page's own article or a post gone since. */
export async function postTitleOf(db: Db, postId: number | null): Promise<string | null> {
  if (postId === null) return null;
  return (await postTitles(db)).get(postId) ?? null;
}

const toComment = (row: BlogCommentRow, titles: Map<number, string>): BlogComment => ({
  ...toPublished(row),
  email: row.email,
  status: row.status,
  postTitle: row.post_id === null ? null : (titles.get(row.post_id) ?? null),
});

export async function countPendingBlogComments(db: Db): Promise<number> {
  const row = await db
    .selectFrom('blog_comment')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The principal's list, newest first, filtered by status when one is given. */
export async function listBlogComments(db: Db, query: BlogCommentQuery): Promise<BlogCommentList> {
  let select = db.selectFrom('blog_comment').selectAll().orderBy('id', 'desc').limit(LIST_LIMIT);
  if (query.status) select = select.where('status', '=', query.status);
  const [rows, titles, pending] = await Promise.all([
    select.execute(),
    postTitles(db),
    countPendingBlogComments(db),
  ]);
  return { data: rows.map((row) => toComment(row, titles)), pending };
}

/**
 * Sets a comment's status; undefined when there is no such comment. The site's pages and the public
 * list are kept by the content's version, so a change of what is shown bumps it.
 */
export async function decideBlogComment(
  db: Db,
  id: number,
  status: BlogCommentStatus,
): Promise<BlogComment | undefined> {
  const row = await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('blog_comment')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!before) return undefined;
    const after = await trx
      .updateTable('blog_comment')
      .set({ status, decided_at: status === 'pending' ? null : nowIso() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (before.status === 'approved' || status === 'approved') await bumpDataVersion(trx, 'content');
    return after;
  });
  return row && toComment(row, await postTitles(db));
}

/** Whether `postId` names a blog post (null: the blog detail page's own article, always there). */
export async function isCommentablePost(db: Db, postId: number | null): Promise<boolean> {
  if (postId === null) return true;
  const row = await db
    .selectFrom('content_record')
    .select('id')
    .where('collection', '=', 'blog')
    .where('id', '=', postId)
    .executeTakeFirst();
  return row !== undefined;
}
