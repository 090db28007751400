import { ScreenPlaceholder } from '../../../components/ui/ScreenPlaceholder.js';

/** Payment (decisions 5): the tuition fee ledger. */
export default function PaymentRoute() {
  return <ScreenPlaceholder />;
}
