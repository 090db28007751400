import { ScreenPlaceholder } from '../../../components/ui/ScreenPlaceholder.js';

/** Teacher-class (spec 2.5): the teacher's classes, then a class's students. */
export default function TeacherClassRoute() {
  return <ScreenPlaceholder />;
}
