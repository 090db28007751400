import { useId } from 'react';
import { BLOG_COMMENT_MAX_LENGTH } from '../../../../shared/api/blog-comment-fields.js';
import type {
  BlogCommentInput,
  BlogCommentSent,
  PublishedBlogComment,
} from '../../../../shared/api/blog-comments.js';
import { BLOG_COMMENT_FORM_POST, BLOG_COMMENT_POST_FIELD } from '../../../../shared/api/form-posts.js';
import {
  EMAIL_MAX_LENGTH,
  HONEYPOT_FIELD,
  NAME_MAX_LENGTH,
} from '../../../../shared/api/public-form-fields.js';
import { type AnyLocale, intlLocale } from '../../../../shared/i18n/locales.js';
import { formatDate } from '../../../../shared/school-time.js';
import {
  browserChecks,
  FormPostOutcomeNote,
  HoneypotField,
  usePublicForm,
} from '../../../components/forms/public-form.js';
import { useSchool } from '../../../components/layout/school.js';
import { useI18n } from '../../../lib/i18n.js';
import { lazyResolver } from '../../../lib/lazy-resolver.js';
import { useHydrated } from '../../../lib/use-hydrated.js';
import { FormField, formFieldsOf } from './FormField.js';

/** The comment form's checks, loaded when the form is first used. */
const blogCommentResolver = lazyResolver(() =>
  import('../lib/form-resolvers.js').then((module) => module.blogCommentResolver),
);

/**
 * The day a comment was sent, in the school's zone and the page's language (`24 Nov 2026`,
 * `24 nov. 2026`): the same on the server's render and the island's, which both know the school's
 * settings and the page's language. English keeps the school area's one format (school-time.ts).
 */
function dayOf(iso: string, timeZone: string | undefined, locale: AnyLocale): string {
  const language = intlLocale(locale);
  if (language === 'en') return formatDate(iso, timeZone);
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
  try {
    return new Intl.DateTimeFormat(language, { ...options, timeZone }).format(date);
  } catch {
    // A zone this runtime does not know: the device's, as formatDate does.
    return new Intl.DateTimeFormat(language, options).format(date);
  }
}

const initials = (name: string): string =>
  name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

function CommentItem({ comment, timeZone }: { comment: PublishedBlogComment; timeZone: string | undefined }) {
  const { locale } = useI18n();
  return (
    <li className="comment">
      <span className="comment__avatar" aria-hidden="true">
        {initials(comment.name)}
      </span>
      <div className="comment__body">
        <p className="comment__meta">
          <span className="comment__author">{comment.name}</span>
          <time className="comment__date" dateTime={comment.createdAt}>
            {dayOf(comment.createdAt, timeZone, locale)}
          </time>
        </p>
        <p className="comment__text">{comment.message}</p>
      </div>
    </li>
  );
}

const required = (label: string) => (
  <>
    {label}
    <span aria-hidden="true" className="required-mark">
      *
    </span>
  </>
);

/**
 * The 'Leave a comment' form (docs/decisions/0049-blog-comments.md): Name*, Email*, Message*, checked
 * with the schema of `POST blog-comments` and sent there; the comment waits for the principal's
 * approval, which the thank-you says. The honeypot is `website`, as on every public form.
 *
 * Without its script (docs/decisions/0029-forms-without-javascript.md) it is a plain HTML form posting
 * to `POST /blogdetail`, whose answer comes back to the post's page with the outcome in the URL.
 */
export function CommentForm({ postId, search }: { postId: number | null; search: string }) {
  const { t } = useI18n();
  const id = useId();
  const headingId = `${id}-heading`;
  const scripted = useHydrated();
  const {
    register,
    submit,
    sentWithScript,
    formState: { errors, isSubmitting },
  } = usePublicForm<BlogCommentInput, BlogCommentSent>({
    resolver: blogCommentResolver,
    // postId is no field: it rides along in the values, and the plain form's hidden input says it.
    defaultValues: { postId, name: '', email: '', message: '', [HONEYPOT_FIELD]: '' },
    path: 'blog-comments',
    fields: ['name', 'email', 'message'],
    sentMessage: () => 'forms.done.comment.sent',
  });

  const field = formFieldsOf(id, register, errors);

  return (
    <section className="comment-form" aria-labelledby={headingId}>
      <h2 id={headingId} className="blog-detail__heading">
        {t('public-site.comments.leave')}
      </h2>
      <form
        id={BLOG_COMMENT_FORM_POST.anchor}
        method="post"
        action={BLOG_COMMENT_FORM_POST.action}
        noValidate={scripted}
        aria-labelledby={headingId}
        onSubmit={submit}
        onFocus={blogCommentResolver.preload}
      >
        <FormPostOutcomeNote post={BLOG_COMMENT_FORM_POST} search={search} hidden={sentWithScript} />
        <input type="hidden" name={BLOG_COMMENT_POST_FIELD} value={postId ?? ''} />
        <div className="row g-3">
          <FormField
            {...field('name')}
            label={required(t('public-site.comments.name'))}
            required
            checks={browserChecks(!scripted, NAME_MAX_LENGTH)}
            autoComplete="name"
            className="col-sm-6"
          />
          <FormField
            {...field('email')}
            label={required(t('public-site.comments.email'))}
            type="email"
            required
            checks={browserChecks(!scripted, EMAIL_MAX_LENGTH)}
            autoComplete="email"
            className="col-sm-6"
          />
          <FormField
            {...field('message')}
            label={required(t('public-site.comments.message'))}
            rows={5}
            required
            checks={browserChecks(!scripted, BLOG_COMMENT_MAX_LENGTH)}
            className="col-12"
          />
        </div>
        <HoneypotField registration={register(HONEYPOT_FIELD)} />
        <p className="form-text mt-3 mb-0">{t('public-site.comments.note')}</p>
        <button type="submit" className="btn btn-primary rounded-pill px-4 mt-3" disabled={isSubmitting}>
          {t('public-site.comments.submit')}
        </button>
      </form>
    </section>
  );
}

export interface BlogCommentsProps {
  /** The article the comments are under: a blog post's id, or null for /blogdetail's own article. */
  postId: number | null;
  /** Its approved comments, oldest first (the props travel as JSON to the island). */
  comments: readonly PublishedBlogComment[];
  /** The page's query, where a send without the script put its outcome. */
  search: string;
}

/**
 * The approved comments under the article and the 'Leave a comment' form: the blog detail page's
 * island (islands/registry.ts).
 */
export function BlogComments({ postId, comments, search }: BlogCommentsProps) {
  const { t } = useI18n();
  const headingId = useId();
  const timeZone = useSchool().settings?.timeZone;
  return (
    <div className="blog-comments">
      <section className="comments" aria-labelledby={headingId}>
        <h2 id={headingId} className="blog-detail__heading">
          {t('public-site.comments.count', { count: comments.length })}
        </h2>
        {comments.length > 0 ? (
          <ul className="comment-list">
            {comments.map((comment) => (
              <CommentItem key={comment.id} comment={comment} timeZone={timeZone} />
            ))}
          </ul>
        ) : (
          <p className="mb-0">{t('public-site.comments.none')}</p>
        )}
      </section>
      <CommentForm postId={postId} search={search} />
    </div>
  );
}
