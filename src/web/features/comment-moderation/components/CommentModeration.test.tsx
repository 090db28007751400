import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BlogComment, BlogCommentList } from '../../../../shared/api/blog-comments.js';
import { isolated } from '../../../../shared/i18n/translator.js';
import { I18nProvider } from '../../../lib/i18n.js';
import { testTranslator, untranslatedTexts } from '../../../test/i18n.js';
import { mockApi, renderScreen } from '../../../test/school-test-utils.js';
import { CommentModeration } from './CommentModeration.js';

const comment = (overrides: Partial<BlogComment> = {}): BlogComment => ({
  id: 3,
  postId: 12,
  name: 'Rosa Parent',
  email: 'rosa@example.org',
  message: 'What a lovely trip!',
  createdAt: '2026-11-20T15:00:00.000Z',
  status: 'pending',
  postTitle: 'Our trip to the farm',
  ...overrides,
});

const list = (data: BlogComment[], pending: number): BlogCommentList => ({ data, pending });

function renderModeration(locale?: 'fr' | 'ar' | 'en-XA') {
  let waiting = [comment()];
  const api = mockApi({
    'GET admin/blog-comments?status=pending': () => list(waiting, waiting.length),
    'GET admin/blog-comments?status=approved': list([comment({ id: 1, status: 'approved', name: 'Ben' })], 1),
    'PATCH admin/blog-comments/3': (request) => {
      waiting = [];
      return { data: comment({ status: (request.body as { status: BlogComment['status'] }).status }) };
    },
  });
  return {
    ...renderScreen(
      locale ? (
        <I18nProvider translator={testTranslator(locale)}>
          <CommentModeration />
        </I18nProvider>
      ) : (
        <CommentModeration />
      ),
      { path: '/blog-comments', pattern: '/blog-comments' },
    ),
    api,
  };
}

describe('CommentModeration', () => {
  it('opens on the waiting comments with their count, post, sender and day', async () => {
    renderModeration();
    const section = within(await screen.findByRole('region', { name: /Comments from the blog/ }));
    expect(await section.findByText('1 waiting')).toBeInTheDocument();
    const entry = within(section.getByRole('listitem', { name: /Rosa Parent on Our trip to the farm/ }));
    expect(entry.getByText('What a lovely trip!')).toBeInTheDocument();
    expect(entry.getByRole('link', { name: 'rosa@example.org' })).toHaveAttribute(
      'href',
      'mailto:rosa@example.org',
    );
    expect(entry.getByText(/20 Nov 2026/)).toBeInTheDocument();
  });

  it('approves a comment: the call says approved, and the list and count follow', async () => {
    const { user, api } = renderModeration();
    await user.click(await screen.findByRole('button', { name: 'Approve: the comment of Rosa Parent' }));
    await waitFor(() => expect(api.calls('PATCH')).toEqual(['PATCH admin/blog-comments/3']));
    expect(api.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ status: 'approved' });
    expect(await screen.findByText('No comment is waiting for you.')).toBeInTheDocument();
    expect(screen.getByText('0 waiting')).toBeInTheDocument();
  });

  it('shows the approved ones when asked, each with a way to hide it again', async () => {
    const { user } = renderModeration();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Show' }), 'Approved');
    expect(
      await screen.findByRole('button', { name: 'Hide (reject): the comment of Ben' }),
    ).toBeInTheDocument();
  });

  it('speaks the pseudo-locale everywhere but the visitor’s comment', async () => {
    const { container } = renderModeration('en-XA');
    await screen.findByText('What a lovely trip!');
    expect(
      untranslatedTexts(container, [
        'Rosa Parent',
        'rosa@example.org',
        'What a lovely trip!',
        'Our trip to the farm',
        'Nov',
      ]),
    ).toEqual([]);
  });

  it('speaks Arabic: the title, the count and the actions', async () => {
    renderModeration('ar');
    expect(await screen.findByRole('region', { name: /تعليقات المدونة/ })).toBeInTheDocument();
    expect(await screen.findByText('1 قيد الانتظار')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: `قبول: تعليق ${isolated('Rosa Parent')}` }),
    ).toBeInTheDocument();
  });
});
