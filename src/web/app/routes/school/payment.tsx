import { PaymentScreen } from '../../../features/payments/components/PaymentScreen.js';

/** Payment (docs/contract/fixes-and-gaps.md#fix-5): the tuition fee ledger, later work. */
export default function PaymentRoute() {
  return <PaymentScreen />;
}
