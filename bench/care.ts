import type { Db } from '../src/server/db/connect.js';

/**
 * The care side of the large school (docs/decisions/0021-families.md): a care document for every
 * pupil (one in twelve with an allergy) and the register of the last `days` school days, so that
 * `classes/{id}/register` reads a class out of a realistically full checkin table.
 */

const BATCH = 500;
const ALLERGY_EVERY = 12;

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

const document = (name: string, allergy: boolean) =>
  JSON.stringify({
    emergencyContacts: [
      { name: `Parent of ${name}`, relationship: 'Mother', phone: '+1 555 0100 100' },
      { name: `Other parent of ${name}`, relationship: 'Father', phone: '+1 555 0100 101' },
    ],
    medical: {
      allergies: allergy ? 'Peanuts and tree nuts (severe)' : '',
      conditions: '',
      medication: allergy ? 'EpiPen in the office' : '',
      doctorName: 'Dr. Bench',
      doctorPhone: '+1 555 0100 200',
    },
    pickups: [{ name: `Parent of ${name}`, relationship: 'Mother', phone: '+1 555 0100 100', photo: null }],
    photoConsent: { website: true, ownFamily: true, otherFamilies: true },
  });

/** Seeds care records for every current pupil and check-ins and check-outs on each of `days`. */
export async function seedLargeCare(db: Db, days: readonly string[]): Promise<number> {
  const pupils = await db
    .selectFrom('enrolment as e')
    .innerJoin('app_user as u', 'u.id', 'e.student_id')
    .select(['u.id', 'u.name', 'e.class_id'])
    .where('e.ended_on', 'is', null)
    .orderBy('u.id')
    .execute();
  const now = new Date().toISOString();
  let checkins = 0;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('checkin').execute();
    await trx.deleteFrom('care_record').execute();
    await insertInBatches(
      pupils.map((p, index) => {
        const allergy = index % ALLERGY_EVERY === 0;
        return {
          student_id: p.id,
          document: document(p.name, allergy),
          has_allergy: allergy ? 1 : 0,
          updated_at: now,
          updated_by: null,
        };
      }),
      (batch) => trx.insertInto('care_record').values(batch).execute(),
    );
    const rows = days.flatMap((day) =>
      pupils.flatMap((p) => [
        {
          student_id: p.id,
          class_id: p.class_id,
          day,
          kind: 'in' as const,
          at: `${day}T08:${String(p.id % 50).padStart(2, '0')}:00.000Z`,
          recorded_by: null,
          recorded_by_name: 'Bench Teacher',
          collected_by: null,
          collector_known: null,
          reason: null,
        },
        {
          student_id: p.id,
          class_id: p.class_id,
          day,
          kind: 'out' as const,
          at: `${day}T15:${String(p.id % 50).padStart(2, '0')}:00.000Z`,
          recorded_by: null,
          recorded_by_name: 'Bench Teacher',
          collected_by: `Parent of ${p.name}`,
          collector_known: 1,
          reason: null,
        },
      ]),
    );
    checkins = rows.length;
    await insertInBatches(rows, (batch) => trx.insertInto('checkin').values(batch).execute());
  });
  return checkins;
}
