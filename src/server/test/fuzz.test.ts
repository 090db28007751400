import { appendFileSync } from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUPIL_IMPORT_COLUMNS } from '../../shared/api/school-admin.js';
import { USER_TYPE } from '../../shared/constants.js';
import { DEMO_PASSWORD } from '../demo/index.js';
import { findSessionUser } from '../features/auth/session.js';
import { DEMO, nextAddress, png, userIdOf } from '../features/users/test-helpers.js';
import type { TestApp } from './app.js';
import { TEST_ENGINES } from './databases.js';
import {
  casesOf,
  type FileFixture,
  type FuzzCase,
  type FuzzRequest,
  type Plan,
  urlOf,
} from './fuzz/cases.js';
import { type OpenApiDocument, type Operation, operationName, operationsOf } from './fuzz/openapi.js';
import { sampleFor } from './fuzz/random.js';
import { HUGE, TEXTS } from './fuzz/values.js';
import { createPagesTestApp } from './pages-app.js';
import { bearer, logIn } from './school-fixtures.js';

/**
 * Fuzzes every operation of /api/openapi.json (docs/decisions/0012-hardening.md): for each path and query
 * parameter and each body field (JSON and multipart), bad values of every kind (wrong types, huge
 * and control-character text, odd numbers, deep nesting), then bad whole bodies (malformed JSON,
 * wrong content types, odd multipart), each with no token and with a Principle's, a Teacher's, a
 * Student's and a Parent's. Every answer must be below 500 and the server must log no error; afterwards it must
 * still be healthy.
 *
 * Everything but the bad value is valid (real ids of the demo school, real dates), so a request
 * gets as deep as the bad value lets it. Deleting calls and status changes get ids that do not
 * exist, so no case removes the accounts the fuzzer logs in with. The cases are sampled with a fixed
 * seed: every run sends the same requests, and a failure names the operation, the caller, the case
 * and the request, so it can be sent again by hand.
 *
 * Callers the guard turns away (401/403 at the door, before the body is read) get a sample of the
 * cases only, which keeps the run at a few thousand requests; each guarded operation also gets one
 * odd Authorization header. A request that never answers is a failure too (it would hold a
 * connection and block a graceful shutdown). `FUZZ_TRACE=<file>` writes every request of a run
 * and its status to the file.
 */

const SEED = 20_261_112;
/** Bad values tried per parameter and body field (of a catalogue of 10-30 per type), besides deep nesting. */
const PER_FIELD = 3;
/** Whole-body cases per operation (of 26: malformed JSON, JSON of the wrong shape, wrong content types). */
const WHOLE_BODIES = 10;
/** Cases sent to a caller the operation's guard refuses. */
const AT_THE_DOOR = 3;
/**
 * Not a speed limit: a request that has no answer after this long hangs (answers take
 * milliseconds). It is reported as a failure, and the same case is not sent again.
 */
const NO_ANSWER_MS = 20_000;
/** After this many hanging requests the run stops: the server has a problem to fix first. */
const MAX_HANGS = 3;
/** An id no record of the demo school has. */
const MISSING_ID = 999_999;

const CALLERS = [
  'nobody',
  USER_TYPE.principal,
  USER_TYPE.teacher,
  USER_TYPE.student,
  USER_TYPE.parent,
] as const;
type Caller = (typeof CALLERS)[number];
type Account = Exclude<Caller, 'nobody'>;
const ACCOUNT: Record<Account, string> = {
  [USER_TYPE.principal]: DEMO.principal,
  [USER_TYPE.teacher]: DEMO.teacher,
  [USER_TYPE.student]: DEMO.student,
  // The demo parent: guardian of the demo student (docs/decisions/0021-families.md).
  [USER_TYPE.parent]: DEMO.guardian,
};

interface DemoSchool {
  users: Record<'principal' | 'teacher' | 'student' | 'parent', number>;
  /** The demo student's class (taught by the demo teacher) and its name. */
  classId: number;
  className: string;
  subjectId: number;
  slotId: number;
  notificationId: number;
  enquiryId: number;
  /** Record ids per content collection, and one stored content picture. */
  contentIds: Record<string, number[]>;
  contentImage: string;
  picture: Buffer;
}

async function demoSchool(t: TestApp): Promise<DemoSchool> {
  const users = {
    principal: await userIdOf(t.db, DEMO.principal),
    teacher: await userIdOf(t.db, DEMO.teacher),
    student: await userIdOf(t.db, DEMO.student),
    parent: await userIdOf(t.db, DEMO.guardian),
  };
  const enrolment = await t.db
    .selectFrom('enrolment')
    .innerJoin('school_class', 'school_class.id', 'enrolment.class_id')
    .select(['school_class.id', 'school_class.name'])
    .where('enrolment.student_id', '=', users.student)
    .executeTakeFirstOrThrow();
  const assignment = await t.db
    .selectFrom('class_assignment')
    .select(['subject_id', 'time_slot_id'])
    .where('teacher_id', '=', users.teacher)
    .where('class_id', '=', enrolment.id)
    .executeTakeFirstOrThrow();
  const notification = await t.db.selectFrom('notification').select('id').executeTakeFirstOrThrow();
  const records = await t.db
    .selectFrom('content_record')
    .select(['id', 'collection'])
    .orderBy('id')
    .execute();
  const contentIds: Record<string, number[]> = {};
  for (const record of records) {
    contentIds[record.collection] = [...(contentIds[record.collection] ?? []), record.id];
  }
  const image = await t.db.selectFrom('content_image').select('image').executeTakeFirstOrThrow();

  // The demo school has no enquiry: one through the contact form, as a visitor sends it.
  const enquiry = await t.app.inject({
    method: 'POST',
    url: '/api/enquiries',
    remoteAddress: nextAddress(),
    payload: { name: 'Fuzz Visitor', email: 'visitor@example.org', subject: 'Hello', message: 'A question.' },
  });
  expect(enquiry.statusCode).toBe(201);
  const enquiryRow = await t.db.selectFrom('enquiry').select('id').executeTakeFirstOrThrow();

  return {
    users,
    classId: enrolment.id,
    className: enrolment.name,
    subjectId: assignment.subject_id,
    slotId: assignment.time_slot_id,
    notificationId: notification.id,
    enquiryId: enquiryRow.id,
    contentIds,
    contentImage: image.image,
    picture: await png(),
  };
}

/** Valid values the OpenAPI document cannot give: real ids, dates, addresses. */
function planFor(school: DemoSchool): Plan {
  const csv = (...rows: string[]) => Buffer.from(`${[PUPIL_IMPORT_COLUMNS.join(','), ...rows].join('\n')}\n`);
  const pupil = (name = 'Pia Fuzz', email = 'pia.fuzz@example.org') =>
    `${name},${email},${school.className},Female,2019-02-02,+1 555 0100,1 Lane`;
  const csvFile = (data: Buffer): FileFixture => ({ filename: 'pupils.csv', contentType: 'text/csv', data });
  const isImport = (operation: Operation) => operation.path === '/api/admin/import/pupils';

  return {
    seed: SEED,
    perField: PER_FIELD,
    wholeBodies: WHOLE_BODIES,
    know: (operation, name) => {
      const { path, method } = operation;
      switch (name) {
        case 'id': {
          // Never remove a record or change an account's status: only bad values are the point.
          if (method === 'DELETE' || path.endsWith('/status')) return MISSING_ID;
          const collection = /^\/api\/admin\/content\/(\w+)\//.exec(path)?.[1];
          if (collection) return school.contentIds[collection]?.[0] ?? MISSING_ID;
          if (path.startsWith('/api/admin/classes/')) return school.classId;
          if (path.startsWith('/api/admin/subjects/')) return school.subjectId;
          if (path.startsWith('/api/admin/time-slots/')) return school.slotId;
          if (path.startsWith('/api/notification/')) return school.notificationId;
          if (path.startsWith('/api/admin/inbox/')) return school.enquiryId;
          // A pupil: a family account, whose two-factor reset is refused (409), so nothing is reset.
          if (path === '/api/users/{id}/two-factor/reset') return school.users.student;
          // An admission case that is not there: an enrolment makes accounts, which is not the point here.
          if (path.startsWith('/api/admin/admissions/cases/')) return MISSING_ID;
          // A comment's status may change: only bad values are the point, so one that is not there.
          if (path.startsWith('/api/admin/blog-comments/')) return MISSING_ID;
          // users/student, result, student/result, result-summary, attendance/student: a pupil.
          return school.users.student;
        }
        case 'teacherid':
          return school.users.teacher;
        case 'postId':
          // A blog comment's post: one of the demo's, so the bad value is what a case is refused for.
          return school.contentIds.blog?.[0] ?? null;
        case 'parentId':
          // A link of the demo (to the demo student) answers 409 to POST; DELETE must not remove it.
          return method === 'DELETE' ? MISSING_ID : school.users.parent;
        case 'studentId':
        case 'userid':
          return school.users.student;
        case 'classId':
        case 'classesid':
          return school.classId;
        case 'subjectId':
        case 'subjectid':
          return school.subjectId;
        case 'timeid':
          return school.slotId;
        case 'ids': {
          const collection = /^\/api\/admin\/content\/(\w+)\//.exec(path)?.[1];
          return collection ? school.contentIds[collection] : undefined;
        }
        case 'name':
          if (path === '/api/pupils/{id}/care/pickup-photos/{name}') return `${'0'.repeat(32)}.webp`;
          return path === '/api/admin/media/{name}' ? 'not-there.webp' : undefined;
        case 'email':
          // A pending account: log-in reaches the password check, and no account we use is throttled.
          return path === '/api/users/login' ? DEMO.pendingParent : 'fuzz.person@example.org';
        case 'password':
          return path === '/api/users/login' ? DEMO_PASSWORD : 'a-fuzz-secret-1';
        case 'required':
          // Two-factor required of all staff would stop the callers' own log-ins (docs/decisions/0108-two-factor-for-staff.md).
          return path === '/api/two-factor/requirement' ? false : undefined;
        case 'staffMust':
          // Staff made to use the provider would stop the teacher's password log-in (docs/decisions/0114-the-principal-sets-the-sign-in-provider.md).
          return false;
        case 'issuerUrl':
          // A check reaches out to the address: one on this machine where nobody listens, refused at once.
          return path.startsWith('/api/admin/sign-in-provider') ? 'http://127.0.0.1:1' : undefined;
        case 'dob':
          return '2015-03-14';
        case 'date':
          return path === '/api/exams' ? '2099-06-15' : '2026-11-19';
        case 'att_date':
        case 'to':
          return '2026-11-19';
        case 'from':
          return '2026-11-01';
        case 'time':
          return '09:00 - 10:00';
        case 'contact':
        case 'phone':
          return '+1 555 0100 200';
        case 'social_link':
          return 'https://example.org/fuzz';
        case 'website':
          return ''; // the forms' honeypot: a filled one is a robot
        case 'image':
          return school.contentImage;
        case 'label':
          return '07:00 - 07:30';
        case 'marks':
          return 50;
        default:
          return undefined;
      }
    },
    file: (operation) =>
      isImport(operation)
        ? csvFile(csv(pupil()))
        : { filename: 'picture.png', contentType: 'image/png', data: school.picture },
    badFiles: (operation) => {
      if (!isImport(operation)) return [];
      const bad = (label: string, data: Buffer) => ({ label: `a CSV with ${label}`, file: csvFile(data) });
      return [
        bad('NUL in a name', csv(pupil(TEXTS.nul))),
        bad('control characters in a name', csv(pupil(TEXTS.controls))),
        bad('line and paragraph separators in a name', csv(pupil(TEXTS.separators))),
        bad(`a name of ${HUGE} characters`, csv(pupil('x'.repeat(HUGE)))),
        bad(
          '1001 rows',
          csv(...Array.from({ length: 1001 }, (_, i) => pupil(`P ${i}`, `p${i}@example.org`))),
        ),
        bad('an unclosed quote', csv(`"Pia Fuzz,pia@example.org,${school.className}`)),
        bad('a byte order mark', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), csv(pupil())])),
        bad('UTF-16 text', Buffer.from(csv(pupil()).toString(), 'utf16le')),
        bad('invalid UTF-8', Buffer.concat([csv(pupil()), Buffer.from([0xff, 0xfe, 0xc0])])),
        bad('only a header', csv()),
        bad('every column twice', Buffer.from(`${PUPIL_IMPORT_COLUMNS.join(',').repeat(2)}\n${pupil()}\n`)),
        bad('10000 columns', Buffer.from(`${'a,'.repeat(10_000)}\n${pupil()}\n`)),
        bad('a spreadsheet formula', csv(pupil('=HYPERLINK("http://example.org","x")'))),
        bad('CR line ends', Buffer.from(csv(pupil()).toString().replaceAll('\n', '\r'))),
        bad('one e-mail address twice', csv(pupil(), pupil('Pia Again'))),
        bad('a date that does not exist', csv(pupil().replace('2019-02-02', '2019-02-30'))),
        bad('an SQL name', csv(pupil(TEXTS.sql.replaceAll(',', ' ')))),
      ];
    },
  };
}

/** The cases of an operation, with the pupil import's CSV cases also sent as a commit. */
function casesFor(operation: Operation, plan: Plan): FuzzCase[] {
  const cases = casesOf(operation, plan);
  if (operation.path !== '/api/admin/import/pupils') return cases;
  const commits = cases
    .filter((c) => c.label.startsWith('multipart file = a CSV'))
    .map((c) => ({
      label: `${c.label}, committed`,
      request: { ...c.request, url: `${c.request.url}?commit=true` },
    }));
  return [...cases, ...commits];
}

interface Failure {
  operation: string;
  caller: Caller;
  label: string;
  request: FuzzRequest;
  answer: string;
  logged: string[];
}

const excerpt = (text: string, max = 300) => {
  const shown = JSON.stringify(text.length > max ? text.slice(0, max) : text);
  return text.length > max ? `${shown}… (${text.length} characters)` : shown;
};

function describeFailure(f: Failure): string {
  const payload = f.request.payload;
  const body =
    payload === undefined
      ? 'no body'
      : `body ${excerpt(typeof payload === 'string' ? payload : payload.toString('latin1'))}`;
  return [
    `${f.operation} as ${f.caller}: ${f.label} -> ${f.answer}`,
    `    sent: ${f.request.method} ${excerpt(f.request.url, 200)} ${JSON.stringify(f.request.headers)} ${body}`,
    ...f.logged.map((line) => `    logged: ${line}`),
  ].join('\n');
}

/** Log lines of level error or worse, shortened to message and error. */
function errorsIn(lines: readonly string[]): string[] {
  return lines.flatMap((line) => {
    try {
      const entry = JSON.parse(line) as {
        level: number;
        msg?: string;
        err?: { type?: string; message?: string };
      };
      if (entry.level < 50) return [];
      return [`${entry.msg ?? ''}: ${entry.err?.type ?? ''} ${excerpt(entry.err?.message ?? '', 200)}`];
    } catch {
      return [excerpt(line)];
    }
  });
}

/** Authorization headers that are not quite a token (one is sent to each guarded operation). */
function oddCredentials(tokens: Record<Account, string>): { label: string; header: string }[] {
  const token = tokens[USER_TYPE.teacher];
  return [
    { label: 'a token of 10000 characters', header: `Bearer ${'x'.repeat(10_000)}` },
    { label: 'the scheme alone', header: 'Bearer' },
    { label: 'the scheme and spaces', header: 'Bearer    ' },
    { label: 'Basic credentials', header: 'Basic dXNlcjpwYXNz' },
    { label: 'a token with one character more', header: `Bearer ${token}x` },
    { label: 'a token with one character less', header: `Bearer ${token.slice(0, -1)}` },
    { label: 'the scheme in lower case', header: `bearer ${token}` },
    { label: 'two tokens', header: `Bearer ${token} ${tokens[USER_TYPE.principal]}` },
    { label: 'a token of Latin-1 letters', header: 'Bearer \u00e9\u00e8\u00ff' },
    { label: 'a JWT-like token', header: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOjF9.' },
  ];
}

/** Warnings in the log, counted by message (they fail nothing, but the summary shows them). */
function warningsIn(lines: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const line of lines) {
    try {
      const entry = JSON.parse(line) as { level: number; msg?: string };
      if (entry.level === 40) counts.set(entry.msg ?? '', (counts.get(entry.msg ?? '') ?? 0) + 1);
    } catch {
      // Not JSON: errorsIn reports it.
    }
  }
  return [...counts.entries()].map(([msg, n]) => `${n} x ${JSON.stringify(msg)}`).join(', ');
}

describe.each(TEST_ENGINES)('the API, fuzzed from its OpenAPI document, on %s', (engine) => {
  const logLines: string[] = [];
  let t: TestApp;
  let operations: Operation[];
  let plan: Plan;
  const tokens = {} as Record<Account, string>;

  beforeAll(async () => {
    // A built web app's page renderer (the source's): the website editor's previews render pages.
    t = await createPagesTestApp(engine, { demo: true, logLines });
    // Log in first: the fuzzing may throttle log-ins from then on.
    for (const type of Object.keys(ACCOUNT) as Account[]) tokens[type] = await logIn(t.app, ACCOUNT[type]);
    plan = planFor(await demoSchool(t));
    const document = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(document.statusCode).toBe(200);
    operations = operationsOf(document.json() as OpenApiDocument);
  });

  afterAll(async () => {
    await t?.dispose();
  });

  it('answers every bad request below 500 and logs no error', async () => {
    expect(operations.length).toBeGreaterThan(100);
    const failures: Failure[] = [];
    const statuses = new Map<number, number>();
    const ended: string[] = [];
    let requests = 0;
    let hangs = 0;

    const send = async (operation: Operation, caller: Caller, fuzzCase: FuzzCase) => {
      const before = logLines.length;
      const auth = caller === 'nobody' ? {} : bearer(tokens[caller]);
      let res: LightMyRequestResponse | undefined;
      let thrown: unknown;
      let stopWaiting = () => {};
      const noAnswer = new Promise<undefined>((resolve) => {
        const timer = setTimeout(resolve, NO_ANSWER_MS);
        stopWaiting = () => clearTimeout(timer);
      });
      let hung = false;
      try {
        res = await Promise.race([
          t.app.inject({
            ...fuzzCase.request,
            method: fuzzCase.request.method as 'GET',
            headers: { ...fuzzCase.request.headers, ...auth },
            // A fresh client address each time, so per-address rate limits do not answer for the case.
            remoteAddress: nextAddress(),
          }),
          noAnswer,
        ]);
        if (!res) {
          hung = true;
          thrown = `no answer within ${NO_ANSWER_MS / 1000} s (the request hangs)`;
        }
      } catch (error) {
        thrown = error;
      } finally {
        stopWaiting();
      }
      requests += 1;
      // FUZZ_TRACE=<file>: every request of the run and its answer's status, one a line.
      if (process.env.FUZZ_TRACE) {
        const line = `${engine} ${res?.statusCode ?? 'none'} ${operationName(operation)} as ${caller}: ${fuzzCase.label}`;
        appendFileSync(process.env.FUZZ_TRACE, `${line}\n`);
      }
      if (res) statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      const logged = errorsIn(logLines.slice(before));
      if (!res || res.statusCode >= 500 || logged.length > 0) {
        failures.push({
          operation: operationName(operation),
          caller,
          label: fuzzCase.label,
          request: fuzzCase.request,
          answer: res ? `${res.statusCode} ${excerpt(res.body, 200)}` : String(thrown),
          logged,
        });
      }
      return { res, hung };
    };

    for (const operation of operations) {
      // A case may end a session (log-out does, with any body it accepts): log in again.
      for (const type of Object.keys(ACCOUNT) as Account[]) {
        if (!(await findSessionUser(t.db, tokens[type]))) {
          ended.push(`${type} before ${operationName(operation)}`);
          tokens[type] = await logIn(t.app, ACCOUNT[type]);
        }
      }
      const cases = casesFor(operation, plan);
      expect(cases.length, operationName(operation)).toBeGreaterThan(0);
      // Who gets past the guard: a probe with the valid URL and a body that cannot be parsed, so
      // that no handler but a GET's runs.
      const probe: FuzzCase = {
        label: 'probe: valid URL, unparsable JSON body',
        request: {
          method: operation.method,
          url: urlOf(operation, plan),
          headers: operation.method === 'GET' ? {} : { 'content-type': 'application/json' },
          ...(operation.method === 'GET' ? {} : { payload: '{' }),
        },
      };
      if (operation.secured) {
        for (const credentials of sampleFor(
          SEED,
          `credentials ${operationName(operation)}`,
          oddCredentials(tokens),
          1,
        )) {
          const headers = { ...probe.request.headers, authorization: credentials.header };
          await send(operation, 'nobody', {
            label: `Authorization: ${credentials.label}`,
            request: { ...probe.request, headers },
          });
        }
      }
      const passing = new Set<Caller>();
      for (const caller of CALLERS) {
        const { res } = await send(operation, caller, probe);
        const turnedAway = operation.secured && (res?.statusCode === 401 || res?.statusCode === 403);
        if (!turnedAway) passing.add(caller);
      }
      const door = sampleFor(SEED, `door ${operationName(operation)}`, cases, AT_THE_DOOR);
      for (const fuzzCase of cases) {
        for (const caller of CALLERS) {
          if (!passing.has(caller) && !door.includes(fuzzCase)) continue;
          if (!(await send(operation, caller, fuzzCase)).hung) continue;
          hangs += 1;
          break;
        }
        if (hangs >= MAX_HANGS) break;
      }
      if (hangs >= MAX_HANGS) break;
    }

    const summary = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ');
    const warnings = warningsIn(logLines);
    console.info(
      `fuzz on ${engine}: ${requests} requests to ${operations.length} operations (seed ${SEED}); ${summary}` +
        (ended.length > 0 ? `; sessions ended and renewed: ${ended.join('; ')}` : '') +
        (warnings ? `; warnings logged: ${warnings}` : ''),
    );
    expect(
      failures.length,
      `${failures.length} of ${requests} requests failed (seed ${SEED}):\n${failures.map(describeFailure).join('\n')}`,
    ).toBe(0);
    // Bounded: some fifty requests per operation (the cases of its fields, for each caller), so the
    // run grows with the API and not faster.
    expect(requests).toBeGreaterThan(operations.length * 5);
    expect(requests).toBeLessThan(operations.length * 60);
  }, 300_000);

  it('is healthy afterwards: the health check, a log-in and a profile answer', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });

    const token = await logIn(t.app, DEMO.principal);
    const profile = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });
    expect(profile.statusCode).toBe(200);
    expect(profile.body).toContain(DEMO.principal);

    const classes = await t.app.inject({ method: 'GET', url: '/api/classes', headers: bearer(token) });
    expect(classes.statusCode).toBe(200);
  });
});
