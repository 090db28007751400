import type { InsertObject } from 'kysely';
import { type CareDetails, CareDetailsSchema, EMPTY_CARE_DETAILS } from '../../shared/api/family.js';
import { USER_TYPE } from '../../shared/constants.js';
import { dateInZone } from '../../shared/school-time.js';
import type { Db } from '../db/connect.js';
import type { Database } from '../db/database.js';
import { recordChildConsents } from '../features/consents/consents.repository.js';
import { CLASS_TEACHER, PRINCIPAL, STUDENT_EMAIL, STUDENT2_EMAIL } from './people.js';
import { createRandom } from './random.js';
import { schoolDaysBefore } from './school.js';

/**
 * The demo's care details and day registers (docs/decisions/0021-families.md): care documents for
 * a few pupils (Ethan Walker with a nut allergy, so KG's register shows the flag; student@ with an
 * emergency contact and her grandmother as an authorised pick-up), every pupil's consent to local
 * outings but one (NO_OUTINGS_PUPIL), and the arrivals and departures
 * of every pupil present on the last DEMO_REGISTER_DAYS school days. Depends only on the school's
 * pupils, classes, teachers and attendance, not on the demo's parent accounts.
 */

export const DEMO_REGISTER_DAYS = 5;

/** The demo's one pupil without the consent to local outings: of Nursery, teacher@'s own class. */
export const NO_OUTINGS_PUPIL = 'Noah Kim';

const SEED = 20_261_125;
/** Pupils are present on a day when their attendance says so (status 1). */
const PRESENT = 1;

interface DemoCare {
  /** The pupil's email, or their name when the demo gives them none of their own. */
  pupil: string;
  details: Partial<Omit<CareDetails, 'medical'>> & { medical?: Partial<CareDetails['medical']> };
}

const DEMO_CARE: readonly DemoCare[] = [
  {
    pupil: STUDENT_EMAIL,
    details: {
      emergencyContacts: [
        { name: 'Mariam Rahman', relationship: 'Mother', phone: '+1 555 0142 310' },
        { name: 'Ama Rahman', relationship: 'Grandmother', phone: '+1 555 0142 977' },
      ],
      medical: {
        conditions: 'Mild asthma: her inhaler is in the front pocket of her bag.',
        medications: [
          { name: 'Salbutamol inhaler', dose: 'Two puffs when wheezy, at most every four hours.' },
        ],
        doctorName: 'Dr. Ruth Adler',
        doctorPhone: '+1 555 0100 450',
      },
      pickups: [{ name: 'Ama Rahman', relationship: 'Grandmother', phone: '+1 555 0142 977', photo: null }],
      photoConsent: { website: true, ownFamily: true, otherFamilies: true },
    },
  },
  {
    pupil: 'Ethan Walker',
    details: {
      emergencyContacts: [
        { name: 'Grace Walker', relationship: 'Mother', phone: '+1 555 0178 204' },
        { name: 'Tom Walker', relationship: 'Father', phone: '+1 555 0178 219' },
      ],
      medical: {
        allergies: 'Peanuts and tree nuts (severe).',
        medications: [
          { name: 'Adrenaline auto-injector (EpiPen)', dose: 'One in the office, one in his bag.' },
        ],
        doctorName: 'Dr. Samuel Ortiz',
        doctorPhone: '+1 555 0100 733',
      },
      pickups: [
        { name: 'Grace Walker', relationship: 'Mother', phone: '+1 555 0178 204', photo: null },
        { name: 'Tom Walker', relationship: 'Father', phone: '+1 555 0178 219', photo: null },
      ],
      // Photos of Ethan go to his family, but he appears in no photo other families see nor on the site.
      photoConsent: { website: false, ownFamily: true, otherFamilies: false },
    },
  },
  {
    pupil: 'Chloe Dubois',
    details: {
      emergencyContacts: [{ name: 'Camille Dubois', relationship: 'Mother', phone: '+1 555 0163 802' }],
      pickups: [{ name: 'Luc Dubois', relationship: 'Father', phone: '+1 555 0163 815', photo: null }],
      photoConsent: { website: true, ownFamily: true, otherFamilies: true },
    },
  },
  {
    pupil: 'Omar Siddiqui',
    details: {
      emergencyContacts: [{ name: 'Sana Siddiqui', relationship: 'Mother', phone: '+1 555 0191 340' }],
      medical: { conditions: 'Wears glasses for reading.' },
      pickups: [{ name: 'Sana Siddiqui', relationship: 'Mother', phone: '+1 555 0191 340', photo: null }],
      photoConsent: { website: true, ownFamily: true, otherFamilies: true },
    },
  },
  {
    pupil: STUDENT2_EMAIL,
    details: {
      emergencyContacts: [{ name: 'Anna Fischer', relationship: 'Mother', phone: '+1 555 0125 611' }],
      pickups: [
        { name: 'Anna Fischer', relationship: 'Mother', phone: '+1 555 0125 611', photo: null },
        { name: 'Karl Fischer', relationship: 'Grandfather', phone: '+1 555 0125 688', photo: null },
      ],
      photoConsent: { website: true, ownFamily: true, otherFamilies: true },
    },
  },
  {
    pupil: 'Zara Ahmed',
    details: {
      emergencyContacts: [{ name: 'Farah Ahmed', relationship: 'Mother', phone: '+1 555 0137 455' }],
      medical: { conditions: 'Lactose intolerant: no milk at snack time, please.' },
      pickups: [{ name: 'Farah Ahmed', relationship: 'Mother', phone: '+1 555 0137 455', photo: null }],
      photoConsent: { website: false, ownFamily: true, otherFamilies: true },
    },
  },
];

/** A demo care document made whole: what it leaves out is empty. */
function wholeCare(details: DemoCare['details']): CareDetails {
  return CareDetailsSchema.parse({
    ...EMPTY_CARE_DETAILS,
    ...details,
    medical: { ...EMPTY_CARE_DETAILS.medical, ...details.medical },
  });
}

/** The demo's care document of a pupil (by email, or by name where they have none). */
export function demoCareOf(pupil: string): CareDetails {
  const care = DEMO_CARE.find((c) => c.pupil === pupil);
  if (!care) throw new Error(`Demo care: none for ${pupil}`);
  return wholeCare(care.details);
}

/** For pupils without care details: a believable parent's first name for the register. */
const PARENT_FIRST_NAMES = [
  'Sarah',
  'James',
  'Maria',
  'David',
  'Fatima',
  'Li',
  'Olivia',
  'Kwame',
  'Elena',
  'Raj',
];

/**
 * The instant of a wall-clock time on a day in a time zone (the demo's check-ins happen at school
 * hours in the school's zone, whatever the server's).
 */
export function zonedInstant(day: string, hour: number, minute: number, timeZone: string): string {
  const guess = Date.parse(`${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(guess))
      .map((p) => [p.type, p.value]),
  );
  const local = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
  );
  return new Date(guess - (local - guess)).toISOString();
}

/**
 * Writes the demo's care details and registers; `today` is midnight UTC of the demo's today, `now`
 * the instant the demo is made.
 */
export async function writeDemoCare(
  trx: Db,
  today: number,
  timeZone: string,
  now: Date = new Date(today),
): Promise<void> {
  const rng = createRandom(SEED);
  const pupils = await trx
    .selectFrom('app_user as u')
    .innerJoin('enrolment as e', (join) =>
      join.onRef('e.student_id', '=', 'u.id').on('e.ended_on', 'is', null),
    )
    .innerJoin('school_class as c', 'c.id', 'e.class_id')
    .select(['u.id', 'u.name', 'u.email_key', 'e.class_id', 'c.name as className'])
    .where('u.type', '=', USER_TYPE.student)
    .execute();
  const staff = new Map(
    (
      await trx
        .selectFrom('app_user')
        .select(['id', 'name'])
        .where('type', 'in', [USER_TYPE.teacher, USER_TYPE.principal])
        .execute()
    ).map((u) => [u.name, u.id]),
  );
  const principalId = staff.get(PRINCIPAL.name) ?? null;
  // The registers are of days before the school's today, which is its time zone's: in the hours when
  // UTC is a day ahead of the school (evenings in New York), UTC's yesterday is the school's today,
  // and its register starts empty like any morning's.
  const schoolToday = Math.min(today, Date.parse(dateInZone(now, timeZone)));
  const days = schoolDaysBefore(schoolToday, DEMO_REGISTER_DAYS);
  const savedAt = zonedInstant(days[0] ?? '2026-01-01', 18, 30, timeZone);

  const documents = new Map<number, CareDetails>();
  for (const care of DEMO_CARE) {
    const pupil = pupils.find((p) => p.email_key === care.pupil || p.name === care.pupil);
    if (!pupil) throw new Error(`Demo care: unknown pupil ${care.pupil}`);
    const details = wholeCare(care.details);
    documents.set(pupil.id, details);
    await trx
      .insertInto('care_record')
      .values({
        student_id: pupil.id,
        document: JSON.stringify(details),
        has_allergy: details.medical.allergies.trim() !== '' ? 1 : 0,
        updated_at: savedAt,
        updated_by: principalId,
      })
      .execute();
    await trx
      .insertInto('care_change')
      .values({
        student_id: pupil.id,
        changed_by: principalId,
        changed_by_name: PRINCIPAL.name,
        changed_at: savedAt,
        changes: JSON.stringify([{ field: 'Care details', from: '', to: 'Entered from the enrolment form' }]),
      })
      .execute();
    // The consents, as the school recorded them from the paper enrolment form.
    await recordChildConsents(trx, {
      studentId: pupil.id,
      wanted: details.photoConsent,
      by: { id: principalId, name: PRINCIPAL.name },
      how: 'paper',
      at: savedAt,
      answeredWhole: true,
    });
  }

  // The standing consent to local outings (docs/decisions/0115-trips-in-the-consent-ledger.md), from
  // the same paper forms: every pupil's but Noah Kim's, whose family has not returned it yet, so
  // Nursery's register (teacher@'s Today) marks one child who stays behind on a walk.
  for (const pupil of pupils) {
    if (pupil.name === NO_OUTINGS_PUPIL) continue;
    await recordChildConsents(trx, {
      studentId: pupil.id,
      wanted: { outings: true },
      by: { id: principalId, name: PRINCIPAL.name },
      how: 'paper',
      at: savedAt,
    });
  }

  const present = new Set(
    (
      await trx
        .selectFrom('attendance')
        .select(['student_id', 'att_date'])
        .where('att_date', 'in', days)
        .where('status', '=', PRESENT)
        .execute()
    ).map((a) => `${a.student_id}:${a.att_date}`),
  );
  const rows: InsertObject<Database, 'checkin'>[] = [];
  for (const [dayIndex, day] of days.entries()) {
    for (const pupil of pupils) {
      if (!present.has(`${pupil.id}:${day}`)) continue;
      const teacherName = CLASS_TEACHER[pupil.className as keyof typeof CLASS_TEACHER] ?? PRINCIPAL.name;
      const recorder = { recorded_by: staff.get(teacherName) ?? null, recorded_by_name: teacherName };
      const base = { student_id: pupil.id, class_id: pupil.class_id, day, ...recorder };
      rows.push({
        ...base,
        kind: 'in',
        at: zonedInstant(day, 8, rng.int(0, 40), timeZone),
        collected_by: null,
        collector_known: null,
        reason: null,
      });
      const pickups = documents.get(pupil.id)?.pickups ?? [];
      const lastName = pupil.name.split(' ').slice(1).join(' ');
      // One departure of the demo to someone not on the list, with the teacher's reason, so the
      // principal's report of overridden check-outs has an entry.
      const overridden = pupil.name === 'Omar Siddiqui' && dayIndex === days.length - 2;
      const collector = overridden
        ? 'Bilal Siddiqui'
        : pickups.length > 0
          ? rng.pick(pickups).name
          : `${rng.pick(PARENT_FIRST_NAMES)} ${lastName}`;
      rows.push({
        ...base,
        kind: 'out',
        at: zonedInstant(day, 15, rng.int(0, 59), timeZone),
        collected_by: collector,
        collector_known: overridden ? 0 : 1,
        reason: overridden ? 'His mother phoned the office at noon: his uncle collects him today.' : null,
      });
    }
  }
  for (let i = 0; i < rows.length; i += 250) {
    await trx
      .insertInto('checkin')
      .values(rows.slice(i, i + 250))
      .execute();
  }
}
