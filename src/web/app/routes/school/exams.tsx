import { ScreenPlaceholder } from '../../../components/ui/ScreenPlaceholder.js';

/** Exams, for a teacher (spec 2.5): Class, Subject, Time. */
export default function ExamsRoute() {
  return <ScreenPlaceholder />;
}
