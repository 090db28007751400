import type { BlogCommentSent } from '../../../shared/api/blog-comments.js';
import { USER_TYPE } from '../../../shared/constants.js';
import type { MailConfig } from '../../config.js';
import type { Db } from '../../db/connect.js';
import { isPostgres } from '../../db/engine.js';
import { queueMails } from '../mail/mail.service.js';
import { readSettings, userLocale } from '../settings/settings.repository.js';
import { blogCommentNotice } from './blog-comment-notice.js';
import {
  countPendingBlogComments,
  insertBlogComment,
  isCommentablePost,
  postTitleOf,
} from './blog-comments.repository.js';

export type CommentReceipt = 'sent' | 'postNotFound';

/**
 * Stores a visitor's comment as pending and, when it starts a waiting batch (no other comment
 * waited), queues one notice to each active principal in the same transaction
 * (docs/decisions/0055-blog-comment-notices.md): a flood of comments is one mail, not one each.
 */
export async function receiveBlogComment(
  db: Db,
  mail: MailConfig,
  comment: BlogCommentSent,
): Promise<CommentReceipt> {
  return db.transaction().execute(async (trx: Db) => {
    if (!(await isCommentablePost(trx, comment.postId))) return 'postNotFound';
    // On PostgreSQL two comments sent at the same moment would each count only themselves and both
    // mail: the principals' rows, locked here, make the second wait and count the first.
    let principals = trx
      .selectFrom('app_user')
      .select(['id', 'name', 'email'])
      .where('type', '=', USER_TYPE.principal)
      .where('status', '=', 'active')
      .orderBy('id');
    if (isPostgres(trx)) principals = principals.forUpdate();
    const recipients = await principals.execute();
    await insertBlogComment(trx, comment);
    if (recipients.length > 0 && (await countPendingBlogComments(trx)) === 1) {
      const [school, postTitle] = await Promise.all([readSettings(trx), postTitleOf(trx, comment.postId)]);
      await queueMails(
        trx,
        mail,
        await Promise.all(
          recipients.map(async (principal) =>
            blogCommentNotice(mail, school.name, principal, postTitle, await userLocale(trx, principal.id)),
          ),
        ),
      );
    }
    return 'sent';
  });
}
