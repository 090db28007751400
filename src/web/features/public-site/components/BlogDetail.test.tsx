import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IslandCollector, IslandCollectorContext } from '../../../islands/island.js';
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

  it('shows the approved comments of the article it shows, and none of other posts', async () => {
    mockContent({
      blogComments: [
        {
          id: 1,
          postId: null,
          name: 'Ana Silva',
          message: 'Lovely to read.',
          createdAt: '2026-06-02T09:00:00.000Z',
        },
        {
          id: 2,
          postId: 77,
          name: 'Ben Ito',
          message: 'Another post.',
          createdAt: '2026-06-03T09:00:00.000Z',
        },
      ],
    });
    renderSection(<BlogDetail />);
    const comments = within(await screen.findByRole('region', { name: '1 Comment' }));
    expect(comments.getByText('Lovely to read.')).toBeInTheDocument();
    expect(screen.queryByText('Another post.')).not.toBeInTheDocument();
  });

  it('asks for name, email and message when the comment is sent empty', async () => {
    const { user } = await renderDetail();
    const form = within(screen.getByRole('form', { name: 'Leave a comment' }));
    await user.click(form.getByRole('button', { name: 'Leave Your Comment' }));

    expect(await form.findByText('Please enter your name')).toBeInTheDocument();
    expect(form.getByText('Please enter your email')).toBeInTheDocument();
    expect(form.getByText('Please enter your message')).toBeInTheDocument();
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
    expect(last('blog-comments')?.props).toEqual({ postId: null, comments: [], search: '' });
    expect(last('blog-search')?.props).toEqual({});
  });
});
