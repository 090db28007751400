import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CareAnswerSchema,
  CareHistoryAnswerSchema,
  CheckinAnswerSchema,
  CheckinsAnswerSchema,
  EMPTY_CARE_DETAILS,
  FAMILY_MESSAGES,
  OverridesAnswerSchema,
  RegisterAnswerSchema,
} from '../../../shared/api/family.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { dateInZone } from '../../../shared/school-time.js';
import { PRINCIPAL } from '../../demo/people.js';
import { nowIso } from '../../lib/time.js';
import { sampleCare } from '../../test/care.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { bearer, type Caller, userWithSession, withDemoSchool } from '../../test/school-fixtures.js';
import { childConsents, consentsOf } from '../consents/consents.repository.js';
import { png } from '../users/test-helpers.js';

/**
 * The care calls (docs/decisions/0021-families.md, "Care details and the register") against the
 * demo school: student@ (Aisha Rahman, KG) has a guardian made here; `stranger` is a Parent
 * of another family (the demo parent, f.tokens.parent, is Aisha's father). teacher@ teaches KG, teacher2@ does not.
 */

type Who = Caller | 'guardian' | 'stranger';

const DETAILS = sampleCare();

describe.each(TEST_ENGINES)('care details and the register on %s', (engine) => {
  const { t, f } = withDemoSchool(engine);
  let guardian: { id: number; token: string };
  /** A Parent of another family. */
  let stranger: { id: number; token: string };
  /** A KG pupil without demo care details. */
  let plain: number;

  beforeAll(async () => {
    guardian = await userWithSession(t.db, USER_TYPE.parent, 'Mariam Rahman');
    stranger = await userWithSession(t.db, USER_TYPE.parent, 'Pat Stranger');
    await t.db
      .insertInto('guardian')
      .values({
        parent_id: guardian.id,
        student_id: f.users.student,
        relationship: 'Mother',
        created_at: nowIso(),
      })
      .execute();
    const row = await t.db
      .selectFrom('enrolment as e')
      .leftJoin('care_record as r', 'r.student_id', 'e.student_id')
      .select('e.student_id')
      .where('e.class_id', '=', f.classes.KG)
      .where('e.ended_on', 'is', null)
      .where('r.student_id', 'is', null)
      .orderBy('e.student_id')
      .executeTakeFirstOrThrow();
    plain = row.student_id;
  });

  const as = (who: Who | undefined, options: InjectOptions) => {
    const token =
      who === 'guardian'
        ? guardian.token
        : who === 'stranger'
          ? stranger.token
          : who
            ? f.tokens[who]
            : undefined;
    return t.app.inject({ ...options, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });
  };
  const getCare = (id: number, who: Who) => as(who, { method: 'GET', url: `/api/pupils/${id}/care` });
  const putCare = (id: number, who: Who, payload: unknown) =>
    as(who, { method: 'PUT', url: `/api/pupils/${id}/care`, payload: payload as object });
  const checkin = (id: number, who: Who, payload: unknown) =>
    as(who, { method: 'POST', url: `/api/pupils/${id}/checkins`, payload: payload as object });
  const historyCount = async (id: number) =>
    (await t.db.selectFrom('care_change').select('id').where('student_id', '=', id).execute()).length;

  describe('the demo school', () => {
    it('care details for several pupils, one nut allergy, and the last school days’ check-ins and check-outs', async () => {
      const records = await t.db.selectFrom('care_record').select(['student_id', 'has_allergy']).execute();
      expect(records.length).toBeGreaterThanOrEqual(5);
      expect(records.filter((r) => Number(r.has_allergy) === 1)).toHaveLength(1);
      const consents = await childConsents(
        t.db,
        records.map((r) => r.student_id),
      );
      expect([...consents.values()].filter((c) => c.website).length).toBeGreaterThan(records.length / 2);
      const days = await t.db
        .selectFrom('checkin')
        .select(['day', 'kind'])
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .groupBy(['day', 'kind'])
        .orderBy('day')
        .execute();
      // Seeded as of 2026-11-20T12:00Z (test/database-templates.ts), 20 November in the school's New
      // York too: the five school days before the school's today, Monday to Saturday.
      expect([...new Set(days.map((d) => d.day))]).toEqual([
        '2026-11-14',
        '2026-11-16',
        '2026-11-17',
        '2026-11-18',
        '2026-11-19',
      ]);
      for (const day of days) expect(Number(day.n)).toBeGreaterThan(30);
      const overrides = await t.db
        .selectFrom('checkin')
        .select('id')
        .where('collector_known', '=', 0)
        .execute();
      expect(overrides).toHaveLength(1);
    });
  });

  describe('GET pupils/{id}/care', () => {
    it('a child without saved details: the empty document, updatedAt null, and their guardians', async () => {
      await t.db
        .insertInto('guardian')
        .values({ parent_id: guardian.id, student_id: plain, relationship: 'Guardian', created_at: nowIso() })
        .execute();
      const res = await getCare(plain, 'principal');
      expect(res.statusCode).toBe(200);
      const { data } = CareAnswerSchema.parse(res.json());
      expect(data).toMatchObject({
        studentId: plain,
        details: EMPTY_CARE_DETAILS,
        updatedAt: null,
        updatedBy: null,
        mayEdit: true,
        guardians: [{ name: 'Mariam Rahman', relationship: 'Guardian' }],
      });
      await t.db.deleteFrom('guardian').where('student_id', '=', plain).execute();
    });

    it('the demo document of student@; guardians and the principal may edit, a class teacher reads', async () => {
      for (const [who, mayEdit] of [
        ['guardian', true],
        // The demo parent, Aisha's father.
        ['parent', true],
        ['principal', true],
        ['teacher', false],
      ] as const) {
        const res = await getCare(f.users.student, who);
        expect(res.statusCode, who).toBe(200);
        const { data } = CareAnswerSchema.parse(res.json());
        expect(data.mayEdit, who).toBe(mayEdit);
        expect(data.studentName).toBe('Aisha Rahman');
        expect(data.details.pickups.map((p) => p.name)).toContain('Ama Rahman');
        expect(data.updatedAt).not.toBeNull();
        expect(data.guardians).toContainEqual({ name: 'Mariam Rahman', relationship: 'Mother' });
      }
    });

    it('everyone else 404: another family, the pupil, another pupil, a teacher of another class', async () => {
      for (const who of ['stranger', 'student', 'student2', 'teacher2'] as const) {
        const res = await getCare(f.users.student, who);
        expect(res.statusCode, who).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
    });

    it('unknown ids and ids of users who are no pupil: 404; a bad id: 400; no token: 401', async () => {
      expect((await getCare(999_999, 'principal')).statusCode).toBe(404);
      expect((await getCare(f.users.teacher, 'principal')).statusCode).toBe(404);
      expect((await as('principal', { method: 'GET', url: '/api/pupils/abc/care' })).statusCode).toBe(400);
      expect((await getCare(f.users.student, undefined as unknown as Who)).statusCode).toBe(401);
    });
  });

  describe('PUT pupils/{id}/care', () => {
    it('a guardian saves the whole document: flags in step, one history entry with the differences', async () => {
      const before = await historyCount(f.users.student);
      const res = await putCare(f.users.student, 'guardian', DETAILS);
      expect(res.statusCode, res.body).toBe(200);
      const { data } = CareAnswerSchema.parse(res.json());
      expect(data.details).toEqual(DETAILS);
      expect(data.updatedBy).toBe('Mariam Rahman');
      const record = await t.db
        .selectFrom('care_record')
        .selectAll()
        .where('student_id', '=', f.users.student)
        .executeTakeFirstOrThrow();
      expect(Number(record.has_allergy)).toBe(1);
      expect((await consentsOf(t.db, f.users.student)).website).toBe(true);
      expect(await historyCount(f.users.student)).toBe(before + 1);

      const history = CareHistoryAnswerSchema.parse(
        (await as('guardian', { method: 'GET', url: `/api/pupils/${f.users.student}/care/history` })).json(),
      ).data;
      const [latest] = history;
      expect(latest?.by).toBe('Mariam Rahman');
      expect(latest?.changes).toContainEqual({ field: 'medical.allergies', from: '', to: 'Sesame' });
      expect(latest?.changes).toContainEqual({ field: 'pickups[1].name', from: '', to: 'Uncle  Bilal' });
    });

    it('the same document again changes nothing and adds no history', async () => {
      const before = await historyCount(f.users.student);
      expect((await putCare(f.users.student, 'guardian', DETAILS)).statusCode).toBe(200);
      expect(await historyCount(f.users.student)).toBe(before);
    });

    it('one changed phone is one change; removing the allergy clears the flag; the principal may edit', async () => {
      const changed = {
        ...DETAILS,
        medical: { ...DETAILS.medical, allergies: '' },
        pickups: [DETAILS.pickups[0], { ...DETAILS.pickups[1], phone: '+1 555 0000 001' }],
        photoConsent: { website: false, ownFamily: true, otherFamilies: false },
      };
      expect((await putCare(f.users.student, 'principal', changed)).statusCode).toBe(200);
      const [latest] = CareHistoryAnswerSchema.parse(
        (await as('principal', { method: 'GET', url: `/api/pupils/${f.users.student}/care/history` })).json(),
      ).data;
      expect(latest?.changes).toEqual([
        { field: 'medical.allergies', from: 'Sesame', to: '' },
        { field: 'pickups[1].phone', from: '+1 555 0142 900', to: '+1 555 0000 001' },
        { field: 'photoConsent.website', from: 'Yes', to: 'No' },
        { field: 'photoConsent.otherFamilies', from: 'Yes', to: 'No' },
      ]);
      expect(latest?.by).toBe(PRINCIPAL.name);
      const record = await t.db
        .selectFrom('care_record')
        .select(['has_allergy'])
        .where('student_id', '=', f.users.student)
        .executeTakeFirstOrThrow();
      expect(Number(record.has_allergy)).toBe(0);
      // The care form changes the photo consents only; the outings consent stays as the ledger had it.
      expect(await consentsOf(t.db, f.users.student)).toEqual({
        website: false,
        ownFamily: true,
        otherFamilies: false,
        outings: true,
      });
      expect((await putCare(f.users.student, 'guardian', DETAILS)).statusCode).toBe(200);
    });

    it('a class teacher 403 (may read, not change); everyone else 404; nothing saved', async () => {
      const before = await historyCount(f.users.student);
      const teacher = await putCare(f.users.student, 'teacher', EMPTY_CARE_DETAILS);
      expect(teacher.statusCode).toBe(403);
      expect(teacher.json().error.message).toMatch(/read but not change/);
      for (const who of ['stranger', 'student', 'teacher2'] as const) {
        expect((await putCare(f.users.student, who, EMPTY_CARE_DETAILS)).statusCode, who).toBe(404);
      }
      expect((await putCare(999_999, 'principal', EMPTY_CARE_DETAILS)).statusCode).toBe(404);
      expect(await historyCount(f.users.student)).toBe(before);
    });

    it('bad bodies: 400 with the field and the message, nothing saved', async () => {
      const before = await historyCount(f.users.student);
      const cases: [unknown, string][] = [
        [{}, 'emergencyContacts'],
        [{ ...DETAILS, photoConsent: true }, 'photoConsent'],
        [{ ...DETAILS, photoConsent: { website: true, ownFamily: true } }, 'photoConsent.otherFamilies'],
        [
          { ...DETAILS, emergencyContacts: [{ name: 'A', relationship: 'Aunt', phone: 'call me' }] },
          FAMILY_MESSAGES.phoneInvalid,
        ],
        [
          { ...DETAILS, emergencyContacts: [{ name: '  ', relationship: 'Aunt', phone: '+1 555 0000' }] },
          FAMILY_MESSAGES.enterName,
        ],
        [{ ...DETAILS, pickups: Array.from({ length: 11 }, () => DETAILS.pickups[0]) }, 'At most 10'],
        [{ ...DETAILS, medical: { ...DETAILS.medical, allergies: 'x'.repeat(1001) } }, 'at most 1000'],
        [
          { ...DETAILS, pickups: [{ ...DETAILS.pickups[0], photo: 'users/not-uploaded.webp' }] },
          'not among the uploaded',
        ],
        [
          { ...DETAILS, pickups: [{ ...DETAILS.pickups[0], photo: '../../etc/passwd' }] },
          'not among the uploaded',
        ],
        [
          { ...DETAILS, pickups: [{ ...DETAILS.pickups[0], photo: 'care/missing.webp' }] },
          'not among the uploaded',
        ],
      ];
      for (const [body, message] of cases) {
        const res = await putCare(f.users.student, 'guardian', body);
        expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(JSON.stringify(res.json().error)).toContain(message);
      }
      expect(await historyCount(f.users.student)).toBe(before);
    });
  });

  describe('GET pupils/{id}/care/history', () => {
    it('guardians and the principal; a class teacher 403; everyone else 404', async () => {
      const url = `/api/pupils/${f.users.student}/care/history`;
      for (const who of ['guardian', 'principal'] as const) {
        const res = await as(who, { method: 'GET', url });
        expect(res.statusCode).toBe(200);
        const { data } = CareHistoryAnswerSchema.parse(res.json());
        expect(data.length).toBeGreaterThan(1);
        const times = data.map((d) => d.at);
        expect(times).toEqual([...times].sort().reverse());
      }
      expect((await as('teacher', { method: 'GET', url })).statusCode).toBe(403);
      for (const who of ['stranger', 'student', 'teacher2'] as const) {
        expect((await as(who, { method: 'GET', url })).statusCode, who).toBe(404);
      }
    });
  });

  describe('POST pupils/{id}/care/pickup-photo', () => {
    const upload = async (who: Who, files: { name: string; data: Buffer }[], id = f.users.student) => {
      const form = new FormData();
      for (const file of files)
        form.append('image', new Blob([new Uint8Array(file.data)], { type: 'image/png' }), file.name);
      const request = new Request('http://x', { method: 'POST', body: form });
      return as(who, {
        method: 'POST',
        url: `/api/pupils/${id}/care/pickup-photo`,
        headers: { 'content-type': request.headers.get('content-type') ?? '' },
        payload: Buffer.from(await request.arrayBuffer()),
      });
    };

    it('a guardian uploads a picture, and the PUT takes its path', async () => {
      const res = await upload('guardian', [{ name: 'gran.png', data: await png(200, 200) }]);
      expect(res.statusCode, res.body).toBe(201);
      const { image } = res.json().data as { image: string };
      expect(image).toMatch(new RegExp(`^care/${f.users.student}/[0-9a-f]{32}\\.webp$`));
      const withPhoto = {
        ...DETAILS,
        pickups: [{ ...DETAILS.pickups[0], photo: image }, DETAILS.pickups[1]],
      };
      const put = await putCare(f.users.student, 'guardian', withPhoto);
      expect(put.statusCode, put.body).toBe(200);
      // Saved once, the same path may be sent again (the form sends the whole document back).
      expect((await putCare(f.users.student, 'principal', withPhoto)).statusCode).toBe(200);
      expect((await putCare(f.users.student, 'guardian', DETAILS)).statusCode).toBe(200);
    });

    it('no file or not a picture: 400; a class teacher 403; another family 404', async () => {
      expect((await upload('guardian', [])).statusCode).toBe(400);
      expect(
        (await upload('guardian', [{ name: 'x.png', data: Buffer.from('not a picture') }])).statusCode,
      ).toBe(400);
      expect((await upload('teacher', [{ name: 'x.png', data: await png() }])).statusCode).toBe(403);
      expect((await upload('stranger', [{ name: 'x.png', data: await png() }])).statusCode).toBe(404);
      expect((await upload('student', [{ name: 'x.png', data: await png() }])).statusCode).toBe(404);
    });
  });

  describe('the register', () => {
    const today = async () => {
      const row = await t.db.selectFrom('school_settings').select('time_zone').executeTakeFirstOrThrow();
      return dateInZone(new Date(), row.time_zone);
    };
    /** The latest day before today with check-ins of a pupil, or of a class (the demo's). */
    const lastDayBefore = async (where: { student_id: number } | { class_id: number }) =>
      t.db
        .selectFrom('checkin')
        .select('day')
        .where((eb) => eb.and(where))
        .where('day', '<', await today())
        .orderBy('day', 'desc')
        .executeTakeFirst();

    it('a class teacher checks a child in: 201, the server’s time, the school’s day; in again 409', async () => {
      const res = await checkin(f.users.student, 'teacher', { kind: 'in' });
      expect(res.statusCode, res.body).toBe(201);
      const { data } = CheckinAnswerSchema.parse(res.json());
      expect(data).toMatchObject({
        studentId: f.users.student,
        kind: 'in',
        day: await today(),
        recordedBy: 'Amara Okafor',
        collectedBy: null,
        collectorKnown: null,
        reason: null,
      });
      expect(Math.abs(Date.parse(data.at) - Date.now())).toBeLessThan(60_000);
      const again = await checkin(f.users.student, 'teacher', { kind: 'in' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatchObject({ code: 'ALREADY_IN', message: FAMILY_MESSAGES.alreadyIn });
    });

    it('a check-out names the collector (400 without); a stranger is refused with 409, then accepted with a reason', async () => {
      const none = await checkin(f.users.student, 'teacher', { kind: 'out' });
      expect(none.statusCode).toBe(400);
      expect(none.json().error.message).toContain(FAMILY_MESSAGES.collectorNeeded);
      const blank = await checkin(f.users.student, 'teacher', { kind: 'out', collectedBy: '   ' });
      expect(blank.statusCode).toBe(400);

      const stranger = await checkin(f.users.student, 'teacher', { kind: 'out', collectedBy: 'Jo Stranger' });
      expect(stranger.statusCode).toBe(409);
      expect(stranger.json().error).toMatchObject({
        code: 'UNKNOWN_COLLECTOR',
        message: FAMILY_MESSAGES.collectorNotOnList,
      });
      const emptyReason = await checkin(f.users.student, 'teacher', {
        kind: 'out',
        collectedBy: 'Jo Stranger',
        reason: '  ',
      });
      expect(emptyReason.statusCode).toBe(409);

      const accepted = await checkin(f.users.student, 'teacher', {
        kind: 'out',
        collectedBy: 'Jo Stranger',
        reason: 'Mother phoned: a neighbour collects today.',
      });
      expect(accepted.statusCode, accepted.body).toBe(201);
      expect(CheckinAnswerSchema.parse(accepted.json()).data).toMatchObject({
        kind: 'out',
        collectedBy: 'Jo Stranger',
        collectorKnown: false,
        reason: 'Mother phoned: a neighbour collects today.',
      });
      const out = await checkin(f.users.student, 'teacher', { kind: 'out', collectedBy: 'Ama Rahman' });
      expect(out.statusCode).toBe(409);
      expect(out.json().error).toMatchObject({ code: 'NOT_IN', message: FAMILY_MESSAGES.notIn });
    });

    it('a pick-up or a guardian is matched ignoring case and spacing; the principal records too', async () => {
      expect((await checkin(f.users.student, 'principal', { kind: 'in' })).statusCode).toBe(201);
      const pickup = await checkin(f.users.student, 'principal', {
        kind: 'out',
        collectedBy: '  ama   RAHMAN ',
      });
      expect(pickup.statusCode, pickup.body).toBe(201);
      expect(CheckinAnswerSchema.parse(pickup.json()).data).toMatchObject({
        collectorKnown: true,
        reason: null,
      });
      expect((await checkin(f.users.student, 'teacher', { kind: 'in' })).statusCode).toBe(201);
      const parent = await checkin(f.users.student, 'teacher', { kind: 'out', collectedBy: 'mariam rahman' });
      expect(CheckinAnswerSchema.parse(parent.json()).data.collectorKnown).toBe(true);
      const uncle = await checkin(f.users.student, 'teacher', { kind: 'in' });
      expect(uncle.statusCode).toBe(201);
      expect(
        (await checkin(f.users.student, 'teacher', { kind: 'out', collectedBy: 'uncle bilal' })).statusCode,
      ).toBe(201);
    });

    it('who may record: a teacher of another class 404; a parent, a pupil 403; bad bodies 400', async () => {
      expect((await checkin(f.users.student, 'teacher2', { kind: 'in' })).statusCode).toBe(404);
      expect((await checkin(999_999, 'principal', { kind: 'in' })).statusCode).toBe(404);
      expect((await checkin(f.users.teacher, 'principal', { kind: 'in' })).statusCode).toBe(404);
      for (const who of ['guardian', 'stranger', 'student'] as const) {
        expect((await checkin(f.users.student, who, { kind: 'in' })).statusCode, who).toBe(403);
      }
      for (const body of [
        {},
        { kind: 'sideways' },
        { kind: 'out', collectedBy: 5 },
        { kind: 'in', collectedBy: 'Ama' },
      ]) {
        const res = await checkin(f.users.student, 'teacher', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
      const kind = await checkin(f.users.student, 'teacher', { kind: 'sideways' });
      expect(JSON.stringify(kind.json())).toContain(FAMILY_MESSAGES.chooseKind);
    });

    it('a pupil in no class: 409 for the principal, 404 for a teacher', async () => {
      const loose = await userWithSession(t.db, USER_TYPE.student, 'Lone Pupil');
      const res = await checkin(loose.id, 'principal', { kind: 'in' });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'NOT_IN_A_CLASS',
        message: FAMILY_MESSAGES.notInAClass,
      });
      expect((await checkin(loose.id, 'teacher', { kind: 'in' })).statusCode).toBe(404);
    });

    it('the day follows the school’s time zone', async () => {
      await t.db.updateTable('school_settings').set({ time_zone: 'Pacific/Kiritimati' }).execute();
      try {
        const res = await checkin(plain, 'teacher', { kind: 'in' });
        expect(res.statusCode).toBe(201);
        expect(res.json().data.day).toBe(dateInZone(new Date(), 'Pacific/Kiritimati'));
        await t.db.deleteFrom('checkin').where('student_id', '=', plain).execute();
      } finally {
        await t.db.updateTable('school_settings').set({ time_zone: 'America/New_York' }).execute();
      }
    });

    it('GET pupils/{id}/checkins: the day’s entries for guardians, class teachers and the principal', async () => {
      for (const who of ['guardian', 'teacher', 'principal'] as const) {
        const res = await as(who, { method: 'GET', url: `/api/pupils/${f.users.student}/checkins` });
        expect(res.statusCode, who).toBe(200);
        const body = CheckinsAnswerSchema.parse(res.json());
        expect(body.date).toBe(await today());
        expect(body.data.map((c) => c.kind)).toEqual(['in', 'out', 'in', 'out', 'in', 'out', 'in', 'out']);
      }
      for (const who of ['stranger', 'student', 'teacher2'] as const) {
        const res = await as(who, { method: 'GET', url: `/api/pupils/${f.users.student}/checkins` });
        expect(res.statusCode, who).toBe(404);
      }
      const bad = await as('guardian', {
        method: 'GET',
        url: `/api/pupils/${f.users.student}/checkins?date=2026-02-30`,
      });
      expect(bad.statusCode).toBe(400);
      const demoDays = await lastDayBefore({ student_id: f.users.student });
      if (demoDays) {
        const past = CheckinsAnswerSchema.parse(
          (
            await as('guardian', {
              method: 'GET',
              url: `/api/pupils/${f.users.student}/checkins?date=${demoDays.day}`,
            })
          ).json(),
        );
        expect(past.data.map((c) => c.kind)).toEqual(['in', 'out']);
      }
    });

    it('GET classes/{id}/register: every current pupil in name order with times, collector and allergy flag', async () => {
      // Ethan Walker's demo document names a nut allergy.
      const res = await as('teacher', { method: 'GET', url: `/api/classes/${f.classes.KG}/register` });
      expect(res.statusCode, res.body).toBe(200);
      const body = RegisterAnswerSchema.parse(res.json());
      expect(body).toMatchObject({ classId: f.classes.KG, className: 'KG', date: await today() });
      const pupils = await t.db
        .selectFrom('enrolment')
        .select('student_id')
        .where('class_id', '=', f.classes.KG)
        .where('ended_on', 'is', null)
        .execute();
      expect(body.data).toHaveLength(pupils.length);
      const names = body.data.map((r) => r.studentName);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : 1)));
      const aisha = body.data.find((r) => r.studentId === f.users.student);
      expect(aisha).toMatchObject({ collectedBy: 'uncle bilal', collectorKnown: true, present: false });
      expect(aisha?.checkedInAt).not.toBeNull();
      expect(aisha?.checkedInAt && aisha.checkedOutAt && aisha.checkedInAt < aisha.checkedOutAt).toBe(true);
      const ethan = body.data.find((r) => r.studentName === 'Ethan Walker');
      expect(ethan).toMatchObject({ allergy: true, checkedInAt: null, present: false });
      expect(ethan?.allergies).toMatch(/nuts/);
      // Aisha's document, saved above, names sesame.
      expect(body.data.filter((r) => r.allergy).map((r) => [r.studentName, r.allergies])).toEqual([
        ['Aisha Rahman', 'Sesame'],
        ['Ethan Walker', ethan?.allergies],
      ]);
      expect(body.data.filter((r) => !r.allergy).every((r) => r.allergies === '')).toBe(true);

      expect((await checkin(f.users.student, 'teacher', { kind: 'in' })).statusCode).toBe(201);
      const now = RegisterAnswerSchema.parse(
        (await as('principal', { method: 'GET', url: `/api/classes/${f.classes.KG}/register` })).json(),
      );
      expect(now.data.find((r) => r.studentId === f.users.student)?.present).toBe(true);
    });

    it('a past day of the register; who may read it', async () => {
      const day = await lastDayBefore({ class_id: f.classes.KG });
      if (!day) throw new Error('The demo has no past day of KG');
      const res = await as('teacher', {
        method: 'GET',
        url: `/api/classes/${f.classes.KG}/register?date=${day.day}`,
      });
      const body = RegisterAnswerSchema.parse(res.json());
      expect(body.data.filter((r) => r.checkedInAt !== null).length).toBeGreaterThan(0);
      expect(body.data.every((r) => !r.present)).toBe(true);
      expect(body.data.filter((r) => r.checkedOutAt !== null).every((r) => r.collectedBy)).toBe(true);

      const url = `/api/classes/${f.classes.KG}/register`;
      expect((await as('teacher2', { method: 'GET', url })).statusCode).toBe(404);
      expect((await as('principal', { method: 'GET', url: '/api/classes/999999/register' })).statusCode).toBe(
        404,
      );
      for (const who of ['student', 'guardian', 'stranger'] as const) {
        expect((await as(who, { method: 'GET', url })).statusCode, who).toBe(403);
      }
      expect((await as('teacher', { method: 'GET', url: `${url}?date=yesterday` })).statusCode).toBe(400);
      const empty = await t.db
        .insertInto('school_class')
        .values({ name: 'Empty Room', name_key: 'empty room' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const none = await as('principal', { method: 'GET', url: `/api/classes/${empty.id}/register` });
      expect(RegisterAnswerSchema.parse(none.json())).toMatchObject({ className: 'Empty Room', data: [] });
      expect(
        (await as('teacher', { method: 'GET', url: `/api/classes/${empty.id}/register` })).statusCode,
      ).toBe(404);
    });

    it('GET admin/checkout-overrides: the principal sees check-outs to someone not on the list, newest first', async () => {
      const res = await as('principal', { method: 'GET', url: '/api/admin/checkout-overrides' });
      expect(res.statusCode).toBe(200);
      const { data } = OverridesAnswerSchema.parse(res.json());
      expect(data[0]).toMatchObject({
        studentId: f.users.student,
        studentName: 'Aisha Rahman',
        className: 'KG',
        collectedBy: 'Jo Stranger',
        collectorKnown: false,
        reason: 'Mother phoned: a neighbour collects today.',
        recordedBy: 'Amara Okafor',
      });
      expect(data.every((r) => r.collectorKnown === false && r.kind === 'out')).toBe(true);
      const times = data.map((r) => r.at);
      expect(times).toEqual([...times].sort().reverse());
      // The demo's overridden check-out (Omar Siddiqui) falls in a range around the demo's days.
      const old = OverridesAnswerSchema.parse(
        (
          await as('principal', {
            method: 'GET',
            url: '/api/admin/checkout-overrides?from=2026-11-01&to=2026-11-20',
          })
        ).json(),
      );
      expect(old.data.map((r) => r.studentName)).toEqual(['Omar Siddiqui']);

      expect((await as('teacher', { method: 'GET', url: '/api/admin/checkout-overrides' })).statusCode).toBe(
        403,
      );
      expect((await as('guardian', { method: 'GET', url: '/api/admin/checkout-overrides' })).statusCode).toBe(
        403,
      );
      const backwards = await as('principal', {
        method: 'GET',
        url: '/api/admin/checkout-overrides?from=2026-11-20&to=2026-11-01',
      });
      expect(backwards.statusCode).toBe(400);
      const tooLong = await as('principal', {
        method: 'GET',
        url: '/api/admin/checkout-overrides?from=2024-01-01&to=2026-11-01',
      });
      expect(tooLong.statusCode).toBe(400);
      expect(
        (await as('principal', { method: 'GET', url: '/api/admin/checkout-overrides?from=x' })).statusCode,
      ).toBe(400);
    });
  });
});
