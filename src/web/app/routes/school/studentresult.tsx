import { ScreenPlaceholder } from '../../../components/ui/ScreenPlaceholder.js';

/** /studentresult/:id (spec 2.5): a pupil's assigned results. */
export default function StudentResultRoute() {
  return <ScreenPlaceholder />;
}
