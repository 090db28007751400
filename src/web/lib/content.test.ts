import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testTranslator } from '../test/i18n.js';
import { jsonResponse } from '../test/render-app.js';
import { ApiError } from './api-client.js';
import { contentQueryOptions, getContent } from './content.js';
import { setFallbackTranslator } from './i18n.js';

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

describe('the public content in the page’s language', () => {
  afterEach(() => setFallbackTranslator(testTranslator()));

  const answer = () =>
    vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () =>
        jsonResponse({ data: [{ id: 3, heading1: 'Nos ateliers', heading2: 'Des classes', images: [] }] }),
      );

  it('a French page asks for the French records and keeps them apart from the English ones', async () => {
    setFallbackTranslator(testTranslator('fr'));
    const fetchMock = answer();
    const queryClient = new QueryClient();
    await queryClient.fetchQuery(contentQueryOptions('class'));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/class?lang=fr');
    expect(queryClient.getQueryData(['content', 'class', 'fr'])).toEqual([
      { id: 3, label: 'Nos ateliers', title: 'Des classes', images: [] },
    ]);
    expect(queryClient.getQueryData(['content', 'class'])).toBeUndefined();
  });

  it('an English page (and the pseudo-locale) makes the contract’s call', async () => {
    for (const locale of ['en', 'en-XA'] as const) {
      setFallbackTranslator(testTranslator(locale));
      const fetchMock = answer();
      await new QueryClient().fetchQuery(contentQueryOptions('class'));
      expect(fetchMock.mock.calls.at(-1)?.[0]).toBe('/api/class');
      fetchMock.mockRestore();
    }
  });
});
