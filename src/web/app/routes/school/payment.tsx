import { PaymentScreen } from '../../../features/payments/components/PaymentScreen.js';

/** Payment (decisions 5): the tuition fee ledger, later work. */
export default function PaymentRoute() {
  return <PaymentScreen />;
}
