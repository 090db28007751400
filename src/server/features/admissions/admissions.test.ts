import { describe, expect, it } from 'vitest';
import {
  ADMISSIONS_MESSAGES,
  AdmissionSeatsSchema,
  ClassSeatsAnswerSchema,
} from '../../../shared/api/admissions.js';
import { BOOKING_MESSAGES } from '../../../shared/api/booking.js';
import { SchoolYearAnswerSchema } from '../../../shared/api/school-years.js';
import { DEMO_SEATS } from '../../demo/people.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { type Caller, callAs, userWithSession, withDemoSchool } from '../../test/school-fixtures.js';
import { openEnrolment } from '../pupils/pupils.repository.js';
import { nextAddress } from '../users/test-helpers.js';

/**
 * Seats (docs/decisions/0101-seats-that-mean-something.md) on the demo school: Nursery, KG, Class 1
 * and Class 2 in the current year, ten pupils each, seats 13, 12, 10 and 14 (Class 1 full), every
 * class taking admissions and named by a class card. The tests run in order.
 */
describe.each(TEST_ENGINES)('seats on %s', (engine) => {
  const { t, f } = withDemoSchool(engine);

  const call = (caller: Caller, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    callAs(t.app, f, caller, {
      method,
      url: `/api${url}`,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const seatsOf = async (query = '') => {
    const res = await call('principal', 'GET', `/admin/admissions/classes${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return ClassSeatsAnswerSchema.parse(res.json()).data;
  };
  const publicSeats = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admissions/seats' });
    expect(res.statusCode, res.body).toBe(200);
    const seats = AdmissionSeatsSchema.parse(res.json());
    return new Map(seats.classes.map((row) => [row.className, row.free]));
  };
  const book = (className: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: { name: 'Ben Parent', email: 'ben@example.org', className },
      remoteAddress: nextAddress(),
    });
  let nextYearId = 0;

  it('are set and read by the principal only', async () => {
    for (const caller of ['teacher', 'parent', 'student', 'director'] as const) {
      expect((await call(caller, 'GET', '/admin/admissions/classes')).statusCode).toBe(403);
      expect(
        (await call(caller, 'PUT', '/admin/admissions/classes', { yearId: 1, classes: [] })).statusCode,
      ).toBe(403);
    }
  });

  it('are the capacity less the current pupils in the current year, when no later year is kept', async () => {
    const seats = await seatsOf();
    expect(seats.year?.id).toBe(seats.admissionsYearId);
    expect(
      seats.classes.map((row) => [row.className, row.takesAdmissions, row.capacity, row.enrolled, row.free]),
    ).toEqual([
      ['Class 1', true, DEMO_SEATS['Class 1'], 10, 0],
      ['Class 2', true, DEMO_SEATS['Class 2'], 10, 4],
      ['KG', true, DEMO_SEATS.KG, 10, 2],
      ['Nursery', true, DEMO_SEATS.Nursery, 10, 3],
    ]);
    expect(await publicSeats()).toEqual(
      new Map([
        ['Class 1', 0],
        ['Class 2', 4],
        ['KG', 2],
        ['Nursery', 3],
      ]),
    );
  });

  it('are current on the public call after a pupil joins a class', async () => {
    const pupil = await userWithSession(t.db, 'Student', 'Nia New');
    await openEnrolment(t.db, pupil.id, f.classes.Nursery, '2026-11-20');
    expect((await publicSeats()).get('Nursery')).toBe(2);
    expect((await seatsOf()).classes.find((row) => row.className === 'Nursery')?.enrolled).toBe(11);
  });

  it('of the next year count the pupils the rollover moves in and those starting then', async () => {
    const created = await call('principal', 'POST', '/admin/school-years', {
      name: '2027–2028',
      firstDay: '2027-09-01',
      lastDay: '2028-07-31',
    });
    expect(created.statusCode, created.body).toBe(201);
    nextYearId = SchoolYearAnswerSchema.parse(created.json()).data.id;
    const late = await userWithSession(t.db, 'Student', 'Lena Late');
    await openEnrolment(t.db, late.id, f.classes.KG, '2027-08-20');

    const seats = await seatsOf();
    expect(seats.admissionsYearId).toBe(nextYearId);
    expect(seats.year?.id).toBe(nextYearId);
    // Nursery → KG → Class 1 → Class 2, which leaves: nobody moves into Nursery; KG gets the
    // eleven Nursery pupils and the late starter; no capacity set yet for the new year.
    expect(seats.classes.map((row) => [row.className, row.enrolled, row.capacity, row.free])).toEqual([
      ['Class 1', 10, null, null],
      ['Class 2', 10, null, null],
      ['KG', 12, null, null],
      ['Nursery', 0, null, null],
    ]);
    // The current year is still there to read.
    const current = await seatsOf(`?yearId=${await currentYearId()}`);
    expect(current.classes.find((row) => row.className === 'Nursery')?.free).toBe(2);
  });

  const currentYearId = async () =>
    (await t.db.selectFrom('school_year').select('id').where('is_current', '=', 1).executeTakeFirstOrThrow())
      .id;

  it('are set per class and year, and the public call shows the admissions year’s', async () => {
    const res = await call('principal', 'PUT', '/admin/admissions/classes', {
      yearId: nextYearId,
      classes: [
        { classId: f.classes.KG, takesAdmissions: true, seats: 14 },
        { classId: f.classes.Nursery, takesAdmissions: true, seats: 12 },
        { classId: f.classes['Class 2'], takesAdmissions: false, seats: null },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = ClassSeatsAnswerSchema.parse(res.json()).data;
    expect(saved.classes.map((row) => [row.className, row.takesAdmissions, row.capacity, row.free])).toEqual([
      ['Class 1', true, null, null],
      ['Class 2', false, null, null],
      ['KG', true, 14, 2],
      ['Nursery', true, 12, 12],
    ]);
    // Class 2 no longer takes admissions, but its card still names it.
    expect(await publicSeats()).toEqual(
      new Map([
        ['Class 1', null],
        ['Class 2', null],
        ['KG', 2],
        ['Nursery', 12],
      ]),
    );
  });

  it('refuses an unknown class or year, or seats out of range, and saves nothing', async () => {
    const before = await seatsOf();
    const unknown = await call('principal', 'PUT', '/admin/admissions/classes', {
      yearId: nextYearId,
      classes: [
        { classId: f.classes.KG, takesAdmissions: true, seats: 1 },
        { classId: 999_999, takesAdmissions: true, seats: 1 },
      ],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details).toEqual([
      { field: 'classes.1.classId', message: ADMISSIONS_MESSAGES.unknownClass },
    ]);
    for (const payload of [
      { yearId: 999_999, classes: [] },
      { yearId: nextYearId, classes: [{ classId: f.classes.KG, takesAdmissions: true, seats: -1 }] },
      { yearId: nextYearId, classes: [{ classId: f.classes.KG, takesAdmissions: true, seats: 1.5 }] },
      { yearId: nextYearId, classes: [{ classId: f.classes.KG, takesAdmissions: true, seats: 10_001 }] },
    ]) {
      expect((await call('principal', 'PUT', '/admin/admissions/classes', payload)).statusCode).toBe(400);
    }
    expect((await call('principal', 'GET', '/admin/admissions/classes?yearId=999999')).statusCode).toBe(404);
    expect(await seatsOf()).toEqual(before);
  });

  it('Book A Seat takes only the classes that take admissions', async () => {
    const refused = await book('Class 2');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details).toEqual([
      { field: 'className', message: BOOKING_MESSAGES.selectClass },
    ]);
    expect((await book('Drawing & Painting')).statusCode).toBe(400);
    expect((await book('Class 1')).statusCode, 'a full class takes a booking: the waiting list').toBe(201);
    expect((await book('KG')).statusCode).toBe(201);
  });

  it('a class card linked to a class gives it its Total Seats when it has none for the admissions year', async () => {
    const cards = (await t.app.inject({ method: 'GET', url: '/api/kidsclasses' })).json().data as Record<
      string,
      unknown
    >[];
    const kg = cards.find((card) => card.heading === 'KG');
    const class1 = cards.find((card) => card.heading === 'Class 1');
    expect(kg?.class_id).toBe(String(f.classes.KG));
    const put = (card: Record<string, unknown> | undefined, changes: Record<string, string>) => {
      const { id, ...body } = card ?? {};
      return call('principal', 'PUT', `/admin/content/kidsclasses/${id}`, { ...body, ...changes });
    };
    expect((await put(class1, { class_id: '999999' })).statusCode).toBe(400);
    expect((await put(class1, { class_id: 'KG' })).statusCode).toBe(400);
    // Unlinked, then linked again with a number of seats: Class 1 has none for the next year.
    expect((await put(class1, { class_id: '' })).statusCode).toBe(200);
    expect(
      (await put(class1, { class_id: String(f.classes['Class 1']), total_seat: '16 Seats' })).statusCode,
    ).toBe(200);
    // Relinking KG does not change the seats it has.
    expect((await put(kg, { class_id: '', total_seat: '30' })).statusCode).toBe(200);
    expect((await put(kg, { class_id: String(f.classes.KG), total_seat: '30' })).statusCode).toBe(200);
    const seats = await seatsOf();
    expect(seats.classes.find((row) => row.className === 'Class 1')?.capacity).toBe(16);
    expect(seats.classes.find((row) => row.className === 'KG')?.capacity).toBe(14);
    expect((await publicSeats()).get('Class 1')).toBe(6);
  });
});
