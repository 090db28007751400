import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubObservers, stubReducedMotion } from '../testing/browser-stubs.js';
import { mockContent, renderSection } from '../testing/render-section.js';
import { GallerySection } from './GallerySection.js';

const shownAlts = (): string[] =>
  within(screen.getByRole('list'))
    .getAllByRole('img')
    .map((img) => img.getAttribute('alt') ?? '');

async function renderGallery() {
  mockContent();
  const view = renderSection(<GallerySection />);
  await screen.findByRole('heading', { level: 2, name: 'Our Kids School Gallery' });
  return view;
}

describe('GallerySection', () => {
  beforeEach(() => {
    stubObservers();
    stubReducedMotion(true);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('takes its label and title from the gallery record', async () => {
    await renderGallery();
    expect(screen.getByText('Our Gallery')).toBeInTheDocument();
  });

  it('offers All, Playing, Drawing and Reading, with All pressed at first', async () => {
    await renderGallery();
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
    const { user } = await renderGallery();
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
    const { user } = await renderGallery();
    await user.click(screen.getByRole('button', { name: 'Playing' }));
    await user.click(screen.getByRole('button', { name: 'Children flying kites' }));

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const pictures = within(dialog)
      .getAllByRole('img', { hidden: true })
      .map((img) => img.getAttribute('src'));
    expect(pictures).toContain('/uploads/demo/p2.webp');
    expect(pictures).not.toContain('/uploads/demo/r1.webp');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
