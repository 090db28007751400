import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECOND_PRINCIPAL } from '../../../shared/api/users.js';
import { USER_TYPE, type UserType } from '../../../shared/constants.js';
import { nowIso } from '../../lib/time.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { hashPassword } from '../auth/password.js';
import { insertUser } from './users.repository.js';
import { createPrincipal } from './users.service.js';

const PRINCIPAL_PASSWORD = 'the-principal-secret-1';

/**
 * Approving a registration of type Principle makes a second principal (issue 27, point 9): the API
 * asks the approving principal's own password again; other approvals and rejections do not.
 */
describe.each(TEST_ENGINES)('approving a second principal (%s)', (engine) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    await createPrincipal(t.db, {
      name: 'Ada Head',
      email: 'head@school.test',
      password: PRINCIPAL_PASSWORD,
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'head@school.test', password: PRINCIPAL_PASSWORD },
    });
    token = login.json().token;
  });
  afterAll(async () => {
    await t?.dispose();
  });

  let count = 0;
  const pending = async (type: UserType) => {
    count += 1;
    return insertUser(
      t.db,
      {
        name: `Pending ${count}`,
        designation: type,
        description: '',
        type,
        gender: 'Other',
        dob: '1980-01-01',
        address: '1 Lane',
        contact: '+1 555 0100',
        email: `pending${count}@school.test`,
        passwordHash: await hashPassword('pending-secret-1'),
        socialLink: '',
        status: 'pending',
      },
      nowIso(),
    );
  };
  const decide = (id: number, body: object) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/users/${id}/status`,
      headers: { authorization: `Bearer ${token}` },
      payload: body,
    });
  const statusOf = async (id: number) =>
    (await t.db.selectFrom('app_user').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;

  it('refuses to approve a Principle without the password, or with a wrong one, and changes nothing', async () => {
    const id = await pending(USER_TYPE.principal);
    const without = await decide(id, { status: 'active' });
    expect(without.statusCode).toBe(403);
    expect(without.json().error.code).toBe(SECOND_PRINCIPAL.codes.passwordRequired);
    const empty = await decide(id, { status: 'active', password: '' });
    expect(empty.statusCode).toBe(403);
    expect(empty.json().error.code).toBe(SECOND_PRINCIPAL.codes.passwordRequired);
    const wrong = await decide(id, { status: 'active', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe(SECOND_PRINCIPAL.codes.wrongPassword);
    expect(await statusOf(id)).toBe('pending');
    expect(await t.db.selectFrom('mail_outbox').select('id').execute()).toEqual([]);
  });

  it('approves a Principle with the approving principal’s password', async () => {
    const id = await pending(USER_TYPE.principal);
    const res = await decide(id, { status: 'active', password: PRINCIPAL_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('active');
    expect(await statusOf(id)).toBe('active');
  });

  it('other types, and rejecting a Principle, need no password', async () => {
    const teacher = await pending(USER_TYPE.teacher);
    expect((await decide(teacher, { status: 'active' })).statusCode).toBe(200);
    const principal = await pending(USER_TYPE.principal);
    expect((await decide(principal, { status: 'rejected' })).statusCode).toBe(200);
    expect(await statusOf(principal)).toBe('rejected');
  });

  it('an unknown account is still a 404, password or not', async () => {
    expect((await decide(999_999, { status: 'active' })).statusCode).toBe(404);
  });
});
