import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubObservers, stubReducedMotion } from '../../../features/public-site/testing/browser-stubs.js';
import { mockContent } from '../../../features/public-site/testing/render-section.js';
import { renderApp } from '../../../test/render-app.js';

const h2s = (): string[] =>
  screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent ?? '');

/** Each public page puts its sections together and loads their content through its route loader. */
describe('public pages', () => {
  beforeEach(() => {
    stubObservers();
    stubReducedMotion(true);
  });

  it('home: hero, facilities, about, classes, the school calendar, Book A Seat, teachers, testimonials, blog', async () => {
    const api = mockContent();
    renderApp('/');
    // The first render of home imports every section's module: give it time.
    await screen.findByRole('heading', { level: 2, name: 'Latest Articles From Blog' }, { timeout: 15_000 });
    await waitFor(() => expect(h2s()).toContain('Meet Our Teachers'));
    expect(
      screen.getByRole('heading', { level: 1, name: 'New Approach to Kids Education' }),
    ).toBeInTheDocument();
    expect(h2s().filter((text) => !['Get In Touch', 'Quick Links', 'Newsletter'].includes(text))).toEqual([
      'Our Facilities',
      'Best School For Your Kids',
      'Classes for Your Kids',
      'Term Dates and Events',
      'Book A Seat For Your Kid',
      'Meet Our Teachers',
      'What Parents Say!',
      'Latest Articles From Blog',
    ]);
    for (const collection of [
      'home',
      'facilities',
      'about',
      'class',
      'kidsclasses',
      'teacher',
      'comments',
      'blog',
    ] as const) {
      expect(api.callsTo(collection)).toBe(1);
    }
  });

  it.each([
    ['/about', ['Best School For Your Kids', 'Our Facilities', 'Meet Our Teachers']],
    ['/class', ['Classes for Your Kids', 'Book A Seat For Your Kid']],
    ['/teacher', ['Meet Our Teachers', 'What Parents Say!']],
    ['/gallery', ['Our Kids School Gallery']],
    ['/blog', ['Latest Articles From Blog']],
    ['/contact', ['Contact Us For Any Query']],
  ])('%s shows its sections', async (path, titles) => {
    mockContent();
    renderApp(path);
    const last = titles.at(-1) as string;
    await screen.findByRole('heading', { level: 2, name: last }, { timeout: 5000 });
    await waitFor(() => {
      for (const title of titles) expect(h2s()).toContain(title);
    });
  });

  it('/blogdetail shows the post, its comments and the sidebar', async () => {
    mockContent({
      blogComments: [
        { id: 1, postId: null, name: 'Ana Silva', message: 'Lovely.', createdAt: '2026-06-02T09:00:00.000Z' },
      ],
    });
    renderApp('/blogdetail');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Why Outdoor Play Matters' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: '1 Comment' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Leave a comment' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Categories' })).toBeInTheDocument();
  });
});
