import * as z from 'zod/mini';
import { lazy } from './lazy';
import { IsoDateTime, MiniSiteUrl, Money, Ticket, TicketKind } from './catalog';
import { OptStr, qInt } from './fields';

/** The spec's slug helper (mini-site addresses), re-exported for the api (which imports only the contracts). */
export { slugify } from '../format/slug';
/** Israeli ID check digit and +972 rewriting (spec 5), re-exported for the api. */
export { isValidIsraeliId, normalizeMobile } from '../validation/rules';

/**
 * Orders: the ticket lookup, the cart and the commit, with the error codes and headers of the domain.
 * Configuration, payment, sign-in, e-documents, mini-sites and video on demand have files of their own
 * (spec sections 3, 4, 5, 7 "Booking", 8, 9).
 * Field names are as on the wire (spec section 3). Money is in shekels (2 decimals; the api stores agorot).
 * Every call that acts for a visit sends the `uuid` header (SessionHeaders in ./seats).
 * Errors: `{ error: CODE, message?, ...extra }` (ApiError); the codes are listed in ORDER_ERROR_CODES.
 */

// =====================================================================================
// Error codes of this domain (all bodies: ApiError)
// =====================================================================================

export { ORDER_ERROR_CODES, type OrderErrorCode } from './orderErrors';

/** 409 COUPON_MORE_TICKETS carries how many more tickets must be added. */
export const CouponMoreTicketsError = lazy(() => z.object({ error: z.literal('COUPON_MORE_TICKETS'), message: z.optional(z.string()), count: z.int().check(z.positive()) }));
/** 400 CUSTOMER_INFO_INVALID carries one entry per invalid field (key: an i18n key of the common namespace). */
export const CustomerInfoIssue = lazy(() => z.object({ field: z.string(), key: z.string(), values: z.optional(z.record(z.string(), z.unknown())) }));
export type CustomerInfoIssue = z.infer<typeof CustomerInfoIssue>;

// =====================================================================================
// Headers
// =====================================================================================

export const CommitHeaders = lazy(() => z.object({
  uuid: z.string().check(z.minLength(8), z.maxLength(100), z.regex(/^[\w-]+$/)),
  /** One per checkout attempt (a new one after the cart changes). */
  'idempotency-key': z.string().check(z.minLength(8), z.maxLength(200), z.regex(/^[\w.:-]+$/)),
}));
export type CommitHeaders = z.infer<typeof CommitHeaders>;

// =====================================================================================
// Tickets: GET /presentations/{id}/ticket
// =====================================================================================

export const TicketLookupQuery = lazy(() => z.object({
  sectionId: z.optional(qInt),
  ticketGroupId: z.optional(qInt),
  /** A ticket code, a coupon code or a system-voucher reference. */
  ticketCode: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(60))),
  ticketId: z.optional(qInt),
  /** Comma separated ticket ids to skip (already tried). */
  ignoreTicketIds: z.optional(z.string().check(z.regex(/^\d+(,\d+)*$/))),
  /** Member tickets: the member number (a logged-in customer's member is used when absent). */
  memberNumber: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(40))),
  /** Loyalty-points tickets: how many of them the visit wants now (points checked for this many). */
  quantity: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(50))),
  /**
   * Coupons (spec 5): selected seats of the coupon's ticket group that have no code yet. The answer is
   * COUPON_NO_TICKETS when 0, COUPON_MORE_TICKETS {count} when the coupon's multiply factor exceeds it.
   */
  eligibleSeats: z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(100))),
  /** 1 for a hold order (no system voucher on held tickets). */
  isHold: z.optional(z.pipe(z.enum(['0', '1']), z.transform((v) => v === '1'))),
  recaptchaToken: z.optional(z.string().check(z.maxLength(4000))),
  miniSiteUrl: z.optional(MiniSiteUrl),
}));
export type TicketLookupQuery = z.infer<typeof TicketLookupQuery>;


/** Combination rules of a ticket type (spec 5). Counts are tickets (a couple ticket counts once). */
export const TicketRules = lazy(() => z.object({
  /** Quantity must be a multiple of this (1 = any). */
  quantityMultiple: z.int(),
  minQuantity: z.int(),
  /** null = no limit other than maxSeats. */
  maxQuantity: z.nullable(z.int()),
  /** At least one ticket of one of these ticket codes (kinds, e.g. 'regular') must be in the same presentation. */
  requiredCompanionCodes: z.array(z.string()),
  /** Tickets of this type left for this presentation (null = unlimited). 0 = sold out. */
  remaining: z.nullable(z.int()),
}));
export type TicketRules = z.infer<typeof TicketRules>;

/** A ticket as the ticket lookup returns it: the catalog ticket plus the spec 3 fields of an applied ticket. */
export const OrderTicket = lazy(() => z.extend(Ticket, {
  ticketGroupId: z.int(),
  kind: TicketKind,
  /** Coupon / code / voucher reference it was found by. */
  code: z.nullable(z.string()),
  memberNumber: z.nullable(z.string()),
  systemVoucher: z.nullable(z.string()),
  /** Remaining uses (coupon: tickets left = balance × multiplyFactor − used; member: balance; voucher: tickets left). */
  balance: z.nullable(z.int()),
  voucherTickets: z.nullable(z.int()),
  customerId: z.nullable(z.int()),
  isLoyaltyPointsRedemption: z.boolean(),
  rules: TicketRules,
}));
export type OrderTicket = z.infer<typeof OrderTicket>;

export const TicketLookupResponse = lazy(() => z.object({ ticket: OrderTicket }));
export type TicketLookupResponse = z.infer<typeof TicketLookupResponse>;

// =====================================================================================
// Cart (spec 3 "Cart payload", "Cart seat entry")
// =====================================================================================

export const CartTicket = lazy(() => z.object({
  prsntId: z.int().check(z.positive()),
  ticketGroupId: z.optional(z.nullable(z.int().check(z.positive()))),
  venueId: z.optional(z.int().check(z.positive())),
  seatplanId: z.optional(z.int().check(z.positive())),
  /** null for video on demand (no seat). */
  sectionId: z.optional(z.nullable(z.int().check(z.positive()))),
  ticketId: z.int().check(z.positive()),
  /** Price the visitor saw (shekels). Informational: the api prices the cart itself. */
  amount: z.optional(Money),
  serviceCharge: z.optional(Money),
  pricePolicyId: z.optional(z.int()),
  allocationId: z.optional(z.int()),
  /** The 2nd..Nth seat of a multiply-factor ticket (couple: the second seat) — priced 0. */
  isMultiplyFactorSubTicket: z.optional(z.boolean()),
  code: OptStr(60),
  oldPrice: z.nullable(z.optional(Money)),
  /** Add-on ids chosen for this seat. */
  selectedAddons: z.optional(z.array(z.int().check(z.positive())).check(z.maxLength(10))),
  loyaltyRedemptionCustomerId: z.nullable(z.optional(z.int().check(z.positive()))),
  memberNumber: OptStr(40),
  systemVoucher: OptStr(60),
  ref1: OptStr(100),
  ref2: OptStr(100),
}));
export type CartTicket = z.infer<typeof CartTicket>;

export const CartSeat = lazy(() => z.object({
  /** null for video on demand. General admission: the place the lock returned (x = place, y = 0). */
  XCoordinate: z.nullable(z.int()),
  YCoordinate: z.nullable(z.int()),
  RowName: OptStr(20),
  SeatName: OptStr(20),
  isFirstAddonSelected: z.optional(z.boolean()),
  /** A seat without a ticket is left out of the cart (spec 5). */
  ticket: z.optional(z.nullable(CartTicket)),
}));
export type CartSeat = z.infer<typeof CartSeat>;

/** Customer info form (spec 3). Validated at commit against the configuration's switches (validateCustomerInfo). */
export const CartCustomerInfo = lazy(() => z.object({
  firstName: OptStr(60),
  lastName: OptStr(60),
  ssn: OptStr(12),
  email: OptStr(120),
  emailVerify: OptStr(120),
  mobileNumber: OptStr(20),
  mobileNumberVerify: OptStr(20),
  address1: OptStr(120),
  address2: OptStr(120),
  city: OptStr(60),
  postalCode: OptStr(12),
  dateOfBirth: OptStr(10),
  locationId: z.nullable(z.optional(z.int().check(z.positive()))),
  isMailingAllowed: z.optional(z.boolean()),
  termsConfirmed: z.optional(z.boolean()),
  /** Present when the customer is logged in (prefill); the session cookie is what the api trusts. */
  CustomerId: z.nullable(z.optional(z.int())),
}));
export type CartCustomerInfo = z.infer<typeof CartCustomerInfo>;

export const VoucherPayment = lazy(() => z.object({
  amount: Money,
  id: z.nullable(z.optional(z.int())),
  systemVoucher: z.string().check(z.minLength(1), z.maxLength(60)),
  systemVoucherItemId: z.nullable(z.optional(z.int())),
}));
export type VoucherPayment = z.infer<typeof VoucherPayment>;

export const PaypalInfo = lazy(() => z.object({
  payerId: OptStr(100), paymentId: OptStr(100), token: OptStr(200), orderId: OptStr(100), amount: z.nullable(z.optional(Money)),
}));

export const CartProduct = lazy(() => z.object({
  id: z.int().check(z.positive()),
  /** Counted only when above 0 (spec 5). */
  quantity: z.int().check(z.gte(0), z.lte(50)),
  /** Price as shown; counted only when numeric (spec 5). The api uses its own price. */
  price: z.optional(z.union([z.number(), z.string(), z.null()])),
}));

export const DeliveryMethod = lazy(() => z.enum(['pickup', 'courier', 'mail']));

export const Cart = lazy(() => z.object({
  customerInfo: z.nullable(z.optional(CartCustomerInfo)),
  /** Never card data: the hosted payment page keeps it. Accepted for compatibility and must be empty. */
  creditcardInfo: z.nullable(z.optional(z.strictObject({}))),
  saveMagCard: z.optional(z.boolean()),
  paypal: z.nullable(z.optional(PaypalInfo)),
  /** From the payment page's message (ticketing:payment, approved). */
  paymentIdentifier: OptStr(100),
  numberOfPayments: z.optional(z.int().check(z.gte(1), z.lte(36))),
  voucherPayments: z.optional(z.array(VoucherPayment).check(z.maxLength(5))),
  authProfileId: z.nullable(z.optional(z.int())),
  businessId: z.nullable(z.optional(z.int())),
  locationId: z.nullable(z.optional(z.int())),
  isHold: z.optional(z.boolean()),
  referralMiniSiteId: z.nullable(z.optional(z.int().check(z.positive()))),
  zoom: z.nullable(z.optional(z.number())),
  seats: z._default(z.array(CartSeat).check(z.maxLength(200)), []),
  products: z.optional(z.array(CartProduct).check(z.maxLength(50))),
  memberships: z.optional(z.array(z.unknown()).check(z.maxLength(0, 'memberships are sold by the memberships flow'))),
  vouchers: z.optional(z.array(z.unknown()).check(z.maxLength(0, 'vouchers are sold by the vouchers flow'))),
  donations: z.optional(z.array(z.unknown()).check(z.maxLength(0, 'donations are sold by the donations flow'))),
  globalServiceCharge: z.nullable(z.optional(z.number())),
  /** Required when a selected product needs delivery (spec 5). */
  deliveryMethod: z.nullable(z.optional(DeliveryMethod)),
  /** Required (true) when a selected ticket has the walk-in flag (spec 5). */
  walkin: z.optional(z.boolean()),
  modify: z.nullable(z.optional(z.object({
    resId: z.string(), lastTransactionId: z.optional(z.string()),
    tickets: z.array(z.object({ presentationId: z.int(), sectionId: z.int(), x: z.int(), y: z.int(), newSeat: z.unknown() })),
  }))),
}));
export type Cart = z.infer<typeof Cart>;
export type CartInput = z.input<typeof Cart>;

export const CartBody = lazy(() => z.object({
  cart: Cart,
  uuid: z.optional(z.string().check(z.maxLength(100))),
  miniSiteUrl: z.nullable(z.optional(MiniSiteUrl)),
}));
export type CartBody = z.infer<typeof CartBody>;

export const SummaryTicket = lazy(() => z.object({
  sectionId: z.nullable(z.int()),
  XCoordinate: z.nullable(z.int()),
  YCoordinate: z.nullable(z.int()),
  RowName: z.nullable(z.string()),
  SeatName: z.nullable(z.string()),
  SectionName: z.nullable(z.string()),
  ticketId: z.int(),
  ticketName: z.string(),
  kind: TicketKind,
  isMultiplyFactorSubTicket: z.boolean(),
  isPremium: z.boolean(),
  price: Money,
  oldPrice: Money,
  serviceCharge: Money,
  addons: z.array(z.object({ id: z.int(), name: z.string(), price: Money })),
  /** The seat's price, service charge and add-ons together: what the tickets step shows for it. */
  total: Money,
  code: z.nullable(z.string()),
  memberNumber: z.nullable(z.string()),
  systemVoucher: z.nullable(z.string()),
  ref1: z.nullable(z.string()),
  ref2: z.nullable(z.string()),
}));
export type SummaryTicket = z.infer<typeof SummaryTicket>;

export const SummaryPresentation = lazy(() => z.object({
  presentationId: z.int(),
  featureId: z.int(),
  featureName: z.string(),
  /** With its id, the venue's name is given in ru, ar and pl too (the api's names hook pairs them). */
  venueId: z.optional(z.int()),
  venueName: z.string(),
  locationId: z.int(),
  locationName: z.string(),
  dateTime: IsoDateTime,
  isVod: z.boolean(),
  tickets: z.array(SummaryTicket),
}));

export const SummaryProduct = lazy(() => z.object({
  id: z.int(), name: z.string(), category: z.string(), quantity: z.int(),
  unitPrice: Money, total: Money, isDeliveryRequired: z.boolean(),
}));

/** The priced order (spec 3 "Order": total tickets, total amount, service charge, booking fee, glasses, addons). */
export const OrderSummary = lazy(() => z.object({
  presentations: z.array(SummaryPresentation),
  products: z.array(SummaryProduct),
  totalTickets: z.int(),
  /** Ticket prices without service charge. */
  ticketsAmount: Money,
  serviceCharge: Money,
  bookingFee: Money,
  /** Products of category 'glasses'. */
  glasses: Money,
  addons: Money,
  /** Products other than glasses. */
  productsAmount: Money,
  totalAmount: Money,
  voucherPayments: z.array(VoucherPayment),
  voucherAmount: Money,
  /** totalAmount − voucherAmount: what the card (or PayPal) pays. 0 for a hold order (paid at the box office). */
  amountDue: Money,
  numberOfPayments: z.int(),
  /** One entry per payment; the first absorbs rounding. */
  payments: z.array(Money),
  isHold: z.boolean(),
  deliveryRequired: z.boolean(),
  walkinRequired: z.boolean(),
  authProfileId: z.nullable(z.int()),
  businessId: z.nullable(z.int()),
  locationId: z.nullable(z.int()),
  referralMiniSiteId: z.nullable(z.int()),
  currency: z.literal('ILS'),
}));
export type OrderSummary = z.infer<typeof OrderSummary>;
export const CartResponse = lazy(() => z.object({ order: OrderSummary }));
export type CartResponse = z.infer<typeof CartResponse>;

// =====================================================================================
// Commit: POST /payment/commit (headers: uuid, Idempotency-Key)
// =====================================================================================

export const CommitBody = lazy(() => z.object({
  cart: Cart,
  miniSiteUrl: z.nullable(z.optional(MiniSiteUrl)),
  recaptchaToken: z.nullable(z.optional(z.string().check(z.maxLength(4000)))),
}));
export type CommitBody = z.infer<typeof CommitBody>;

export const CommitResponse = lazy(() => z.object({
  reservationIdentifier: z.string(),
  ticketIdentifiers: z.array(z.string()),
  /** Key of the e-document (/edocument/{documentKey}). */
  documentKey: z.string(),
  isHold: z.boolean(),
  order: OrderSummary,
  /** true when this answer repeats an earlier commit with the same Idempotency-Key. */
  replayed: z.boolean(),
}));
export type CommitResponse = z.infer<typeof CommitResponse>;
