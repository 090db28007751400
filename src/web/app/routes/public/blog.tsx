import { ScreenPlaceholder } from '../../../components/ui/ScreenPlaceholder.js';

/** Blog (spec 2.4): the post cards. */
export default function BlogRoute() {
  return <ScreenPlaceholder />;
}
