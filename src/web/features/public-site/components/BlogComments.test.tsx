import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BLOG_COMMENT_MESSAGES } from '../../../../shared/api/blog-comment-fields.js';
import { BLOG_COMMENT_FORM_POST } from '../../../../shared/api/form-posts.js';
import { HONEYPOT_FIELD } from '../../../../shared/api/public-form-fields.js';
import { urlOf } from '../../../test/content-fetch.js';
import { jsonResponse } from '../../../test/render-app.js';
import { BlogComments, type BlogCommentsProps } from './BlogComments.js';

const COMMENTS = [
  { id: 4, postId: 12, name: 'Ana Silva', message: 'Lovely to read.', createdAt: '2026-06-02T22:30:00.000Z' },
];

/** The island as its page places it: its props alone, with no router and no query client. */
function renderComments(props: Partial<BlogCommentsProps> = {}) {
  const sent: unknown[] = [];
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (urlOf(input) !== '/api/blog-comments' || init?.method !== 'POST') {
      throw new TypeError(`Unexpected call ${urlOf(input)}`);
    }
    sent.push(JSON.parse(String(init.body)));
    return jsonResponse({ data: { received: true } }, 201);
  });
  const user = userEvent.setup();
  render(
    <>
      <BlogComments postId={12} comments={COMMENTS} search="" {...props} />
      <ToastContainer />
    </>,
  );
  return { user, sent, fetchMock };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('BlogComments', () => {
  it('shows the approved comments it is given, with the day in words', () => {
    renderComments();
    const comments = within(screen.getByRole('region', { name: '1 Comment' }));
    expect(comments.getByText('Ana Silva')).toBeInTheDocument();
    expect(comments.getByText('Lovely to read.')).toBeInTheDocument();
    expect(comments.getByText('2 Jun 2026')).toHaveAttribute('datetime', COMMENTS[0]?.createdAt);
  });

  it('says so when there is no comment yet', () => {
    renderComments({ comments: [] });
    expect(
      within(screen.getByRole('region', { name: '0 Comments' })).getByText(/No comments yet/),
    ).toBeVisible();
  });

  it('checks the form, sends the comment with its post and an empty honeypot, and says it waits for approval', async () => {
    const { user, sent } = renderComments();
    const form = within(screen.getByRole('form', { name: 'Leave a comment' }));
    await user.click(form.getByRole('button', { name: 'Leave Your Comment' }));
    expect(await form.findByText(BLOG_COMMENT_MESSAGES.enterName)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(form.getByRole('textbox', { name: 'Name' }), ' Asha ');
    await user.type(form.getByRole('textbox', { name: 'Email' }), 'asha@example.com');
    await user.type(form.getByRole('textbox', { name: 'Message' }), 'Lovely article!');
    await user.click(form.getByRole('button', { name: 'Leave Your Comment' }));
    expect(await screen.findByText(BLOG_COMMENT_MESSAGES.sent)).toBeInTheDocument();
    expect(sent).toEqual([
      {
        postId: 12,
        name: 'Asha',
        email: 'asha@example.com',
        message: 'Lovely article!',
        [HONEYPOT_FIELD]: '',
      },
    ]);
    expect(form.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  });

  it('is a plain form for a browser without its script, and shows what a plain send came to', () => {
    renderComments({ search: `?post=12&${BLOG_COMMENT_FORM_POST.param}=sent` });
    const form = screen.getByRole('form', { name: 'Leave a comment' });
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/blogdetail');
    expect(form.querySelector('input[type="hidden"][name="postId"]')).toHaveValue('12');
    expect(within(form).getByRole('status')).toHaveTextContent(BLOG_COMMENT_MESSAGES.sent);
  });
});
