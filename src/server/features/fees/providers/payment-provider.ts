import type { PaymentMethod } from '../../../../shared/api/fees.js';

/**
 * Who takes a payment's money (docs/decisions/0026-fees.md): the office by hand today, a card
 * provider later. The ledger's side (the invoice's lock, the outstanding check, the receipt number,
 * the payment row, the audit) stays in payments.service.ts whoever the provider is; the provider
 * only says that the money was taken and under which reference of its own.
 *
 * `confirm` runs inside the payment's database transaction, so it must answer at once: the office's
 * does no I/O. A card provider's checkout plugs in around it, never inside it:
 * 1. a route starts the checkout (outside any transaction): it asks the provider for a checkout
 *    session for the invoice's outstanding amount and sends the parent to the provider's page;
 * 2. the provider calls our webhook when the card was charged; the webhook checks the provider's
 *    signature and calls `recordPayment` with that provider, the provider's event id as the
 *    Idempotency-Key (a redelivered event then records nothing twice) and the charge id as
 *    `providerReference`; its `confirm` only checks that the event is a completed charge of that
 *    amount;
 * 3. a charge that arrives for an invoice already paid is kept as credit (`asCredit`), since the
 *    money was taken: the provider's refund is the principal's decision, not the webhook's.
 */
export interface PaymentProvider {
  /** Stored in payment.provider. */
  readonly name: string;
  confirm(payment: ProviderPayment): Promise<ProviderConfirmation>;
}

export interface ProviderPayment {
  invoiceId: number;
  amount: number;
  currency: string;
  method: PaymentMethod;
  reference: string;
  paidOn: string;
}

export interface ProviderConfirmation {
  /** The provider's own id of the payment (a card charge's id); null when it has none. */
  providerReference: string | null;
}
