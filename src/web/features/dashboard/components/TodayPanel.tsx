import '../../../styles/dashboard.css';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import type { ClassToday, DashboardToday } from '../../../../shared/api/dashboard.js';
import type { SchoolType } from '../../../../shared/constants.js';
import { formatMoney } from '../../../../shared/rules/money.js';
import { linkTo, mayOpen } from '../../../../shared/screens.js';
import { SectionState, sectionStatus } from '../../../components/ui/SectionState.js';
import { type MessageKey, useI18n } from '../../../lib/i18n.js';
import { shortDate } from '../../../lib/school-time.js';
import { useDashboardToday } from '../api/get-today.js';

/** A figure and what it counts, as one link to the screen that shows what is behind it. */
function Figure({
  to,
  count,
  text,
  alert,
}: {
  to: string;
  count: number | string;
  text: string;
  alert?: boolean;
}) {
  return (
    <Link to={to} className={`dash-figure${alert ? ' dash-figure--alert' : ''}`}>
      {/* An amount reads left to right on every page, as the fees screens' amounts do ("542.00 US$"). */}
      <span className="dash-figure__count" dir={typeof count === 'string' ? 'ltr' : undefined}>
        {count}
      </span>{' '}
      <span className="dash-figure__text">{text}</span>
    </Link>
  );
}

/** Where a class's attendance is taken or read: the principal's overview of the day, a teacher's register. */
function attendanceLink(type: SchoolType, row: ClassToday, date: string): string {
  return mayOpen(type, '/attendence')
    ? `${linkTo('/attendence')}?date=${date}`
    : `${linkTo('/student-attendence')}?classId=${row.classId}`;
}

function ClassRow({ type, row, date }: { type: SchoolType; row: ClassToday; date: string }) {
  const { t } = useI18n();
  const taken = row.pupils > 0 && row.marked >= row.pupils;
  const register = `${linkTo('/today')}?classId=${row.classId}`;
  return (
    <li className="dash-class">
      <p className="dash-class__name">{row.className}</p>
      <ul className="dash-class__figures">
        <li>
          {/* Taken, the register is the day's truth (it starts from the check-ins, decision 0047);
              before, the arrivals at the door are. */}
          {taken ? (
            <Figure
              to={attendanceLink(type, row, date)}
              count={t('dashboard.today.presentOf', { present: row.present, pupils: row.pupils })}
              text={t('dashboard.today.present')}
            />
          ) : (
            <Figure
              to={register}
              count={t('dashboard.today.presentOf', { present: row.arrived, pupils: row.pupils })}
              text={t('dashboard.today.arrived')}
            />
          )}
        </li>
        <li>
          <Figure
            to={attendanceLink(type, row, date)}
            count={row.absent}
            text={t('dashboard.today.absent')}
            alert={row.absent > 0}
          />
        </li>
        <li>
          {row.closedFor !== null ? (
            // A closed class takes no register (docs/decisions/0088-closed-days.md): nothing to do.
            <span className="dash-register dash-register--closed">
              {t('dashboard.today.closed', { reason: row.closedFor })}
            </span>
          ) : (
            <Link
              to={attendanceLink(type, row, date)}
              className={`dash-register dash-register--${taken ? 'done' : 'open'}`}
            >
              {taken
                ? t('dashboard.today.registerTaken')
                : row.marked > 0
                  ? t('dashboard.today.registerPartly', { marked: row.marked, pupils: row.pupils })
                  : t('dashboard.today.registerOpen')}
            </Link>
          )}
        </li>
      </ul>
    </li>
  );
}

/** What waits in the office: each figure only when the server gave it (null: not this viewer's screen). */
function Waiting({ today }: { today: DashboardToday }) {
  const { t, locale } = useI18n();
  const labelId = useId();
  const items: { key: string; node: ReactNode }[] = [];
  /** A count of things to do: shown when the server gave it, marked while anything waits. */
  const toDo = (key: string, to: string, count: number | null, text: MessageKey) => {
    if (count === null) return;
    items.push({
      key,
      node: <Figure to={to} count={count} text={t(text, { count })} alert={count > 0} />,
    });
  };
  toDo('approvals', linkTo('/approvals'), today.approvals, 'dashboard.today.approvals');
  toDo('inbox', linkTo('/inbox'), today.inbox, 'dashboard.today.inbox');
  toDo('blog-comments', linkTo('/blog-comments'), today.blogComments, 'dashboard.today.blogComments');
  if (today.outbox !== null) {
    items.push({
      key: 'outbox',
      node: (
        <Figure
          to={`${linkTo('/outbox')}?status=waiting`}
          count={today.outbox.waiting}
          text={t('dashboard.today.outboxWaiting', { count: today.outbox.waiting })}
        />
      ),
    });
    if (today.outbox.failed > 0)
      items.push({
        key: 'failed',
        node: (
          <Figure
            to={`${linkTo('/outbox')}?status=failed`}
            count={today.outbox.failed}
            text={t('dashboard.today.outboxFailed', { count: today.outbox.failed })}
            alert
          />
        ),
      });
  }
  if (today.overdue !== null) {
    const money = today.overdue.byCurrency
      .map((line) => formatMoney(line.outstanding, line.currency, locale))
      .join(' + ');
    items.push({
      key: 'overdue',
      node: (
        <Figure
          to={`${linkTo('/payment')}?tab=overdue`}
          count={today.overdue.invoices === 0 ? 0 : money}
          text={
            today.overdue.invoices === 0
              ? t('dashboard.today.moneyOverdue')
              : t('dashboard.today.overdueOn', { invoices: today.overdue.invoices })
          }
          alert={today.overdue.invoices > 0}
        />
      ),
    });
  }
  if (items.length === 0) return null;
  return (
    <div className="dash-today__part">
      <p id={labelId} className="dash-today__label">
        {t('dashboard.today.waiting')}
      </p>
      <ul className="dash-today__figures" aria-labelledby={labelId}>
        {items.map((item) => (
          <li key={item.key}>{item.node}</li>
        ))}
      </ul>
    </div>
  );
}

function Classes({ type, today }: { type: SchoolType; today: DashboardToday }) {
  const { t } = useI18n();
  const labelId = useId();
  return (
    <div className="dash-today__part">
      <p id={labelId} className="dash-today__label">
        {mayOpen(type, '/attendence') ? t('dashboard.today.classesAll') : t('dashboard.today.classesOwn')}
      </p>
      {today.classes.length === 0 ? (
        <p className="dash-today__empty">
          {mayOpen(type, '/attendence')
            ? t('dashboard.today.noClassesAll')
            : t('dashboard.today.noClassesOwn')}
        </p>
      ) : (
        <ul className="dash-classes" aria-labelledby={labelId}>
          {today.classes.map((row) => (
            <ClassRow key={row.classId} type={type} row={row} date={today.date} />
          ))}
        </ul>
      )}
    </div>
  );
}

function Week({ today }: { today: DashboardToday }) {
  const { t, locale } = useI18n();
  const labelId = useId();
  if (today.events.length === 0) return null;
  return (
    <div className="dash-today__part">
      <p id={labelId} className="dash-today__label">
        {t('dashboard.today.week')}
      </p>
      <ul className="dash-week" aria-labelledby={labelId}>
        {today.events.map((event) => (
          <li key={`${event.date} ${event.time} ${event.className} ${event.subjectName}`}>
            <Link to={linkTo('/exams')} className="dash-week__link">
              <span className="dash-week__when">
                {t('dashboard.today.when', { date: shortDate(event.date, locale), time: event.time })}
              </span>{' '}
              <span>
                {t('dashboard.today.exam', { subject: event.subjectName, className: event.className })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The top of a staff dashboard (docs/decisions/0052-dashboards-that-say-what-needs-doing.md): the
 * day's classes (arrivals at the door, absences, whether the register is taken), then for the
 * principal what waits (approvals, inbox, blog comments, outbox, money overdue), then the week's exams. Every figure
 * is a link to the screen behind it. Its headings are level 2, beside the tiles' hidden one: the
 * tiles keep level 3 to themselves.
 */
export function TodayPanel({ type }: { type: SchoolType }) {
  const { t, locale } = useI18n();
  const headingId = useId();
  const query = useDashboardToday();
  const status = sectionStatus(query);
  const today = query.data;
  return (
    <section className="dash-today" aria-labelledby={headingId} aria-busy={status.pending}>
      <h2 id={headingId} className="dash-today__title">
        {today
          ? t('dashboard.today.titleWithDate', { date: shortDate(today.date, locale) })
          : t('dashboard.today.title')}
      </h2>
      <SectionState status={status} />
      {today ? (
        <div className="dash-today__body">
          <Classes type={type} today={today} />
          <Waiting today={today} />
          <Week today={today} />
        </div>
      ) : null}
    </section>
  );
}
