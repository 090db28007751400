import { ScreenPlaceholder } from '../../../components/ui/ScreenPlaceholder.js';

/** Final-results (spec 2.5): one row per pupil with View Marks. */
export default function FinalResultsRoute() {
  return <ScreenPlaceholder />;
}
