import { ScreenPlaceholder } from '../../../components/ui/ScreenPlaceholder.js';

/** Schedule-summary (spec 2.5, decisions 12): the weekly class schedule. */
export default function ScheduleSummaryRoute() {
  return <ScreenPlaceholder />;
}
