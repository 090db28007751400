import { ScreenPlaceholder } from '../../../components/ui/ScreenPlaceholder.js';

/** Schedule (spec 2.5): classes with View Schedule Details. */
export default function ScheduleRoute() {
  return <ScreenPlaceholder />;
}
