import { type SqlBool, sql } from 'kysely';
import type { ClassToday, ComingUp, DashboardToday, WeekEvent } from '../../../shared/api/dashboard.js';
import { COMING_UP_DAYS, COMING_UP_LIMIT, WEEK_DAYS } from '../../../shared/api/dashboard.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { DEFAULT_LOCALE } from '../../../shared/i18n/locales.js';
import { addDaysIso } from '../../../shared/school-time.js';
import { mayOpen } from '../../../shared/screens.js';
import type { Db } from '../../db/connect.js';
import { attendanceOverview } from '../attendance/attendance.repository.js';
import { countPendingBlogComments } from '../blog-comments/blog-comments.repository.js';
import { entryConcerns } from '../calendar/calendar.policy.js';
import { listEntries } from '../calendar/calendar.repository.js';
import { closedDays } from '../calendar/closures.js';
import { registerOf } from '../care/care.repository.js';
import { listExamsOfTeacher, listVisibleExams } from '../exams/exams.repository.js';
import { overdueInvoices } from '../fees/reports.repository.js';
import { listInbox } from '../inbox/inbox.repository.js';
import { listOutbox } from '../mail/outbox.repository.js';
import { moneyVisible, type Viewer } from '../school/school.policy.js';
import { schoolToday } from '../settings/settings.repository.js';
import { listVisibleClasses } from '../timetable/timetable.repository.js';
import { listUsers } from '../users/users.repository.js';

/**
 * The dashboard's "today" (docs/decisions/0052-dashboards-that-say-what-needs-doing.md), read
 * through the features' own repository functions, so each figure counts exactly what the screen it
 * links to shows. A figure is only worked out when the viewer may open that screen
 * (shared/screens.ts); the others are null.
 */
export async function dashboardToday(db: Db, viewer: Viewer, now = new Date()): Promise<DashboardToday> {
  const date = await schoolToday(db, now);
  return {
    date,
    classes: await classesToday(db, viewer, date),
    approvals: mayOpen(viewer.type, '/approvals')
      ? (await listUsers(db, { status: 'pending' })).length
      : null,
    inbox: mayOpen(viewer.type, '/inbox')
      ? (await listInbox(db, { handled: false, limit: 1, offset: 0 })).meta.unhandled
      : null,
    blogComments: mayOpen(viewer.type, '/blog-comments') ? await countPendingBlogComments(db) : null,
    outbox: mayOpen(viewer.type, '/outbox') ? await outboxWaiting(db) : null,
    overdue: mayOpen(viewer.type, '/payment') ? await overdueMoney(db, viewer, date) : null,
    events: await examsOfTheWeek(db, viewer, date),
  };
}

/**
 * Each class the viewer may see: its pupils, who arrived (the Today register's check-ins) and its
 * attendance (marked, present, absent). Once the attendance is taken the dashboard shows who is
 * present by it, so a school that takes the register without check-ins does not read "0 arrived"
 * beside "Attendance taken"; each figure still counts what the screen it links to shows. The register is read per class; a school has tens of classes, and
 * registerOf is two queries whatever the class's size.
 */
async function classesToday(db: Db, viewer: Viewer, date: string): Promise<ClassToday[]> {
  const classes = await listVisibleClasses(db, viewer);
  if (classes.length === 0) return [];
  const attendance = new Map((await attendanceOverview(db, date)).map((day) => [day.classId, day]));
  // A closed class takes no register today (docs/decisions/0088-closed-days.md): one read for all.
  const closed = await closedDays(
    db,
    classes.map((schoolClass) => schoolClass.id),
    date,
    date,
  );
  const rows: ClassToday[] = [];
  for (const schoolClass of classes) {
    // Only counted here: any language's order of the names will do.
    const register = await registerOf(db, viewer, schoolClass.id, date, DEFAULT_LOCALE);
    const day = attendance.get(schoolClass.id);
    const pupils = register?.rows.length ?? 0;
    rows.push({
      classId: schoolClass.id,
      className: schoolClass.name,
      pupils,
      arrived: register?.rows.filter((row) => row.checkedInAt !== null).length ?? 0,
      present: day?.present ?? 0,
      absent: day?.absent ?? 0,
      marked: day ? day.present + day.absent + day.leave : 0,
      closedFor: closed.reasonOf(schoolClass.id, date) ?? null,
    });
  }
  return rows;
}

async function outboxWaiting(db: Db): Promise<{ waiting: number; failed: number }> {
  const { counts } = await listOutbox(db, { page: 1 });
  return { waiting: counts.waiting, failed: counts.failed };
}

/**
 * The overdue report of the fee ledger, narrowed by the money rule (school.policy.ts moneyVisible)
 * to the pupils whose money the viewer may see. An invoice whose pupil's account is gone keeps
 * its snapshot and stays on the ledger's report, so it counts too.
 */
async function overdueMoney(db: Db, viewer: Viewer, date: string): Promise<DashboardToday['overdue']> {
  // Only summed here: any language's order of the names will do.
  const rows = await overdueInvoices(db, date, DEFAULT_LOCALE);
  const ids = [...new Set(rows.flatMap((row) => (row.studentId === null ? [] : [row.studentId])))];
  const visible = new Set(
    ids.length === 0
      ? []
      : (
          await db
            .selectFrom('app_user')
            .select('app_user.id')
            .where('app_user.id', 'in', ids)
            .where(moneyVisible(db, viewer, 'app_user.id'))
            .execute()
        ).map((row) => row.id),
  );
  const seen = rows.filter((row) => row.studentId === null || visible.has(row.studentId));
  const byCurrency = new Map<string, number>();
  for (const row of seen) byCurrency.set(row.currency, (byCurrency.get(row.currency) ?? 0) + row.outstanding);
  return {
    invoices: seen.length,
    byCurrency: [...byCurrency]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, outstanding]) => ({ currency, outstanding })),
  };
}

/** The exams the viewer's Exams screen lists, from today through the sixth day after it. */
async function examsOfTheWeek(db: Db, viewer: Viewer, date: string): Promise<WeekEvent[]> {
  const last = addDaysIso(date, WEEK_DAYS - 1);
  const exams =
    viewer.type === USER_TYPE.teacher
      ? await listExamsOfTeacher(db, viewer.id)
      : await listVisibleExams(db, viewer);
  return exams
    .filter((exam) => exam.examDate >= date && exam.examDate <= last)
    .map((exam) => ({
      kind: 'exam',
      date: exam.examDate,
      time: exam.time,
      className: exam.className,
      subjectName: exam.subjectName,
    }));
}

/**
 * What is coming up on the school calendar for the viewer (docs/decisions/0088-closed-days.md): the
 * closures and events that concern them (calendar.policy.ts entryConcerns) touching today through
 * the next COMING_UP_DAYS - 1 days, cancelled ones left out, the first COMING_UP_LIMIT by start.
 * An entry that began before today and goes on (a holiday week) is still coming up: it is on now.
 */
export async function comingUp(db: Db, viewer: Viewer, now = new Date()): Promise<ComingUp> {
  const date = await schoolToday(db, now);
  const entries = await listEntries(
    db,
    sql<SqlBool>`(${entryConcerns(db, viewer)} and e.cancelled_at is null)`,
    { from: date, to: addDaysIso(date, COMING_UP_DAYS - 1) },
  );
  return {
    date,
    data: entries.slice(0, COMING_UP_LIMIT).map((entry) => ({
      id: entry.id,
      kind: entry.kind,
      title: entry.title,
      place: entry.place,
      startDate: entry.startDate,
      endDate: entry.endDate,
      startTime: entry.startTime,
      endTime: entry.endTime,
      allDay: entry.allDay,
      audience: entry.audience,
      classes: entry.classes,
      familiesInvited: entry.familiesInvited,
    })),
  };
}
