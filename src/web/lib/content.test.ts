import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render-app.js';
import { ApiError } from './api-client.js';
import { contentQueryOptions, getContent } from './content.js';

describe('getContent', () => {
  it('fetches a collection and maps the wire fields to internal names', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse({
        data: [
          {
            id: 3,
            heading1: 'Our Classes',
            heading2: 'Classes for your kids',
            images: [],
          },
        ],
      }),
    );
    await expect(getContent('class')).resolves.toEqual([
      { id: 3, label: 'Our Classes', title: 'Classes for your kids', images: [] },
    ]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/class');
  });

  it('reads the misspelt fields (discription, learm_more) into description and learnMoreLabel', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse({
        data: [
          {
            id: 1,
            heading: 'Hi',
            heading2: 'Title',
            learm_more: 'Learn More',
            discription: 'Text',
            images: [{ image: 'a.jpg', alt: 'A' }],
          },
        ],
      }),
    );
    const [home] = await getContent('home');
    expect(home).toMatchObject({
      heading: 'Hi',
      title: 'Title',
      learnMoreLabel: 'Learn More',
      description: 'Text',
    });
  });

  it('rejects an answer of the wrong shape', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ data: [{ id: 'x' }] }));
    await expect(getContent('home')).rejects.toBeInstanceOf(ApiError);
  });

  it('keys queries by collection', () => {
    expect(contentQueryOptions('gallery').queryKey).toEqual(['content', 'gallery']);
  });
});
