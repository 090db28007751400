import { ScreenPlaceholder } from '../../../components/ui/ScreenPlaceholder.js';

/** Exam, for a student (spec 2.5): Class, Subject, Time. */
export default function ExamRoute() {
  return <ScreenPlaceholder />;
}
