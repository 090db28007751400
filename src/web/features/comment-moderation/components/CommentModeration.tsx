import { useId, useState } from 'react';
import type { BlogComment, BlogCommentStatus } from '../../../../shared/api/blog-comments.js';
import { isApiError } from '../../../lib/api-client.js';
import { formatWhen } from '../../../lib/school-time.js';
import { useSettings } from '../../../lib/settings.js';
import { notify } from '../../../lib/toast.js';
import { useBlogComments, useDecideBlogComment } from '../api/blog-comments.js';

/** The filters of the list, the waiting ones first: what a principal opens the screen for. */
const FILTERS = [
  { value: 'pending', label: 'Waiting' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
] as const satisfies readonly { value: BlogCommentStatus | 'all'; label: string }[];
type Filter = (typeof FILTERS)[number]['value'];

const STATUS_BADGES: Record<BlogCommentStatus, { text: string; className: string }> = {
  pending: { text: 'Waiting', className: 'text-bg-warning' },
  approved: { text: 'Approved', className: 'text-bg-success' },
  rejected: { text: 'Rejected', className: 'text-bg-secondary' },
};

/** What the principal can do with a comment in each status. */
const ACTIONS: Record<BlogCommentStatus, readonly { to: BlogCommentStatus; label: string; style: string }[]> =
  {
    pending: [
      { to: 'approved', label: 'Approve', style: 'btn-success' },
      { to: 'rejected', label: 'Reject', style: 'btn-outline-danger' },
    ],
    approved: [{ to: 'rejected', label: 'Hide (reject)', style: 'btn-outline-danger' }],
    rejected: [{ to: 'approved', label: 'Approve', style: 'btn-outline-success' }],
  };

function CommentEntry({ comment, timeZone }: { comment: BlogComment; timeZone: string | undefined }) {
  const decide = useDecideBlogComment();
  const headingId = useId();
  const badge = STATUS_BADGES[comment.status];
  const where =
    comment.postId === null ? 'the Blog detail page' : (comment.postTitle ?? 'a post removed since');
  return (
    <li className="inbox-item" aria-labelledby={headingId}>
      <div className="inbox-item__body">
        <p id={headingId} className="fw-bold mb-0">
          {comment.name} on {where} <span className={`badge ${badge.className}`}>{badge.text}</span>
        </p>
        <p className="small mb-1">
          <a href={`mailto:${comment.email}`}>{comment.email}</a>, {formatWhen(comment.createdAt, timeZone)}
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
            aria-label={`${action.label}: the comment of ${comment.name}`}
            onClick={() =>
              decide.mutate(
                { id: comment.id, status: action.to },
                {
                  onSuccess: () =>
                    notify.success(
                      action.to === 'approved'
                        ? `The comment of ${comment.name} is on the site.`
                        : `The comment of ${comment.name} is not shown.`,
                    ),
                  onError: (error) => notify.error(isApiError(error) ? error.message : 'That did not work.'),
                },
              )
            }
          >
            {action.label}
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
  const [filter, setFilter] = useState<Filter>('pending');
  const comments = useBlogComments(filter === 'all' ? undefined : filter);
  const pending = comments.data?.pending;
  const timeZone = useSettings().data?.timeZone;

  return (
    <div className="container py-4 cms">
      <section aria-labelledby="blog-comments-heading" className="cms-panel">
        <div className="d-flex flex-wrap gap-3 align-items-end mb-3">
          <h2 id="blog-comments-heading" className="h4 mb-0 me-auto">
            Comments from the blog{' '}
            {pending !== undefined ? <span className="badge text-bg-primary">{pending} waiting</span> : null}
          </h2>
          <label className="small">
            Show
            <select
              className="form-select form-select-sm"
              value={filter}
              onChange={(event) => setFilter(event.target.value as Filter)}
            >
              {FILTERS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
        </div>
        {comments.isPending ? <p>Loading…</p> : null}
        {comments.isError ? (
          <div role="alert">
            <p>{comments.error.message}</p>
            <button
              type="button"
              className="btn btn-outline-primary btn-sm"
              onClick={() => comments.refetch()}
            >
              Retry
            </button>
          </div>
        ) : null}
        {comments.data?.data.length === 0 ? (
          <p>{filter === 'pending' ? 'No comment is waiting for you.' : 'No comments here.'}</p>
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
