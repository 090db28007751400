import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seriousAxeViolations as blocking } from '../../../test/axe.js';
import { mockApi, renderCms } from '../testing/render-cms.js';
import { GalleryChildren } from './GalleryChildren.js';

/**
 * The children tagged in a gallery record's pictures (docs/decisions/0079-photo-consent.md): the
 * editor ticks who each picture shows and saves the tags of every picture at once.
 */

const TAGS = {
  data: [
    { image: 'media/aa-800.webp', children: [{ id: 12, name: 'Ben Osei' }] },
    { image: 'media/bb-800.webp', children: [] },
  ],
};
const PUPILS = {
  data: [
    { id: 12, name: 'Ben Osei', className: 'KG' },
    { id: 13, name: 'Cara Diallo', className: 'KG' },
    { id: 21, name: 'Leo Fischer', className: 'Class 1' },
  ],
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the gallery’s tagged children', () => {
  it('shows each picture’s tags, and saves every picture’s children; axe-clean', async () => {
    const api = mockApi({
      'GET /api/admin/content/gallery/30/children': TAGS,
      'GET /api/photo-moments/children': PUPILS,
      'PUT /api/admin/content/gallery/30/children': {
        data: [
          { image: 'media/aa-800.webp', children: [{ id: 12, name: 'Ben Osei' }] },
          { image: 'media/bb-800.webp', children: [{ id: 21, name: 'Leo Fischer' }] },
        ],
      },
      'GET /api/admin/content/gallery': { data: [] },
    });
    const { user, container } = renderCms(<GalleryChildren recordId={30} />);
    const form = await screen.findByRole('form', { name: 'Children in these pictures' });
    expect(within(form).getByText('(1 child tagged)')).toBeInTheDocument();
    expect(within(form).getByText('(no child tagged)')).toBeInTheDocument();
    expect(await blocking(container)).toEqual([]);

    await user.click(within(form).getByText('Picture 2 (bb-800.webp)', { selector: 'summary' }));
    const second = within(form).getByRole('group', { name: 'Picture 2 (bb-800.webp)' });
    await user.click(within(second).getByRole('checkbox', { name: 'Leo Fischer' }));
    await user.click(within(form).getByRole('button', { name: 'Save the tags' }));

    await waitFor(() => expect(api.sent('PUT', '/api/admin/content/gallery/30/children')).toHaveLength(1));
    expect(api.sent('PUT', '/api/admin/content/gallery/30/children')[0]?.body).toEqual({
      images: [
        { image: 'media/aa-800.webp', children: [12] },
        { image: 'media/bb-800.webp', children: [21] },
      ],
    });
    expect(await screen.findByText('The tags are saved.')).toBeInTheDocument();
  });
});
