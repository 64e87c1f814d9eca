import * as z from 'zod/mini';
import { lazy } from './lazy';
import { IsoDateTime, Money } from './catalog';
import { CustomerInfo } from './customerProfile';

export { Member, CustomerInfo, CustomerInfoResponse } from './customerProfile';
import * as rules from '../validation/rules';

/**
 * Customer area (issue 9, spec section 2 "Customer area sections", section 7 "Customer").
 * The sign-in contracts (MobileLoginBody, CustomerInfo, …) are in the "Customers" section below;
 * sign-in by other identifiers and the account's own calls are in customerAccount.ts.
 */

export const AreaTicket = lazy(() => z.object({
  /** reservation_tickets.id: what itemsToCancel names. */
  id: z.int(),
  sectionName: z.string(),
  /** The row's name as printed on the e-ticket (seats.row_name, e.g. "H"), not its plan coordinate; null for a place with no seat (general admission, streaming). */
  row: z.nullable(z.string()),
  /** The seat's name as printed on the e-ticket (seats.seat_name); null likewise. */
  seat: z.nullable(z.string()),
  price: Money,
  status: z.enum(['sold', 'held', 'cancelled', 'refunded']),
  cancellable: z.boolean(),
}));
export type AreaTicket = z.infer<typeof AreaTicket>;

export const AreaReservation = lazy(() => z.object({
  id: z.int(),
  identifier: z.string(),
  status: z.enum(['committed', 'cancelled', 'held-unpaid']),
  isHold: z.boolean(),
  /** With its id, the film's title is given in ru, ar and pl too (the api's names hook pairs them). */
  featureId: z.optional(z.int()),
  title: z.string(),
  presentationId: z.int(),
  startsAt: IsoDateTime,
  /** The cinema and the hall (the e-ticket's "cinema · hall"); with their ids the names come in ru, ar and pl too. */
  locationId: z.optional(z.int()),
  locationName: z.optional(z.string()),
  venueId: z.optional(z.int()),
  venueName: z.optional(z.string()),
  /** What the order was paid in all: tickets, service charges, booking fee, products (reservations.total_agorot). */
  total: Money,
  /** Of the total: service charges and the booking fee (kept by a cancellation), and products. Absent from older apis. */
  fees: z.optional(Money),
  products: z.optional(Money),
  /** What its cancellations refunded so far (0 when none). Absent from older apis. */
  refunded: z.optional(Money),
  /** The e-ticket page (/edocument/{key}), null when the order has none. */
  eTicketUrl: z.nullable(z.string()),
  tickets: z.array(AreaTicket),
}));
export type AreaReservation = z.infer<typeof AreaReservation>;

export const CancellationFee = lazy(() => z.object({
  kind: z.enum(['fixed', 'percent', 'perTicket']),
  /** shekels for fixed and perTicket, a whole percentage for percent */
  value: z.number(),
}));
export type CancellationFee = z.infer<typeof CancellationFee>;

export const AreaVoucher = lazy(() => z.object({
  reference: z.string(),
  /** The catalog voucher it is of (with it the api's names hook gives its name in ru, ar and pl). Absent from older apis. */
  systemVoucherId: z.optional(z.int()),
  /** The customer's account credit (refunds of cancellations put on the account): pays at checkout like any voucher. */
  isAccountCredit: z.optional(z.boolean()),
  name: z.string(),
  balance: Money,
  ticketBalance: z.int(),
  redeemed: Money,
  purchaseDate: IsoDateTime,
  expirationDate: z.string(),
  status: z.enum(['active', 'cancelled']),
  isForReplacement: z.boolean(),
  /** Bought on this site, unredeemed, active: POST /system-vouchers/{ref}/cancel would succeed. */
  canCancel: z._default(z.boolean(), false),
  /** Bought on this site, active, within the replacement window and not yet marked. */
  canReplace: z._default(z.boolean(), false),
}));
export type AreaVoucher = z.infer<typeof AreaVoucher>;

export const CustomerAreaData = lazy(() => z.object({
  upcoming: z.array(AreaReservation),
  past: z.array(AreaReservation),
  systemVouchers: z.array(AreaVoucher),
  cancellation: z.object({ enabled: z.boolean(), fee: CancellationFee }),
}));
export type CustomerAreaData = z.infer<typeof CustomerAreaData>;
export const CustomerAreaDataResponse = lazy(() => z.object({ customerAreaData: CustomerAreaData }));

export const ReservationIdParams = lazy(() => z.object({ id: z.coerce.number().check(z.int(), z.positive()) }));
export const CancelReservationBody = lazy(() => z.object({
  /** Ticket ids to cancel; absent or empty: every ticket that can still be cancelled. */
  itemsToCancel: z.optional(z.array(z.int().check(z.positive())).check(z.maxLength(100))),
  refundToTransactionCredit: z._default(z.boolean(), false),
}));
/**
 * Where a cancellation's refund goes, the way the order was paid: the card (or the account credit, when asked) up to
 * what it was charged, the rest back to the gift vouchers it redeemed; card + vouchers' amounts = refund. And what else
 * the cancelled tickets give back: a voucher's free tickets, member tickets, loyalty points, coupon uses.
 */
export const CancelRefundSplit = lazy(() => z.object({
  card: Money,
  vouchers: z.array(z.object({ reference: z.string(), amount: Money })),
  voucherTickets: z.int(),
  memberTickets: z.int(),
  loyaltyPoints: z.int(),
  couponUses: z.int(),
}));
export type CancelRefundSplit = z.infer<typeof CancelRefundSplit>;
export const CancelReservationResponse = lazy(() => z.object({
  cancelledItems: z.array(z.int()),
  /** What the cancelled tickets cost, without service fees (never refunded). */
  ticketsAmount: Money,
  fee: Money,
  refund: Money,
  refundToTransactionCredit: z.boolean(),
  /** Absent from older apis (they said only "to your card"). */
  split: z.optional(CancelRefundSplit),
  /**
   * With refundToTransactionCredit, where the card's part went: the customer's account-credit voucher (its code pays at
   * checkout, "Pay with a voucher"), what this cancellation added and its balance now. Absent when nothing was credited.
   */
  credit: z.optional(z.object({ reference: z.string(), amount: Money, balance: Money, validUntil: z.string() })),
}));
export type CancelReservationResponse = z.infer<typeof CancelReservationResponse>;
/**
 * GET /reservations/{id}/cancel-quote?items=1,2: what cancelling those tickets (absent: every cancellable one) would
 * refund, from the same arithmetic as the cancel itself, so the dialog states the refund before the visitor confirms.
 */
export const CancelQuoteQuery = lazy(() => z.object({
  items: z.optional(z.string().check(z.maxLength(1100), z.regex(/^\d{1,9}(,\d{1,9}){0,99}$/))),
}));
export const CancelQuoteResponse = lazy(() => z.object({
  ticketIds: z.array(z.int()),
  ticketsAmount: Money,
  fee: Money,
  refund: Money,
  /** Where the refund would go (as the cancel's); absent from older apis. */
  split: z.optional(CancelRefundSplit),
}));
export type CancelQuoteResponse = z.infer<typeof CancelQuoteResponse>;

// =====================================================================================
// Customers (minimal: login by SMS code, session cookie, prefill, memberships for hold orders)
// =====================================================================================


export const MobileNumber = lazy(() => z
  .pipe(z.string().check(z.trim(), z.minLength(9), z.maxLength(20)), z.transform(rules.normalizeMobile))
  .check(z.refine((v) => /^05\d{8}$/.test(v), 'invalid_mobileNumber')));

export const MobileLoginBody = lazy(() => z.object({
  mobileNumber: MobileNumber,
  recaptchaToken: z.nullable(z.optional(z.string().check(z.maxLength(4000)))),
  sendSmsRegardlessOfCustomerExistence: z.optional(z.boolean()),
}));
export const SuccessResponse = lazy(() => z.object({ success: z.literal(true) }));
export const MobileLoginValidationBody = lazy(() => z.object({
  smsCode: z.string().check(z.trim(), z.regex(/^\d{4,8}$/)),
  mobileNumber: MobileNumber,
}));

export const CustomerAreaLoginBody = lazy(() => z.object({
  mobileNumber: MobileNumber,
  checkout: z.optional(z.boolean()),
  recaptchaToken: z.nullable(z.optional(z.string().check(z.maxLength(4000)))),
}));
/** mobileNumber may be left out: the api remembers the number of the last code it sent to this browser. */
export const CustomerAreaValidationBody = lazy(() => z.object({
  smsCode: z.string().check(z.trim(), z.regex(/^\d{4,8}$/)),
  mobileNumber: z.optional(MobileNumber),
}));
export const CustomerAreaInfoResponse = lazy(() => z.object({ customerAreaInfo: CustomerInfo }));

export const DevSmsQuery = lazy(() => z.object({ mobileNumber: MobileNumber }));
export const DevSmsResponse = lazy(() => z.object({
  messages: z.array(z.object({ to: z.string(), body: z.string(), code: z.nullable(z.string()), createdAt: IsoDateTime })),
}));
