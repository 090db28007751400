import { ImportPupilsScreen } from '../../../features/school-admin/components/ImportPupilsScreen.js';

/** Import Pupils (issue #7): a CSV preview with per-row problems, then a commit. */
export default function ImportPupilsRoute() {
  return <ImportPupilsScreen />;
}
