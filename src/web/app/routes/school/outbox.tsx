import { outboxQueryOptions } from '../../../features/outbox/api/get-outbox.js';
import { mailSettingsQueryOptions } from '../../../features/outbox/api/mail-settings.js';
import { OutboxScreen } from '../../../features/outbox/components/OutboxScreen.js';
import { schoolLoader } from '../../../lib/school/prefetch.js';

export const clientLoader = schoolLoader((queryClient, { request }) => {
  const search = new URL(request.url).searchParams;
  const firstLook = !search.has('status') && !search.has('page');
  return [
    // The usual first look: every mail, first page (another page or filter loads in the screen).
    ...(firstLook ? [queryClient.ensureQueryData(outboxQueryOptions({ page: 1 }))] : []),
    queryClient.ensureQueryData(mailSettingsQueryOptions()),
  ];
});

/** Outbox (docs/decisions/0022-email-outbox.md): the principal's view of the school's mail. */
export default function OutboxRoute() {
  return <OutboxScreen />;
}
