import { PaymentScreen } from '../../../features/payments/components/PaymentScreen.js';

/** Payment (docs/decisions/0026-fees.md): the principal's fee ledger. */
export default function PaymentRoute() {
  return <PaymentScreen />;
}
