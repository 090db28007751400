import { LoadingState } from '../../../components/school/QueryState.js';
import { ownClassQueryOptions, useOwnClass } from '../../../features/attendance/api/get-own-class.js';
import { DayNotesPanel } from '../../../features/conversations/components/DayNotesPanel.js';
import { QuickLog } from '../../../features/day-log/components/QuickLog.js';
import { TodayScreen } from '../../../features/register/components/TodayScreen.js';
import { currentUserQueryOptions } from '../../../lib/current-user.js';
import { assignedClassesQueryOptions } from '../../../lib/school/get-assigned-classes.js';
import { schoolLoader } from '../../../lib/school/prefetch.js';

export const clientLoader = schoolLoader((queryClient) => [
  queryClient.ensureQueryData(assignedClassesQueryOptions()),
  queryClient.ensureQueryData(currentUserQueryOptions()),
  queryClient.ensureQueryData(ownClassQueryOptions()),
]);

/**
 * Today (docs/decisions/0021-families.md#staff-screens): the class's register of arrivals and
 * departures, opened on the teacher's own class (decision 0047). The screen waits for that class
 * rather than open another one first; if it cannot be had, the first class. Under the register, the
 * daily log's quick entries for the children chosen (docs/decisions/0078-the-daily-log.md).
 */
export default function TodayRoute() {
  const own = useOwnClass();
  if (own.isPending) return <LoadingState />;
  return (
    <TodayScreen
      openOn={own.data ?? undefined}
      dayTools={({ classId, pupils }) => <QuickLog key={classId} classId={classId} pupils={pupils} />}
      familyNotes={(classId, date) => <DayNotesPanel classId={classId} date={date} />}
    />
  );
}
