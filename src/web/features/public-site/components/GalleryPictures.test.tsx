import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContentImage } from '../../../../shared/api/content.js';
import { stubObservers, stubReducedMotion } from '../testing/browser-stubs.js';
import { GalleryPictures } from './GalleryPictures.js';

const IMAGES: ContentImage[] = [
  { image: 'demo/p1.webp', alt: 'Children on the swings', category: 'Playing' },
  { image: 'demo/p2.webp', alt: 'Children flying kites', category: 'Playing' },
  { image: 'demo/d1.webp', alt: 'A child painting at the easel', category: 'Drawing' },
  { image: 'demo/r1.webp', alt: 'Children reading in the library', category: 'Reading' },
  { image: 'demo/r2.webp', alt: 'Story time with a teacher', category: 'Reading' },
];

const shownAlts = (): string[] =>
  within(screen.getByRole('list'))
    .getAllByRole('img')
    .map((img) => img.getAttribute('alt') ?? '');

/** The pictures as their island renders them: their props alone, with no router and no query client. */
function renderPictures() {
  const user = userEvent.setup();
  render(<GalleryPictures images={IMAGES} pending={false} />);
  return { user };
}

describe('GalleryPictures', () => {
  beforeEach(() => {
    stubObservers();
    stubReducedMotion(true);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('offers All, Playing, Drawing and Reading, with All pressed at first', () => {
    renderPictures();
    const filters = within(screen.getByRole('group', { name: 'Show pictures of' })).getAllByRole('button');
    expect(filters.map((button) => button.textContent)).toEqual(['All', 'Playing', 'Drawing', 'Reading']);
    expect(filters.map((button) => button.getAttribute('aria-pressed'))).toEqual([
      'true',
      'false',
      'false',
      'false',
    ]);
    expect(shownAlts()).toHaveLength(5);
  });

  it('shows only the chosen category’s pictures', async () => {
    const { user } = renderPictures();
    await user.click(screen.getByRole('button', { name: 'Reading' }));
    expect(screen.getByRole('button', { name: 'Reading' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
    expect(shownAlts()).toEqual(['Children reading in the library', 'Story time with a teacher']);
    expect(screen.getByText('2 pictures shown')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Drawing' }));
    expect(shownAlts()).toEqual(['A child painting at the easel']);

    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(shownAlts()).toHaveLength(5);
  });

  it('opens a picture in the lightbox, walking through the filtered set, and closes on Escape', async () => {
    const { user } = renderPictures();
    await user.click(screen.getByRole('button', { name: 'Playing' }));
    const opener = screen.getByRole('button', { name: 'Children flying kites' });
    await user.click(opener);

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const pictures = within(dialog)
      .getAllByRole('img', { hidden: true })
      .map((img) => img.getAttribute('src'));
    expect(pictures).toContain('/uploads/demo/p2.webp');
    expect(pictures).not.toContain('/uploads/demo/r1.webp');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('keeps the places of the pictures while the gallery loads', () => {
    render(<GalleryPictures images={[]} pending />);
    expect(within(screen.getByRole('list')).queryAllByRole('img')).toHaveLength(0);
    expect(screen.getAllByRole('listitem')).toHaveLength(8);
    expect(screen.queryByText(/shown$/)).not.toBeInTheDocument();
  });
});
