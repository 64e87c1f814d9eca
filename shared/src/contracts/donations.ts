import * as z from 'zod/mini';
import { lazy } from './lazy';
import { IsoDate, Money } from './catalog';
import { CartCustomerInfo } from './orders';

/**
 * Donations (issue 11 §2, spec sections 2 and 3): choose donations → customer info (the donations form
 * switches of GET /config) → payment through the existing providers → idempotent commit → receipt.
 * Field names of the list follow spec section 3 (id, Code, donationDetails: id, amount, customAmount,
 * selectedQuantity). Money in shekels.
 */
export const MAX_DONATIONS_PER_ORDER = 10;

export const DonationDetail = lazy(() => z.object({
  id: z.int(),
  /** A fixed amount, or the minimum when the donor types the amount (customAmount). */
  amount: Money,
  customAmount: z.boolean(),
  /** The largest amount a donor may type (custom amounts only; null for fixed ones). */
  maxAmount: z.nullable(Money),
  selectedQuantity: z.int(),
}));
export type DonationDetail = z.infer<typeof DonationDetail>;
export const Donation = lazy(() => z.object({
  id: z.int(),
  Code: z.string(),
  Name: z.string(),
  Description: z.string(),
  donationDetails: z.array(DonationDetail),
}));
export type Donation = z.infer<typeof Donation>;
/** GET /donations */
export const DonationsResponse = lazy(() => z.object({ donations: z.array(Donation), maxQuantity: z.int() }));
export type DonationsResponse = z.infer<typeof DonationsResponse>;

/** One chosen donation: a detail of a cause, the typed amount of a custom one, how many. */
export const DonationLine = lazy(() => z.object({
  donationId: z.int().check(z.positive()),
  donationDetailId: z.int().check(z.positive()),
  /** Custom amounts only (between the detail's amount and maxAmount); ignored for fixed ones. */
  customAmount: z.nullable(z.optional(Money.check(z.positive(), z.lte(1_000_000), z.multipleOf(0.01)))),
  selectedQuantity: z.int().check(z.gte(1), z.lte(MAX_DONATIONS_PER_ORDER)),
}));
export type DonationLine = z.infer<typeof DonationLine>;

/** POST /donations/quote: the api prices the chosen donations. */
export const DonationQuoteBody = lazy(() => z.object({ lines: z.array(DonationLine).check(z.maxLength(MAX_DONATIONS_PER_ORDER)) }));
export type DonationQuoteBody = z.infer<typeof DonationQuoteBody>;

export const DonationReceiptLine = lazy(() => z.object({
  donationId: z.int(),
  /** Spec section 3 "Donation: type, quantity, amount": type is the cause's name. */
  type: z.string(),
  amount: Money,
  quantity: z.int(),
  total: Money,
}));
export type DonationReceiptLine = z.infer<typeof DonationReceiptLine>;

export const DonationQuoteResponse = lazy(() => z.object({ lines: z.array(DonationReceiptLine), quantity: z.int(), total: Money }));
export type DonationQuoteResponse = z.infer<typeof DonationQuoteResponse>;

/** POST /donations/purchase (headers: uuid, Idempotency-Key): pays (paymentIdentifier of an approved session) and records. */
export const DonationPurchaseBody = lazy(() => z.extend(DonationQuoteBody, {
  customerInfo: CartCustomerInfo,
  paymentIdentifier: z.nullable(z.optional(z.string().check(z.minLength(1), z.maxLength(200)))),
}));
export type DonationPurchaseBody = z.infer<typeof DonationPurchaseBody>;

/** The receipt: what was given, by whom, when, and its number. */
export const DonationPurchaseResponse = lazy(() => z.object({
  receiptNumber: z.string(),
  date: IsoDate,
  donor: z.object({ firstName: z.string(), lastName: z.string(), email: z.nullable(z.string()) }),
  lines: z.array(DonationReceiptLine),
  total: Money,
  /** How it was paid, when the provider told (a card's last 4 digits); absent in older receipts. */
  payment: z.optional(z.nullable(z.object({ provider: z.string(), brand: z.nullable(z.string()), last4: z.nullable(z.string()) }))),
  replayed: z.boolean(),
}));
export type DonationPurchaseResponse = z.infer<typeof DonationPurchaseResponse>;

export const DONATION_ERROR_CODES = ['DONATION_MUST_SELECT', 'DONATION_MAX_QUANTITY', 'DONATION_NONE_AVAILABLE', 'DONATION_AMOUNT_RANGE'] as const;
