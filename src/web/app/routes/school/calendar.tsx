import { USER_TYPE } from '../../../../shared/constants.js';
import { calendarFeedsQueryOptions, calendarQueryOptions } from '../../../features/calendar/api/calendar.js';
import { CalendarScreen, MONTH_PARAM } from '../../../features/calendar/components/CalendarScreen.js';
import { isMonth, monthOf, monthRange } from '../../../features/calendar/lib/months.js';
import { useCurrentUser } from '../../../lib/current-user.js';
import { useClasses } from '../../../lib/school/get-classes.js';
import { schoolLoader } from '../../../lib/school/prefetch.js';
import { cachedSchoolTimeZone, todayInZone } from '../../../lib/school-time.js';

/** The month the address asks for (this month of the school's by default), and the feeds. */
export const clientLoader = schoolLoader((queryClient, { request }) => {
  const asked = new URL(request.url).searchParams.get(MONTH_PARAM);
  const month = isMonth(asked) ? asked : monthOf(todayInZone(cachedSchoolTimeZone(queryClient)));
  const { from, to } = monthRange(month);
  return [
    queryClient.ensureQueryData(calendarQueryOptions(from, to)),
    queryClient.ensureQueryData(calendarFeedsQueryOptions()),
  ];
});

/**
 * The school calendar (docs/decisions/0089-screens-for-the-school-year-and-calendar.md), for every
 * account type: the principal also manages the entries, and the staff may make a class's feed.
 */
export default function CalendarRoute() {
  const type = useCurrentUser().data?.type;
  const staff = type === USER_TYPE.principal || type === USER_TYPE.teacher;
  return staff ? <StaffCalendar manage={type === USER_TYPE.principal} /> : <CalendarScreen />;
}

/** The staff's calendar, with the school's classes for their feeds. */
function StaffCalendar({ manage }: { manage: boolean }) {
  const classes = useClasses();
  return <CalendarScreen manage={manage} classes={classes.data ?? []} />;
}
