import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IslandCollector, IslandCollectorContext } from '../../../islands/island.js';
import { stubObservers, stubReducedMotion } from '../testing/browser-stubs.js';
import { mockContent, renderSection } from '../testing/render-section.js';
import { GallerySection } from './GallerySection.js';

describe('GallerySection', () => {
  beforeEach(() => {
    stubObservers();
    stubReducedMotion(true);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('takes its label and title from the gallery record, and shows its pictures with the filters', async () => {
    mockContent();
    renderSection(<GallerySection />);
    await screen.findByRole('heading', { level: 2, name: 'Our Kids School Gallery' });
    expect(screen.getByText('Our Gallery')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Show pictures of' })).toBeInTheDocument();
    expect(within(screen.getByRole('list')).getAllByRole('img')).toHaveLength(5);
  });

  it('hands its island each picture’s file, alt text and category, and nothing else', async () => {
    mockContent({
      content: {
        gallery: [
          {
            id: 25,
            heading1: 'Our Gallery',
            heading2: 'Our Kids School Gallery',
            images: [
              { image: 'demo/p1.webp', alt: 'Children on the swings', category: 'Playing' },
              { image: 'demo/x.webp', alt: 'Sports day' },
            ],
          },
        ],
      },
    });
    const islands = new IslandCollector();
    renderSection(
      <IslandCollectorContext value={islands}>
        <GallerySection />
      </IslandCollectorContext>,
    );
    await screen.findByRole('heading', { level: 2, name: 'Our Kids School Gallery' });
    await vi.waitFor(() => expect(islands.placed.at(-1)?.props).toMatchObject({ pending: false }));
    const island = islands.placed.at(-1);
    expect(island?.name).toBe('gallery');
    expect(JSON.parse(JSON.stringify(island?.props))).toEqual({
      images: [
        { image: 'demo/p1.webp', alt: 'Children on the swings', category: 'Playing' },
        { image: 'demo/x.webp', alt: 'Sports day' },
      ],
      pending: false,
    });
  });
});
