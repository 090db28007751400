import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { SCHOOL_DAYS, type SchoolDay } from '../../../../shared/constants.js';
import { ClassListTable } from '../../../components/school/ClassListTable.js';
import { EmptyState, FailureState, LoadingState, QueryState } from '../../../components/school/QueryState.js';
import { HiddenText, SchoolPanel, TableWrap } from '../../../components/school/SchoolPanel.js';
import { schoolPaths } from '../../../config/school-paths.js';
import { useI18n } from '../../../lib/i18n.js';
import { type TimeSlot, useTimeSlots } from '../../../lib/school/get-time-slots.js';
import {
  type Lesson,
  type ScheduleClass,
  useClassSchedule,
  useScheduleClasses,
} from '../api/get-schedule.js';

export const WEEKLY_SCHEDULE_TITLE = 'timetable.week.title';

function ScheduleClassTable({ classes }: { classes: ScheduleClass[] }) {
  const { t } = useI18n();
  return (
    <ClassListTable
      classes={classes}
      actionHeader={t('timetable.schedule.column')}
      action={(row) => (
        <Link
          to={schoolPaths.scheduleSummary(row.id)}
          className="btn btn-sm btn-primary rounded-pill text-nowrap"
        >
          {t('timetable.schedule.viewDetails')}{' '}
          <HiddenText>{t('timetable.schedule.of', { name: row.name })}</HiddenText>
        </Link>
      )}
    />
  );
}

/**
 * Schedule, /schedule (docs/contract/product.md#school-screens, docs/contract/fixes-and-gaps.md#fix-12): the
 * classes, each with View Schedule Details.
 */
export function ScheduleScreen() {
  const { t } = useI18n();
  const classes = useScheduleClasses();
  return (
    <SchoolPanel title={t('timetable.schedule.title')} lead={t('timetable.schedule.lead')}>
      <QueryState query={classes}>{(rows) => <ScheduleClassTable classes={rows} />}</QueryState>
    </SchoolPanel>
  );
}

export interface ScheduleGrid {
  /** The rows: the school's time slots in order, then any lesson time that is not one of them. */
  times: string[];
  cell: (time: string, day: SchoolDay) => Lesson[];
}

/** Places each lesson by its day and time. */
export function buildScheduleGrid(slots: readonly TimeSlot[], lessons: readonly Lesson[]): ScheduleGrid {
  const times = slots.map((slot) => slot.label);
  for (const lesson of lessons) if (!times.includes(lesson.time)) times.push(lesson.time);
  const cells = new Map<string, Lesson[]>();
  for (const lesson of lessons) {
    const key = `${lesson.day}|${lesson.time}`;
    cells.set(key, [...(cells.get(key) ?? []), lesson]);
  }
  return { times, cell: (time, day) => cells.get(`${day}|${time}`) ?? [] };
}

function WeekGrid({ grid, className }: { grid: ScheduleGrid; className: string }) {
  const { t } = useI18n();
  return (
    <TableWrap label={t('timetable.week.label', { className })} className="schedule-grid-wrap">
      <table className="table school-table schedule-grid">
        <thead>
          <tr>
            <th scope="col" className="schedule-grid__time">
              {t('timetable.week.time')}
            </th>
            {SCHOOL_DAYS.map((day) => (
              <th scope="col" key={day}>
                {t(`common.day.${day}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.times.map((time) => (
            <tr key={time}>
              <th scope="row" className="schedule-grid__time">
                {time}
              </th>
              {SCHOOL_DAYS.map((day) => {
                const lessons = grid.cell(time, day);
                return (
                  <td
                    key={day}
                    data-day={day}
                    className={lessons.length === 0 ? 'schedule-grid__free' : undefined}
                  >
                    {lessons.length === 0 ? (
                      <>
                        <span aria-hidden="true">–</span>
                        <HiddenText>{t('timetable.week.free')}</HiddenText>
                      </>
                    ) : (
                      lessons.map((lesson) => (
                        <div className="schedule-lesson" key={`${lesson.subjectName}-${lesson.teacherName}`}>
                          <span className="schedule-lesson__subject">{lesson.subjectName}</span>
                          <span className="schedule-lesson__teacher">{lesson.teacherName}</span>
                        </div>
                      ))
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

function ClassWeek({ classId, classes }: { classId: number; classes: ScheduleClass[] | undefined }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const slots = useTimeSlots();
  const lessons = useClassSchedule(classId);
  const schoolClass = classes?.find((row) => row.id === classId);
  const className = schoolClass?.name ?? t('timetable.week.theClass');

  let body: ReactNode;
  const failed = [lessons, slots].find((query) => query.isError && query.data === undefined);
  if (failed) body = <FailureState error={failed.error} retry={failed.refetch} />;
  else if (slots.data === undefined || lessons.data === undefined) body = <LoadingState />;
  else if (slots.data.length === 0 && lessons.data.length === 0) body = <EmptyState />;
  else body = <WeekGrid grid={buildScheduleGrid(slots.data, lessons.data)} className={className} />;

  return (
    <SchoolPanel
      title={t(WEEKLY_SCHEDULE_TITLE)}
      lead={
        schoolClass
          ? t('timetable.week.classLead', { className: schoolClass.name })
          : t('timetable.week.lead')
      }
      className="schedule-panel"
      actions={
        classes && classes.length > 1 ? (
          <label className="school-field school-field--inline">
            <span className="school-field__label">{t('timetable.week.class')}</span>
            <select
              className="form-select"
              value={schoolClass ? String(classId) : ''}
              onChange={(event) => void navigate(schoolPaths.scheduleSummary(Number(event.target.value)))}
            >
              {schoolClass ? null : <option value="">{t('timetable.week.chooseClass')}</option>}
              {classes.map((row) => (
                <option key={row.id} value={row.id}>
                  {row.name}
                </option>
              ))}
            </select>
          </label>
        ) : null
      }
    >
      {body}
    </SchoolPanel>
  );
}

/**
 * Schedule-summary, /schedule-summary?classId=N (docs/contract/product.md#school-screens,
 * docs/contract/fixes-and-gaps.md#fix-12): the class's 'Weekly Class Schedule', Time and Monday to Saturday,
 * rows the school's time slots, each lesson with its subject and teacher. Without a class it asks which one
 * first.
 */
export function ScheduleSummaryScreen({ classId }: { classId: number | undefined }) {
  const { t } = useI18n();
  const classes = useScheduleClasses();
  if (classId !== undefined) return <ClassWeek classId={classId} classes={classes.data} />;
  return (
    <SchoolPanel title={t(WEEKLY_SCHEDULE_TITLE)} lead={t('timetable.week.whichClass')}>
      <QueryState query={classes}>{(rows) => <ScheduleClassTable classes={rows} />}</QueryState>
    </SchoolPanel>
  );
}
