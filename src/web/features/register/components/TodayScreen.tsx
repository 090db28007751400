import '../../../styles/family-staff.css';
import { type ReactNode, useId } from 'react';
import { useSearchParams } from 'react-router';
import type { RegisterRow } from '../../../../shared/api/family.js';
import { USER_TYPE } from '../../../../shared/constants.js';
import { EmptyState, FailureState, LoadingState } from '../../../components/school/QueryState.js';
import { SchoolDateField, SchoolSelect } from '../../../components/school/SchoolField.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { useCurrentUser } from '../../../lib/current-user.js';
import { useI18n } from '../../../lib/i18n.js';
import { parseId } from '../../../lib/school/format.js';
import { type AssignedClass, useAssignedClasses } from '../../../lib/school/get-assigned-classes.js';
import { isIsoDate, shortDate, todayInZone, useSchoolTimeZone } from '../../../lib/school-time.js';
import { useRegister } from '../api/get-register.js';
import { OverridesPanel } from './OverridesPanel.js';
import { RegisterCard } from './RegisterCard.js';

function Counts({ rows, readOnly }: { rows: RegisterRow[]; readOnly: boolean }) {
  const { t, parts } = useI18n();
  const number = (chunks: ReactNode[]) => (
    <span key="number" className="register-counts__number">
      {chunks}
    </span>
  );
  const inNow = rows.filter((row) => row.present).length;
  const gone = rows.filter((row) => !row.present && row.checkedOutAt).length;
  const notYet = rows.length - inNow - gone;
  const allergies = rows.filter((row) => row.allergy).length;
  // Today only: who may not go on a walk now (docs/decisions/0115-trips-in-the-consent-ledger.md).
  const noOutings = readOnly ? 0 : rows.filter((row) => !row.outings).length;
  return (
    <ul className="attendance-counts" aria-label={t('register.counts.label')}>
      <li className="register-counts__item register-counts__item--in">
        {parts('register.counts.in', { count: inNow, number })}
      </li>
      <li className="register-counts__item register-counts__item--absent">
        {parts('register.counts.notArrived', { count: notYet, number })}
      </li>
      <li className="register-counts__item register-counts__item--out">
        {parts('register.counts.collected', { count: gone, number })}
      </li>
      {allergies > 0 ? (
        <li className="register-counts__item register-counts__item--allergy">
          {parts('register.counts.allergies', { count: allergies, number })}
        </li>
      ) : null}
      {noOutings > 0 ? (
        <li className="register-counts__item register-counts__item--outings">
          {parts('register.counts.noOutings', { count: noOutings, number })}
        </li>
      ) : null}
    </ul>
  );
}

/** Which class: the one in the address if the user may see it, else `openOn`, else the first. */
function chosenClass(
  classes: AssignedClass[] | undefined,
  wanted: number | undefined,
  openOn: number | undefined,
) {
  return (
    classes?.find((row) => row.classId === wanted) ??
    classes?.find((row) => row.classId === openOn) ??
    classes?.[0]
  );
}

/**
 * Today, /today (docs/decisions/0021-families.md#staff-screens): a class's register of the day,
 * one large card per child with the allergy flag, Check in and Check out. The class and an earlier
 * day (read only) live in the address (`?classId=&date=`). The principal also sees the check-outs
 * to people not on a child's list. Without a class in the address it opens on `openOn`, the teacher's
 * own class (decision 0047), which the route gives.
 */
export function TodayScreen({
  openOn,
  dayTools,
  familyNotes,
}: {
  openOn?: number;
  /** What other features add under the register for today (the route gives them: the daily log). */
  dayTools?: (day: { classId: number; pupils: readonly RegisterRow[] }) => ReactNode;
  /** The families' messages about the day (features/conversations, given by the route: decision 0080). */
  familyNotes?: (classId: number, date: string) => ReactNode;
} = {}) {
  const id = useId();
  const { t, locale } = useI18n();
  const [params, setParams] = useSearchParams();
  const timeZone = useSchoolTimeZone();
  const today = todayInZone(timeZone);
  const wanted = params.get('date');
  const date = isIsoDate(wanted) && wanted < today ? wanted : today;
  const readOnly = date !== today;
  const classes = useAssignedClasses();
  const schoolClass = chosenClass(classes.data, parseId(params.get('classId')), openOn);
  const register = useRegister(schoolClass?.classId, date);
  const isPrincipal = useCurrentUser().data?.type === USER_TYPE.principal;

  const setParam = (name: 'date' | 'classId', value: string): void =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === '' || (name === 'date' && value >= today)) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  let body: ReactNode;
  if (classes.isError && !classes.data) body = <FailureState error={classes.error} retry={classes.refetch} />;
  else if (!classes.data) body = <LoadingState />;
  else if (classes.data.length === 0) body = <EmptyState>{t('register.today.noClasses')}</EmptyState>;
  else if (register.isError && !register.data)
    body = <FailureState error={register.error} retry={register.refetch} />;
  else if (!register.data) body = <LoadingState />;
  else if (register.data.data.length === 0) body = <EmptyState>{t('register.today.noPupils')}</EmptyState>;
  else {
    const rows = register.data.data;
    body = (
      <>
        <Counts rows={rows} readOnly={readOnly} />
        <ul
          className="register-list"
          aria-label={t('register.today.registerOf', { className: register.data.className })}
        >
          {rows.map((row) => (
            <RegisterCard key={row.studentId} row={row} timeZone={timeZone} readOnly={readOnly} />
          ))}
        </ul>
      </>
    );
  }

  return (
    <>
      {schoolClass && familyNotes ? familyNotes(schoolClass.classId, date) : null}
      <SchoolPanel
        title={t('register.today.title')}
        lead={t('register.today.lead')}
        className="register-panel"
      >
        <p className="register-day">{shortDate(date, locale)}</p>
        <div className="attendance-toolbar register-toolbar">
          <SchoolSelect
            id={`${id}-class`}
            label={t('register.today.class')}
            value={schoolClass?.classId}
            disabled={!classes.data || classes.data.length === 0}
            onChange={(value) => setParam('classId', value)}
            options={classes.data?.map((row) => ({ id: row.classId, label: row.className }))}
          />
          <SchoolDateField
            id={`${id}-date`}
            label={t('register.today.day')}
            value={date}
            max={today}
            onChange={(value) => setParam('date', value)}
          />
        </div>
        {readOnly ? (
          <p className="school-state school-state--notice register-earlier">
            {t('register.today.earlier')}{' '}
            <button
              type="button"
              className="btn btn-link p-0 align-baseline"
              onClick={() => setParam('date', '')}
            >
              {t('register.today.backToToday')}
            </button>
          </p>
        ) : null}
        {body}
      </SchoolPanel>
      {dayTools && !readOnly && register.data && register.data.data.length > 0
        ? dayTools({ classId: register.data.classId, pupils: register.data.data })
        : null}
      {isPrincipal ? <OverridesPanel today={today} timeZone={timeZone} /> : null}
    </>
  );
}
