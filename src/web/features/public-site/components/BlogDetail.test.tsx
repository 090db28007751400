import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IslandCollector, IslandCollectorContext } from '../../../islands/island.js';
import { PLACEHOLDER_COMMENTS } from '../lib/blog-placeholders.js';
import { COMMENT_MESSAGES } from '../lib/comment-messages.js';
import { mockContent, renderSection } from '../testing/render-section.js';
import { BlogDetail, chosenPostId, POST_NOT_FOUND } from './BlogDetail.js';
import { SEARCH_COMING_SOON } from './BlogSearch.js';

async function renderDetail() {
  mockContent();
  const view = renderSection(<BlogDetail />);
  const article = await screen.findByRole('article', { name: 'Why Outdoor Play Matters' });
  return {
    ...view,
    article: within(article),
    sidebar: within(screen.getByRole('complementary', { name: 'Blog sidebar' })),
  };
}

describe('BlogDetail', () => {
  it('builds the post from the entries: title and lead text, lead image, further sections', async () => {
    const { article } = await renderDetail();
    expect(article.getByText('Play & Development')).toBeInTheDocument();
    expect(article.getByText('The playground is a classroom.')).toBeInTheDocument();
    const lead = article.getByRole('img', { name: 'Children on the slide' });
    expect(lead).toHaveAttribute('width', '800');
    expect(lead).toHaveAttribute('height', '500');
    expect(article.getAllByRole('img')).toHaveLength(1);
    expect(
      article.getByRole('heading', { level: 3, name: 'Learning happens everywhere' }),
    ).toBeInTheDocument();
    expect(
      article.getByRole('heading', { level: 3, name: 'Stronger bodies, calmer minds' }),
    ).toBeInTheDocument();
    expect(article.getByText('It also teaches turn-taking.')).toBeInTheDocument();
    expect(article.queryByText('Margaret has led the school for twelve years.')).not.toBeInTheDocument();
  });

  it('shows the fifth entry as the author card in the sidebar', async () => {
    const { sidebar } = await renderDetail();
    const card = within(screen.getByRole('region', { name: 'About the author' }));
    expect(card.getByRole('heading', { name: 'Margaret Osei' })).toBeInTheDocument();
    expect(card.getByText('Principal, Sunny Meadows Kids School')).toBeInTheDocument();
    expect(card.getByText('Margaret has led the school for twelve years.')).toBeInTheDocument();
    expect(card.getByRole('img', { name: 'Portrait of Margaret Osei' })).toBeInTheDocument();
    expect(sidebar.getByRole('searchbox', { name: 'Search the blog' })).toBeInTheDocument();
  });

  it('has categories with counts, recent posts and a tag cloud in the sidebar', async () => {
    const { sidebar } = await renderDetail();
    const categories = within(sidebar.getByRole('region', { name: 'Categories' }));
    await categories.findByRole('link', { name: 'Reading' });
    expect(
      categories.getAllByRole('listitem').map((item) => item.textContent?.replace(/\s+posts?$/, '')),
    ).toEqual(['Reading2', 'Web Design1']);
    const recent = within(sidebar.getByRole('region', { name: 'Recent Posts' }));
    expect(recent.getAllByRole('link')).toHaveLength(3);
    expect(
      within(sidebar.getByRole('region', { name: 'Tag Cloud' })).getAllByRole('link').length,
    ).toBeGreaterThan(5);
  });

  it('shows related posts other than this one', async () => {
    await renderDetail();
    const related = within(await screen.findByRole('region', { name: 'Related Posts' }));
    expect(related.getAllByRole('link')).toHaveLength(2);
    for (const link of related.getAllByRole('link')) {
      expect(link.getAttribute('href')).toMatch(/^\/blogdetail\?post=\d+$/);
    }
  });

  it('with ?post=<id> (a card’s Read More) the article is that post, and related posts are the others', async () => {
    mockContent();
    renderSection(<BlogDetail />, '/?post=17');
    const article = within(await screen.findByRole('article', { name: 'Healthy Lunchboxes' }));
    expect(article.getByText(/^By /)).toBeInTheDocument();
    const related = within(screen.getByRole('region', { name: 'Related Posts' }));
    const hrefs = related.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).not.toContain('/blogdetail?post=17');
    expect(hrefs).toContain('/blogdetail?post=16');
  });

  it.each(['/?post=999', '/?post=0x11', '/?post='])(
    '%s: says the post could not be found and links to all posts',
    async (path) => {
      mockContent();
      renderSection(<BlogDetail />, path);
      expect(await screen.findByText(POST_NOT_FOUND)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'All posts' })).toHaveAttribute('href', '/blog');
    },
  );

  it('reads a post id only from decimal digits', () => {
    expect(chosenPostId('17')).toBe(17);
    for (const bad of [null, '', '017', '0x11', '1e1', '-3', '17a'])
      expect(chosenPostId(bad)).toBeUndefined();
  });

  it('shows 3 Comments, each with a Reply button that moves to the form', async () => {
    const { user } = await renderDetail();
    const comments = within(screen.getByRole('region', { name: '3 Comments' }));
    const replies = comments.getAllByRole('button', { name: /^Reply to / });
    expect(replies).toHaveLength(3);

    await user.click(comments.getByRole('button', { name: 'Reply to James Okoye' }));
    const form = within(screen.getByRole('region', { name: 'Leave a comment' }));
    expect(form.getByText('James Okoye')).toBeInTheDocument();
    expect(form.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });

  it('asks for name, email and message when the comment is sent empty; Website is optional', async () => {
    const { user } = await renderDetail();
    const form = within(screen.getByRole('form', { name: 'Leave a comment' }));
    await user.click(form.getByRole('button', { name: 'Leave Your Comment' }));

    expect(await form.findByText('Please enter your name')).toBeInTheDocument();
    expect(form.getByText('Please enter your email')).toBeInTheDocument();
    expect(form.getByText('Please enter your message')).toBeInTheDocument();
    expect(form.getByLabelText('Website')).not.toHaveAttribute('aria-invalid');
  });

  it('says comments are coming soon when the form is valid, and empties it', async () => {
    const { user } = await renderDetail();
    const form = within(screen.getByRole('form', { name: 'Leave a comment' }));
    await user.type(form.getByRole('textbox', { name: 'Name' }), 'Asha');
    await user.type(form.getByRole('textbox', { name: 'Email' }), 'asha@example.com');
    await user.type(form.getByLabelText('Website'), 'not a site');
    await user.type(form.getByRole('textbox', { name: 'Message' }), 'Lovely article!');
    await user.click(form.getByRole('button', { name: 'Leave Your Comment' }));
    expect(await form.findByText(COMMENT_MESSAGES.invalidWebsite)).toBeInTheDocument();

    await user.clear(form.getByLabelText('Website'));
    await user.type(form.getByLabelText('Website'), 'asha.example.com');
    await user.click(form.getByRole('button', { name: 'Leave Your Comment' }));
    expect(await screen.findByText(COMMENT_MESSAGES.comingSoon)).toBeInTheDocument();
    expect(form.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  });

  it('says search is coming soon', async () => {
    const { user, sidebar } = await renderDetail();
    await user.type(sidebar.getByRole('searchbox', { name: 'Search the blog' }), 'garden{Enter}');
    expect(await screen.findByText(SEARCH_COMING_SOON)).toBeInTheDocument();
  });

  it('leaves the comments and the search box to islands, the comments with what they show', async () => {
    mockContent();
    const islands = new IslandCollector();
    renderSection(
      <IslandCollectorContext value={islands}>
        <BlogDetail />
      </IslandCollectorContext>,
    );
    await screen.findByRole('article', { name: 'Why Outdoor Play Matters' });
    const last = (name: string) => islands.placed.findLast((island) => island.name === name);
    expect(last('blog-comments')?.props).toEqual({ comments: PLACEHOLDER_COMMENTS });
    expect(last('blog-search')?.props).toEqual({});
  });
});
