import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { UserType } from '../../shared/constants.js';
import type { Db } from '../db/connect.js';
import { DEMO_PASSWORD } from '../demo/index.js';
import type { CLASS_NAMES, SUBJECT_NAMES } from '../demo/people.js';
import { createSession } from '../features/auth/session.js';
import { nowIso } from '../lib/time.js';
import { createTestApp, type TestApp } from './app.js';
import type { TestEngine } from './databases.js';

/**
 * Log-ins and well-known ids of the demo school, for the tests of the school calls and the route
 * walk. The demo users log in through `POST /api/users/login` like the client does; a user of a
 * type without a dashboard is written straight into the database and given a session.
 */

export const DEMO_USERS = {
  principal: 'principal@demo.school',
  teacher: 'teacher@demo.school',
  teacher2: 'teacher2@demo.school',
  student: 'student@demo.school',
  student2: 'student2@demo.school',
  /** The guardian of student@ (KG) and of her brother in Class 2 (docs/decisions/0021-families.md). */
  parent: 'parent@demo.school',
} as const;
export type DemoRole = keyof typeof DEMO_USERS;
/** The demo roles plus `director`, an active user of a type without a dashboard. */
export type Caller = DemoRole | 'director';

export type ClassName = (typeof CLASS_NAMES)[number];
export type SubjectName = (typeof SUBJECT_NAMES)[number];

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** `POST /api/users/login`; answers the token or throws with the answer. */
export async function logIn(
  app: FastifyInstance,
  email: string,
  password: string = DEMO_PASSWORD,
): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`log-in of ${email} answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { token: string }).token;
}

/** A new active user of `type`, written directly into the database, with a session of its own. */
export async function userWithSession(
  db: Db,
  type: UserType,
  name = `A ${type}`,
): Promise<{ id: number; token: string }> {
  const now = nowIso();
  const email = `${type.toLowerCase()}.${Math.random().toString(36).slice(2, 10)}@test.school`;
  const { id } = await db
    .insertInto('app_user')
    .values({
      name,
      designation: type,
      description: '',
      type,
      gender: 'Other',
      dob: '1980-01-01',
      address: '1 Test Road',
      contact: '000',
      email,
      email_key: email,
      password_hash: 'not-a-hash',
      social_link: '',
      status: 'active',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, token: await createSession(db, id) };
}

export interface SchoolFixture {
  tokens: Record<Caller, string>;
  /** User ids of the demo roles (and of the director). */
  users: Record<Caller, number>;
  /** The demo parent's children: student@ (KG) first, then her brother (Class 2). */
  children: [number, number];
  classes: Record<ClassName, number>;
  subjects: Record<SubjectName, number>;
  /** Time slot ids, in the order of the school day. */
  slots: number[];
  /** A class of the demo that teacher2@ does not teach: student@'s (KG). */
  notTaughtByTeacher2: number;
}

async function userId(db: Db, email: string): Promise<number> {
  const row = await db
    .selectFrom('app_user')
    .select('id')
    .where('email_key', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Logs every demo role in and collects the ids the tests use. */
export async function schoolFixture(t: TestApp): Promise<SchoolFixture> {
  const tokens = {} as Record<Caller, string>;
  const users = {} as Record<Caller, number>;
  for (const [role, email] of Object.entries(DEMO_USERS) as [DemoRole, string][]) {
    users[role] = await userId(t.db, email);
    tokens[role] = await logIn(t.app, email);
  }
  const director = await userWithSession(t.db, 'Director', 'Dee Director');
  users.director = director.id;
  tokens.director = director.token;
  const linked = await t.db
    .selectFrom('guardian')
    .select('student_id')
    .where('parent_id', '=', users.parent)
    .execute();
  const brother = linked.find((row) => row.student_id !== users.student)?.student_id;
  if (brother === undefined || linked.length !== 2) throw new Error('The demo parent must have two children');
  const children: [number, number] = [users.student, brother];

  const classes = Object.fromEntries(
    (await t.db.selectFrom('school_class').select(['id', 'name']).execute()).map((c) => [c.name, c.id]),
  ) as Record<ClassName, number>;
  const subjects = Object.fromEntries(
    (await t.db.selectFrom('subject').select(['id', 'name']).execute()).map((s) => [s.name, s.id]),
  ) as Record<SubjectName, number>;
  const slots = (await t.db.selectFrom('time_slot').select('id').orderBy('position').execute()).map(
    (s) => s.id,
  );
  return { tokens, users, children, classes, subjects, slots, notTaughtByTeacher2: classes.KG };
}

/** `app.inject` as `caller` (no token for `undefined`). */
export function callAs(
  app: FastifyInstance,
  fixture: SchoolFixture,
  caller: Caller | undefined,
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  const headers = caller ? { ...options.headers, ...bearer(fixture.tokens[caller]) } : options.headers;
  return app.inject({ ...options, headers });
}

/**
 * For a describe block: a test app with the demo school on `engine` and its fixture, made before
 * the block's tests and disposed after them. The two objects are filled in place by `beforeAll`, so
 * a block destructures them once (`const { t, f } = withDemoSchool(engine)`) and its tests read them.
 */
export function withDemoSchool(engine: TestEngine): { t: TestApp; f: SchoolFixture } {
  const t = {} as TestApp;
  const f = {} as SchoolFixture;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(engine, { demo: true }));
    Object.assign(f, await schoolFixture(t));
  });
  afterAll(async () => {
    await t.dispose?.();
  });
  return { t, f };
}
