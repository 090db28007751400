import { useId, useState } from 'react';
import type { BlogComment, BlogCommentStatus } from '../../../../shared/api/blog-comments.js';
import { isApiError } from '../../../lib/api-client.js';
import { type MessageKey, useI18n } from '../../../lib/i18n.js';
import { formatWhen } from '../../../lib/school-time.js';
import { useSettings } from '../../../lib/settings.js';
import { notify } from '../../../lib/toast.js';
import { useBlogComments, useDecideBlogComment } from '../api/blog-comments.js';

/** The filters of the list, the waiting ones first: what a principal opens the screen for. */
const FILTERS = [
  { value: 'pending', label: 'comment-moderation.status.pending' },
  { value: 'approved', label: 'comment-moderation.status.approved' },
  { value: 'rejected', label: 'comment-moderation.status.rejected' },
  { value: 'all', label: 'comment-moderation.filter.all' },
] as const satisfies readonly { value: BlogCommentStatus | 'all'; label: MessageKey }[];
type Filter = (typeof FILTERS)[number]['value'];

const STATUS_BADGES: Record<BlogCommentStatus, { text: MessageKey; className: string }> = {
  pending: { text: 'comment-moderation.status.pending', className: 'text-bg-warning' },
  approved: { text: 'comment-moderation.status.approved', className: 'text-bg-success' },
  rejected: { text: 'comment-moderation.status.rejected', className: 'text-bg-secondary' },
};

/** What the principal can do with a comment in each status. */
const ACTIONS: Record<
  BlogCommentStatus,
  readonly { to: BlogCommentStatus; label: MessageKey; style: string }[]
> = {
  pending: [
    { to: 'approved', label: 'comment-moderation.action.approve', style: 'btn-success' },
    { to: 'rejected', label: 'comment-moderation.action.reject', style: 'btn-outline-danger' },
  ],
  approved: [{ to: 'rejected', label: 'comment-moderation.action.hide', style: 'btn-outline-danger' }],
  rejected: [{ to: 'approved', label: 'comment-moderation.action.approve', style: 'btn-outline-success' }],
};

function CommentEntry({ comment, timeZone }: { comment: BlogComment; timeZone: string | undefined }) {
  const { t, locale } = useI18n();
  const decide = useDecideBlogComment();
  const headingId = useId();
  const badge = STATUS_BADGES[comment.status];
  const where =
    comment.postId === null
      ? t('comment-moderation.where.blogDetail')
      : (comment.postTitle ?? t('comment-moderation.where.removedPost'));
  return (
    <li className="inbox-item" aria-labelledby={headingId}>
      <div className="inbox-item__body">
        <p id={headingId} className="fw-bold mb-0">
          {t('comment-moderation.entry.heading', { name: comment.name, where })}{' '}
          <span className={`badge ${badge.className}`}>{t(badge.text)}</span>
        </p>
        <p className="small mb-1">
          <a href={`mailto:${comment.email}`}>{comment.email}</a>,{' '}
          {formatWhen(comment.createdAt, timeZone, locale)}
        </p>
        <p className="mb-0 text-break">{comment.message}</p>
      </div>
      <div className="d-flex flex-wrap gap-2">
        {ACTIONS[comment.status].map((action) => (
          <button
            key={action.to}
            type="button"
            className={`btn btn-sm ${action.style}`}
            disabled={decide.isPending}
            aria-label={t('comment-moderation.action.label', { action: t(action.label), name: comment.name })}
            onClick={() =>
              decide.mutate(
                { id: comment.id, status: action.to },
                {
                  onSuccess: () =>
                    notify.success(
                      action.to === 'approved'
                        ? t('comment-moderation.toast.approved', { name: comment.name })
                        : t('comment-moderation.toast.rejected', { name: comment.name }),
                    ),
                  onError: (error) =>
                    notify.error(isApiError(error) ? error.message : t('comment-moderation.failed')),
                },
              )
            }
          >
            {t(action.label)}
          </button>
        ))}
      </div>
    </li>
  );
}

/**
 * Blog comments (docs/decisions/0049-blog-comments.md): what visitors wrote under the blog's posts,
 * the waiting ones first, each approved (shown under its post at once) or rejected by the principal.
 */
export function CommentModeration() {
  const { t } = useI18n();
  const [filter, setFilter] = useState<Filter>('pending');
  const comments = useBlogComments(filter === 'all' ? undefined : filter);
  const pending = comments.data?.pending;
  const timeZone = useSettings().data?.timeZone;

  return (
    <div className="container py-4 cms">
      <section aria-labelledby="blog-comments-heading" className="cms-panel">
        <div className="d-flex flex-wrap gap-3 align-items-end mb-3">
          <h2 id="blog-comments-heading" className="h4 mb-0 me-auto">
            {t('comment-moderation.title')}{' '}
            {pending !== undefined ? (
              <span className="badge text-bg-primary">
                {t('comment-moderation.waiting', { count: pending })}
              </span>
            ) : null}
          </h2>
          <label className="small">
            {t('comment-moderation.filter.show')}
            <select
              className="form-select form-select-sm"
              value={filter}
              onChange={(event) => setFilter(event.target.value as Filter)}
            >
              {FILTERS.map((option) => (
                <option key={option.value} value={option.value}>
                  {t(option.label)}
                </option>
              ))}
            </select>
          </label>
        </div>
        {comments.isPending ? <p>{t('comment-moderation.loading')}</p> : null}
        {comments.isError ? (
          <div role="alert">
            <p>{comments.error.message}</p>
            <button
              type="button"
              className="btn btn-outline-primary btn-sm"
              onClick={() => comments.refetch()}
            >
              {t('comment-moderation.retry')}
            </button>
          </div>
        ) : null}
        {comments.data?.data.length === 0 ? (
          <p>
            {filter === 'pending'
              ? t('comment-moderation.empty.pending')
              : t('comment-moderation.empty.other')}
          </p>
        ) : null}
        <ul className="list-unstyled mb-0">
          {comments.data?.data.map((comment) => (
            <CommentEntry key={comment.id} comment={comment} timeZone={timeZone} />
          ))}
        </ul>
      </section>
    </div>
  );
}
