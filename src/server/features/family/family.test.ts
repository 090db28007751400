import { describe, expect, it } from 'vitest';
import {
  ChildrenAnswerSchema,
  FAMILY_MESSAGES,
  GuardianAnswerSchema,
  GuardiansAnswerSchema,
} from '../../../shared/api/family.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { type Caller, callAs, userWithSession, withDemoSchool } from '../../test/school-fixtures.js';

/** docs/decisions/0021-families.md: the principal's guardian links and a parent's children. */
describe.each(TEST_ENGINES)('families on %s', (engine) => {
  const { t, f } = withDemoSchool(engine);

  // `as` is a caller or undefined (no token); the principal when left out.
  const link = (body: unknown, ...as: [Caller?]) =>
    callAs(t.app, f, as.length ? as[0] : 'principal', {
      method: 'POST',
      url: '/api/admin/guardians',
      payload: body as object,
    });
  const unlink = (parentId: number | string, studentId: number | string, ...as: [Caller?]) =>
    callAs(t.app, f, as.length ? as[0] : 'principal', {
      method: 'DELETE',
      url: `/api/admin/guardians/${parentId}/${studentId}`,
    });
  const list = (query: string, ...as: [Caller?]) =>
    callAs(t.app, f, as.length ? as[0] : 'principal', { method: 'GET', url: `/api/admin/guardians${query}` });
  const children = (caller: Caller | undefined) =>
    callAs(t.app, f, caller, { method: 'GET', url: '/api/family/children' });

  describe('GET family/children', () => {
    it('a parent: their two children, with class, photo and relationship, by name', async () => {
      const res = await children('parent');
      expect(res.statusCode).toBe(200);
      const { data } = ChildrenAnswerSchema.parse(res.json());
      expect(data.map((c) => c.studentId).sort()).toEqual([...f.children].sort());
      expect(data.map((c) => c.studentName)).toEqual([...data.map((c) => c.studentName)].sort());
      const aisha = data.find((c) => c.studentId === f.users.student);
      expect(aisha).toMatchObject({
        studentName: 'Aisha Rahman',
        classId: f.classes.KG,
        className: 'KG',
        relationship: 'Father',
      });
      expect(aisha?.image).toMatch(/^demo\/.+\.webp$/);
      expect(data.find((c) => c.studentId === f.children[1])?.className).toBe('Class 2');
    });

    it('a parent with no linked child: an empty list', async () => {
      const other = await userWithSession(t.db, USER_TYPE.parent, 'Lone Parent');
      const res = await t.app.inject({
        url: '/api/family/children',
        headers: { authorization: `Bearer ${other.token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: [] });
    });

    it('401 without a token; 403 for every other type', async () => {
      expect((await children(undefined)).statusCode).toBe(401);
      for (const caller of ['principal', 'teacher', 'student', 'director'] as const) {
        expect((await children(caller)).statusCode, caller).toBe(403);
      }
    });
  });

  describe('admin/guardians', () => {
    it('links, lists, refuses a duplicate (409) and unlinks (204, then 404)', async () => {
      const parent = await userWithSession(t.db, USER_TYPE.parent, 'Ama Mensah');
      const res = await link({ parentId: parent.id, studentId: f.users.student2, relationship: 'Mother' });
      expect(res.statusCode).toBe(201);
      expect(GuardianAnswerSchema.parse(res.json()).data).toMatchObject({
        parentId: parent.id,
        parentName: 'Ama Mensah',
        studentId: f.users.student2,
        studentName: 'Leo Fischer',
        className: 'Class 1',
        relationship: 'Mother',
      });

      // The same pair again, even with another relationship: 409, and nothing changes.
      const again = await link({ parentId: parent.id, studentId: f.users.student2, relationship: 'Other' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatchObject({
        code: 'ALREADY_LINKED',
        message: FAMILY_MESSAGES.alreadyLinked,
      });

      const listed = GuardiansAnswerSchema.parse((await list(`?studentId=${f.users.student2}`)).json()).data;
      expect(listed.map((r) => [r.parentId, r.relationship])).toEqual([[parent.id, 'Mother']]);
      const byParent = GuardiansAnswerSchema.parse((await list(`?parentId=${f.users.parent}`)).json()).data;
      expect(byParent.map((r) => r.studentId).sort()).toEqual([...f.children].sort());
      const all = GuardiansAnswerSchema.parse((await list('')).json()).data;
      expect(all.length).toBeGreaterThanOrEqual(3);
      expect((await list('?studentId=999999')).json()).toEqual({ data: [] });

      // The new parent now sees the child, and only that one.
      const theirs = await t.app.inject({
        url: '/api/family/children',
        headers: { authorization: `Bearer ${parent.token}` },
      });
      expect(theirs.json().data.map((c: { studentId: number }) => c.studentId)).toEqual([f.users.student2]);

      expect((await unlink(parent.id, f.users.student2)).statusCode).toBe(204);
      expect((await list(`?studentId=${f.users.student2}`)).json()).toEqual({ data: [] });
      const gone = await unlink(parent.id, f.users.student2);
      expect(gone.statusCode).toBe(404);
      expect(gone.json().error.code).toBe('NOT_FOUND');
    });

    it('400 when the ids are not an existing Parent and Student, in that order', async () => {
      for (const [parentId, studentId] of [
        [f.users.student, f.users.parent],
        [f.users.teacher, f.users.student],
        [f.users.parent, f.users.teacher],
        [f.users.parent, f.users.parent],
        [999_999, f.users.student],
        [f.users.parent, 999_999],
      ]) {
        const res = await link({ parentId, studentId, relationship: 'Guardian' });
        expect(res.statusCode, `${parentId} -> ${studentId}`).toBe(400);
        expect(res.json().error.message).toBe(FAMILY_MESSAGES.notParentAndPupil);
      }
    });

    it('400 for bad bodies, ids and queries, with the contract’s messages', async () => {
      const good = { parentId: f.users.parent, studentId: f.users.student2, relationship: 'Father' };
      const cases: [unknown, string, string][] = [
        [{ ...good, relationship: 'Uncle' }, 'relationship', FAMILY_MESSAGES.chooseRelationship],
        [{ ...good, parentId: 0 }, 'parentId', FAMILY_MESSAGES.chooseParent],
        [{ ...good, studentId: 'x' }, 'studentId', FAMILY_MESSAGES.choosePupil],
        [{ relationship: 'Father' }, 'parentId', FAMILY_MESSAGES.chooseParent],
      ];
      for (const [body, field, message] of cases) {
        const res = await link(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().error.details).toContainEqual({ field, message });
      }
      const notJson = await callAs(t.app, f, 'principal', {
        method: 'POST',
        url: '/api/admin/guardians',
        headers: { 'content-type': 'application/json' },
        payload: '{"parentId":',
      });
      expect(notJson.statusCode).toBe(400);
      expect((await link([])).statusCode).toBe(400);
      expect((await unlink('abc', f.users.student)).statusCode).toBe(400);
      expect((await unlink(f.users.parent, '0')).statusCode).toBe(400);
      expect((await list('?studentId=-1')).statusCode).toBe(400);
      expect((await list('?parentId=1e3')).statusCode).toBe(400);
      // Nothing was linked by any of them.
      expect((await list(`?studentId=${f.users.student2}`)).json()).toEqual({ data: [] });
    });

    it('the principal only: 401 without a token, 403 for the other types', async () => {
      for (const caller of [undefined, 'teacher', 'student', 'parent', 'director'] as const) {
        const expected = caller === undefined ? 401 : 403;
        const body = { parentId: f.users.parent, studentId: f.users.student2, relationship: 'Father' };
        expect((await link(body, caller)).statusCode, `POST as ${caller}`).toBe(expected);
        expect((await list('', caller)).statusCode, `GET as ${caller}`).toBe(expected);
        expect((await unlink(f.users.parent, f.users.student, caller)).statusCode).toBe(expected);
      }
      // The demo links are untouched.
      expect((await list(`?parentId=${f.users.parent}`)).json().data).toHaveLength(2);
    });

    it('a deleted pupil takes their links with them', async () => {
      const parent = await userWithSession(t.db, USER_TYPE.parent);
      const pupil = await userWithSession(t.db, USER_TYPE.student, 'Short Stay');
      expect(
        (await link({ parentId: parent.id, studentId: pupil.id, relationship: 'Other' })).statusCode,
      ).toBe(201);
      const del = await callAs(t.app, f, 'principal', { method: 'DELETE', url: `/api/users/${pupil.id}` });
      expect(del.statusCode).toBe(204);
      expect((await list(`?parentId=${parent.id}`)).json()).toEqual({ data: [] });
    });
  });
});
