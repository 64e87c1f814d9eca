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

export interface PaymentProvider {
  readonly id: string;
  readonly kind: 'card' | 'paypal' | 'blik';
  createSession(q: Queryable, input: CreateSessionInput): Promise<CreatedSession>;
  /** Inside the commit transaction: approved → captured, or throws ApiHttpError (PAYMENT_NOT_APPROVED...). */
  capture(q: Queryable, input: CaptureInput): Promise<void>;
  /** Registers the provider's hosted page routes (under the api prefix). */
  registerRoutes(app: FastifyInstance, db: Db): void;
}

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
