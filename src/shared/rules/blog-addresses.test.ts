import { describe, expect, it } from 'vitest';
import { BLOG_DETAIL_PATH, blogDetailCanonicalPath, blogPostPath } from './blog-addresses.js';

const posts = [
  { id: 4, heading: 'Five Ways to Make Bedtime Reading Magical' },
  { id: 9, heading: 'Why Outdoor Play Matters More Than Ever' },
  { id: 12, heading: 'Why  outdoor play matters more than ever ' },
];

describe('one address per blog post', () => {
  it('gives a post the address of its Read More link', () => {
    expect(blogPostPath(9)).toBe('/blogdetail?post=9');
  });

  it('points the blog detail article at the post it is, by title, the first in display order', () => {
    expect(blogDetailCanonicalPath('Why Outdoor Play Matters More Than Ever', posts)).toBe(blogPostPath(9));
    expect(blogDetailCanonicalPath(' why outdoor PLAY matters more than ever', posts)).toBe(blogPostPath(9));
    expect(blogDetailCanonicalPath('Five Ways to Make Bedtime Reading Magical', posts)).toBe(blogPostPath(4));
    expect(
      blogDetailCanonicalPath('Five Ways to Make Bedtime Reading Magical', [
        { id: 4, heading: 'Five Ways to Make Bedtime Reading Magical' },
      ]),
    ).toBe(blogPostPath(4));
    expect(blogDetailCanonicalPath('It’s Sports Day', [{ id: 2, heading: "It's Sports Day" }])).toBe(
      blogPostPath(2),
    );
  });

  it('keeps /blogdetail for an article that is no post, or no article', () => {
    expect(blogDetailCanonicalPath('Our School Garden', posts)).toBe(BLOG_DETAIL_PATH);
    expect(blogDetailCanonicalPath('', [{ id: 1, heading: '' }])).toBe(BLOG_DETAIL_PATH);
    expect(blogDetailCanonicalPath(undefined, posts)).toBe(BLOG_DETAIL_PATH);
    expect(blogDetailCanonicalPath('Why Outdoor Play Matters More Than Ever', [])).toBe(BLOG_DETAIL_PATH);
  });
});
