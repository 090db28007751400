import type { CalendarEntry } from '../../../../shared/api/calendar.js';
import type { SchoolType } from '../../../../shared/constants.js';
import { mockApi, profile } from '../../../test/school-test-utils.js';

/** The month the tests open (`?month=2026-12`) and the listing it asks for. */
export const MONTH = '2026-12';
export const DECEMBER = 'GET calendar?from=2026-12-01&to=2026-12-31';

export const entry = (fields: Partial<CalendarEntry>): CalendarEntry => ({
  id: 1,
  uid: 'entry-1@schoolyard',
  sequence: 0,
  kind: 'event',
  title: 'Carol concert',
  description: '',
  place: '',
  startDate: '2026-12-16',
  endDate: '2026-12-16',
  startTime: null,
  endTime: null,
  allDay: true,
  audience: 'everyone',
  classes: [],
  familiesInvited: false,
  public: false,
  cancelled: false,
  cancelledAt: null,
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...fields,
});

export const HOLIDAY = entry({
  id: 1,
  kind: 'closure',
  title: 'Winter holiday',
  startDate: '2026-12-21',
  endDate: '2027-01-01',
});
export const CONCERT = entry({
  id: 2,
  title: 'Carol concert',
  startDate: '2026-12-16',
  endDate: '2026-12-16',
  startTime: '14:00',
  endTime: '15:30',
  allDay: false,
  place: 'The hall',
  audience: 'classes',
  classes: [{ id: 2, name: 'KG' }],
  familiesInvited: true,
});
export const FAIR = entry({
  id: 3,
  title: 'Book fair',
  startDate: '2026-12-09',
  endDate: '2026-12-09',
  cancelled: true,
});

export const SCHOOL_FEED = {
  https: 'https://demo.school/api/calendar/school.ics',
  webcal: 'webcal://demo.school/api/calendar/school.ics',
};
export const OWN_FEED = {
  https: 'https://demo.school/api/calendar/feeds/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde.ics',
  webcal: 'webcal://demo.school/api/calendar/feeds/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde.ics',
};

/** The calendar's calls for a user of this type, and any a test adds. */
export function mockCalendar(type: SchoolType, routes: Record<string, unknown> = {}) {
  return mockApi({
    'GET users/profile': profile(type),
    [DECEMBER]: { timeZone: 'Europe/London', data: [HOLIDAY, CONCERT, FAIR] },
    'GET calendar/feeds': { data: { school: SCHOOL_FEED, own: null, classes: [] } },
    'GET classes': {
      result: [
        { id: 2, classes: 'KG' },
        { id: 3, classes: 'Class 1' },
      ],
    },
    ...routes,
  });
}

export const CLASSES = [
  { id: 2, name: 'KG' },
  { id: 3, name: 'Class 1' },
] as const;
