import { ImportPupilsScreen } from '../../../features/pupils/components/ImportPupilsScreen.js';

/**
 * Import Pupils (docs/decisions/0009-running-the-school-year.md): a CSV preview with per-row problems, then a
 * commit.
 */
export default function ImportPupilsRoute() {
  return <ImportPupilsScreen />;
}
