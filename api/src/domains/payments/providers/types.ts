import type { FastifyInstance } from 'fastify';
import type { PaymentSessionStatus } from '@ticketing/shared/contracts';
import type { Db, Queryable } from '../../../db/index.ts';

/**
 * A payment provider (decisions.md: the built-in sandbox card provider is the default; a second card
 * provider and PayPal are further implementations with sandbox behaviour). A provider hosts its own
 * payment page (the browser shows it in an iframe); card data goes only to that page's handler, and the
 * api's order tables see a session id (the paymentIdentifier), a token, last4 and brand.
 *
 * Lifecycle of a session:  pending ─submit→ approved | declined | challenge(3-D Secure)
 *                          challenge ─approve→ approved, ─fail→ 3ds_failed (Blik: waiting for the bank app; ─reject→ declined)
 *                          pending | challenge ─cancel→ cancelled
 *                          approved ─capture (inside the commit transaction)→ captured
 * declined, 3ds_failed, cancelled and captured are final; a session not finished in time becomes expired.
 */
export interface CreateSessionInput {
  uuid: string;
  /** agorot */
  amount: number;
  locale: string;
  parentOrigin: string;
  numberOfPayments: number;
}

export interface CreatedSession { sessionId: string; paymentFormURL: string; expiresAt: Date }

export interface CaptureInput { sessionId: string; uuid: string; amount: number; /** Null or absent for purchases without a reservation (vouchers, memberships). */ reservationId?: number | null }

/**
 * Money back to what paid: a captured session (the provider's capture reference), an amount (agorot, at most what the
 * session captured less its earlier refunds) and an idempotency key — the same key is the same refund, so a retry after
 * a lost answer never pays twice (the provider answers the first outcome again).
 */
export interface RefundInput { sessionId: string; amountAgorot: number; idempotencyKey: string }

/** Why a refund did not go through: the operator's list (PresLive) names each. */
export type RefundFailureReason =
  | 'PROVIDER_UNAVAILABLE' // the provider did not answer or asked to try later: retried
  | 'DECLINED'             // the provider refused it (a closed card account…): not retried
  | 'NOT_REFUNDABLE'       // no captured payment of this provider by that reference
  | 'EXCEEDS_CAPTURED'     // more than the payment took, less its refunds
  | 'NO_PAYMENT_SESSION'   // the order has no card payment on record to refund through
  | 'NO_REFUND_SUPPORT'    // the provider cannot refund through the api
  | 'ATTEMPTS_EXHAUSTED';  // still unavailable after every retry

export type RefundOutcome =
  | { status: 'sent'; providerRef: string }
  | { status: 'failed'; retry: boolean; reason: RefundFailureReason; detail?: string };

export interface PaymentProvider {
  readonly id: string;
  readonly kind: 'card' | 'paypal' | 'blik';
  createSession(q: Queryable, input: CreateSessionInput): Promise<CreatedSession>;
  /** Inside the commit transaction: approved → captured, or throws ApiHttpError (PAYMENT_NOT_APPROVED...). */
  capture(q: Queryable, input: CaptureInput): Promise<void>;
  /**
   * Sends a refund of a captured session to the provider (outside the cancellation's transaction: the caller holds the
   * card_refunds row's lock). Answers its outcome; a thrown error counts as PROVIDER_UNAVAILABLE (retried). Optional in
   * the type only so implementations written before it still compile: the registry gives every provider one
   * (providers/index.ts: the sandbox ledger for the sandbox providers, "no refund support" for any other).
   */
  refund?(q: Queryable, input: RefundInput): Promise<RefundOutcome>;
  /** Registers the provider's hosted page routes (under the api prefix). */
  registerRoutes(app: FastifyInstance, db: Db): void;
}

/** A provider as the registry hands it out: refund is always there. */
export type RefundingProvider = PaymentProvider & { refund(q: Queryable, input: RefundInput): Promise<RefundOutcome> };

export const ALLOWED_TRANSITIONS: Record<PaymentSessionStatus, PaymentSessionStatus[]> = {
  pending: ['approved', 'declined', 'challenge', 'cancelled', 'expired'],
  challenge: ['approved', 'declined', '3ds_failed', 'cancelled', 'expired'],
  approved: ['captured', 'expired'],
  declined: [],
  '3ds_failed': [],
  cancelled: [],
  captured: [],
  expired: [],
};
