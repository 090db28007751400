import { ScreenPlaceholder } from '../../../components/ui/ScreenPlaceholder.js';

/** /student-list/:id (spec 2.5): the pupils of a class. */
export default function StudentListRoute() {
  return <ScreenPlaceholder />;
}
