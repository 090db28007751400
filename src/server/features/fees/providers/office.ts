import type { PaymentProvider } from './payment-provider.js';

/**
 * The office's manual payment: the money is already in the school's hands (cash at the desk, a bank
 * transfer seen on the statement, a card on the office's own terminal), so there is nothing to
 * confirm with anyone; the principal's reference (a transfer's or a terminal slip's) is the
 * payment's `reference`.
 */
export const officeProvider: PaymentProvider = {
  name: 'office',
  confirm: async () => ({ providerReference: null }),
};
