import { describe, expect, it } from 'vitest';
import {
  AdmissionBoardAnswerSchema,
  AdmissionCaseAnswerSchema,
  ClassSeatsAnswerSchema,
  OfferViewSchema,
} from '../../../shared/api/admissions.js';
import { ADMISSIONS_ERROR_CODES, ENROLMENT_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { DEMO_SEATS } from '../../demo/people.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { type Caller, callAs, withDemoSchool } from '../../test/school-fixtures.js';
import { schoolToday } from '../settings/settings.repository.js';
import { nextAddress } from '../users/test-helpers.js';

/**
 * The admissions pipeline (docs/decisions/0102-the-admissions-pipeline.md) on the demo school, in
 * the current year (the admissions year: the demo keeps no later one). KG has 12 seats and 10
 * pupils: 2 free. The tests run in order.
 */
describe.each(TEST_ENGINES)('the admissions pipeline on %s', (engine) => {
  const { t, f } = withDemoSchool(engine);

  const call = (caller: Caller, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    callAs(t.app, f, caller, {
      method,
      url: `/api${url}`,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const yearId = async () =>
    (await t.db.selectFrom('school_year').select('id').where('is_current', '=', 1).executeTakeFirstOrThrow())
      .id;
  const boardOf = async (className: 'KG' | 'Class 1') => {
    const res = await call(
      'principal',
      'GET',
      `/admin/admissions/board?classId=${f.classes[className]}&yearId=${await yearId()}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return AdmissionBoardAnswerSchema.parse(res.json()).data;
  };
  const freeSeats = async (className: 'KG' | 'Class 1') => {
    const seats = ClassSeatsAnswerSchema.parse(
      (await call('principal', 'GET', '/admin/admissions/classes')).json(),
    );
    const row = seats.data.classes.find((c) => c.className === className);
    const board = await boardOf(className);
    expect(board.seats.free).toBe(row?.free);
    const publicSeats = (await t.app.inject({ method: 'GET', url: '/api/admissions/seats' })).json() as {
      classes: { className: string; free: number | null }[];
    };
    expect(publicSeats.classes.find((c) => c.className === className)?.free).toBe(row?.free);
    return row?.free;
  };
  const move = (id: number, body: Record<string, unknown>) =>
    call('principal', 'POST', `/admin/admissions/cases/${id}/moves`, body);
  const book = async (name: string, className: string, language = 'en') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: { name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.org`, className },
      headers: { 'accept-language': language },
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.db
      .selectFrom('admission_case')
      .select('id')
      .where('family_name', '=', name)
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const lastMailTo = (address: string) =>
    t.db
      .selectFrom('mail_outbox')
      .select(['kind', 'subject', 'text_body', 'link_keys'])
      .where('to_address', '=', address)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  const addDays = (day: string, days: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

  let ana = 0;
  let ben = 0;
  let cai = 0;
  let offerToken = '';

  it('is for the principal only, but the offer links', async () => {
    for (const caller of ['teacher', 'parent', 'student', 'director'] as const) {
      expect((await call(caller, 'GET', `/admin/admissions/board?classId=1&yearId=1`)).statusCode).toBe(403);
      expect(
        (await call(caller, 'POST', '/admin/admissions/cases/1/moves', { to: 'visit' })).statusCode,
      ).toBe(403);
    }
  });

  it('makes every Book A Seat request a case at "enquiry", in the class booked and the family’s language', async () => {
    expect(await freeSeats('KG')).toBe(DEMO_SEATS.KG - 10);
    ana = await book('Ana Family', 'KG', 'fr');
    ben = await book('Ben Family', 'KG');
    cai = await book('Cai Family', 'KG');
    const board = await boardOf('KG');
    expect(board.counts.enquiry).toBe(3);
    expect(board.cases.find((c) => c.id === ana)).toMatchObject({
      stage: 'enquiry',
      email: 'ana.family@example.org',
    });
    const history = AdmissionCaseAnswerSchema.parse(
      (await call('principal', 'GET', `/admin/admissions/cases/${ana}`)).json(),
    );
    expect(history.data).toMatchObject({ source: 'booking', className: 'KG', language: 'fr' });
    expect(history.data.history.map((m) => [m.fromStage, m.toStage, m.movedBy])).toEqual([
      [null, 'enquiry', null],
    ]);
  });

  it('books a visit and mails the family in its language', async () => {
    expect((await move(ana, { to: 'visit', visitDate: '2026-12-03' })).statusCode).toBe(400);
    const res = await move(ana, {
      to: 'visit',
      visitDate: '2026-12-03',
      visitTime: '10:30',
      note: 'Mother called',
    });
    expect(res.statusCode, res.body).toBe(200);
    const moved = AdmissionCaseAnswerSchema.parse(res.json()).data;
    expect(moved).toMatchObject({ stage: 'visit', visitDate: '2026-12-03', visitTime: '10:30' });
    expect(moved.history.at(-1)).toMatchObject({
      fromStage: 'enquiry',
      toStage: 'visit',
      note: 'Mother called',
    });
    expect(moved.history.at(-1)?.movedBy).toBeTruthy();
    const mail = await lastMailTo('ana.family@example.org');
    expect(mail?.kind).toBe('admission-visit');
    expect(mail?.text_body).toContain('2026-12-03');
    expect(mail?.subject).toBe('Votre visite de notre école');
  });

  it('refuses a move the transition table does not list with a 409, and "enrolled" by hand', async () => {
    const accepted = await move(ben, { to: 'accepted' });
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().error.code).toBe(ADMISSIONS_ERROR_CODES.moveNotAllowed);
    expect((await move(ben, { to: 'enrolled' })).statusCode).toBe(409);
    expect((await move(ben, { to: 'closed' })).statusCode, 'a close needs its reason').toBe(400);
    expect(
      (await move(999_999, { to: 'visit', visitDate: '2026-12-03', visitTime: '10:00' })).statusCode,
    ).toBe(404);
    expect((await boardOf('KG')).cases.find((c) => c.id === ben)?.stage).toBe('enquiry');
  });

  it('counts an accepted offer in the free seats, on the board, the principal’s screen and the public call', async () => {
    const today = await schoolToday(t.db);
    expect((await move(ana, { to: 'offered', offerDeadline: addDays(today, -1) })).statusCode).toBe(400);
    expect((await move(ana, { to: 'offered', offerDeadline: addDays(today, 7) })).statusCode).toBe(200);
    const mail = await lastMailTo('ana.family@example.org');
    expect(mail?.kind).toBe('admission-offer');
    expect(mail?.text_body).toContain('/offer?token=…');
    offerToken = (JSON.parse(mail?.link_keys ?? '[]') as string[])[0] ?? '';
    expect(offerToken.length).toBeGreaterThan(20);
    // Only the hash is kept.
    const stored = await t.db.selectFrom('admission_offer').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(offerToken);
    expect(await freeSeats('KG')).toBe(2);

    const view = await t.app.inject({
      method: 'POST',
      url: '/api/admissions/offer',
      payload: { token: offerToken },
    });
    expect(OfferViewSchema.parse(view.json()).data).toMatchObject({ state: 'open', className: 'KG' });
    const accept = await t.app.inject({
      method: 'POST',
      url: '/api/admissions/offer/reply',
      payload: { token: offerToken, answer: 'accept' },
    });
    expect(accept.statusCode, accept.body).toBe(200);
    expect(OfferViewSchema.parse(accept.json()).data.state).toBe('accepted');
    expect(await freeSeats('KG')).toBe(1);
    const board = await boardOf('KG');
    expect(board.counts.accepted).toBe(1);
    expect(board.seats).toMatchObject({ enrolled: 10, acceptedOffers: 1, free: 1 });

    // A used link says so, and accepting twice changes nothing.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admissions/offer/reply',
      payload: { token: offerToken, answer: 'decline' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe(ADMISSIONS_ERROR_CODES.offerClosed);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admissions/offer',
      payload: { token: 'x'.repeat(43) },
    });
    expect(unknown.statusCode).toBe(404);

    // The family leaves after all: the seat is free again.
    expect((await move(ana, { to: 'closed', closeReason: 'Moved away' })).statusCode).toBe(200);
    expect(await freeSeats('KG')).toBe(2);
  });

  it('refuses to accept an offer past its deadline', async () => {
    const today = await schoolToday(t.db);
    expect((await move(ben, { to: 'offered', offerDeadline: today })).statusCode).toBe(200);
    const token =
      (JSON.parse((await lastMailTo('ben.family@example.org'))?.link_keys ?? '[]') as string[])[0] ?? '';
    // The deadline passes (the school's today is after it).
    await t.db
      .updateTable('admission_offer')
      .set({ deadline: addDays(today, -1) })
      .where('case_id', '=', ben)
      .execute();
    const view = await t.app.inject({ method: 'POST', url: '/api/admissions/offer', payload: { token } });
    expect(OfferViewSchema.parse(view.json()).data.state).toBe('expired');
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/admissions/offer/reply',
      payload: { token, answer: 'accept' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe(ADMISSIONS_ERROR_CODES.offerExpired);
    expect((await boardOf('KG')).cases.find((c) => c.id === ben)?.stage).toBe('offered');
    expect(await freeSeats('KG')).toBe(2);
  });

  it('keeps waiting-list places per class and year, and closes them up when a family leaves', async () => {
    const dan = await book('Dan Family', 'KG');
    for (const id of [cai, ben, dan]) expect((await move(id, { to: 'waiting' })).statusCode).toBe(200);
    const mail = await lastMailTo('dan.family@example.org');
    expect(mail?.kind).toBe('admission-waiting');
    expect(mail?.text_body).toContain('number 3');
    const places = async () =>
      Object.fromEntries(
        (await boardOf('KG')).cases
          .filter((c) => c.stage === 'waiting')
          .map((c) => [c.familyName, c.waitingPosition]),
      );
    expect(await places()).toEqual({ 'Cai Family': 1, 'Ben Family': 2, 'Dan Family': 3 });
    expect((await move(cai, { to: 'closed', closeReason: 'Found another school' })).statusCode).toBe(200);
    expect(await places()).toEqual({ 'Ben Family': 1, 'Dan Family': 2 });
    expect((await move(ben, { to: 'offered', offerDeadline: await schoolToday(t.db) })).statusCode).toBe(200);
    expect(await places()).toEqual({ 'Dan Family': 1 });
    // Another class's list is its own.
    const eve = await book('Eve Family', 'Class 1');
    expect((await move(eve, { to: 'waiting' })).statusCode).toBe(200);
    expect((await boardOf('Class 1')).cases.find((c) => c.id === eve)?.waitingPosition).toBe(1);
  });

  it('turns a contact message into a case, once', async () => {
    const enquiry = await t.db
      .insertInto('enquiry')
      .values({
        name: 'Fay Family',
        email: 'fay@example.org',
        subject: 'A seat',
        message: 'Is there room in KG?',
        created_at: new Date().toISOString(),
        handled_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const body = { enquiryId: enquiry.id, childName: 'Finn', classId: f.classes.KG, yearId: await yearId() };
    const res = await call('principal', 'POST', '/admin/admissions/cases', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(AdmissionCaseAnswerSchema.parse(res.json()).data).toMatchObject({
      childName: 'Finn',
      familyName: 'Fay Family',
      email: 'fay@example.org',
      message: 'Is there room in KG?',
      source: 'enquiry',
      stage: 'enquiry',
    });
    expect((await call('principal', 'POST', '/admin/admissions/cases', body)).statusCode).toBe(400);
    expect(
      (await call('principal', 'POST', '/admin/admissions/cases', { ...body, enquiryId: 999_999 }))
        .statusCode,
    ).toBe(400);
  });

  it('lets an offer be accepted only while a seat is free: the last seat goes once, and the rest stay offered', async () => {
    const today = await schoolToday(t.db);
    const free = (await freeSeats('KG')) ?? 0;
    expect(free).toBeGreaterThan(0);
    // One offer more than the free seats, as a school counting on refusals makes them.
    const families = Array.from(
      { length: free + 1 },
      (_, index) => `Seat ${String.fromCharCode(65 + index)}`,
    );
    const offers: { id: number; token: string; email: string }[] = [];
    for (const name of families) {
      const id = await book(name, 'KG');
      expect((await move(id, { to: 'offered', offerDeadline: addDays(today, 7) })).statusCode).toBe(200);
      const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.org`;
      const token = (JSON.parse((await lastMailTo(email))?.link_keys ?? '[]') as string[])[0] ?? '';
      offers.push({ id, token, email });
    }
    const reply = (token: string, language = 'en') =>
      t.app.inject({
        method: 'POST',
        url: '/api/admissions/offer/reply',
        payload: { token, answer: 'accept' },
        headers: { 'accept-language': language },
      });
    for (const offer of offers.slice(0, free)) expect((await reply(offer.token)).statusCode).toBe(200);
    expect(await freeSeats('KG')).toBe(0);

    const last = offers[free] as (typeof offers)[number];
    const refused = await reply(last.token);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe(ENROLMENT_ERROR_CODES.classFull);
    expect(refused.json().error.message).toContain('has been taken since this offer was made');
    const inFrench = await reply(last.token, 'fr');
    expect(inFrench.json().error.message).toContain('ont été prises');
    // Nothing changed: the offer is still open, the case still offered, the seats not overdrawn.
    const view = await t.app.inject({
      method: 'POST',
      url: '/api/admissions/offer',
      payload: { token: last.token },
    });
    expect(OfferViewSchema.parse(view.json()).data.state).toBe('open');
    expect((await boardOf('KG')).cases.find((c) => c.id === last.id)?.stage).toBe('offered');
    // The principal cannot move it to accepted by hand either, and reads the counts.
    const byHand = await move(last.id, { to: 'accepted' });
    expect(byHand.statusCode, byHand.body).toBe(409);
    expect(byHand.json().error.code).toBe(ENROLMENT_ERROR_CODES.classFull);
    expect(byHand.json().error.message).toContain('has no free seat');
    expect(await freeSeats('KG')).toBe(0);

    // A family that had accepted leaves: the seat is free, and the last offer can be accepted.
    expect((await move(offers[0]?.id ?? 0, { to: 'closed', closeReason: 'Moved away' })).statusCode).toBe(
      200,
    );
    expect((await reply(last.token)).statusCode).toBe(200);
    expect(await freeSeats('KG')).toBe(0);
  });
});
