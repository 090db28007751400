import { type BrowserContext, test as base, expect } from '@playwright/test';
import { SESSION_COOKIE } from '../../src/shared/constants.js';
import { DEMO_PASSWORD } from './forms.js';

export interface SessionFixtures {
  /** A session token of a demo account (`teacher@demo.school`, ...), for calls the test makes itself. */
  tokenFor: (email: string) => Promise<string>;
  /**
   * Logs in through the API and puts the token in the login cookie of this test's browser (or of
   * `context`), as the login page would: the quick way into the school area for a test that is
   * about something else. Answers the token.
   */
  logInAs: (email: string, context?: BrowserContext) => Promise<string>;
}

/** Playwright's `test` with the log-in fixtures; specs that log in through the API import it from here. */
export const test = base.extend<SessionFixtures>({
  tokenFor: async ({ request }, use) => {
    await use(async (email) => {
      const response = await request.post('/api/users/login', { data: { email, password: DEMO_PASSWORD } });
      expect(response.ok(), `log-in of ${email}`).toBe(true);
      return ((await response.json()) as { token: string }).token;
    });
  },
  logInAs: async ({ context, baseURL, tokenFor }, use) => {
    await use(async (email, into = context) => {
      const token = await tokenFor(email);
      await into.addCookies([{ name: SESSION_COOKIE, value: token, url: String(baseURL) }]);
      return token;
    });
  },
});

export { expect };
