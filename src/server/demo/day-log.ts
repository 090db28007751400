import type { InsertObject } from 'kysely';
import type { LogDetail } from '../../shared/api/day-log.js';
import { USER_TYPE } from '../../shared/constants.js';
import { dateInZone } from '../../shared/school-time.js';
import type { Db } from '../db/connect.js';
import type { Database } from '../db/database.js';
import { DEMO_REGISTER_DAYS, zonedInstant } from './care.js';
import { CLASS_TEACHER, PARENT_EMAIL, PRINCIPAL, STUDENT_EMAIL } from './people.js';
import { createRandom } from './random.js';
import { schoolDaysBefore } from './school.js';

/**
 * The demo's daily log (docs/decisions/0078-the-daily-log.md): for the school days the registers
 * cover, each child who arrived gets the class's activity, a morning mood, lunch, a nap in the
 * younger classes and a nappy or toilet entry, written by the class teacher at the time; student@
 * (Aisha, KG) had her inhaler one day and, on the third day, a grazed knee that the demo parent
 * acknowledged that afternoon. Deterministic (one seed), dated relative to the demo's today like the
 * registers it follows.
 */

const SEED = 20_261_204;
const YOUNGER = new Set(['Nursery', 'KG']);

const ACTIVITIES = [
  'Painting autumn leaves',
  'Building a tower with big blocks',
  'Story time: The Very Hungry Caterpillar',
  'Music and movement in the hall',
  'Planting beans in the garden',
  'Counting songs with shakers',
] as const;
const LUNCHES = [
  'Vegetable pasta',
  'Chicken and rice',
  'Lentil soup and bread',
  'Fish pie',
  'Bean stew',
] as const;
const AMOUNTS = ['all', 'all', 'most', 'most', 'some', 'none'] as const;
const MOODS = ['happy', 'happy', 'happy', 'calm', 'tired'] as const;

const hhmm = (hour: number, minute: number) =>
  `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;

export async function writeDemoDayLog(
  trx: Db,
  today: number,
  timeZone: string,
  now: Date = new Date(today),
): Promise<void> {
  const rng = createRandom(SEED);
  // The same days as the registers (care.ts): before the school's today.
  const schoolToday = Math.min(today, Date.parse(dateInZone(now, timeZone)));
  const days = schoolDaysBefore(schoolToday, DEMO_REGISTER_DAYS);
  if (days.length === 0) return;
  const arrivals = await trx
    .selectFrom('checkin as k')
    .innerJoin('school_class as c', 'c.id', 'k.class_id')
    .innerJoin('app_user as u', 'u.id', 'k.student_id')
    .select(['k.student_id', 'k.class_id', 'k.day', 'c.name as className', 'u.email_key'])
    .where('k.kind', '=', 'in')
    .where('k.day', 'in', days)
    .orderBy('k.day')
    .orderBy('k.student_id')
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
  const parent = await trx
    .selectFrom('app_user')
    .select(['id', 'name'])
    .where('email_key', '=', PARENT_EMAIL)
    .executeTakeFirst();

  const rows: InsertObject<Database, 'log_entry'>[] = [];
  const activityOf = new Map<string, string>();
  const lunchOf = new Map<string, string>();
  for (const arrival of arrivals) {
    const { day, className } = arrival;
    const teacher = CLASS_TEACHER[className as keyof typeof CLASS_TEACHER] ?? PRINCIPAL.name;
    const classDay = `${arrival.class_id}:${day}`;
    if (!activityOf.has(classDay)) activityOf.set(classDay, rng.pick(ACTIVITIES));
    if (!lunchOf.has(day)) lunchOf.set(day, rng.pick(LUNCHES));
    const entry = (hour: number, minute: number, detail: LogDetail) => {
      rows.push({
        student_id: arrival.student_id,
        class_id: arrival.class_id,
        day,
        time: hhmm(hour, minute),
        kind: detail.kind,
        detail: JSON.stringify(detail),
        recorded_by: staff.get(teacher) ?? null,
        recorded_by_name: teacher,
        recorded_at: zonedInstant(day, hour, minute + 2, timeZone),
      });
    };
    entry(9, rng.int(0, 20), { kind: 'mood', mood: rng.pick(MOODS), note: '' });
    entry(10, 0, { kind: 'activity', text: activityOf.get(classDay) ?? ACTIVITIES[0] });
    entry(12, rng.int(10, 30), {
      kind: 'meal',
      what: lunchOf.get(day) ?? LUNCHES[0],
      amount: rng.pick(AMOUNTS),
    });
    if (YOUNGER.has(className)) {
      const from = rng.int(0, 20);
      entry(13, from, { kind: 'nap', from: hhmm(13, from), to: hhmm(14, rng.int(0, 40)) });
      entry(14, 45, { kind: 'toilet', toilet: rng.pick(['wet', 'dry', 'toilet'] as const) });
    } else if (rng.chance(0.5)) {
      entry(11, rng.int(0, 50), { kind: 'toilet', toilet: 'toilet' });
    }
  }

  const aisha = arrivals.find((a) => a.email_key === STUDENT_EMAIL);
  const aishaDays = arrivals.filter((a) => a.email_key === STUDENT_EMAIL).map((a) => a.day);
  if (aisha) {
    const teacher = CLASS_TEACHER.KG;
    const base = {
      student_id: aisha.student_id,
      class_id: aisha.class_id,
      recorded_by: staff.get(teacher) ?? null,
      recorded_by_name: teacher,
    };
    const inhalerDay = aishaDays[0];
    if (inhalerDay) {
      const detail: LogDetail = {
        kind: 'medication',
        name: 'Salbutamol inhaler',
        dose: 'Two puffs',
        givenBy: teacher,
        reason: '',
      };
      rows.push({
        ...base,
        day: inhalerDay,
        time: '11:05',
        kind: detail.kind,
        detail: JSON.stringify(detail),
        recorded_at: zonedInstant(inhalerDay, 11, 8, timeZone),
      });
    }
    const incidentDay = aishaDays[Math.min(2, aishaDays.length - 1)];
    if (incidentDay) {
      const detail: LogDetail = {
        kind: 'incident',
        what: 'Tripped on the garden path and grazed her left knee.',
        firstAid: 'Cleaned with water and covered with a plaster; she went back to play.',
        witnessedBy: teacher,
      };
      rows.push({
        ...base,
        day: incidentDay,
        time: '10:40',
        kind: detail.kind,
        detail: JSON.stringify(detail),
        recorded_at: zonedInstant(incidentDay, 10, 45, timeZone),
        acknowledged_at: parent ? zonedInstant(incidentDay, 16, 10, timeZone) : null,
        acknowledged_by: parent?.id ?? null,
        acknowledged_by_name: parent?.name ?? null,
      });
    }
  }

  for (let start = 0; start < rows.length; start += 500) {
    await trx
      .insertInto('log_entry')
      .values(rows.slice(start, start + 500))
      .execute();
  }
}
