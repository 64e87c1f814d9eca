import * as z from 'zod/mini';
import { lazy } from './lazy';
import { IsoDateTime, Money } from './catalog';
import { PaypalInfo, VoucherPayment } from './orders';

/**
 * Blik (spec section 4 "A Blik code flow awaits confirmation in the bank app"): the visitor types the
 * 6-digit code from the bank app on the payment step, the api hands it to the provider, and the page
 * waits (polling the session) until the visitor confirms or rejects in the bank app, or time runs out.
 * Session states reuse the payment state machine: pending → challenge (waiting for the bank app) →
 * approved | declined (rejected in the app) | expired (not confirmed in time).
 */
export const BlikCodeBody = lazy(() => z.object({ code: z.string().check(z.regex(/^\d{6}$/)) }));
export type BlikCodeBody = z.infer<typeof BlikCodeBody>;

/** Blik errors of a code submission: the code is wrong or no longer valid (the visitor may type a new one). */
export const BLIK_ERROR_CODES = ['BLIK_CODE_INVALID', 'BLIK_CODE_EXPIRED'] as const;
export type BlikErrorCode = (typeof BLIK_ERROR_CODES)[number];

/** Sandbox codes of the Blik provider (anything else of six digits is a Blik error). */
export const BLIK_SANDBOX_CODES = {
  approve: '777123',
  reject: '777321',
  noAnswer: '777999',
  expired: '777000',
} as const;

// =====================================================================================
// Payment
// =====================================================================================

export const LocaleParams = lazy(() => z.object({ locale: z.enum(['he', 'en', 'ru', 'ar', 'pl']) }));
export const PaymentFormQuery = lazy(() => z.object({
  /** Amount the provider charges (shekels): the order's amountDue. */
  total: z.coerce.number().check(z.positive(), z.lte(1_000_000)),
  locationId: z.optional(z.coerce.number().check(z.int(), z.positive())),
  authProfileId: z.optional(z.coerce.number().check(z.int(), z.positive())),
  recaptchaToken: z.optional(z.string().check(z.maxLength(4000))),
  /** Provider id (GET /config payment.providers); the default provider when absent. */
  provider: z.optional(z.string().check(z.maxLength(30))),
  numberOfPayments: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(36))),
}));
export type PaymentFormQuery = z.infer<typeof PaymentFormQuery>;

export const PaymentFormResponse = lazy(() => z.object({
  /** Site-relative URL of the hosted payment page (show it in an iframe). */
  paymentFormURL: z.string(),
  /** Also the paymentIdentifier once approved. */
  sessionId: z.string(),
  provider: z.string(),
  expiresAt: IsoDateTime,
}));
export type PaymentFormResponse = z.infer<typeof PaymentFormResponse>;

/** What the hosted page sends to the parent window with postMessage (target origin: the page that opened it). */
export const PaymentMessage = lazy(() => z.object({
  type: z.literal('ticketing:payment'),
  status: z.enum(['approved', 'declined', 'cancelled', '3ds_failed']),
  paymentIdentifier: z.string(),
  /** PayPal only. */
  paypal: z.optional(PaypalInfo),
}));
export type PaymentMessage = z.infer<typeof PaymentMessage>;

export const PaymentSessionStatus = lazy(() => z.enum(['pending', 'challenge', 'approved', 'declined', '3ds_failed', 'cancelled', 'captured', 'expired']));
export type PaymentSessionStatus = z.infer<typeof PaymentSessionStatus>;
export const PaymentSessionParams = lazy(() => z.object({ sessionId: z.string().check(z.minLength(8), z.maxLength(100), z.regex(/^[\w-]+$/)) }));
export const PaymentSessionResponse = lazy(() => z.object({
  sessionId: z.string(), provider: z.string(), status: PaymentSessionStatus, amount: Money,
  last4: z.nullable(z.string()), brand: z.nullable(z.string()),
}));
export type PaymentSessionResponse = z.infer<typeof PaymentSessionResponse>;

export const VoucherPaymentQuery = lazy(() => z.object({
  reference: z.string().check(z.trim(), z.minLength(1), z.maxLength(60)),
  /** Order total still to pay (shekels). The voucher pays the lesser of this and its balance. */
  total: z.coerce.number().check(z.gte(0), z.lte(1_000_000)),
  recaptchaToken: z.optional(z.string().check(z.maxLength(4000))),
}));
export type VoucherPaymentQuery = z.infer<typeof VoucherPaymentQuery>;
export const VoucherPaymentResponse = lazy(() => z.object({
  payment: VoucherPayment,
  /** Voucher balance before this payment (shekels). */
  balance: Money,
  /** total − payment.amount. */
  remaining: Money,
}));
export type VoucherPaymentResponse = z.infer<typeof VoucherPaymentResponse>;
