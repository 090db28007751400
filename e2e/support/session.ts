import { type APIRequestContext, type BrowserContext, expect } from '@playwright/test';
import { SESSION_COOKIE } from '../../src/shared/constants.js';
import { DEMO_PASSWORD } from './forms.js';

/**
 * Logs in through the API and puts the token in the login cookie, as the login page would: the
 * quick way into the school area for a test that is about something else. Answers the token, for
 * calls the test makes itself.
 */
export async function logInWithCookie(
  context: BrowserContext,
  request: APIRequestContext,
  email: string,
  baseURL: string | undefined,
): Promise<string> {
  const response = await request.post('/api/users/login', { data: { email, password: DEMO_PASSWORD } });
  expect(response.ok(), `log-in of ${email}`).toBe(true);
  const { token } = (await response.json()) as { token: string };
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: String(baseURL) }]);
  return token;
}
