import { describe, expect, it } from 'vitest';
import { ChildrenAnswerSchema, FAMILY_LIMITS, FAMILY_MESSAGES } from '../../../shared/api/family.js';
import { UserForReviewSchema } from '../../../shared/api/users.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { bearer, callAs, logIn, withDemoSchool } from '../../test/school-fixtures.js';
import { countUsers, register, registrationFields, userIdOf } from '../users/test-helpers.js';

/**
 * docs/decisions/0021-families.md: a registering Parent names their children, the principal sees
 * them with the pupils that may be them, and approves the parent with the links to make.
 */
describe.each(TEST_ENGINES)('families in registration and approval on %s', (engine) => {
  const { t, f } = withDemoSchool(engine);

  const pending = async () => {
    const res = await callAs(t.app, f, 'principal', { method: 'GET', url: '/api/users?status=pending' });
    expect(res.statusCode).toBe(200);
    return UserForReviewSchema.array().parse(res.json().data);
  };
  const setStatus = (id: number, body: unknown) =>
    callAs(t.app, f, 'principal', {
      method: 'PATCH',
      url: `/api/users/${id}/status`,
      payload: body as object,
    });
  const linksOf = (parentId: number) =>
    t.db.selectFrom('guardian').selectAll().where('parent_id', '=', parentId).execute();
  const pupil = async (id: number) =>
    t.db.selectFrom('app_user').select(['id', 'name', 'dob']).where('id', '=', id).executeTakeFirstOrThrow();

  it('the demo applicant Grace Mensah named Nia, and the list offers the matching pupil', async () => {
    const grace = (await pending()).find((u) => u.email === 'grace.mensah@demo.school');
    expect(grace?.type).toBe(USER_TYPE.parent);
    expect(grace?.children).toHaveLength(1);
    const [child] = grace?.children ?? [];
    expect(child?.name).toBe('Nia Mensah');
    expect(child?.matches[0]).toMatchObject({ studentName: 'Nia Mensah', dob: child?.dob, className: 'KG' });
    // Everyone else named no children.
    for (const user of await pending()) if (user.type !== USER_TYPE.parent) expect(user.children).toEqual([]);
  });

  it('a Parent registers with children: stored in order; matched by date of birth or by name', async () => {
    const aisha = await pupil(f.users.student);
    const leo = await pupil(f.users.student2);
    const children = [
      { name: '  Leo   FISCHER ', dob: '2019-01-01' },
      { name: 'Someone Else', dob: aisha.dob },
      { name: 'Nobody Known', dob: '2018-02-03' },
    ];
    const res = await register(
      t.app,
      registrationFields({
        type: USER_TYPE.parent,
        email: 'named.children@example.org',
        children: JSON.stringify(children),
      }),
    );
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as number;
    const stored = await t.db
      .selectFrom('child_suggestion')
      .select(['position', 'name', 'dob'])
      .where('parent_id', '=', id)
      .orderBy('position')
      .execute();
    expect(stored.map((s) => [s.position, s.name, s.dob])).toEqual([
      [0, 'Leo   FISCHER', '2019-01-01'],
      [1, 'Someone Else', aisha.dob],
      [2, 'Nobody Known', '2018-02-03'],
    ]);

    const row = (await pending()).find((u) => u.id === id);
    expect(row?.children.map((c) => c.name)).toEqual(['Leo   FISCHER', 'Someone Else', 'Nobody Known']);
    expect(row?.children[0]?.matches.map((m) => m.studentId)).toContain(leo.id);
    expect(row?.children[1]?.matches.map((m) => m.studentId)).toContain(aisha.id);
    for (const match of row?.children[1]?.matches ?? []) expect(match.dob).toBe(aisha.dob);
    expect(row?.children[2]?.matches).toEqual([]);
  });

  it('a Parent may register without naming children; an empty list is fine for anyone', async () => {
    for (const [type, email] of [
      [USER_TYPE.parent, 'no.children@example.org'],
      [USER_TYPE.teacher, 'empty.list@example.org'],
    ] as const) {
      const fields = registrationFields({
        type,
        email,
        ...(type === USER_TYPE.teacher && { children: '[]' }),
      });
      expect((await register(t.app, fields)).statusCode).toBe(201);
    }
  });

  it.each([
    [
      'a Teacher naming children',
      USER_TYPE.teacher,
      '[{"name":"Kid","dob":"2020-01-01"}]',
      FAMILY_MESSAGES.childrenOnlyForParents,
    ],
    ['not JSON', USER_TYPE.parent, '[{name:', FAMILY_MESSAGES.childrenNotAList],
    ['an object', USER_TYPE.parent, '{"name":"Kid","dob":"2020-01-01"}', undefined],
    ['a blank name', USER_TYPE.parent, '[{"name":"  ","dob":"2020-01-01"}]', undefined],
    ['an impossible date of birth', USER_TYPE.parent, '[{"name":"Kid","dob":"2020-02-30"}]', undefined],
    ['a date of birth in the future', USER_TYPE.parent, '[{"name":"Kid","dob":"2999-01-01"}]', undefined],
    [
      'too many children',
      USER_TYPE.parent,
      JSON.stringify(
        Array.from({ length: FAMILY_LIMITS.children + 1 }, (_, i) => ({
          name: `Kid ${i}`,
          dob: '2020-01-01',
        })),
      ),
      undefined,
    ],
  ])('%s: 400 on children, and nothing is stored', async (_name, type, children, message) => {
    const before = await countUsers(t.db);
    const suggestions = await t.db.selectFrom('child_suggestion').select('id').execute();
    const res = await register(t.app, registrationFields({ type, email: 'refused@example.org', children }));
    expect(res.statusCode).toBe(400);
    const details = res.json().error.details as { field: string; message: string }[];
    expect(details.some((d) => d.field.startsWith('children'))).toBe(true);
    if (message) expect(details.find((d) => d.field === 'children')?.message).toBe(message);
    expect(await countUsers(t.db)).toEqual(before);
    expect(await t.db.selectFrom('child_suggestion').select('id').execute()).toHaveLength(suggestions.length);
  });

  it('approving a Parent with links: the account and the links in one step', async () => {
    const res = await register(
      t.app,
      registrationFields({ type: USER_TYPE.parent, email: 'approved.parent@example.org' }),
    );
    const id = res.json().data.id as number;
    const approved = await setStatus(id, {
      status: 'active',
      links: [
        { studentId: f.users.student2, relationship: 'Mother' },
        { studentId: String(f.children[1]), relationship: 'Guardian' },
      ],
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.status).toBe('active');
    const links = await linksOf(id);
    expect(links.map((l) => [l.student_id, l.relationship]).sort()).toEqual(
      [
        [f.users.student2, 'Mother'],
        [f.children[1], 'Guardian'],
      ].sort(),
    );

    // The parent now sees those two children.
    const token = await logIn(t.app, 'approved.parent@example.org', 'registered-secret-1');
    const mine = await t.app.inject({ url: '/api/family/children', headers: bearer(token) });
    expect(
      ChildrenAnswerSchema.parse(mine.json())
        .data.map((c) => c.studentId)
        .sort(),
    ).toEqual([f.users.student2, f.children[1]].sort());

    // Approving again with a link that exists: kept as it was, no error.
    const again = await setStatus(id, {
      status: 'active',
      links: [{ studentId: f.users.student2, relationship: 'Other' }],
    });
    expect(again.statusCode).toBe(200);
    expect((await linksOf(id)).find((l) => l.student_id === f.users.student2)?.relationship).toBe('Mother');
  });

  it('the demo applicant is approved with the suggested link', async () => {
    const graceId = await userIdOf(t.db, 'grace.mensah@demo.school');
    const nia = (await pending()).find((u) => u.id === graceId)?.children[0]?.matches[0]?.studentId ?? 0;
    const res = await setStatus(graceId, {
      status: 'active',
      links: [{ studentId: nia, relationship: 'Mother' }],
    });
    expect(res.statusCode).toBe(200);
    expect((await linksOf(graceId)).map((l) => l.student_id)).toEqual([nia]);
  });

  it('bad links: 400, and neither the status nor any link changes', async () => {
    const res = await register(
      t.app,
      registrationFields({ type: USER_TYPE.parent, email: 'bad.links@example.org' }),
    );
    const id = res.json().data.id as number;
    const teacherApplicant = await userIdOf(t.db, 'sam.rivera@demo.school');
    const cases: [number, unknown][] = [
      [
        id,
        {
          status: 'active',
          links: [
            { studentId: f.users.student, relationship: 'Mother' },
            { studentId: f.users.teacher, relationship: 'Mother' },
          ],
        },
      ],
      [id, { status: 'active', links: [{ studentId: 999_999, relationship: 'Mother' }] }],
      [id, { status: 'active', links: [{ studentId: f.users.parent, relationship: 'Mother' }] }],
      [id, { status: 'active', links: [{ studentId: f.users.student, relationship: 'Aunt' }] }],
      [id, { status: 'active', links: [{ studentId: 0, relationship: 'Mother' }] }],
      [
        id,
        {
          status: 'active',
          links: [
            { studentId: f.users.student, relationship: 'Mother' },
            { studentId: f.users.student, relationship: 'Father' },
          ],
        },
      ],
      [id, { status: 'active', links: 'all of them' }],
      [id, { status: 'rejected', links: [{ studentId: f.users.student, relationship: 'Mother' }] }],
      [
        teacherApplicant,
        { status: 'active', links: [{ studentId: f.users.student, relationship: 'Other' }] },
      ],
      [f.users.teacher, { status: 'active', links: [] }],
    ];
    for (const [target, body] of cases) {
      const answer = await setStatus(target, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().error.code).toBe('VALIDATION_FAILED');
    }
    const statuses = await t.db
      .selectFrom('app_user')
      .select(['id', 'status'])
      .where('id', 'in', [id, teacherApplicant])
      .execute();
    expect(statuses.map((s) => s.status)).toEqual(['pending', 'pending']);
    expect(await linksOf(id)).toEqual([]);
    expect(await linksOf(teacherApplicant)).toEqual([]);
    // An unknown account with links: 404 as without them.
    expect((await setStatus(999_999, { status: 'active', links: [] })).statusCode).toBe(404);
  });
});
