import { ScreenPlaceholder } from '../../../components/ui/ScreenPlaceholder.js';

/** Teachers, /teacher (spec 2.4): the teacher cards. */
export default function TeachersRoute() {
  return <ScreenPlaceholder />;
}
