/**
 * What the app shell asks on a school screen for its unread badges (components/layout/unread-places.ts),
 * answered "nothing unread" by the tests' API mocks unless a test mocks the call itself: a screen's
 * test need not know the frame's calls, and AppShell.test.tsx gives them counts. So is the home's
 * "coming up" (every account's dashboard, where logging in lands), answered "nothing ahead";
 * ComingUpPanel.test.tsx gives it entries.
 */
export const SHELL_ANSWERS: Readonly<Record<string, unknown>> = {
  'GET conversations/unread': { data: { total: 0, children: [] } },
  'GET notification': { data: [] },
  'GET dashboard/coming-up': { date: '2026-11-26', data: [] },
};
