import { ScreenPlaceholder } from '../../../components/ui/ScreenPlaceholder.js';

/** /student-profile/:id (spec 2.5): a pupil's profile. */
export default function StudentProfileRoute() {
  return <ScreenPlaceholder />;
}
