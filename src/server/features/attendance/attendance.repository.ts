import { sql } from 'kysely';
import type { AttendanceCode } from '../../../shared/constants.js';
import type { AnyLocale } from '../../../shared/i18n/locales.js';
import { sortByName } from '../../../shared/i18n/name-order.js';
import { addDaysIso } from '../../../shared/school-time.js';
import type { Db } from '../../db/connect.js';
import { closedDays } from '../calendar/closures.js';
import { firstCheckinsOn } from '../care/care.repository.js';
import { currentPupilsOf } from '../pupils/pupils.repository.js';
import { classVisible, type Viewer } from '../school/school.policy.js';

/**
 * Attendance: one record per pupil and date (unique index attendance_one_per_day), status 1 Present,
 * 2 Absent, 3 On Leave, filed under the class the pupil was in.
 */

const asCode = (status: number) => status as AttendanceCode;
/** How many of the grouped rows have `column` = `code` (0 when none; a number on both engines). */
const countOf = (column: string, code: AttendanceCode) =>
  sql<number>`coalesce(sum(case when ${sql.ref(column)} = ${sql.lit(code)} then 1 else 0 end), 0)`;
/** The grouped rows' counts of each status, as `present`, `absent` and `leave`. */
const statusCounts = (column: string) => [
  countOf(column, 1).as('present'),
  countOf(column, 2).as('absent'),
  countOf(column, 3).as('leave'),
];
const percent = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part * 10_000) / whole) / 100;

export interface ClassAttendanceRow {
  id: number;
  name: string;
  status: AttendanceCode | null;
  description: string;
  /** The pupil's first check-in on Today that day (decision 0047), or null. */
  checkedInAt: string | null;
}

/**
 * Every current pupil of the class, by name in `locale`, with what was saved for them on `date`
 * (null status: nothing) and when they were checked in on Today that day.
 */
export async function classAttendanceOn(
  db: Db,
  classId: number,
  date: string,
  locale: AnyLocale,
): Promise<ClassAttendanceRow[]> {
  const rows = await currentPupilsOf(db, classId)
    .leftJoin('attendance as a', (join) =>
      join.onRef('a.student_id', '=', 'e.student_id').on('a.att_date', '=', date),
    )
    .select(['u.id', 'u.name', 'a.status', 'a.description'])
    .execute();
  sortByName(rows, locale, (row) => row.name);
  const arrivals = await firstCheckinsOn(
    db,
    rows.map((r) => r.id),
    date,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    status: r.status === null ? null : asCode(r.status),
    description: r.description ?? '',
    checkedInAt: arrivals.get(r.id) ?? null,
  }));
}

export interface AttendanceToSave {
  studentId: number;
  classId: number;
  date: string;
  status: AttendanceCode;
  description: string;
}

/**
 * Saves every record or none: one statement inside the caller's transaction; a record that exists
 * for the pupil and date is updated (status, description, class, who recorded it).
 */
export async function upsertAttendance(
  db: Db,
  records: readonly AttendanceToSave[],
  recordedBy: number,
  now: string,
): Promise<number> {
  if (records.length === 0) return 0;
  await db
    .insertInto('attendance')
    .values(
      records.map((r) => ({
        student_id: r.studentId,
        class_id: r.classId,
        att_date: r.date,
        status: r.status,
        description: r.description,
        recorded_by: recordedBy,
        updated_at: now,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['student_id', 'att_date']).doUpdateSet((eb) => ({
        class_id: eb.ref('excluded.class_id'),
        status: eb.ref('excluded.status'),
        description: eb.ref('excluded.description'),
        recorded_by: eb.ref('excluded.recorded_by'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
  return records.length;
}

export interface AttendanceHistory {
  data: {
    date: string;
    status: AttendanceCode;
    description: string;
    closed: boolean;
    term: string | null;
  }[];
  summary: { present: number; absent: number; leave: number; percentPresent: number };
}

/**
 * A pupil's whole record, newest first, each day with its term, with totals and the share of
 * recorded days present. A record of a day the calendar closed its class (saved before the closure
 * was entered) is listed but counted in no total (docs/decisions/0088-closed-days.md).
 */
export async function attendanceHistory(db: Db, studentId: number): Promise<AttendanceHistory> {
  const rows = await db
    .selectFrom('attendance')
    .select(['att_date', 'status', 'description', 'class_id'])
    .where('student_id', '=', studentId)
    .orderBy('att_date', 'desc')
    .execute();
  const last = rows[0]?.att_date;
  const first = rows[rows.length - 1]?.att_date;
  const closed =
    first === undefined || last === undefined
      ? undefined
      : await closedDays(
          db,
          rows.map((r) => r.class_id),
          first,
          last,
        );
  const terms = await termsBetween(db, first, last);
  const days = rows.map((r) => ({
    date: r.att_date,
    status: asCode(r.status),
    description: r.description,
    closed: closed?.reasonOf(r.class_id, r.att_date) !== undefined,
    term: terms.find((term) => term.first_day <= r.att_date && term.last_day >= r.att_date)?.name ?? null,
  }));
  const counted = days.filter((day) => !day.closed);
  const count = (code: number) => counted.filter((day) => day.status === code).length;
  const present = count(1);
  return {
    data: days,
    summary: { present, absent: count(2), leave: count(3), percentPresent: percent(present, counted.length) },
  };
}

/** The terms touching `from`..`to` (none when either is missing): a pupil's history has a few. */
async function termsBetween(db: Db, from: string | undefined, to: string | undefined) {
  if (from === undefined || to === undefined) return [];
  return db
    .selectFrom('school_term')
    .select(['name', 'first_day', 'last_day'])
    .where('first_day', '<=', to)
    .where('last_day', '>=', from)
    .orderBy('first_day')
    .execute();
}

export interface ClassDay {
  classId: number;
  className: string;
  pupils: number;
  present: number;
  absent: number;
  leave: number;
  unmarked: number;
}

/**
 * Every class on one date: its current pupils and how many were marked present, absent, on leave.
 * Two grouped reads joined to the classes: the pupils per class (index enrolment_class alone) and the
 * day's records per current class (index attendance_day alone, then the pupil's open enrolment), so
 * the cost follows the day's records rather than a search per pupil.
 */
export async function attendanceOverview(db: Db, date: string): Promise<ClassDay[]> {
  const pupilsPerClass = db
    .selectFrom('enrolment')
    .select((eb) => ['class_id', eb.fn.countAll<number>().as('pupils')])
    .where('ended_on', 'is', null)
    .groupBy('class_id')
    .as('p');
  const dayPerClass = db
    .selectFrom('attendance as a')
    .innerJoin('enrolment as e', (join) =>
      join.onRef('e.student_id', '=', 'a.student_id').on('e.ended_on', 'is', null),
    )
    .select(['e.class_id', ...statusCounts('a.status')])
    .where('a.att_date', '=', date)
    .groupBy('e.class_id')
    .as('d');
  const rows = await db
    .selectFrom('school_class as c')
    .leftJoin(pupilsPerClass, 'p.class_id', 'c.id')
    .leftJoin(dayPerClass, 'd.class_id', 'c.id')
    .select(['c.id as classId', 'c.name as className', 'p.pupils', 'd.present', 'd.absent', 'd.leave'])
    .orderBy('c.id')
    .execute();
  return rows.map((r) => {
    const [pupils, present, absent, leave] = [r.pupils, r.present, r.absent, r.leave].map((n) =>
      Number(n ?? 0),
    ) as [number, number, number, number];
    return {
      classId: r.classId,
      className: r.className,
      pupils,
      present,
      absent,
      leave,
      unmarked: pupils - present - absent - leave,
    };
  });
}

export interface PupilAttendanceTotals {
  studentId: number;
  studentName: string;
  present: number;
  absent: number;
  leave: number;
  percentPresent: number;
}

/**
 * A class's report over `from`..`to` (both included): its current pupils with their totals in that
 * class, and on how many dates anything was recorded for the class. Undefined when there is no such
 * class or the viewer may not see it; the check is part of the one query (one round trip).
 */
export async function classAttendanceReport(
  db: Db,
  viewer: Viewer,
  classId: number,
  from: string,
  to: string,
): Promise<{ days: number; data: PupilAttendanceTotals[] } | undefined> {
  // The class's closed days count in no figure (docs/decisions/0088-closed-days.md): read once, then
  // left out by date; a range holds at most 366 of them.
  const closed = await closedDays(db, [classId], from, to);
  const closedDates: string[] = [];
  if (closed.any)
    for (let day = from; day <= to; day = addDaysIso(day, 1))
      if (closed.reasonOf(classId, day) !== undefined) closedDates.push(day);
  // Totals first, from the class's records in the range (index attendance_class_report), then joined
  // to the pupils: a join per pupil would walk the class's range once for every pupil.
  const totals = db
    .selectFrom('attendance as a')
    .select(['a.student_id', ...statusCounts('a.status')])
    .where('a.class_id', '=', classId)
    .where('a.att_date', '>=', from)
    .where('a.att_date', '<=', to)
    .$if(closedDates.length > 0, (query) => query.where('a.att_date', 'not in', closedDates))
    .groupBy('a.student_id')
    .as('t');
  const recordedDays = db
    .selectFrom('attendance')
    .select((eb) => eb.fn.count<number>('att_date').distinct().as('days'))
    .where('class_id', '=', classId)
    .where('att_date', '>=', from)
    .where('att_date', '<=', to)
    .$if(closedDates.length > 0, (query) => query.where('att_date', 'not in', closedDates));
  // The class itself is the first table: no row means no class to see; a class without pupils
  // gives one row without a pupil.
  const rows = await db
    .selectFrom('school_class as c')
    .leftJoin('enrolment as e', (join) => join.onRef('e.class_id', '=', 'c.id').on('e.ended_on', 'is', null))
    .leftJoin('app_user as u', 'u.id', 'e.student_id')
    .leftJoin(totals, 't.student_id', 'e.student_id')
    .select(['u.id as studentId', 'u.name as studentName', 't.present', 't.absent', 't.leave'])
    .select(recordedDays.as('days'))
    .where('c.id', '=', classId)
    .where(classVisible(db, viewer, 'c.id'))
    .orderBy('u.name')
    .orderBy('u.id')
    .execute();
  const [first] = rows;
  if (!first) return undefined;
  const days = first.days;
  const pupils = rows.flatMap((row) =>
    row.studentId === null || row.studentName === null
      ? []
      : [{ ...row, studentId: row.studentId, studentName: row.studentName }],
  );
  return {
    days: Number(days),
    data: pupils.map((p) => {
      const [present, absent, leave] = [p.present, p.absent, p.leave].map((n) => Number(n ?? 0)) as [
        number,
        number,
        number,
      ];
      return {
        studentId: p.studentId,
        studentName: p.studentName,
        present,
        absent,
        leave,
        percentPresent: percent(present, present + absent + leave),
      };
    }),
  };
}

/**
 * The teacher's own class, the one Today and Attendance open on (decision 0047): the class they
 * give most lessons a week to (assignment_day rows), the lowest class id on a tie, as the class
 * list is ordered. Undefined for a teacher with no assignment.
 */
export async function ownClassOf(db: Db, teacherId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('class_assignment as ca')
    .leftJoin('assignment_day as ad', 'ad.assignment_id', 'ca.id')
    .select(['ca.class_id', (eb) => eb.fn.count<number>('ad.day').as('lessons')])
    .where('ca.teacher_id', '=', teacherId)
    .groupBy('ca.class_id')
    .orderBy('lessons', 'desc')
    .orderBy('ca.class_id')
    .limit(1)
    .executeTakeFirst();
  return row?.class_id;
}
