import { type APIRequestContext, type BrowserContext, expect } from '@playwright/test';
import { PupilImportAnswerSchema } from '../../src/shared/api/school-admin.js';
import { SESSION_COOKIE } from '../../src/shared/constants.js';

/** A family of its own for a fees test: a new class, one pupil in it, and the pupil's parent. */
export interface FeesFamily {
  className: string;
  pupil: { id: number; name: string };
  parent: { email: string; password: string };
}

/**
 * Makes a class, a pupil in it and the pupil's parent through the API, as the principal (whose
 * `principalToken` is given): `POST admin/classes`, then `POST admin/import/pupils?commit=true` with
 * one row naming a new guardian, which makes both accounts active and linked and answers the
 * parent's first password. Names carry `stamp`, so runs and workers never meet, and no demo record
 * is changed: the fees spec needs no place in the order of the specs that read the demo.
 */
export async function makeFeesFamily(
  request: APIRequestContext,
  principalToken: string,
  stamp: string,
): Promise<FeesFamily> {
  const headers = { Authorization: `Bearer ${principalToken}` };
  const className = `Fees ${stamp}`;
  const made = await request.post('/api/admin/classes', { headers, data: { name: className } });
  expect(made.status(), await made.text()).toBe(201);

  const pupilName = `Nia Fees ${stamp}`;
  const parentEmail = `fees.parent.${stamp}@example.com`;
  const csv = [
    'name,email,class,gender,dob,contact,address,guardian_name,guardian_email,guardian_contact,guardian_relationship',
    `${pupilName},fees.pupil.${stamp}@example.com,${className},Female,2019-04-12,+1 555 0100 777,3 Elm Row,Kofi Fees ${stamp},${parentEmail},+1 555 0100 778,Father`,
  ].join('\n');
  const imported = await request.post('/api/admin/import/pupils?commit=true', {
    headers,
    multipart: { file: { name: 'pupils.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const [row] = PupilImportAnswerSchema.parse(await imported.json()).data.rows;
  expect(row?.id, 'the pupil was made').toBeDefined();
  expect(row?.guardianPassword, 'the parent was made with a first password').toBeDefined();
  return {
    className,
    pupil: { id: row?.id ?? 0, name: pupilName },
    parent: { email: parentEmail, password: row?.guardianPassword ?? '' },
  };
}

/** Logs a made account in through the API and puts its token in `context`'s login cookie; answers the token. */
export async function logInMade(
  request: APIRequestContext,
  context: BrowserContext,
  baseURL: string,
  account: { email: string; password: string },
): Promise<string> {
  const response = await request.post('/api/users/login', { data: account });
  expect(response.ok(), `log-in of ${account.email}`).toBe(true);
  const { token } = (await response.json()) as { token: string };
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: baseURL }]);
  return token;
}
