import { describe, expect, it } from 'vitest';
import { chosenIdSchema, pathIdSchema } from '../../shared/api/ids.js';
import { TEST_ENGINES } from './databases.js';
import { callAs, withDemoSchool } from './school-fixtures.js';

/** Spellings of 18 that are not its decimal digits, and other ids that are not ids. */
const NOT_IDS = ['0x12', '1.8e1', '+18', '018', '18.0', ' 18', '18 ', '0', '-18', '1_8', '２', '2147483648'];

describe('the id schemas', () => {
  it.each(NOT_IDS)('a path id refuses %j', (text) => {
    expect(pathIdSchema().safeParse(text).success).toBe(false);
  });
  it('a path id is its decimal digits, up to the largest integer column value', () => {
    expect(pathIdSchema().parse('18')).toBe(18);
    expect(pathIdSchema().parse('2147483647')).toBe(2_147_483_647);
  });
  it('an id chosen in a form is a whole number or its digits, nothing else', () => {
    const schema = chosenIdSchema('Choose a class');
    expect(schema.parse(7)).toBe(7);
    expect(schema.parse('7')).toBe(7);
    for (const bad of [...NOT_IDS, true, [7], 7.5, 0, -1, null, '']) {
      const result = schema.safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Choose a class');
    }
  });
});

/** The route parameters that name a record by its number. */
const ID_PARAMS = ['id', 'classId', 'teacherid', 'studentId'];

describe.each(TEST_ENGINES)('ids in paths and queries are decimal digits only on %s', (engine) => {
  const { t, f } = withDemoSchool(engine);

  it('every route with an id in its path answers 400 for each other spelling, as the principal (or a parent, where only parents may call)', async () => {
    const routes = t.app.routeCatalog.filter((route) =>
      ID_PARAMS.some((name) => route.url.includes(`/:${name}`)),
    );
    expect(routes.length).toBeGreaterThan(30);
    const answers: string[] = [];
    for (const route of routes) {
      for (const bad of ['0x12', '1.8e1', '+18', '018']) {
        const url = route.url.replace(/:(\w+)/g, (whole, name: string) =>
          ID_PARAMS.includes(name) ? encodeURIComponent(bad) : whole,
        );
        const call = (who: 'principal' | 'parent') =>
          callAs(t.app, f, who, {
            method: route.method as 'GET',
            url: url.includes('/attendance/class/') ? `${url}?from=2026-11-01&to=2026-11-19` : url,
            payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
          });
        // A route only parents may call (a guardian's acknowledgement) turns the principal away first.
        let res = await call('principal');
        if (res.statusCode === 403) res = await call('parent');
        if (res.statusCode !== 400) answers.push(`${route.method} ${url} -> ${res.statusCode}`);
      }
    }
    expect(answers).toEqual([]);
  });

  it('the digits themselves still name the record', async () => {
    const student = f.users.student;
    const res = await callAs(t.app, f, 'principal', { method: 'GET', url: `/api/users/student/${student}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.id).toBe(student);
    const padded = await callAs(t.app, f, 'principal', {
      method: 'GET',
      url: `/api/users/student/0${student}`,
    });
    expect(padded.statusCode).toBe(400);
    expect(padded.json().error.details).toEqual([
      { field: 'id', message: 'The id must be a positive whole number' },
    ]);
  });

  it.each([
    [`/api/marks?classId=0x1&subjectId=1`, 'classId'],
    [`/api/marks?classId=1&subjectId=%2B1`, 'subjectId'],
    [`/api/admin/pupils?classId=1e0`, 'classId'],
    [`/api/admin/inbox?limit=0x10`, 'limit'],
    [`/api/admin/inbox?offset=1.5`, 'offset'],
  ])('query %s -> 400 on %s', async (url, field) => {
    const res = await callAs(t.app, f, 'principal', { method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('a form id sent as 0x12 in a JSON body is refused', async () => {
    const res = await callAs(t.app, f, 'principal', {
      method: 'POST',
      url: '/api/enrolments',
      payload: { studentId: `0x${f.users.student.toString(16)}`, classId: f.classes.KG },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([{ field: 'studentId', message: 'Choose a pupil' }]);
  });
});
