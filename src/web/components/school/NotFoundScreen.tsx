import { NotFoundState } from './QueryState.js';
import { SchoolPanel } from './SchoolPanel.js';

/** A school address whose id is not a record id at all (`/result-summary/abc`). */
export function NotFoundScreen() {
  return (
    <SchoolPanel title="Not found">
      <NotFoundState />
    </SchoolPanel>
  );
}
