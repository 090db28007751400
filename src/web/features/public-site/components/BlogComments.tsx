import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { PageIcon } from '../../../components/ui/PageIcon.js';
import { lazyResolver } from '../../../lib/lazy-resolver.js';
import { notify } from '../../../lib/toast.js';
import type { PlaceholderComment } from '../lib/blog-placeholders.js';
import { COMMENT_MESSAGES } from '../lib/comment-messages.js';
import type { Comment, CommentInput } from '../lib/comment-schema.js';
import { FormField, formFieldsOf } from './FormField.js';

/** The comment form's checks, loaded when the form is first used. */
const commentResolver = lazyResolver(() =>
  import('../lib/comment-schema.js').then((module) => module.commentResolver),
);

/** The comments and their replies, all counted. */
const countOf = (comments: readonly PlaceholderComment[]): number =>
  comments.reduce((count, comment) => count + 1 + countOf(comment.replies ?? []), 0);

const initials = (name: string): string =>
  name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

function CommentItem({
  comment,
  onReply,
}: {
  comment: PlaceholderComment;
  onReply: (author: string) => void;
}) {
  return (
    <li className="comment">
      <span className="comment__avatar" aria-hidden="true">
        {initials(comment.author)}
      </span>
      <div className="comment__body">
        <p className="comment__meta">
          <span className="comment__author">{comment.author}</span>
          <span className="comment__date">{comment.date}</span>
        </p>
        <p className="comment__text">{comment.text}</p>
        <button
          type="button"
          className="btn btn-sm btn-outline-primary rounded-pill px-3"
          aria-label={`Reply to ${comment.author}`}
          onClick={() => onReply(comment.author)}
        >
          <PageIcon name="reply" className="me-1" />
          Reply
        </button>
        {comment.replies?.length ? (
          <ul className="comment-list comment-list--replies">
            {comment.replies.map((reply) => (
              <CommentItem key={reply.id} comment={reply} onReply={onReply} />
            ))}
          </ul>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The comment form (docs/contract/product.md#public-pages, docs/contract/product.md#validation): Name*,
 * Email*, Website, Message*. No call stores comments yet, so a valid form says comments are coming soon and
 * empties itself.
 */
export function CommentForm({
  replyTo,
  onCancelReply,
  nameRef,
}: {
  replyTo: string | undefined;
  onCancelReply: () => void;
  nameRef: (element: HTMLInputElement | null) => void;
}) {
  const id = useId();
  const headingId = `${id}-heading`;
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CommentInput, unknown, Comment>({
    resolver: commentResolver,
    defaultValues: { name: '', email: '', website: '', message: '' },
  });

  const onSubmit = (_values: Comment): void => {
    notify.info(COMMENT_MESSAGES.comingSoon);
    reset();
    onCancelReply();
  };

  const field = formFieldsOf(id, register, errors);
  const nameField = register('name');
  const required = (label: string) => (
    <>
      {label}
      <span aria-hidden="true" className="required-mark">
        *
      </span>
    </>
  );

  return (
    <section className="comment-form" aria-labelledby={headingId}>
      <h2 id={headingId} className="blog-detail__heading">
        Leave a comment
      </h2>
      {replyTo ? (
        <p className="comment-form__reply">
          Replying to <strong>{replyTo}</strong>{' '}
          <button type="button" className="btn btn-link p-0 align-baseline" onClick={onCancelReply}>
            Cancel reply
          </button>
        </p>
      ) : null}
      <form
        noValidate
        aria-labelledby={headingId}
        onSubmit={handleSubmit(onSubmit)}
        onFocus={commentResolver.preload}
      >
        <div className="row g-3">
          <FormField
            {...field('name')}
            label={required('Name')}
            registration={{
              ...nameField,
              ref: (element: HTMLInputElement | null) => {
                nameField.ref(element);
                nameRef(element);
              },
            }}
            required
            autoComplete="name"
            className="col-sm-6"
          />
          <FormField
            {...field('email')}
            label={required('Email')}
            type="email"
            required
            autoComplete="email"
            className="col-sm-6"
          />
          <FormField {...field('website')} label="Website" type="url" autoComplete="url" className="col-12" />
          <FormField {...field('message')} label={required('Message')} rows={5} required className="col-12" />
        </div>
        <button type="submit" className="btn btn-primary rounded-pill px-4 mt-4" disabled={isSubmitting}>
          Leave Your Comment
        </button>
      </form>
    </section>
  );
}

export interface BlogCommentsProps {
  /** The post's comments, with their replies (the props travel as JSON to the island). */
  comments: readonly PlaceholderComment[];
}

/**
 * The comments block ('3 Comments' with Reply buttons) and the 'Leave a comment' form: the blog detail
 * page's island (islands/registry.ts). No call serves or stores comments yet, so the page passes the
 * placeholders and nothing names the post.
 */
export function BlogComments({ comments }: BlogCommentsProps) {
  const headingId = useId();
  const [replyTo, setReplyTo] = useState<string>();
  const nameInput = useRef<HTMLInputElement | null>(null);

  const reply = (author: string): void => {
    setReplyTo(author);
    nameInput.current?.focus();
  };

  return (
    <div className="blog-comments">
      <section className="comments" aria-labelledby={headingId}>
        <h2 id={headingId} className="blog-detail__heading">
          {countOf(comments)} Comments
        </h2>
        <ul className="comment-list">
          {comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} onReply={reply} />
          ))}
        </ul>
      </section>
      <CommentForm
        replyTo={replyTo}
        onCancelReply={() => setReplyTo(undefined)}
        nameRef={(element) => {
          nameInput.current = element;
        }}
      />
    </div>
  );
}
