import { MAIL_LINK_PATHS } from '../../../shared/api/mail.js';
import type { MailConfig } from '../../config.js';
import { type MailContent, mailLink } from '../mail/compose.js';

/**
 * The mail that tells a principal a blog comment waits (docs/decisions/0055-blog-comment-notices.md):
 * one per waiting batch, so it names the first comment's article, not the comment itself; a
 * stranger's words (and their links) stay on the school's own screen until someone reads them there.
 */
export function blogCommentNotice(
  config: MailConfig,
  schoolName: string,
  principal: { name: string; email: string },
  /** The blog post the comment is under; null for the blog page's own article or an unknown title. */
  postTitle: string | null,
): MailContent {
  const where = postTitle ? `under “${postTitle}”` : 'on the blog';
  return {
    kind: 'blog-comment',
    to: { address: principal.email, name: principal.name },
    subject: `A blog comment waits for your approval at ${schoolName}`,
    greeting: `Dear ${principal.name},`,
    paragraphs: [
      `A visitor has left a comment ${where}. It is not shown on the website until you approve it.`,
      'Comments that arrive before you have dealt with this one do not each send a mail: the Blog Comments screen and your dashboard show how many wait.',
    ],
    action: { label: 'Review the comments', url: mailLink(config, MAIL_LINK_PATHS.blogComments) },
    footer: [`You receive this mail because you are a principal at ${schoolName}.`],
  };
}
