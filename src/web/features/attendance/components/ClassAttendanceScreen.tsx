import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ATTENDANCE_STATUSES, type AttendanceCode } from '../../../../shared/constants.js';
import { EmptyState, FailureState, LoadingState } from '../../../components/school/QueryState.js';
import { SchoolDateField, SchoolSelect } from '../../../components/school/SchoolField.js';
import { SchoolPanel, TableWrap } from '../../../components/school/SchoolPanel.js';
import { isApiError } from '../../../lib/api-client.js';
import { useI18n } from '../../../lib/i18n.js';
import { parseId } from '../../../lib/school/format.js';
import { type AssignedClass, useAssignedClasses } from '../../../lib/school/get-assigned-classes.js';
import { formatTime, todayInZone } from '../../../lib/school-time.js';
import { useSettings } from '../../../lib/settings.js';
import { type ClassAttendanceRow, useClassAttendance } from '../api/get-class-attendance.js';
import { useOwnClass } from '../api/get-own-class.js';
import { useSaveAttendance } from '../api/save-attendance.js';
import { ClassAttendanceReportPanel } from './ClassAttendanceReport.js';

export const CLASS_ATTENDANCE_TITLE = 'Class Attendance';

/** Unsaved rows start as Present (the usual day) when the class's register was not kept on Today. */
export const DEFAULT_STATUS: AttendanceCode = 1;
const PRESENT: AttendanceCode = 1;
const ABSENT: AttendanceCode = 2;

export const REGISTER_NOTES = {
  checkedIn: (time: string) => `Checked in ${time}`,
  notCheckedIn: 'Not checked in',
  confirmAbsent: (name: string, time: string) =>
    `${name} was checked in on Today at ${time}. Mark them Absent anyway? No absence mail is sent for a child who was checked in.`,
} as const;

interface Draft {
  status: AttendanceCode;
  description: string;
}

/** The teacher's changes, per class and date, until they are saved. */
type Drafts = Record<string, Record<number, Draft>>;

const sheetKey = (classId: number, date: string): string => `${classId}|${date}`;

/**
 * What an unsaved row starts from (decision 0047): the day's check-ins on Today. A child checked in
 * is Present; when the class's register was kept that day (anyone checked in), a child who was not
 * is Absent; on a day without check-ins every row starts Present, as before. Nothing is saved until
 * the teacher saves: the register is theirs to sign, and saving is what tells the families.
 */
function startingStatus(row: ClassAttendanceRow, registerKept: boolean): AttendanceCode {
  if (row.checkedInAt !== null) return PRESENT;
  return registerKept ? ABSENT : DEFAULT_STATUS;
}

const shown = (row: ClassAttendanceRow, draft: Draft | undefined, registerKept: boolean): Draft =>
  draft ?? { status: row.status ?? startingStatus(row, registerKept), description: row.description };

const registerKeptIn = (rows: ClassAttendanceRow[]): boolean => rows.some((row) => row.checkedInAt !== null);

function Counts({ rows, drafts }: { rows: ClassAttendanceRow[]; drafts: Record<number, Draft> }) {
  const { t } = useI18n();
  const kept = registerKeptIn(rows);
  const count = (code: AttendanceCode) =>
    rows.filter((row) => shown(row, drafts[row.studentId], kept).status === code).length;
  const unsaved = rows.filter((row) => row.status === null).length;
  return (
    <ul className="attendance-counts" aria-label={t('attendance.sheet.totals')}>
      {ATTENDANCE_STATUSES.map((status) => (
        <li key={status.code} className={`attendance-counts__item attendance-counts__item--${status.code}`}>
          <span className="attendance-counts__number">{count(status.code)}</span>{' '}
          {t(`common.attendance.${status.code}`)}
        </li>
      ))}
      {unsaved > 0 ? (
        <li className="attendance-counts__item attendance-counts__item--unsaved">
          <span className="attendance-counts__number">{unsaved}</span> {t('attendance.sheet.notSaved')}
        </li>
      ) : null}
    </ul>
  );
}

interface SheetProps {
  rows: ClassAttendanceRow[];
  drafts: Record<number, Draft>;
  onChange: (studentId: number, draft: Draft) => void;
  timeZone: string | undefined;
}

function AttendanceSheet({ rows, drafts, onChange, timeZone }: SheetProps) {
  const { t } = useI18n();
  const id = useId();
  const kept = registerKeptIn(rows);
  // The register said the child came: Absent only after the teacher says so twice.
  const mayMark = (row: ClassAttendanceRow, status: AttendanceCode): boolean =>
    status !== ABSENT ||
    row.checkedInAt === null ||
    window.confirm(
      t('attendance.sheet.confirmAbsent', {
        name: row.studentName,
        time: formatTime(row.checkedInAt, timeZone),
      }),
    );
  return (
    <>
      <Counts rows={rows} drafts={drafts} />
      <TableWrap label={t('attendance.sheet.label')} className="attendance-sheet-wrap">
        <table className="table school-table attendance-sheet">
          <thead>
            <tr>
              <th scope="col">{t('attendance.sheet.srNo')}</th>
              <th scope="col">{t('attendance.sheet.name')}</th>
              <th scope="col">{t('attendance.sheet.status')}</th>
              <th scope="col">{t('attendance.sheet.description')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const value = shown(row, drafts[row.studentId], kept);
              const nameId = `${id}-${row.studentId}-name`;
              return (
                <tr key={row.studentId} className={`attendance-row attendance-row--${value.status}`}>
                  <td className="attendance-sheet__number">{index + 1}</td>
                  <th scope="row" id={nameId} className="attendance-sheet__name">
                    {row.studentName}
                    {row.checkedInAt !== null ? (
                      <span className="attendance-sheet__checkin">
                        {t('attendance.sheet.checkedIn', { time: formatTime(row.checkedInAt, timeZone) })}
                      </span>
                    ) : kept ? (
                      <span className="attendance-sheet__checkin">{t('attendance.sheet.notCheckedIn')}</span>
                    ) : null}
                    {row.status === null ? (
                      <span className="attendance-sheet__unsaved">{t('attendance.sheet.notSaved')}</span>
                    ) : null}
                  </th>
                  <td className="attendance-sheet__status">
                    <select
                      className="form-select form-select-sm"
                      aria-label={t('attendance.sheet.statusOf', { name: row.studentName })}
                      value={value.status}
                      onChange={(event) => {
                        const status = Number(event.target.value) as AttendanceCode;
                        if (mayMark(row, status)) onChange(row.studentId, { ...value, status });
                      }}
                    >
                      {ATTENDANCE_STATUSES.map((status) => (
                        <option key={status.code} value={status.code}>
                          {t(`common.attendance.${status.code}`)}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className="attendance-sheet__description">
                    <input
                      type="text"
                      className="form-control form-control-sm"
                      aria-label={t('attendance.sheet.descriptionFor', { name: row.studentName })}
                      placeholder={t('attendance.sheet.description')}
                      maxLength={500}
                      value={value.description}
                      onChange={(event) =>
                        onChange(row.studentId, { ...value, description: event.target.value })
                      }
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableWrap>
    </>
  );
}

/**
 * Which class: the one in the address if the user may see it, else the teacher's own class
 * (decision 0047), else the first.
 */
function chosenClass(
  classes: AssignedClass[] | undefined,
  wanted: number | undefined,
  own: number | null | undefined,
): AssignedClass | undefined {
  if (!classes) return undefined;
  return (
    classes.find((row) => row.classId === wanted) ?? classes.find((row) => row.classId === own) ?? classes[0]
  );
}

/**
 * Student-attendence, /student-attendence (docs/contract/product.md#school-screens,
 * docs/contract/product.md#states, docs/contract/product.md#validation, docs/contract/product.md#messages;
 * docs/contract/fixes-and-gaps.md#fix-11): 'Class Attendance' for a date and a class. The rows show what was
 * saved for that date; unsaved rows start from the day's check-ins on Today (decision 0047), and a child
 * checked in is marked Absent only after a confirm. Save Attendance sends every row, and saving again
 * updates. The date and class live in the address (`?date=&classId=`), so a reload shows the same day;
 * without a class it opens on the teacher's own. "Today" is the school's, as on Today.
 */
export function ClassAttendanceScreen() {
  const { t } = useI18n();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const timeZone = useSettings().data?.timeZone;
  const today = todayInZone(timeZone);
  const date = params.get('date') ?? today;
  const classes = useAssignedClasses();
  const own = useOwnClass();
  const wanted = parseId(params.get('classId'));
  // Without a class in the address, wait for the own class rather than open another one first.
  const schoolClass =
    wanted === undefined && own.isPending ? undefined : chosenClass(classes.data, wanted, own.data);
  const classId = schoolClass?.classId;
  const sheet = useClassAttendance(classId, date);
  const save = useSaveAttendance();
  const [drafts, setDrafts] = useState<Drafts>({});
  const [saveError, setSaveError] = useState<string | undefined>();
  const [showReport, setShowReport] = useState(false);
  const report = useRef<HTMLDivElement>(null);

  // The report opens below the class list: bring it into view and move focus there.
  useEffect(() => {
    if (!showReport || !report.current) return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
    report.current.scrollIntoView({ block: 'start', behavior: reduceMotion ? 'auto' : 'smooth' });
    report.current.focus({ preventScroll: true });
  }, [showReport]);

  const key = classId === undefined ? '' : sheetKey(classId, date);
  const sheetDrafts = drafts[key] ?? {};

  const setParam = (name: 'date' | 'classId', value: string): void => {
    setSaveError(undefined);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(name, value);
        return next;
      },
      { replace: true },
    );
  };

  const onChange = (studentId: number, draft: Draft): void =>
    setDrafts((current) => ({ ...current, [key]: { ...current[key], [studentId]: draft } }));

  const onSave = (): void => {
    if (date === '') {
      window.alert(t('common.toast.attendanceNeedsDate'));
      return;
    }
    if (classId === undefined || !sheet.data || sheet.data.rows.length === 0 || sheet.data.closedFor !== null)
      return;
    setSaveError(undefined);
    const kept = registerKeptIn(sheet.data.rows);
    const marks = sheet.data.rows.map((row) => ({
      studentId: row.studentId,
      ...shown(row, sheetDrafts[row.studentId], kept),
    }));
    const savedKey = key;
    save.mutate(
      { classId, date, marks },
      {
        onSuccess: () => {
          setDrafts((current) => {
            const { [savedKey]: _saved, ...rest } = current;
            return rest;
          });
          window.alert(t('common.toast.attendanceSaved'));
        },
        onError: (error) => {
          console.error('Could not save the attendance:', error);
          if (isApiError(error) && error.status !== 0) setSaveError(error.message);
          window.alert(t('common.toast.attendanceFailed'));
        },
      },
    );
  };

  let body: ReactNode;
  if (classes.isError && !classes.data) body = <FailureState error={classes.error} retry={classes.refetch} />;
  else if (!classes.data) body = <LoadingState />;
  else if (classes.data.length === 0) body = <EmptyState>{t('attendance.class.noClasses')}</EmptyState>;
  else if (date === '')
    body = <p className="school-state school-state--empty">{t('attendance.class.chooseDate')}</p>;
  else if (sheet.isError && !sheet.data) body = <FailureState error={sheet.error} retry={sheet.refetch} />;
  else if (!sheet.data) body = <LoadingState />;
  else if (sheet.data.closedFor !== null)
    // A closed day takes no register (docs/decisions/0088-closed-days.md): the reason, not the form.
    body = (
      <div className="school-state school-state--notice" role="status">
        <p className="fw-bold mb-1">{t('attendance.class.closed', { reason: sheet.data.closedFor })}</p>
        <p className="mb-0">{t('attendance.class.closedLead')}</p>
      </div>
    );
  else if (sheet.data.rows.length === 0) body = <EmptyState>{t('attendance.class.noPupils')}</EmptyState>;
  else
    body = (
      <AttendanceSheet rows={sheet.data.rows} drafts={sheetDrafts} onChange={onChange} timeZone={timeZone} />
    );
  const term = sheet.data?.term ?? null;

  const reportId = `${id}-report`;
  return (
    <>
      <SchoolPanel title={t('attendance.class.title')} lead={t('attendance.class.lead')}>
        <div className="attendance-toolbar">
          <SchoolDateField
            id={`${id}-date`}
            label={t('attendance.class.date')}
            value={date}
            max={today}
            onChange={(value) => setParam('date', value)}
          />
          <SchoolSelect
            id={`${id}-class`}
            label={t('attendance.class.class')}
            value={classId}
            disabled={!classes.data || classes.data.length === 0}
            onChange={(value) => setParam('classId', value)}
            options={classes.data?.map((row) => ({ id: row.classId, label: row.className }))}
          />
          <div className="attendance-toolbar__buttons">
            <button
              type="button"
              className="btn btn-primary rounded-pill px-4"
              onClick={onSave}
              disabled={
                save.isPending || (date !== '' && (!sheet.data?.rows.length || sheet.data.closedFor !== null))
              }
            >
              {save.isPending ? t('attendance.class.saving') : t('attendance.class.save')}
            </button>
            <button
              type="button"
              className="btn btn-outline-primary rounded-pill px-4"
              aria-expanded={showReport}
              aria-controls={reportId}
              disabled={classId === undefined}
              onClick={() => setShowReport((open) => !open)}
            >
              {t('attendance.class.report')}
            </button>
          </div>
        </div>
        {term !== null ? <p className="attendance-term">{t('attendance.class.term', { term })}</p> : null}
        {saveError ? (
          <p className="school-state school-state--notice" role="alert">
            {saveError}
          </p>
        ) : null}
        {body}
      </SchoolPanel>
      <div id={reportId} ref={report} tabIndex={-1} className="attendance-report-anchor">
        {showReport && schoolClass ? (
          <ClassAttendanceReportPanel classId={schoolClass.classId} className={schoolClass.className} />
        ) : null}
      </div>
    </>
  );
}
