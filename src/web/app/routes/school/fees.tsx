import { FeesScreen } from '../../../features/payments/components/FeesScreen.js';

/** Fees (docs/decisions/0026-fees.md): a parent's children's invoices, payments and receipts. */
export default function FeesRoute() {
  return <FeesScreen />;
}
