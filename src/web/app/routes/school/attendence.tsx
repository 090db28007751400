import { ScreenPlaceholder } from '../../../components/ui/ScreenPlaceholder.js';

/** Attendence, for a principal (decisions 5): each class's attendance for a day. */
export default function AttendenceRoute() {
  return <ScreenPlaceholder />;
}
