import { ScreenPlaceholder } from '../../../components/ui/ScreenPlaceholder.js';

/** Approvals (decisions 9): pending registrations for the principal. */
export default function ApprovalsRoute() {
  return <ScreenPlaceholder />;
}
