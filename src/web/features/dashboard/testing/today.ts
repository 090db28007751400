import type { DashboardToday } from '../../../../shared/api/dashboard.js';

/**
 * A `GET dashboard/today` answer for component tests: a school day with nothing recorded yet, which
 * a test changes where it matters.
 */
export function todayAnswer(overrides: Partial<DashboardToday> = {}): DashboardToday {
  return {
    date: '2026-11-26',
    classes: [],
    approvals: null,
    inbox: null,
    blogComments: null,
    outbox: null,
    overdue: null,
    events: [],
    ...overrides,
  };
}
