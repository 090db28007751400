import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allowConsoleErrors } from '../../../test/console.js';
import { jsonResponse } from '../../../test/render-app.js';
import { en, mockApi, renderCms, testMedia } from '../testing/render-cms.js';
import { CollectionPanel, NO_MORE_RECORDS, NOT_SHOWN_RECORD } from './CollectionPanel.js';
import { MediaLibrary, SITE_PICTURES_TITLE, UPLOADED_MESSAGE } from './MediaLibrary.js';
import { UploadPicture } from './UploadPicture.js';
import { NOT_ALLOWED_MESSAGE, WebsiteEditor } from './WebsiteEditor.js';

const FACILITIES = [
  { id: 19, image: 'bi-bus-front', heading: 'Safe School Bus', discription: 'x', images: [] },
  { id: 20, image: 'bi-egg-fried', heading: '<script>alert(1)</script>', discription: 'y', images: [] },
];

const NAME = 'a'.repeat(32);
const MEDIA = testMedia({
  name: NAME,
  height: 600,
  widths: [400, 800],
  alt: 'Sandpit',
  originalName: 'sandpit.jpg',
  bytes: 52_000,
  usedBy: [{ collection: 'gallery', id: 30 }],
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CollectionPanel', () => {
  it('lists the records in order as text, and asks before deleting', async () => {
    const api = mockApi({
      'GET /api/facilities': { data: FACILITIES },
      'DELETE /api/admin/content/facilities/20': () => new Response(null, { status: 204 }),
    });
    const { user } = renderCms(<CollectionPanel collection="facilities" />);
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.cms-records__summary')?.textContent)).toEqual([
      'Safe School Bus',
      '<script>alert(1)</script>',
    ]);

    await user.click(screen.getByRole('button', { name: 'Delete “<script>alert(1)</script>”' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this record?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.sent('DELETE', '/api/admin/content/facilities/20')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete “<script>alert(1)</script>”' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.sent('DELETE', '/api/admin/content/facilities/20')).toHaveLength(1));
    expect(await screen.findByText('Deleted.')).toBeInTheDocument();
  });

  it('moves a record down with POST .../order', async () => {
    const api = mockApi({
      'GET /api/facilities': { data: FACILITIES },
      'POST /api/admin/content/facilities/order': { data: [...FACILITIES].reverse() },
    });
    const { user } = renderCms(<CollectionPanel collection="facilities" />);
    await user.click(await screen.findByRole('button', { name: 'Move “Safe School Bus” down' }));
    await waitFor(() => expect(api.sent('POST', '/api/admin/content/facilities/order')).toHaveLength(1));
    expect(api.sent('POST', '/api/admin/content/facilities/order')[0]?.body).toEqual({ ids: [20, 19] });
  });

  it('edits no About record the page does not show, and adds none that it would not show', async () => {
    const about = (id: number, heading3: string, heading2: string) => ({
      id,
      heading1: '',
      heading2,
      heading3,
      discription: '',
      learn_more: '',
      images: [],
    });
    mockApi({
      'GET /api/about': {
        data: [about(1, 'Small classes#Kind teachers', ''), about(2, '', 'Best School'), about(3, '', 'Old')],
      },
    });
    const { user } = renderCms(<CollectionPanel collection="about" />);
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.cms-records__summary')?.textContent)).toEqual([
      'Small classes, Kind teachers',
      'Best School',
      `Old${en(NOT_SHOWN_RECORD)}`,
    ]);
    expect(screen.queryByRole('button', { name: 'Edit “Old”' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete “Old”' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a record' })).not.toBeInTheDocument();
    expect(screen.getByText(en(NO_MORE_RECORDS))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit “Small classes, Kind teachers”' }));
    const form = within(screen.getByRole('form', { name: 'Edit About record' }));
    expect(form.getByLabelText('Item 2')).toHaveValue('Kind teachers');
    expect(form.queryByLabelText('Title')).not.toBeInTheDocument();
  });
});

describe('UploadPicture', () => {
  it('shows the chosen file before uploading, then uploads it with its alt', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview-1'), revokeObjectURL: vi.fn() }),
    );
    const api = mockApi({ 'POST /api/admin/media': () => jsonResponse({ data: MEDIA }, 201) });
    const onUploaded = vi.fn();
    const { user } = renderCms(<UploadPicture onUploaded={onUploaded} />);
    const file = new File(['png'], 'sandpit.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Picture file'), file);

    expect(screen.getByRole('img', { name: 'Preview of the chosen file' })).toHaveAttribute(
      'src',
      'blob:preview-1',
    );
    expect(api.calls).toHaveLength(0);

    await user.type(screen.getByLabelText('Description (alt text)'), 'Sandpit');
    await user.click(screen.getByRole('button', { name: 'Upload and add' }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(MEDIA, 'Sandpit'));
    const body = api.sent('POST', '/api/admin/media')[0]?.body as FormData;
    expect(body.get('file')).toBeInstanceOf(File);
    expect(body.get('alt')).toBe('Sandpit');
  });
});

describe('MediaLibrary', () => {
  it('lists the site’s other pictures (the demo’s) with their use, and uploads from the library', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview-2'), revokeObjectURL: vi.fn() }),
    );
    let uploaded = false;
    const api = mockApi({
      'GET /api/admin/media': () =>
        jsonResponse({
          data: uploaded ? [MEDIA] : [],
          sitePictures: [
            {
              image: 'demo/scenes/hero-1-800.webp',
              alt: 'Children under a rainbow',
              usedBy: [{ collection: 'home', id: 1 }],
            },
          ],
        }),
      'POST /api/admin/media': () => {
        uploaded = true;
        return jsonResponse({ data: MEDIA }, 201);
      },
    });
    const { user } = renderCms(<MediaLibrary />);
    const site = await screen.findByRole('img', { name: 'Children under a rainbow' });
    expect(site).toHaveAttribute('src', '/uploads/demo/scenes/hero-1-320.webp');
    expect(screen.getByText(en(SITE_PICTURES_TITLE))).toBeInTheDocument();
    expect(screen.getByText('Used by Home banner #1')).toBeInTheDocument();
    expect(screen.getByText('No pictures uploaded yet.')).toBeInTheDocument();
    // The app brought it: nothing to delete.
    expect(screen.queryByRole('button', { name: /^Delete picture/ })).not.toBeInTheDocument();

    await user.click(screen.getByText('Upload a picture'));
    await user.upload(
      screen.getByLabelText('Picture file'),
      new File(['png'], 'sandpit.jpg', { type: 'image/jpeg' }),
    );
    await user.type(screen.getByLabelText('Description (alt text)'), 'Sandpit');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(en(UPLOADED_MESSAGE))).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Delete picture sandpit.jpg' })).toBeInTheDocument();
    expect(api.sent('POST', '/api/admin/media')).toHaveLength(1);
  });

  it('lists size and use, and shows which records still use a picture on 409', async () => {
    mockApi({
      'GET /api/admin/media': { data: [MEDIA], sitePictures: [] },
      [`DELETE /api/admin/media/${NAME}`]: () =>
        jsonResponse(
          { error: { code: 'MEDIA_IN_USE', message: 'This picture is still used.', details: MEDIA.usedBy } },
          409,
        ),
    });
    const { user } = renderCms(<MediaLibrary />);
    expect(await screen.findByText('800 × 600, 51 KB')).toBeInTheDocument();
    expect(screen.getByText('Used by Gallery #30')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete picture sandpit.jpg' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Used by: Gallery #30');
  });
});

describe('WebsiteEditor', () => {
  it('lists the school’s settings, the eleven collections and the media library', async () => {
    mockApi({ 'GET /api/admin/media': { data: [], sitePictures: [] }, 'GET /api/home': { data: [] } });
    renderCms(<WebsiteEditor />);
    const nav = within(screen.getByRole('navigation', { name: 'Website sections' }));
    expect(nav.getAllByRole('button')).toHaveLength(13);
    expect(nav.getByRole('button', { name: 'Home banner' })).toHaveAttribute('aria-current', 'true');
    expect(await screen.findByText('No records yet.')).toBeInTheDocument();
  });

  it('turns the server’s 403 into a friendly message', async () => {
    allowConsoleErrors();
    mockApi({
      'GET /api/admin/media': () => jsonResponse({ error: { code: 'FORBIDDEN', message: 'No' } }, 403),
      'GET /api/home': { data: [] },
    });
    renderCms(<WebsiteEditor />);
    expect(await screen.findByRole('alert')).toHaveTextContent(en(NOT_ALLOWED_MESSAGE));
  });
});
