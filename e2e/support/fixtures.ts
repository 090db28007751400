import { type BrowserContext, test as base, expect } from '@playwright/test';
import { RegisteredUserAnswerSchema } from '../../src/shared/api/users.js';
import { SESSION_COOKIE, type USER_TYPE } from '../../src/shared/constants.js';
import { DEMO_PASSWORD, samplePng } from './forms.js';

/** The demo school's account of each type, whose password is DEMO_PASSWORD. */
export const DEMO_ACCOUNTS = {
  student: 'student@demo.school',
  teacher: 'teacher@demo.school',
  principal: 'principal@demo.school',
  parent: 'parent@demo.school',
} as const;

/** An account a test made for itself, approved, with the password to log in with. */
export interface OwnAccount {
  id: number;
  name: string;
  email: string;
  password: string;
}

export interface SessionFixtures {
  /** A session token of a demo account (`teacher@demo.school`, ...), for calls the test makes itself. */
  tokenFor: (email: string) => Promise<string>;
  /**
   * Logs in through the API and puts the token in the login cookie of this test's browser (or of
   * `context`), as the login page would: the quick way into the school area for a test that is
   * about something else. Answers the token.
   */
  logInAs: (email: string, context?: BrowserContext) => Promise<string>;
  /**
   * Registers an account of `type` through the API and has the demo principal approve it: a
   * teacher (or pupil, parent) of the test's own, whose classes, marks and notes no other spec
   * reads. The name starts with `name` and ends with a stamp unique to the call.
   */
  ownAccount: (
    type: typeof USER_TYPE.teacher | typeof USER_TYPE.student | typeof USER_TYPE.parent,
    name: string,
  ) => Promise<OwnAccount>;
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
  ownAccount: async ({ request, tokenFor }, use) => {
    await use(async (type, name) => {
      const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
      const account = {
        name: `${name} ${stamp}`,
        email: `${type.toLowerCase()}.${stamp}@example.com`,
        password: `chalk-${stamp}`,
      };
      // The registration form is accounts.spec.ts's subject; here it is the multipart call behind it.
      const registered = await request.post('/api/users', {
        multipart: {
          name: account.name,
          degination: type,
          discription: 'Made by an end-to-end test for itself.',
          type,
          gender: 'Female',
          dob: '1990-04-12',
          address: '7 Elm Street, Greenfield',
          contact: '+1 555 0100 777',
          email: account.email,
          password: account.password,
          images: { name: 'photo.png', mimeType: 'image/png', buffer: samplePng() },
        },
      });
      expect(registered.status(), await registered.text()).toBe(201);
      const { id } = RegisteredUserAnswerSchema.parse(await registered.json()).data;
      const token = await tokenFor('principal@demo.school');
      const approved = await request.patch(`/api/users/${id}/status`, {
        data: { status: 'active' },
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(approved.status(), await approved.text()).toBe(200);
      return { id, ...account };
    });
  },
});

export { expect };
