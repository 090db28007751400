import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { allowConsoleErrors } from '../../../test/console.js';
import { jsonResponse } from '../../../test/render-app.js';
import type { EditorRecord } from '../api/content-admin.js';
import { en, mockApi, renderCms } from '../testing/render-cms.js';
import { RecordForm, SAVED_MESSAGE } from './RecordForm.js';
import { PREVIEW_HEADING } from './RecordPreview.js';

const ABOUT: EditorRecord = {
  id: 3,
  heading1: 'Learn About Us',
  heading2: 'Best School',
  heading3: 'Small classes#Qualified teachers',
  discription: 'We <b>care</b>.',
  learn_more: 'Learn More',
  images: [{ image: 'demo/about-1.webp', alt: 'Children' }],
};

const FACILITY: EditorRecord = {
  id: 19,
  image: 'bi-bus-front',
  heading: 'Bus',
  discription: 'Safe.',
  images: [],
};

describe('RecordForm', () => {
  it('makes an input per line, a textarea per text and the pictures the page shows', () => {
    renderCms(<RecordForm collection="about" record={ABOUT} position={1} onDone={() => {}} />);
    const form = within(screen.getByRole('form', { name: 'Edit About record' }));
    expect(form.getByLabelText('Title')).toHaveValue('Best School');
    expect(form.getByLabelText('Title').tagName).toBe('INPUT');
    expect(form.getByLabelText('Description').tagName).toBe('TEXTAREA');
    expect(form.getByLabelText('Description')).toHaveValue('We <b>care</b>.');
    expect(form.getByLabelText('Picture 1: description (alt)')).toHaveValue('Children');
    expect(form.getByText('The page shows the first 2 pictures.')).toBeInTheDocument();
    expect(form.queryByLabelText('Picture 1: category')).not.toBeInTheDocument();
    // The About check-list is record 0's: this record's is never shown, so it is not offered.
    expect(form.queryByLabelText('Item 1')).not.toBeInTheDocument();
  });

  it('offers only what the page shows of a record: the first About record is its check-list', () => {
    renderCms(<RecordForm collection="about" record={ABOUT} position={0} onDone={() => {}} />);
    const form = within(screen.getByRole('form', { name: 'Edit About record' }));
    expect(form.getByLabelText('Item 1')).toHaveValue('Small classes');
    expect(form.getByLabelText('Item 2')).toHaveValue('Qualified teachers');
    for (const hidden of ['Label', 'Title', 'Description', 'Button label']) {
      expect(form.queryByLabelText(hidden)).not.toBeInTheDocument();
    }
    expect(form.queryByRole('group', { name: 'Pictures' })).not.toBeInTheDocument();
  });

  it('shows a later teacher’s name and photo but not the section heading of record 0', () => {
    const teacher: EditorRecord = {
      id: 12,
      heading1: '',
      heading2: '',
      teacher_name: 'Ana',
      designation: 'Music',
      images: [],
    };
    renderCms(<RecordForm collection="teacher" record={teacher} position={2} onDone={() => {}} />);
    const form = within(screen.getByRole('form', { name: 'Edit Teachers record' }));
    expect(form.getByLabelText('Teacher name')).toHaveValue('Ana');
    expect(form.queryByLabelText('Section title')).not.toBeInTheDocument();
    expect(form.getByRole('group', { name: 'Pictures' })).toBeInTheDocument();
  });

  it('saves the check-list joined with #, after adding, removing and moving items', async () => {
    const api = mockApi({ 'PUT /api/admin/content/about/3': { data: ABOUT } });
    const onDone = vi.fn();
    const { user, queryClient } = renderCms(
      <RecordForm collection="about" record={ABOUT} position={0} onDone={onDone} />,
    );
    queryClient.setQueryData(['content', 'about'], []);
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    await user.type(screen.getByLabelText('Item 3'), 'Healthy meals');
    await user.click(screen.getByRole('button', { name: 'Move item 3 up' }));
    await user.click(screen.getByRole('button', { name: 'Remove item 1' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(en(SAVED_MESSAGE))).toBeInTheDocument();
    // The fields the form does not show are sent back as they were.
    expect(api.sent('PUT', '/api/admin/content/about/3')[0]?.body).toEqual({
      heading1: 'Learn About Us',
      heading2: 'Best School',
      heading3: 'Healthy meals#Qualified teachers',
      discription: 'We <b>care</b>.',
      learn_more: 'Learn More',
      images: [{ image: 'demo/about-1.webp', alt: 'Children' }],
    });
    expect(onDone).toHaveBeenCalled();
    // The public pages read the collection again at once.
    expect(queryClient.getQueryState(['content', 'about'])?.isInvalidated).toBe(true);
  });

  it('picks an icon from the grid (aria-pressed) and sends its name', async () => {
    const api = mockApi({ 'PUT /api/admin/content/facilities/19': { data: FACILITY } });
    const { user } = renderCms(
      <RecordForm collection="facilities" record={FACILITY} position={0} onDone={() => {}} />,
    );
    const picker = within(screen.getByRole('group', { name: 'Icon' }));
    expect(picker.getByRole('button', { name: 'School bus' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(picker.getByRole('button', { name: 'Music' }));
    expect(picker.getByRole('button', { name: 'Music' })).toHaveAttribute('aria-pressed', 'true');
    expect(picker.getByRole('button', { name: 'School bus' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PUT', '/api/admin/content/facilities/19')).toHaveLength(1));
    expect(api.sent('PUT', '/api/admin/content/facilities/19')[0]?.body).toMatchObject({
      image: 'bi-music-note-beamed',
    });
  });

  it('checks the form before sending and keeps what was typed', async () => {
    const api = mockApi({});
    const { user } = renderCms(
      <RecordForm collection="about" record={ABOUT} position={1} onDone={() => {}} />,
    );
    await user.clear(screen.getByLabelText('Picture 1: description (alt)'));
    const long = 'x'.repeat(201);
    await user.click(screen.getByLabelText('Title'));
    await user.paste(long);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Title is at most 200 characters')).toBeInTheDocument();
    expect(screen.getByText(/describe the picture/)).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue(`Best School${long}`);
    expect(api.calls).toHaveLength(0);
  });

  it('shows the server’s 400 details at the fields and keeps the form after a failed save', async () => {
    allowConsoleErrors();
    mockApi({
      'PUT /api/admin/content/about/3': () =>
        jsonResponse(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Please check the form',
              details: [{ field: 'images.0.image', message: 'That picture is not among the uploaded files' }],
            },
          },
          400,
        ),
    });
    const onDone = vi.fn();
    const { user } = renderCms(<RecordForm collection="about" record={ABOUT} position={1} onDone={onDone} />);
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'A new title');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('That picture is not among the uploaded files')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the form');
    expect(screen.getByLabelText('Title')).toHaveValue('A new title');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('gives gallery pictures a category select', async () => {
    const record: EditorRecord = {
      id: 30,
      heading1: 'Gallery',
      heading2: 'Our Gallery',
      images: [{ image: 'demo/p1.webp', alt: 'Play', category: 'Playing' }],
    };
    const api = mockApi({ 'PUT /api/admin/content/gallery/30': { data: record } });
    const { user } = renderCms(
      <RecordForm collection="gallery" record={record} position={0} onDone={() => {}} />,
    );
    await user.selectOptions(screen.getByLabelText('Picture 1: category'), 'Reading');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PUT', '/api/admin/content/gallery/30')).toHaveLength(1));
    expect(api.sent('PUT', '/api/admin/content/gallery/30')[0]?.body).toMatchObject({
      images: [{ image: 'demo/p1.webp', alt: 'Play', category: 'Reading' }],
    });
  });

  it('previews the unsaved draft in a frame that runs no script, and saves nothing', async () => {
    const api = mockApi({
      'POST /api/admin/content/about/preview?id=3': (call: { body: unknown }) =>
        new Response(
          `<!doctype html><html><head></head><body><h2>${(call.body as { heading2: string }).heading2}</h2></body></html>`,
          { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' } },
        ),
    });
    const { user } = renderCms(
      <RecordForm collection="about" record={ABOUT} position={1} onDone={() => {}} />,
    );
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'A Draft Title');
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    const frame = await screen.findByTitle('Preview of the page /about with the unsaved changes');
    expect(frame).toHaveAttribute('sandbox', 'allow-same-origin');
    expect(frame.getAttribute('srcdoc')).toContain('<h2>A Draft Title</h2>');
    expect(screen.getByText(en(PREVIEW_HEADING))).toBeInTheDocument();
    expect(api.sent('POST', '/api/admin/content/about/preview?id=3')[0]?.body).toMatchObject({
      heading2: 'A Draft Title',
      heading3: 'Small classes#Qualified teachers',
    });
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Close preview' }));
    expect(screen.queryByTitle(/^Preview of the page/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('A Draft Title');
  });

  it('checks the draft before previewing and shows the server’s refusal at the form', async () => {
    allowConsoleErrors();
    const api = mockApi({
      'POST /api/admin/content/about/preview?id=3': () =>
        jsonResponse(
          {
            error: {
              code: 'PREVIEW_UNAVAILABLE',
              message: 'The preview needs the built website (npm run build); this server has none.',
            },
          },
          503,
        ),
    });
    const { user } = renderCms(
      <RecordForm collection="about" record={ABOUT} position={1} onDone={() => {}} />,
    );
    await user.click(screen.getByLabelText('Title'));
    await user.paste('x'.repeat(201));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Title is at most 200 characters')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);

    await user.clear(screen.getByLabelText('Title'));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The preview needs the built website');
  });
});
