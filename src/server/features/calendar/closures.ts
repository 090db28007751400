import type { Db } from '../../db/connect.js';

/**
 * The calendar's closures as other features read them (docs/decisions/0086-the-school-calendar.md):
 * the register, alerts and attendance rates will skip a closed class's day.
 */

/**
 * Whether the class is closed on `day` (YYYY-MM-DD, the school's): a closure, not cancelled, of the
 * whole school or of this class, covering the day. For the register and attendance.
 */
export async function closureOn(db: Db, classId: number, day: string): Promise<boolean> {
  const row = await db
    .selectFrom('calendar_entry as e')
    .select('e.id')
    .where('e.kind', '=', 'closure')
    .where('e.cancelled_at', 'is', null)
    .where('e.start_day', '<=', day)
    .where('e.end_day', '>=', day)
    .where((eb) =>
      eb.or([
        eb('e.audience', '=', 'everyone'),
        eb(
          'e.id',
          'in',
          eb.selectFrom('calendar_entry_class').select('entry_id').where('class_id', '=', classId),
        ),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
