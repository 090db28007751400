import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/render-app.js';
import type { EditorRecord } from '../api/content-admin.js';
import { LEAVE_TITLE, UPLOAD_BEFORE_SAVE_FAILED } from '../lib/unsaved-work.js';
import { en, mockApi, renderCms, testMedia } from '../testing/render-cms.js';
import { SAVED_MESSAGE } from './RecordForm.js';
import { WebsiteEditor } from './WebsiteEditor.js';

/** docs/decisions/0018-editor-keeps-work.md: the website editor never drops work. */

const NAME = 'b'.repeat(32);
const MEDIA = testMedia({
  name: NAME,
  height: 600,
  widths: [800],
  alt: 'Our garden',
  originalName: 'garden.png',
  bytes: 40_000,
});

const HOME: EditorRecord = {
  id: 1,
  heading: 'Welcome',
  heading2: 'Sunny Meadows',
  discription: 'A happy place.',
  learm_more: 'Learn More',
  images: [],
};

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function openHomeRecord(handlers: Record<string, unknown>) {
  const api = mockApi({
    'GET /api/admin/media': { data: [], sitePictures: [] },
    'GET /api/home': { data: [HOME] },
    ...handlers,
  });
  const view = renderCms(<WebsiteEditor />);
  await view.user.click(await screen.findByRole('button', { name: /^Edit/ }));
  const form = within(screen.getByRole('form', { name: 'Edit Home banner record' }));
  return { api, form, ...view };
}

/** Opens "Upload a picture" and chooses a file, without pressing "Upload and add". */
async function choosePicture(form: ReturnType<typeof within>, user: UserEvent) {
  await user.click(form.getByRole('button', { name: 'Upload a picture' }));
  await user.upload(
    form.getByLabelText('Picture file'),
    new File(['png'], 'garden.png', { type: 'image/png' }),
  );
}

describe('the website editor keeps the principal’s work', () => {
  it('Save uploads a chosen picture first and saves the record with it', async () => {
    const { api, form, user } = await openHomeRecord({
      'POST /api/admin/media': () => jsonResponse({ data: MEDIA }, 201),
      'PUT /api/admin/content/home/1': { data: HOME },
    });
    await choosePicture(form, user);
    await user.type(form.getByLabelText('Description (alt text)'), 'Our garden');
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(en(SAVED_MESSAGE))).toBeInTheDocument();
    expect(api.sent('POST', '/api/admin/media')).toHaveLength(1);
    const body = api.sent('PUT', '/api/admin/content/home/1')[0]?.body as { images: unknown[] };
    expect(body.images).toEqual([{ image: MEDIA.image, alt: 'Our garden' }]);
  });

  it('refuses to save, with the reason, when the chosen picture cannot be uploaded; nothing is saved', async () => {
    const { api, form, user } = await openHomeRecord({
      'POST /api/admin/media': () =>
        jsonResponse({ error: { code: 'NOT_AN_IMAGE', message: 'That file is not a picture.' } }, 400),
      'PUT /api/admin/content/home/1': { data: HOME },
    });
    await choosePicture(form, user);
    // Without a description the upload cannot even start.
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(
      await form.findByText(
        en(UPLOAD_BEFORE_SAVE_FAILED, { reason: 'Please describe the picture (alt text)' }),
      ),
    ).toBeInTheDocument();
    await user.type(form.getByLabelText('Description (alt text)'), 'Our garden');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(
      await form.findByText(en(UPLOAD_BEFORE_SAVE_FAILED, { reason: 'That file is not a picture.' })),
    ).toBeInTheDocument();
    expect(api.sent('PUT', '/api/admin/content/home/1')).toHaveLength(0);
    expect(screen.queryByText(en(SAVED_MESSAGE))).not.toBeInTheDocument();
    expect(form.getByLabelText('Description (alt text)')).toHaveValue('Our garden');
  });

  it('asks before leaving the editor with unsaved changes: Cancel stays with the edits, Leave goes', async () => {
    const { form, user, router } = await openHomeRecord({});
    await user.clear(form.getByLabelText('Title'));
    await user.type(form.getByLabelText('Title'), 'Sunny Meadows Kids School');

    await router.navigate('/dashboard');
    const dialog = within(await screen.findByRole('alertdialog', { name: en(LEAVE_TITLE) }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/website');
    expect(screen.getByLabelText('Title')).toHaveValue('Sunny Meadows Kids School');

    // Switching section would drop the form as well: it asks too.
    await user.click(screen.getByRole('button', { name: 'About' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: en(LEAVE_TITLE) })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(screen.getByLabelText('Title')).toHaveValue('Sunny Meadows Kids School');

    await router.navigate('/dashboard');
    await user.click(
      within(await screen.findByRole('alertdialog', { name: en(LEAVE_TITLE) })).getByRole('button', {
        name: 'Leave without saving',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('a chosen picture is unsaved work too; closing the tab then gets the browser’s question', async () => {
    const { form, user } = await openHomeRecord({});
    const before = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(before);
    expect(before.defaultPrevented).toBe(false);
    await choosePicture(form, user);
    const during = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(during);
    expect(during.defaultPrevented).toBe(true);
  });

  it('leaves without asking when nothing changed', async () => {
    const { router } = await openHomeRecord({});
    await router.navigate('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
