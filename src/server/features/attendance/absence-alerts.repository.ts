import type { Db } from '../../db/connect.js';

/**
 * Reads and writes of the absence alerts (docs/decisions/0024-family-mails.md): absence_alert, what
 * a pupil's guardians were last told about a day. The guardians to mail are the family's
 * (features/family/family.repository.ts), the school's switch is
 * features/mail/mail-settings.repository.ts. The two claims decide by the rows they change, so that
 * of two saves of the register at the same moment only one sends.
 */

/**
 * Claims the absence alert of each pupil for `day`: a pupil whose guardians were not yet told of
 * the absence (no row, or told 'present') becomes 'absent'. Answers the pupils claimed, which are
 * the ones to alert. One upsert whose conditional update skips the pupils already told: a save at
 * the same moment waits for this one's row (PostgreSQL) or its write lock (SQLite) and then finds
 * them told.
 */
export async function claimAbsenceAlerts(
  db: Db,
  studentIds: readonly number[],
  day: string,
  now: string,
): Promise<Set<number>> {
  if (studentIds.length === 0) return new Set();
  const rows = await db
    .insertInto('absence_alert')
    .values(
      [...new Set(studentIds)].map((id) => ({
        student_id: id,
        day,
        told: 'absent' as const,
        updated_at: now,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['student_id', 'day'])
        .doUpdateSet({ told: 'absent', updated_at: now })
        .where('absence_alert.told', '<>', 'absent'),
    )
    .returning('student_id')
    .execute();
  return new Set(rows.map((row) => row.student_id));
}

/**
 * Claims the correction of each pupil for `day`: a pupil whose guardians were told of an absence
 * becomes 'present'. Answers the pupils claimed, the ones to send the correction to.
 */
export async function claimCorrections(
  db: Db,
  studentIds: readonly number[],
  day: string,
  now: string,
): Promise<Set<number>> {
  if (studentIds.length === 0) return new Set();
  const rows = await db
    .updateTable('absence_alert')
    .set({ told: 'present', updated_at: now })
    .where('student_id', 'in', [...new Set(studentIds)])
    .where('day', '=', day)
    .where('told', '=', 'absent')
    .returning('student_id')
    .execute();
  return new Set(rows.map((row) => row.student_id));
}

/** Pupils' names and the names of classes, for the mails. */
export async function namesFor(
  db: Db,
  studentIds: readonly number[],
  classIds: readonly number[],
): Promise<{ pupils: Map<number, string>; classes: Map<number, string> }> {
  const pupils =
    studentIds.length === 0
      ? []
      : await db
          .selectFrom('app_user')
          .select(['id', 'name'])
          .where('id', 'in', [...new Set(studentIds)])
          .execute();
  const classes =
    classIds.length === 0
      ? []
      : await db
          .selectFrom('school_class')
          .select(['id', 'name'])
          .where('id', 'in', [...new Set(classIds)])
          .execute();
  return {
    pupils: new Map(pupils.map((row) => [row.id, row.name])),
    classes: new Map(classes.map((row) => [row.id, row.name])),
  };
}
