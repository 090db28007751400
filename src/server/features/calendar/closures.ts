import { addDaysIso } from '../../../shared/school-time.js';
import type { Db } from '../../db/connect.js';

/**
 * The calendar's closures as other features read them (docs/decisions/0086-the-school-calendar.md,
 * docs/decisions/0088-closed-days.md): the register refuses a closed class's day, no absence alert
 * goes for it, and attendance rates leave it out.
 */

/**
 * Whether the class is closed on `day` (YYYY-MM-DD, the school's): a closure, not cancelled, of the
 * whole school or of this class, covering the day. For the register and attendance.
 */
export async function closureOn(db: Db, classId: number, day: string): Promise<boolean> {
  return (await closedDays(db, [classId], day, day)).reasonOf(classId, day) !== undefined;
}

/** The closed days of some classes over a range, read once (`closedDays`). */
export interface ClosedDays {
  /** The title of the closure that closes the class on the day (the first made), or undefined. */
  reasonOf(classId: number, day: string): string | undefined;
  /** Whether any of the classes is closed on any day of the range. */
  readonly any: boolean;
}

/**
 * The days from `from` to `to` (both included) on which each of `classIds` is closed, with the
 * closure's title: one query for the whole set, whatever the range, so a rate over a year of a
 * hundred classes does not ask per day or per class. Closures are few (tens a year), so their days
 * are spread out here rather than joined to a table of days.
 */
export async function closedDays(
  db: Db,
  classIds: readonly number[],
  from: string,
  to: string,
): Promise<ClosedDays> {
  const wanted = [...new Set(classIds)];
  const rows =
    wanted.length === 0 || from > to
      ? []
      : await db
          .selectFrom('calendar_entry as e')
          .leftJoin('calendar_entry_class as ec', (join) =>
            join.onRef('ec.entry_id', '=', 'e.id').on('ec.class_id', 'in', wanted),
          )
          .select(['e.id', 'e.title', 'e.start_day', 'e.end_day', 'e.audience', 'ec.class_id'])
          .where('e.kind', '=', 'closure')
          .where('e.cancelled_at', 'is', null)
          .where('e.start_day', '<=', to)
          .where('e.end_day', '>=', from)
          .where((eb) => eb.or([eb('e.audience', '=', 'everyone'), eb('ec.class_id', 'is not', null)]))
          .orderBy('e.id')
          .execute();
  /** `${classId}|${day}` for a class's closure; `*|${day}` for the whole school's. */
  const reasons = new Map<string, string>();
  for (const row of rows) {
    const who = row.audience === 'everyone' ? '*' : String(row.class_id);
    const last = row.end_day < to ? row.end_day : to;
    for (let day = row.start_day < from ? from : row.start_day; day <= last; day = addDaysIso(day, 1)) {
      const key = `${who}|${day}`;
      if (!reasons.has(key)) reasons.set(key, row.title);
    }
  }
  return {
    reasonOf: (classId, day) => reasons.get(`*|${day}`) ?? reasons.get(`${classId}|${day}`),
    any: reasons.size > 0,
  };
}
