import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CONTENT_COLLECTION_NAMES } from '../../shared/api/content.js';
import { USER_TYPE } from '../../shared/constants.js';
import { NOT_FOUND_TEXT } from '../components/school/QueryState.js';
import { PAYMENT_TITLE } from '../features/payments/testing/fees.js';
import { urlOf } from '../test/content-fetch.js';
import { jsonResponse, renderApp } from '../test/render-app.js';
import { profile } from '../test/school-test-utils.js';
import { SHELL_ANSWERS } from '../test/shell-answers.js';

/**
 * The whole app: public content is empty, the profile is a teacher's, the shell's badges have
 * nothing unread, the rest as given.
 */
function mockServer(routes: Record<string, unknown>) {
  const calls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL(urlOf(input), 'http://localhost').pathname.replace(/^\/api\//, '');
    calls.push(path);
    if ((CONTENT_COLLECTION_NAMES as readonly string[]).includes(path)) return jsonResponse({ data: [] });
    if (path === 'users/profile') return jsonResponse(profile(USER_TYPE.teacher, 2));
    if (path in routes) return jsonResponse(routes[path]);
    const shell = SHELL_ANSWERS[`GET ${path}`];
    if (shell !== undefined) return jsonResponse(shell);
    throw new Error(`Unmocked call: ${path}`);
  });
  return calls;
}

describe('the school routes in the app', () => {
  it('/result-summary/abc is not a record: "not found", without a call', async () => {
    const calls = mockServer({});
    renderApp('/result-summary/abc', { token: 'a-token' });
    expect(await screen.findByText(NOT_FOUND_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Result Summary' })).toBeInTheDocument();
    expect(calls.filter((c) => c.startsWith('result-summary'))).toEqual([]);
  });

  it('/student-attendence/:id loads that pupil’s history', async () => {
    const calls = mockServer({
      'attendance/student/18': {
        data: [{ date: '2026-11-20', status: 2, description: 'Fever', closed: false, term: null }],
        summary: { present: 0, absent: 1, leave: 0, percentPresent: 0 },
      },
      'users/student/18': { results: { id: 18, name: 'Aisha Rahman' } },
    });
    renderApp('/student-attendence/18', { token: 'a-token' });
    expect(await screen.findByText('Fever')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Attendence' })).toBeInTheDocument();
    expect(calls.filter((c) => c === 'attendance/student/18')).toHaveLength(1);
  });

  it('/mark-history/:id loads that pupil’s mark changes under its banner; a bad id is "not found"', async () => {
    const calls = mockServer({
      'marks/history/18': {
        data: [
          {
            id: 4,
            subjectName: 'English',
            oldMarks: null,
            newMarks: 71,
            examDate: '2026-11-18',
            afterRelease: false,
            changedBy: 'Amara Okafor',
            changedAt: '2026-11-20T09:00:00.000Z',
          },
        ],
      },
      'users/student/18': { results: { id: 18, name: 'Aisha Rahman' } },
    });
    const view = renderApp('/mark-history/18', { token: 'a-token' });
    expect(await screen.findByRole('cell', { name: 'English' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Mark History' })).toBeInTheDocument();
    expect(calls.filter((c) => c === 'marks/history/18')).toHaveLength(1);
    view.unmount();

    renderApp('/mark-history/abc', { token: 'a-token' });
    expect(await screen.findByText(NOT_FOUND_TEXT)).toBeInTheDocument();
    expect(calls.filter((c) => c.startsWith('marks/history/') && c !== 'marks/history/18')).toEqual([]);
  });

  it('/payment opens the fee ledger on its overview (docs/decisions/0026-fees.md)', async () => {
    const calls = mockServer({ 'admin/fees/overview': { data: [] } });
    renderApp('/payment', { token: 'a-token' });
    expect(await screen.findByRole('heading', { name: PAYMENT_TITLE })).toBeInTheDocument();
    expect(await screen.findByText(/No invoices yet/)).toBeInTheDocument();
    expect(calls).toContain('admin/fees/overview');
  });

  it('asks the API nothing without a session', async () => {
    const calls = mockServer({});
    const { router } = renderApp('/exams');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.filter((c) => c.startsWith('exam') || c === 'users/profile')).toEqual([]);
  });
  it('/calendar?month=… opens that month for a teacher, with the class feeds and without the principal’s form', async () => {
    const calls = mockServer({
      calendar: {
        timeZone: 'Europe/London',
        data: [
          {
            id: 1,
            uid: 'holiday@schoolyard',
            sequence: 0,
            kind: 'closure',
            title: 'Winter holiday',
            description: '',
            place: '',
            startDate: '2026-12-21',
            endDate: '2027-01-01',
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
          },
        ],
      },
      'calendar/feeds': {
        data: { school: { https: 'https://x/s.ics', webcal: 'webcal://x/s.ics' }, own: null, classes: [] },
      },
      classes: { result: [{ id: 2, classes: 'KG' }] },
    });
    renderApp('/calendar?month=2026-12', { token: 'a-token' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Calendar' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'December 2026' })).toBeInTheDocument();
    expect(await screen.findByText('Winter holiday')).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'KG' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a closure or an event' })).toBeNull();
    expect(calls.filter((c) => c === 'calendar')).toHaveLength(1);
  });
});
