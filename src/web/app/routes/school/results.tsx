import { ScreenPlaceholder } from '../../../components/ui/ScreenPlaceholder.js';

/** Results (spec 2.5): Class, Student Name, Subject, Marks. */
export default function ResultsRoute() {
  return <ScreenPlaceholder />;
}
