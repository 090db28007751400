import { USER_TYPE } from '../../shared/constants.js';
import { addDaysIso, dateInZone } from '../../shared/school-time.js';
import type { Db } from '../db/connect.js';

/**
 * The demo's school calendar (docs/decisions/0086-the-school-calendar.md), around the school's
 * today: a class trip for KG (student@'s class) next week, a training day closing the Nursery, a
 * sports day for everyone with families invited (on the public calendar), and a holiday week for
 * the whole school. Dated relative to today, so the calendar always has something ahead.
 */

interface DemoEntry {
  slug: string;
  kind: 'closure' | 'event';
  title: string;
  description: string;
  place: string;
  /** Days from the Monday of next week. */
  startOffset: number;
  days: number;
  times?: [string, string];
  audience: 'everyone' | 'classes';
  classes?: string[];
  familiesInvited?: boolean;
  public?: boolean;
}

const DEMO_ENTRIES: readonly DemoEntry[] = [
  {
    slug: 'kg-farm-trip',
    kind: 'event',
    title: 'KG trip to Meadow Farm',
    description: 'Please bring a packed lunch, wellies and a raincoat. We are back by 15:00.',
    place: 'Meadow Farm',
    startOffset: 2,
    days: 1,
    times: ['09:00', '15:00'],
    audience: 'classes',
    classes: ['KG'],
  },
  {
    slug: 'nursery-training-day',
    kind: 'closure',
    title: 'Nursery closed: staff training day',
    description: 'The Nursery team is on a first-aid course. Other classes are open as usual.',
    place: '',
    startOffset: 4,
    days: 1,
    audience: 'classes',
    classes: ['Nursery'],
  },
  {
    slug: 'sports-day',
    kind: 'event',
    title: 'Sports day',
    description: 'Races, games and a picnic on the field. Families are welcome to cheer!',
    place: 'The school field',
    startOffset: 10,
    days: 1,
    times: ['09:30', '14:00'],
    audience: 'everyone',
    familiesInvited: true,
    public: true,
  },
  {
    slug: 'holiday-week',
    kind: 'closure',
    title: 'Holiday week: the school is closed',
    description: 'We open again on the Monday after.',
    place: '',
    startOffset: 21,
    days: 5,
    audience: 'everyone',
  },
];

/** The Monday after `day` (YYYY-MM-DD). */
function nextMonday(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDaysIso(day, (8 - weekday) % 7 || 7);
}

export async function writeDemoCalendar(trx: Db, timeZone: string, now: Date): Promise<void> {
  const monday = nextMonday(dateInZone(now, timeZone));
  const classes = new Map(
    (await trx.selectFrom('school_class').select(['id', 'name']).execute()).map((c) => [c.name, c.id]),
  );
  const principal = await trx
    .selectFrom('app_user')
    .select('id')
    .where('type', '=', USER_TYPE.principal)
    .orderBy('id')
    .executeTakeFirst();
  const stamp = now.toISOString();
  for (const entry of DEMO_ENTRIES) {
    const startDay = addDaysIso(monday, entry.startOffset);
    const { id } = await trx
      .insertInto('calendar_entry')
      .values({
        uid: `demo-${entry.slug}-${startDay}@schoolyard`,
        sequence: 0,
        kind: entry.kind,
        title: entry.title,
        description: entry.description,
        place: entry.place,
        start_day: startDay,
        end_day: addDaysIso(startDay, entry.days - 1),
        start_time: entry.times?.[0] ?? null,
        end_time: entry.times?.[1] ?? null,
        audience: entry.audience,
        families_invited: entry.familiesInvited ? 1 : 0,
        on_public_feed: entry.public ? 1 : 0,
        cancelled_at: null,
        created_by: principal?.id ?? null,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const classIds = (entry.classes ?? []).flatMap((name) => {
      const classId = classes.get(name);
      return classId === undefined ? [] : [classId];
    });
    if (classIds.length > 0)
      await trx
        .insertInto('calendar_entry_class')
        .values(classIds.map((classId) => ({ entry_id: id, class_id: classId })))
        .execute();
  }
}
