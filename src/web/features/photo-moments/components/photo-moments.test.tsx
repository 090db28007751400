import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PhotoMoment } from '../../../../shared/api/photo-moments.js';
import { notify } from '../../../lib/toast.js';
import { seriousAxeViolations as blocking } from '../../../test/axe.js';
import { answer, apiError, mockApi, profile, renderScreen } from '../../../test/school-test-utils.js';
import { ChildPhotos } from './ChildPhotos.js';
import { PhotoMomentsScreen } from './PhotoMomentsScreen.js';

/**
 * The photo moments' screens (docs/decisions/0079-photo-consent.md) against a mocked API: a family's
 * feed with its downloads, the staff's post form, a child's photos, taking a moment down
 * (docs/decisions/0083-taking-down-a-photo-moment.md), and axe-core at a phone's and a desk's width
 * for each account type that opens them (layout and contrast are the browser suite's).
 */

const MOMENT: PhotoMoment = {
  id: 5,
  caption: 'Painting in the garden',
  postedAt: '2026-11-24T10:15:00.000Z',
  postedBy: 'Amara Okafor',
  children: [
    { id: 12, name: 'Ben Osei' },
    { id: 13, name: 'Cara Diallo' },
  ],
  photos: [
    { n: 1, width: 1200, height: 800, widths: [400, 800, 1200] },
    { n: 2, width: 300, height: 200, widths: [300] },
  ],
  mayRemove: false,
};
const OLDER: PhotoMoment = { ...MOMENT, id: 4, caption: 'Snack time', postedAt: '2026-11-23T09:00:00.000Z' };
const CHILDREN = {
  data: [
    { id: 12, name: 'Ben Osei', className: 'KG' },
    { id: 13, name: 'Cara Diallo', className: 'KG' },
  ],
};
const photoBytes = () => new Response(new Blob(['webp'], { type: 'image/webp' }));

const objectUrls = { created: vi.fn((_blob: Blob) => 'blob:moment-photo'), revoked: vi.fn() };
let clicked: HTMLAnchorElement[] = [];
beforeEach(() => {
  Object.assign(URL, { createObjectURL: objectUrls.created, revokeObjectURL: objectUrls.revoked });
  clicked = [];
  // jsdom does not navigate: the download's link is only recorded.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

type Type = 'Parent' | 'Teacher' | 'Principle';

function openPhotos(type: Type, routes: Record<string, unknown> = {}) {
  const api = mockApi({
    'GET users/profile': profile(type),
    'GET photo-moments': { data: [MOMENT], next: null },
    'GET photo-moments/children': CHILDREN,
    ...(routes as Record<string, object>),
  });
  // Photos and downloads are bytes, not JSON: answered before the JSON mock.
  const json = api.spy.getMockImplementation();
  api.spy.mockImplementation(async (input, init) => {
    const url = String(input);
    if (/\/photos\/\d+\/(?:\d+|download)$/.test(url)) {
      api.requests.push({ method: 'GET', path: url.replace(/^.*\/api\//, ''), body: undefined });
      return photoBytes();
    }
    if (!json) throw new Error('no mock');
    return json(input, init);
  });
  const view = renderScreen(<PhotoMomentsScreen />, { path: '/photos', pattern: '/photos' });
  return { ...view, api };
}

const atWidth = (width: number) => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
};

describe('photo moments', () => {
  it('a family sees the moment, its photos from the guarded address, and downloads one', async () => {
    const { api, user } = openPhotos('Parent');
    const card = await screen.findByRole('article', { name: MOMENT.caption });
    expect(within(card).getByText('With Ben Osei, Cara Diallo')).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    // The card shows the 400 px width where there is one, else the only one.
    await waitFor(() =>
      expect(api.calls('GET')).toEqual(
        expect.arrayContaining(['GET photo-moments/5/photos/1/400', 'GET photo-moments/5/photos/2/300']),
      ),
    );
    expect(await within(card).findByRole('img', { name: `Photo 1 of 2: ${MOMENT.caption}` })).toHaveAttribute(
      'src',
      'blob:moment-photo',
    );

    await user.click(within(card).getByRole('button', { name: 'Download photo 1' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]?.download).toBe('moment-5-1.webp');
    expect(api.calls('GET')).toContain('GET photo-moments/5/photos/1/download');
  });

  it('shows older moments a page at a time', async () => {
    const { user, api } = openPhotos('Parent', {
      'GET photo-moments': { data: [MOMENT], next: MOMENT.postedAt },
      [`GET photo-moments?before=${encodeURIComponent(MOMENT.postedAt)}`]: { data: [OLDER], next: null },
    });
    await screen.findByRole('article', { name: MOMENT.caption });
    await user.click(screen.getByRole('button', { name: 'Show older photos' }));
    expect(await screen.findByRole('article', { name: OLDER.caption })).toBeInTheDocument();
    expect(api.calls('GET')).toContain(`GET photo-moments?before=${encodeURIComponent(MOMENT.postedAt)}`);
    expect(screen.queryByRole('button', { name: 'Show older photos' })).toBeNull();
  });

  it('a teacher’s form says what is missing, then sends the photos, caption, children and confirmation', async () => {
    const { api, user } = openPhotos('Teacher', {
      'POST photo-moments': { data: { ...MOMENT, id: 6 } },
    });
    const form = await screen.findByRole('form', { name: 'Share a moment' });
    await within(form).findByRole('checkbox', { name: 'Ben Osei' });
    await user.click(within(form).getByRole('button', { name: 'Share' }));
    for (const message of [
      'Please choose 1 to 10 photos',
      'Please write a caption',
      'Tag the children in the photos',
      'Confirm that everyone visible in the photos is tagged',
    ]) {
      expect(within(form).getByText(message)).toBeInTheDocument();
    }
    expect(within(form).getByLabelText('Caption')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST')).toEqual([]);

    const file = new File(['jpeg'], 'garden.jpg', { type: 'image/jpeg' });
    await user.upload(within(form).getByLabelText('Photos (1 to 10)'), file);
    await user.type(within(form).getByLabelText('Caption'), 'Painting in the garden');
    await user.click(within(form).getByRole('checkbox', { name: 'Ben Osei' }));
    await user.click(
      within(form).getByRole('checkbox', { name: 'Everyone visible in the photos is tagged' }),
    );
    await user.click(within(form).getByRole('button', { name: 'Share' }));

    await waitFor(() => expect(api.calls('POST')).toEqual(['POST photo-moments']));
    const sent = api.spy.mock.calls.find(([, init]) => init?.method === 'POST')?.[1]?.body as FormData;
    expect(sent.get('caption')).toBe('Painting in the garden');
    expect(sent.get('children')).toBe('12');
    expect(sent.get('everyoneTagged')).toBe('true');
    expect((sent.getAll('photos')[0] as File).name).toBe('garden.jpg');
    // The form is emptied for the next moment.
    await waitFor(() => expect(within(form).getByLabelText('Caption')).toHaveValue(''));
  });

  it('a child’s photos: that child’s feed, or says there are none yet', async () => {
    const api = mockApi({
      'GET users/profile': profile('Parent'),
      'GET photo-moments?childId=12': { data: [], next: null },
    });
    renderScreen(<ChildPhotos childId={12} childName="Ben Osei" />);
    expect(await screen.findByRole('heading', { name: 'Photos of Ben Osei' })).toBeInTheDocument();
    expect(await screen.findByText('No photos of Ben Osei yet.')).toBeInTheDocument();
    expect(api.calls('GET')).toContain('GET photo-moments?childId=12');
  });

  it('offers Remove only on the moments the server says the user may take down', async () => {
    openPhotos('Teacher', {
      'GET photo-moments': { data: [{ ...MOMENT, mayRemove: true }, OLDER], next: null },
    });
    const mine = await screen.findByRole('article', { name: MOMENT.caption });
    expect(within(mine).getByRole('button', { name: `Remove ${MOMENT.caption}` })).toBeInTheDocument();
    const theirs = screen.getByRole('article', { name: OLDER.caption });
    expect(within(theirs).queryByRole('button', { name: /^Remove/ })).toBeNull();
  });

  it('a family sees no Remove', async () => {
    openPhotos('Parent');
    const card = await screen.findByRole('article', { name: MOMENT.caption });
    expect(within(card).queryByRole('button', { name: /^Remove/ })).toBeNull();
  });

  it('removes a moment after asking: DELETE photo-moments/{id}, the feed and the children’s days load again, a toast says so', async () => {
    const success = vi.spyOn(notify, 'success');
    let moments: PhotoMoment[] = [{ ...MOMENT, mayRemove: true }];
    const { api, user, queryClient } = openPhotos('Principle', {
      'GET photo-moments': () => ({ data: moments, next: null }),
      'DELETE photo-moments/5': () => {
        moments = [];
        return answer(204);
      },
    });
    const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
    const card = await screen.findByRole('article', { name: MOMENT.caption });

    // Cancelling asks nothing of the server.
    await user.click(within(card).getByRole('button', { name: `Remove ${MOMENT.caption}` }));
    let dialog = screen.getByRole('alertdialog', { name: 'Remove this moment?' });
    expect(dialog).toHaveAccessibleDescription(
      `“${MOMENT.caption}” and its 2 photos will be removed for every family who can see them. This cannot be undone.`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.calls('DELETE')).toEqual([]);

    await user.click(within(card).getByRole('button', { name: `Remove ${MOMENT.caption}` }));
    dialog = screen.getByRole('alertdialog', { name: 'Remove this moment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove for everyone' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: MOMENT.caption })).toBeNull());
    expect(api.calls('DELETE')).toEqual(['DELETE photo-moments/5']);
    expect(await screen.findByText('No photos yet.')).toBeInTheDocument();
    expect(success).toHaveBeenCalledWith('The moment was removed.');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // The children's days (features/day-log) show moments too.
    expect(invalidated).toHaveBeenCalledWith({ queryKey: ['child-day'] });
  });

  it('says why a removal was refused, and keeps the moment', async () => {
    const error = vi.spyOn(notify, 'error');
    const refusal = 'Only the person who posted this moment, or the principal, may remove it.';
    const { user } = openPhotos('Teacher', {
      'GET photo-moments': { data: [{ ...MOMENT, mayRemove: true }], next: null },
      'DELETE photo-moments/5': apiError(403, 'NOT_YOURS', refusal),
    });
    const card = await screen.findByRole('article', { name: MOMENT.caption });
    await user.click(within(card).getByRole('button', { name: `Remove ${MOMENT.caption}` }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove for everyone' }),
    );
    await waitFor(() => expect(error).toHaveBeenCalledWith(refusal));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('article', { name: MOMENT.caption })).toBeInTheDocument();
  });

  describe.each([375, 1280])('accessibility at %i px', (width) => {
    beforeEach(() => atWidth(width));
    afterEach(() => atWidth(1024));
    it.each(['Parent', 'Teacher', 'Principle'] as const)(
      '%s: no serious or critical axe violation',
      async (type) => {
        const mayRemove = type !== 'Parent';
        const { container, user } = openPhotos(type, {
          'GET photo-moments': { data: [{ ...MOMENT, mayRemove }], next: null },
        });
        await screen.findByRole('article', { name: MOMENT.caption });
        if (type !== 'Parent') await screen.findByRole('checkbox', { name: 'Ben Osei' });
        expect(await blocking(container)).toEqual([]);
        if (!mayRemove) return;
        // The question before a removal.
        await user.click(screen.getByRole('button', { name: `Remove ${MOMENT.caption}` }));
        expect(await blocking(document.body)).toEqual([]);
      },
    );
  });
});
