import { ImportPupilsScreen } from '../../../features/pupils/components/ImportPupilsScreen.js';

/** Import Pupils (issue #7): a CSV preview with per-row problems, then a commit. */
export default function ImportPupilsRoute() {
  return <ImportPupilsScreen />;
}
