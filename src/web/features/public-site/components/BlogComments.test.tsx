import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import { COMMENT_MESSAGES } from '../lib/comment-messages.js';
import { BlogComments } from './BlogComments.js';

const COMMENTS = [
  {
    id: 'a',
    author: 'Ana Silva',
    date: '2 June',
    text: 'Lovely to read.',
    replies: [{ id: 'b', author: 'Ben Ito', date: '3 June', text: 'Thank you, Ana!' }],
  },
];

/** The comments as their island renders them: their props alone, with no router and no query client. */
function renderComments() {
  const user = userEvent.setup();
  render(
    <>
      <BlogComments comments={COMMENTS} />
      <ToastContainer />
    </>,
  );
  return { user };
}

describe('BlogComments', () => {
  it('counts the comments it is given with their replies, each with a Reply button', () => {
    renderComments();
    const comments = within(screen.getByRole('region', { name: '2 Comments' }));
    expect(
      comments.getAllByRole('button', { name: /^Reply to / }).map((button) => button.textContent),
    ).toEqual(['Reply', 'Reply']);
    expect(comments.getByText('Thank you, Ana!')).toBeInTheDocument();
  });

  it('checks the form with its schema, loaded on first use, and says comments are coming soon', async () => {
    const { user } = renderComments();
    const form = within(screen.getByRole('form', { name: 'Leave a comment' }));
    await user.click(form.getByRole('button', { name: 'Leave Your Comment' }));
    expect(await form.findByText(COMMENT_MESSAGES.enterName)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reply to Ben Ito' }));
    expect(form.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await user.type(form.getByRole('textbox', { name: 'Name' }), 'Asha');
    await user.type(form.getByRole('textbox', { name: 'Email' }), 'asha@example.com');
    await user.type(form.getByRole('textbox', { name: 'Message' }), 'Lovely article!');
    await user.click(form.getByRole('button', { name: 'Leave Your Comment' }));
    expect(await screen.findByText(COMMENT_MESSAGES.comingSoon)).toBeInTheDocument();
    expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('');
    expect(screen.queryByText(/^Replying to/)).not.toBeInTheDocument();
  });
});
