import type { PaymentGateway } from './gateway';

/** The gateway the server collects through, and where it sends payers back (PUBLIC_URL), if anywhere. */
export interface PaymentsSetup {
  gateway: PaymentGateway;
  /** PUBLIC_URL's origin: the payer's browser comes back to it after paying; null on an office network. */
  returnOrigin: string | null;
}

/** The path the gateway sends the payer back to (the payment is then fetched from the gateway, not believed). */
export const PAYMENT_RETURN_PATH = '/payments/return';
