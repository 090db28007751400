import { MAIL_LINK_PATHS } from '../../../shared/api/mail.js';
import { type AnyLocale, DEFAULT_LOCALE } from '../../../shared/i18n/locales.js';
import type { MailConfig } from '../../config.js';
import { translatorFor } from '../../lib/i18n.js';
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
  /** The principal's language (`userLocale`). */
  locale: AnyLocale = DEFAULT_LOCALE,
): MailContent {
  const { t } = translatorFor(locale);
  const where = postTitle ? t('mail.blogComment.under', { title: postTitle }) : t('mail.blogComment.onBlog');
  return {
    kind: 'blog-comment',
    to: { address: principal.email, name: principal.name },
    subject: t('mail.blogComment.subject', { school: schoolName }),
    greeting: t('mail.greeting', { name: principal.name }),
    paragraphs: [t('mail.blogComment.body', { where }), t('mail.blogComment.batch')],
    action: { label: t('mail.blogComment.action'), url: mailLink(config, MAIL_LINK_PATHS.blogComments) },
    footer: [t('mail.blogComment.footer', { school: schoolName })],
    locale,
  };
}
