import { ScreenPlaceholder } from '../../../components/ui/ScreenPlaceholder.js';

/** /result-summary/:id (spec 2.5, 9): a pupil's mark sheet. */
export default function ResultSummaryRoute() {
  return <ScreenPlaceholder />;
}
