import { ScreenPlaceholder } from '../../../components/ui/ScreenPlaceholder.js';

/** Blog detail, /blogdetail (spec 2.4): the post, its sidebar and the comment form. */
export default function BlogDetailRoute() {
  return <ScreenPlaceholder />;
}
