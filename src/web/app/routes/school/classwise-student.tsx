import { ScreenPlaceholder } from '../../../components/ui/ScreenPlaceholder.js';

/** Classwise-student (spec 2.5): classes with View Student List. */
export default function ClasswiseStudentRoute() {
  return <ScreenPlaceholder />;
}
