import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STAFF_TYPES, TWO_FACTOR } from '../../../shared/api/two-factor.js';
import { USER_TYPE, USER_TYPES } from '../../../shared/constants.js';
import { DEMO_PASSWORD } from '../../demo/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { hashPassword } from '../auth/password.js';
import { bearer, call, DEMO, login, tokenOf, userIdOf } from '../users/test-helpers.js';
import { insertUser } from '../users/users.repository.js';
import { TWO_FACTOR_DEVICE_COOKIE } from './second-factor-gate.js';
import { twoFactorResetRefusal } from './two-factor.policy.js';

/**
 * The principal resets a staff member's two-factor (docs/decisions/0116-the-principal-resets-two-factor.md),
 * through the API on each engine: what goes, what stays, the mail, the record, and the refusals.
 */

const START = Date.parse('2026-12-09T10:00:00.000Z');
const STEP_MS = TWO_FACTOR.periodSeconds * 1000;

const codeAt = (secret: string, at: number = Date.now()) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });
const setClock = (at: number) => vi.setSystemTime(new Date(at));

describe('who may reset whose two-factor (the policy)', () => {
  const principal = { id: 1, type: USER_TYPE.principal };
  it.each(USER_TYPES)('a %s account with two-factor on', (type) => {
    const target = { id: 2, type, enabled: true };
    expect(twoFactorResetRefusal(principal, target)).toBe(
      (STAFF_TYPES as readonly string[]).includes(type) ? undefined : 'not-staff',
    );
  });
  it('the principal’s own, an account without it, none, and a viewer who is no principal', () => {
    expect(twoFactorResetRefusal(principal, { id: 1, type: USER_TYPE.principal, enabled: true })).toBe(
      'own-account',
    );
    expect(twoFactorResetRefusal(principal, { id: 2, type: USER_TYPE.teacher, enabled: false })).toBe(
      'not-enabled',
    );
    expect(twoFactorResetRefusal(principal, undefined)).toBe('not-found');
    for (const type of USER_TYPES.filter((t) => t !== USER_TYPE.principal)) {
      expect(twoFactorResetRefusal({ id: 1, type }, { id: 2, type: USER_TYPE.teacher, enabled: true })).toBe(
        'not-found',
      );
    }
  });
});

describe.each(TEST_ENGINES)('the principal resets a staff member’s two-factor on %s', (engine) => {
  let t: TestApp;
  let passwordHash: string;
  let principalToken: string;
  let principalId: number;
  let accounts = 0;

  beforeAll(async () => {
    t = await createTestApp(engine, { demo: true });
    passwordHash = await hashPassword(DEMO_PASSWORD);
    principalId = await userIdOf(t.db, DEMO.principal);
  });
  afterAll(async () => {
    await t?.dispose();
  });
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    setClock(START);
    principalToken = await tokenOf(t.app, DEMO.principal);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await t.db.deleteFrom('two_factor_policy').execute();
  });

  /** A fresh active account of the type; answers its email and id. */
  async function newAccount(type: string, language: string | null = null) {
    accounts += 1;
    const email = `reset-${accounts}@demo.school`;
    await insertUser(
      t.db,
      {
        name: `Staff ${accounts}`,
        designation: '',
        description: '',
        type,
        gender: 'Female',
        dob: '1990-01-01',
        address: '',
        contact: '',
        email,
        passwordHash,
        socialLink: '',
        status: 'active',
      },
      new Date().toISOString(),
    );
    const id = await userIdOf(t.db, email);
    if (language) await t.db.updateTable('app_user').set({ language }).where('id', '=', id).execute();
    return { email, id };
  }

  const post = (url: string, payload: unknown, token?: string, extra: Record<string, unknown> = {}) =>
    call(t.app, {
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      ...(token ? { headers: bearer(token) } : {}),
      ...extra,
    });
  const reset = (id: number | string, token: string | undefined = principalToken, payload: unknown = {}) =>
    post(`/api/users/${id}/two-factor/reset`, payload, token);
  const staffList = (token = principalToken) =>
    call(t.app, { method: 'GET', url: '/api/two-factor/staff', headers: bearer(token) });

  const cookiesOf = (res: LightMyRequestResponse): string[] => {
    const header = res.headers['set-cookie'];
    return header === undefined ? [] : Array.isArray(header) ? header : [header];
  };

  /**
   * Two-factor on, a session through both steps that remembers the device, and a log-in left
   * waiting for its code: everything a reset should forget.
   */
  async function withTwoFactor(email: string) {
    const token = await tokenOf(t.app, email);
    const setup = await post('/api/two-factor/setup', {}, token);
    const { secret } = setup.json() as { secret: string };
    const confirmed = await post('/api/two-factor/confirm', { code: codeAt(secret) }, token);
    expect(confirmed.statusCode).toBe(200);
    const recoveryCodes = confirmed.json().recoveryCodes as string[];
    setClock(Date.now() + STEP_MS);
    const first = await login(t.app, email);
    expect(first.json().error.code).toBe('SECOND_FACTOR_REQUIRED');
    const signedIn = await post('/api/users/login/second-factor', {
      challenge: first.json().error.details.challenge,
      code: codeAt(secret),
      rememberDevice: true,
    });
    expect(signedIn.statusCode).toBe(200);
    const device =
      cookiesOf(signedIn)
        .find((c) => c.startsWith(`${TWO_FACTOR_DEVICE_COOKIE}=`))
        ?.split(';')[0] ?? '';
    const waiting = await login(t.app, email);
    expect(waiting.json().error.code).toBe('SECOND_FACTOR_REQUIRED');
    return {
      secret,
      recoveryCodes,
      session: signedIn.json().token as string,
      device,
      waitingChallenge: waiting.json().error.details.challenge as string,
    };
  }

  const rowsOf = async (userId: number) => ({
    twoFactor: (await t.db.selectFrom('two_factor').select('user_id').where('user_id', '=', userId).execute())
      .length,
    codes: (
      await t.db
        .selectFrom('two_factor_recovery_code')
        .select('user_id')
        .where('user_id', '=', userId)
        .execute()
    ).length,
    devices: (
      await t.db.selectFrom('two_factor_device').select('user_id').where('user_id', '=', userId).execute()
    ).length,
    challenges: (
      await t.db.selectFrom('two_factor_challenge').select('user_id').where('user_id', '=', userId).execute()
    ).length,
  });
  const resetsOf = (userId: number) =>
    t.db.selectFrom('two_factor_reset').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const mailsTo = (email: string) =>
    t.db
      .selectFrom('mail_outbox')
      .select(['kind', 'subject', 'text_body'])
      .where('to_address', '=', email)
      .where('kind', '=', 'two-factor-reset')
      .orderBy('id')
      .execute();
  const logInWith = (email: string, cookie?: string) =>
    call(t.app, {
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password: DEMO_PASSWORD },
      ...(cookie ? { headers: { cookie } } : {}),
    });

  it('forgets the secret, the recovery codes, the remembered devices and the waiting log-ins, keeps the sessions, records who and when, and mails the teacher; the password alone then signs in', async () => {
    const teacher = await newAccount(USER_TYPE.teacher);
    const { session, device, waitingChallenge, recoveryCodes, secret } = await withTwoFactor(teacher.email);
    expect(await rowsOf(teacher.id)).toEqual({ twoFactor: 1, codes: 10, devices: 1, challenges: 1 });

    const before = (await staffList()).json().data.find((row: { id: number }) => row.id === teacher.id);
    expect(before).toEqual({
      id: teacher.id,
      name: 'Staff 1',
      email: teacher.email,
      type: USER_TYPE.teacher,
      enabled: true,
      lastReset: null,
    });

    setClock(START + 60 * 60 * 1000);
    const res = await reset(teacher.id);
    expect(res.statusCode, res.body).toBe(200);
    const at = new Date(START + 60 * 60 * 1000).toISOString();
    expect(res.json()).toEqual({
      data: { ...before, enabled: false, lastReset: { at, byName: 'Margaret Osei' } },
    });
    expect(await rowsOf(teacher.id)).toEqual({ twoFactor: 0, codes: 0, devices: 0, challenges: 0 });
    expect(await resetsOf(teacher.id)).toEqual([
      {
        id: expect.any(Number),
        user_id: teacher.id,
        reset_by: principalId,
        reset_by_name: 'Margaret Osei',
        reset_at: at,
      },
    ]);
    // The list shows it too.
    expect(
      (await staffList()).json().data.find((row: { id: number }) => row.id === teacher.id),
    ).toMatchObject({ enabled: false, lastReset: { at, byName: 'Margaret Osei' } });

    // Sessions stay: the teacher signed in elsewhere is not thrown out.
    expect(
      (await call(t.app, { method: 'GET', url: '/api/users/profile', headers: bearer(session) })).statusCode,
    ).toBe(200);
    // The log-in that waited for a code is gone; its old codes open nothing.
    const late = await post('/api/users/login/second-factor', {
      challenge: waitingChallenge,
      recoveryCode: recoveryCodes[0],
    });
    expect(late.statusCode).toBe(401);
    expect(late.json().error.code).toBe('CHALLENGE_INVALID');

    // The mail, in English (the teacher's language), says who and that the password alone works for now.
    const [mail, ...others] = await mailsTo(teacher.email);
    expect(others).toEqual([]);
    expect(mail?.subject).toBe('Your two-step sign-in at Sunny Meadows Kids School was reset');
    expect(mail?.text_body).toContain('Margaret Osei reset the two-step sign-in of your account');
    expect(mail?.text_body).toContain('For now your password alone signs you in.');
    expect(mail?.text_body).not.toContain(secret);

    // The school does not require it: the password alone signs in, with the old device cookie or without.
    expect((await logInWith(teacher.email, device)).statusCode).toBe(200);
    expect((await logInWith(teacher.email)).statusCode).toBe(200);
    const status = await call(t.app, {
      method: 'GET',
      url: '/api/two-factor',
      headers: bearer(session),
    });
    expect(status.json()).toEqual({ enabled: false, recoveryCodesLeft: 0, requiredForStaff: false });

    // Twice: the second finds nothing on, changes nothing and mails nothing.
    const again = await reset(teacher.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('TWO_FACTOR_STATE');
    expect(await resetsOf(teacher.id)).toHaveLength(1);
    expect(await mailsTo(teacher.email)).toHaveLength(1);
  });

  it('when the school requires two-factor, the member’s next log-in leads through enrolment again; the mail, in their language, says so', async () => {
    const teacher = await newAccount(USER_TYPE.teacher, 'fr');
    await withTwoFactor(teacher.email);
    const required = await call(t.app, {
      method: 'PUT',
      url: '/api/two-factor/requirement',
      headers: bearer(principalToken),
      payload: { required: true },
    });
    expect(required.statusCode).toBe(204);
    setClock(Date.now() + STEP_MS);
    expect((await reset(teacher.id)).statusCode).toBe(200);

    const next = await logInWith(teacher.email);
    expect(next.statusCode).toBe(401);
    expect(next.json().error).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED', details: { enrol: true } });
    const { challenge } = next.json().error.details;
    const enrolment = await post('/api/users/login/enrolment', { challenge });
    expect(enrolment.statusCode).toBe(200);
    const done = await post('/api/users/login/second-factor', {
      challenge,
      code: codeAt(enrolment.json().secret),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().recoveryCodes).toHaveLength(10);

    const [mail] = await mailsTo(teacher.email);
    expect(mail?.subject).toBe(
      'Votre connexion en deux étapes sur Sunny Meadows Kids School a été réinitialisée',
    );
    expect(mail?.text_body).toContain('L’école exige la connexion en deux étapes pour le personnel');
  });

  it('another staff type (a Director, set up at a log-in the school required it of) and another principal may be reset', async () => {
    const principal = await newAccount(USER_TYPE.principal);
    await withTwoFactor(principal.email);
    const director = await newAccount(USER_TYPE.director);
    const setRequired = async (required: boolean) =>
      expect(
        (
          await call(t.app, {
            method: 'PUT',
            url: '/api/two-factor/requirement',
            headers: bearer(principalToken),
            payload: { required },
          })
        ).statusCode,
      ).toBe(204);
    await setRequired(true);
    const { challenge } = (await logInWith(director.email)).json().error.details;
    const { secret } = (await post('/api/users/login/enrolment', { challenge })).json();
    expect(
      (await post('/api/users/login/second-factor', { challenge, code: codeAt(secret) })).statusCode,
    ).toBe(200);
    await setRequired(false);
    setClock(Date.now() + STEP_MS);
    for (const member of [director, principal]) {
      expect((await logInWith(member.email)).statusCode).toBe(401);
      const res = await reset(member.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ id: member.id, enabled: false });
      expect((await logInWith(member.email)).statusCode).toBe(200);
    }
  });

  it('only the principal: no token 401, every other type 403; the list likewise', async () => {
    const teacher = await newAccount(USER_TYPE.teacher);
    await withTwoFactor(teacher.email);
    expect((await post(`/api/users/${teacher.id}/two-factor/reset`, {})).statusCode).toBe(401);
    for (const who of [DEMO.teacher, DEMO.guardian, DEMO.student]) {
      const token = await tokenOf(t.app, who);
      expect((await reset(teacher.id, token)).statusCode, who).toBe(403);
      expect((await staffList(token)).statusCode, who).toBe(403);
    }
    const director = await newAccount(USER_TYPE.director);
    // A Director has no school area: its session is turned away at the door as well.
    const directorToken = await tokenOf(t.app, director.email);
    expect((await reset(teacher.id, directorToken)).statusCode).toBe(403);
    expect(await rowsOf(teacher.id)).toMatchObject({ twoFactor: 1, codes: 10 });
    expect(await resetsOf(teacher.id)).toEqual([]);
  });

  it('refuses with a clear 4xx and changes nothing: an unknown id, a bad id, a body, the principal’s own, a family account, a staff account without two-factor', async () => {
    const principalNow = await newAccount(USER_TYPE.principal);
    const { session: ownToken } = await withTwoFactor(principalNow.email);
    const before = await t.db.selectFrom('mail_outbox').select('id').execute();
    const resetsBefore = await t.db.selectFrom('two_factor_reset').select('id').execute();

    const unknown = await reset(999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({
      code: 'NOT_FOUND',
      message: 'That staff account was not found.',
    });
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      const res = await reset(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.code, bad).toBe('VALIDATION_FAILED');
    }
    expect((await reset(principalNow.id, principalToken, { userId: 1 })).statusCode).toBe(400);

    const own = await reset(principalNow.id, ownToken);
    expect(own.statusCode).toBe(409);
    expect(own.json().error.code).toBe('OWN_ACCOUNT');

    for (const family of [DEMO.guardian, DEMO.student]) {
      const res = await reset(await userIdOf(t.db, family));
      expect(res.statusCode, family).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'TWO_FACTOR_STATE',
        message: 'Two-factor sign-in is for staff accounts.',
      });
    }
    const without = await newAccount(USER_TYPE.teacher);
    const off = await reset(without.id);
    expect(off.statusCode).toBe(409);
    expect(off.json().error).toMatchObject({
      code: 'TWO_FACTOR_STATE',
      message: 'Two-factor sign-in is not turned on.',
    });
    // A secret set up and not confirmed is not "on" either.
    const pendingToken = await tokenOf(t.app, without.email);
    expect((await post('/api/two-factor/setup', {}, pendingToken)).statusCode).toBe(200);
    expect((await reset(without.id)).statusCode).toBe(409);
    expect(await rowsOf(without.id)).toMatchObject({ twoFactor: 1 });

    expect(await rowsOf(principalNow.id)).toMatchObject({ twoFactor: 1, codes: 10 });
    expect(await t.db.selectFrom('two_factor_reset').select('id').execute()).toEqual(resetsBefore);
    expect(await t.db.selectFrom('mail_outbox').select('id').execute()).toEqual(before);
  });

  it('the list: active staff only, not the caller, not families; a removed principal’s reset keeps their name', async () => {
    const pending = await newAccount(USER_TYPE.teacher);
    await t.db.updateTable('app_user').set({ status: 'pending' }).where('id', '=', pending.id).execute();
    const rows = (await staffList()).json().data as { id: number; type: string; email: string }[];
    const ids = rows.map((row) => row.id);
    expect(ids).not.toContain(principalId);
    expect(ids).not.toContain(pending.id);
    expect(ids).toContain(await userIdOf(t.db, DEMO.teacher));
    expect(ids).toContain(await userIdOf(t.db, DEMO.teacher2));
    for (const row of rows) expect(STAFF_TYPES as readonly string[]).toContain(row.type);

    const other = await newAccount(USER_TYPE.principal);
    const otherToken = await tokenOf(t.app, other.email);
    const teacher = await newAccount(USER_TYPE.teacher);
    await withTwoFactor(teacher.email);
    expect((await reset(teacher.id, otherToken)).statusCode).toBe(200);
    // The other principal's account goes; the record keeps their name.
    await t.db.deleteFrom('session').where('user_id', '=', other.id).execute();
    await t.db.deleteFrom('app_user').where('id', '=', other.id).execute();
    const [kept] = await resetsOf(teacher.id);
    expect(kept).toMatchObject({ reset_by: null, reset_by_name: `Staff ${accounts - 1}` });
    expect(
      (await staffList()).json().data.find((row: { id: number }) => row.id === teacher.id).lastReset,
    ).toMatchObject({ byName: `Staff ${accounts - 1}` });
  });
});
