import { newslettersQueryOptions } from '../../../features/newsletter/api/newsletters.js';
import { NewslettersScreen } from '../../../features/newsletter/components/NewslettersScreen.js';
import { schoolLoader } from '../../../lib/school/prefetch.js';

export const clientLoader = schoolLoader((queryClient) => [
  queryClient.ensureQueryData(newslettersQueryOptions()),
]);

/**
 * Newsletters (docs/decisions/0025-newsletter.md): the principal writes to every confirmed subscriber
 * and reads what was sent.
 */
export default function NewslettersRoute() {
  return <NewslettersScreen />;
}
