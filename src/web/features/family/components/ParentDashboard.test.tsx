import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChildRow } from '../../../../shared/api/family.js';
import { childPlacesOf, schoolNavigationOf } from '../../../../shared/app-navigation.js';
import { USER_TYPE } from '../../../../shared/constants.js';
import { seriousAxeViolations } from '../../../test/axe.js';
import { noteRow } from '../../../test/notifications.js';
import { renderApp } from '../../../test/render-app.js';
import { TEST_TERMS } from '../../../test/school.js';
import { child, mockFamilyApi, PARENT_TEXTS, parentProfile } from '../testing/family-api.js';

const ASHA = child();
const RAVI = child({
  studentId: 32,
  studentName: 'Ravi Verma',
  classId: 6,
  className: 'Class 2',
  image: 'users/ravi.webp',
});

function openParent(
  children: ChildRow[],
  { path = '/dashboard', extra = {} }: { path?: string; extra?: Record<string, unknown> } = {},
) {
  const api = mockFamilyApi({
    'GET users/profile': parentProfile(),
    'GET notification': { data: [] },
    'GET family/children': { data: children },
    'GET conversations/unread': { data: { total: 0, children: [] } },
    // The child's day the dashboard starts with (docs/decisions/0082-the-parents-day.md).
    'GET pupils/31/day': childDay(31, 'Asha Verma', [
      { type: 'arrival', time: '03:05', at: '2026-11-24T08:05:00.000Z', recordedBy: 'Ms Teacher' },
      {
        type: 'collection',
        time: '10:30',
        at: '2026-11-24T15:30:00.000Z',
        collectedBy: 'Grandma Rose',
      },
    ]),
    'GET pupils/32/day': childDay(32, 'Ravi Verma', []),
    'GET conversations': {
      data: [
        {
          studentId: 31,
          studentName: 'Asha Verma',
          className: 'KG',
          unread: 2,
          last: {
            text: 'She ate well today',
            type: 'text',
            side: 'school',
            sentAt: '2026-11-24T12:00:00.000Z',
          },
        },
      ],
    },
    'GET photo-moments': { data: [], next: null },
    ...extra,
  });
  return { ...renderApp(path, { token: 'tok' }), api };
}

const childDay = (studentId: number, studentName: string, items: unknown[]) => ({
  data: { date: '2026-11-24', studentId, studentName, items, isGuardian: true, unacknowledged: 0 },
});

const childArea = (name: string) => screen.findByRole('list', { name: `${name}’s school area` });
const tileLinks = (list: HTMLElement) =>
  within(list)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('a parent’s dashboard (docs/decisions/0021-families.md)', () => {
  afterEach(() => window.sessionStorage.clear());

  it('one child: name, class, the day and a tile for each of the child’s screens; no switcher', async () => {
    const { container } = openParent([ASHA]);
    const tiles = await childArea('Asha Verma');
    expect(tileLinks(tiles)).toEqual([
      ['Profile', '/student-profile/31'],
      ['Attendance', '/student-attendence/31'],
      ['Results', '/studentresult/31'],
      ['Mark sheet', '/result-summary/31'],
      ['Timetable', '/schedule-summary?classId=4'],
      ['Care details', '/care/31'],
      ['Messages', '/conversations/31'],
      ['Report cards', '/report-cards?studentId=31'],
      ['Notifications', '/notification'],
      ['Fees', '/fees'],
      ['Calendar', '/calendar'],
      // docs/decisions/0099-forms-and-permission-slips.md
      ['Forms', '/school-forms'],
    ]);
    // The child's places are the navigation's, from one list (shared/app-navigation.ts).
    const navigation = schoolNavigationOf(USER_TYPE.parent, [ASHA]);
    expect(navigation.sections.find((section) => section.heading === 'Asha Verma')?.places).toEqual(
      childPlacesOf(ASHA).map(
        ({ blurb: _blurb, blurbKey: _blurbKey, blurbValues: _blurbValues, ...place }) => place,
      ),
    );
    expect(tileLinks(tiles).slice(0, -4)).toEqual(
      childPlacesOf(ASHA).map((place) => [place.label, place.href]),
    );
    expect(screen.getByText('Asha Verma', { selector: '.child-card__name' })).toBeInTheDocument();
    expect(screen.getByText('KG')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: PARENT_TEXTS.switcher })).not.toBeInTheDocument();
    // docs/decisions/0081-push-and-live.md: how the parent is told of news outside the app.
    expect(screen.getByRole('link', { name: 'Notification settings' })).toHaveAttribute(
      'href',
      '/notification-settings',
    );
    // The day first: the timeline as the server tells it, the conversation, the newest photos.
    const today = await screen.findByRole('region', { name: PARENT_TEXTS.today });
    const timeline = await within(today).findByRole('list', { name: 'Asha Verma’s day' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['03:05Arrived', '10:30CollectedCollected by Grandma Rose']);
    expect(within(today).getByRole('link', { name: 'See the whole day' })).toHaveAttribute(
      'href',
      '/dashboard/children/31/day',
    );
    const messages = screen.getByRole('region', { name: 'Messages with the school' });
    expect(await within(messages).findByText(/She ate well today/)).toBeInTheDocument();
    expect(within(messages).getByRole('link', { name: 'Read 2 new messages' })).toHaveAttribute(
      'href',
      '/conversations/31',
    );
    expect(await screen.findByRole('region', { name: 'Photos of Asha Verma' })).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('two children: a switcher that keeps the choice in ?child=, with the chosen child’s tiles and times', async () => {
    const { router, api } = openParent([ASHA, RAVI]);
    const switcher = await screen.findByRole('navigation', { name: PARENT_TEXTS.switcher });
    const [asha, ravi] = within(switcher).getAllByRole('link');
    expect(asha).toHaveAttribute('aria-current', 'true');
    expect(ravi).not.toHaveAttribute('aria-current');
    expect(ravi).toHaveTextContent('Ravi VermaClass 2');
    await childArea('Asha Verma');

    await userEvent.click(ravi as HTMLElement);
    const tiles = await childArea('Ravi Verma');
    expect(router.state.location.search).toBe('?child=32');
    expect(within(tiles).getByRole('link', { name: 'Mark sheet' })).toHaveAttribute(
      'href',
      '/result-summary/32',
    );
    expect(within(tiles).getByRole('link', { name: 'Timetable' })).toHaveAttribute(
      'href',
      '/schedule-summary?classId=6',
    );
    expect(await screen.findByText('Nothing logged yet for this day.')).toBeInTheDocument();
    expect(api.calls().some((call) => call.startsWith('GET pupils/32/day?date='))).toBe(true);
    expect(
      await within(screen.getByRole('region', { name: 'Messages with the school' })).findByRole('link', {
        name: 'Open the conversation',
      }),
    ).toHaveAttribute('href', '/conversations/32');
    expect(within(switcher).getByRole('link', { name: /Ravi Verma/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('each child in the switcher and their Messages tile say how many messages are unread', async () => {
    openParent([ASHA, RAVI], {
      extra: {
        'GET conversations/unread': {
          data: { total: 3, children: [{ studentId: 32, unread: 3 }] },
        },
      },
    });
    const switcher = await screen.findByRole('navigation', { name: PARENT_TEXTS.switcher });
    const [asha, ravi] = within(switcher).getAllByRole('link');
    await waitFor(() => expect(ravi).toHaveTextContent('Ravi VermaClass 23 new messages'));
    expect(asha).toHaveTextContent(/Asha VermaKG$/);
    // Asha's Messages tile has nothing new; Ravi's has his 3.
    expect(within(await childArea('Asha Verma')).getByRole('link', { name: 'Messages' })).toBeInTheDocument();
    await userEvent.click(ravi as HTMLElement);
    expect(
      within(await childArea('Ravi Verma')).getByRole('link', { name: 'Messages, 3 new' }),
    ).toHaveAttribute('href', '/conversations/32');
  });

  it('the Notifications tile says how many notes the parent has not read, and leads to them', async () => {
    openParent([ASHA], { extra: { 'GET notification': { data: [noteRow(1, true), noteRow(2, false)] } } });
    const link = await screen.findByRole('link', { name: 'Notifications, 1 new' });
    expect(link).toHaveAttribute('href', '/notification');
    await userEvent.click(link);
    expect(await screen.findByText('Note 1')).toBeInTheDocument();
  });

  it('opens on the child the address names', async () => {
    openParent([ASHA, RAVI], { path: '/dashboard?child=32' });
    expect(await childArea('Ravi Verma')).toBeInTheDocument();
  });

  it('a child in no class has no Timetable tile', async () => {
    openParent([child({ classId: null, className: null })]);
    const tiles = await childArea('Asha Verma');
    expect(within(tiles).queryByRole('link', { name: 'Timetable' })).not.toBeInTheDocument();
    expect(screen.getByText('No class yet')).toBeInTheDocument();
  });

  it('no child linked yet: says the school will link them', async () => {
    const { container } = openParent([]);
    expect(await screen.findByRole('heading', { name: PARENT_TEXTS.noChildrenTitle })).toBeInTheDocument();
    expect(screen.getByText(PARENT_TEXTS.noChildren)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: PARENT_TEXTS.switcher })).not.toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('the parent switches to the second child and opens the mark sheet, then the attendance history', async () => {
    const { router } = openParent([ASHA, RAVI], {
      extra: {
        'GET school-years': TEST_TERMS,
        'GET result-summary/32': {
          data: {
            studentName: 'Ravi Verma',
            rows: [{ subjectName: 'English', marks: 71, results: 'PASS', changedAfterRelease: false }],
            total: 71,
            percentage: 71,
            division: 'First Division',
          },
        },
        'GET attendance/student/32': {
          data: [{ date: '2026-11-23', status: 1, description: '', closed: false, term: null }],
          summary: { present: 1, absent: 0, leave: 0, percentPresent: 100 },
        },
        'GET users/student/32': { results: { id: 32, name: 'Ravi Verma' } },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: /Ravi Verma/ }));
    await user.click(within(await childArea('Ravi Verma')).getByRole('link', { name: 'Mark sheet' }));
    expect(await screen.findByRole('heading', { name: 'Mark sheet' })).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /English/ })).toHaveTextContent('English71PASS');
    expect(router.state.location.pathname).toBe('/result-summary/32');

    // Back on the dashboard without ?child= (the menu's link), the last choice holds.
    await router.navigate('/dashboard');
    await user.click(within(await childArea('Ravi Verma')).getByRole('link', { name: 'Attendance' }));
    expect(await screen.findByRole('heading', { name: 'Attendance of Ravi Verma' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('100%')).toBeInTheDocument());
  });
});
