import { USER_TYPE } from '../../../../shared/constants.js';
import { CalendarScreen } from '../../../features/calendar/components/CalendarScreen.js';
import { useCurrentUser } from '../../../lib/current-user.js';
import { useClasses } from '../../../lib/school/get-classes.js';

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
