import { ScreenPlaceholder } from '../../../components/ui/ScreenPlaceholder.js';

/** About (spec 2.4): the about section and its check-list. */
export default function AboutRoute() {
  return <ScreenPlaceholder />;
}
