import type { FailureReason, Operator } from '@app/shared/payments';

/*
 * One interface for every Mobile Money provider (issue 28). An adapter speaks its provider's
 * published HTTP API (mtn-momo.provider.ts, orange-money.provider.ts); without keys it speaks to
 * that API's local emulator (emulators/), which is configuration only: the same adapter, another
 * base URL. The payments service never knows which operator it talks to.
 */

export interface PaymentRequest {
  /** Our payment's id (a uuid): MTN's X-Reference-Id, Orange's order id. */
  paymentId: string;
  /** Ours, shown to the payer ('PAY-7K3F9Q2M'): MTN's externalId. */
  reference: string;
  /** FCFA, an integer: the server's price, never the client's. */
  amount: number;
  currency: 'XAF';
  /** The payer's number, E.164 (+2376XXXXXXXX). */
  phone: string;
  /** Shown on the payer's phone prompt. */
  payerMessage: string;
  /** Our note for the statement. */
  payeeNote: string;
  /** Where the provider may call back (a hint only: the status is always read back). */
  callbackUrl: string;
}

/** What the provider says of a request, read back by its reference. */
export type ProviderStatus =
  | { status: 'pending' }
  | { status: 'successful'; amount: number; currency: string; providerTransactionId: string | null }
  | { status: 'failed'; reason: FailureReason; detail: string | null };

/**
 * The provider could not be asked or did not answer in time (network error, timeout, 5xx): the
 * request may or may not have reached it, so the payment is 'unknown', never 'failed'.
 */
export class ProviderUnreachable extends Error {
  override readonly name = 'ProviderUnreachable';
  constructor(
    message: string,
    /**
     * The provider's reference of the request when it was already known before the call that
     * failed (Orange's payToken comes from mp/init, before mp/pay pushes the prompt): the status is
     * read back by it. Null when the payer cannot have been asked yet.
     */
    readonly providerReference: string | null = null,
  ) {
    super(message);
  }
}

/** The provider answered and refused the request for good (4xx): the payment failed, nothing taken. */
export class ProviderRefused extends Error {
  override readonly name = 'ProviderRefused';
  constructor(
    message: string,
    readonly reason: FailureReason,
  ) {
    super(message);
  }
}

export interface MobileMoneyProvider {
  readonly operator: Operator;
  /** True when this adapter talks to the local emulator (no provider keys). */
  readonly emulated: boolean;
  /** How long the provider holds a request before it times out on its side. */
  readonly requestLifetimeMs: number;
  /**
   * Asks the payer to approve on their phone. Answers the provider's reference to read the status
   * by; throws ProviderUnreachable or ProviderRefused.
   */
  requestToPay(request: PaymentRequest): Promise<{ providerReference: string }>;
  /** The request's status at the provider; throws ProviderUnreachable. */
  status(providerReference: string): Promise<ProviderStatus>;
  /**
   * Gives the money back through the provider, where its API has a refund; absent when it has none
   * (then a refund is recorded by hand with its reason).
   */
  refund?(request: { paymentId: string; providerReference: string; amount: number; phone: string; reason: string }): Promise<{
    providerReference: string;
  }>;
  /**
   * Whether a callback's raw body and headers carry the provider's valid signature, where it signs
   * them; true for a provider that does not sign (its callback address is unguessable instead).
   */
  verifyCallback(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): boolean;
  /** The provider's reference named in a callback body, or null when the body is not one of its callbacks. */
  referenceOfCallback(body: unknown): string | null;
}

/** Every call to a provider gives up after this long (ProviderUnreachable). */
export const PROVIDER_CALL_TIMEOUT_MS = 15_000;
