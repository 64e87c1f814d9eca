import { z } from 'zod';
import { IsoDateTime, Money, MiniSiteUrl, Ticket } from './catalog';
import * as rules from '../validation/rules';

/** The spec's slug helper (mini-site addresses), re-exported for the api (which imports only the contracts). */
export { slugify } from '../format/slug';
/** Israeli ID check digit and +972 rewriting (spec 5), re-exported for the api. */
export { isValidIsraeliId, normalizeMobile } from '../validation/rules';

/**
 * Orders, payments, customers (minimal), e-documents, mini-sites and video on demand
 * (spec sections 3, 4, 5, 7 "Booking" / "Mini-site" / "Customer", 8, 9).
 * Field names are as on the wire (spec section 3). Money is in shekels (2 decimals; the api stores agorot).
 * Every call that acts for a visit sends the `uuid` header (SessionHeaders in ./seats).
 * Errors: `{ error: CODE, message?, ...extra }` (ApiError); the codes are listed in ORDER_ERROR_CODES.
 */

const qInt = z.coerce.number().int().positive();
const OptStr = (max = 200) => z.string().max(max).optional().nullable();

// =====================================================================================
// Start-up configuration (GET /config)
// =====================================================================================

/** One form field's switches (spec section 3 "Start-up configuration"). */
export const FieldSwitch = z.object({ isIncluded: z.boolean(), isRequired: z.boolean() });
export type FieldSwitch = z.infer<typeof FieldSwitch>;

export const CUSTOMER_FORM_FIELDS = [
  'firstName', 'lastName', 'ssn', 'email', 'emailVerify', 'mobileNumber', 'mobileNumberVerify',
  'address1', 'address2', 'city', 'postalCode', 'dateOfBirth', 'location', 'isMailingAllowed', 'terms',
] as const;
export type CustomerFormField = (typeof CUSTOMER_FORM_FIELDS)[number];

const on = (isRequired: boolean): FieldSwitch => ({ isIncluded: true, isRequired });
const off: FieldSwitch = { isIncluded: false, isRequired: false };

export const CustomerFormConfig = z.object({
  fields: z.object(Object.fromEntries(CUSTOMER_FORM_FIELDS.map((f) => [f, FieldSwitch])) as Record<CustomerFormField, typeof FieldSwitch>),
  /** Initial value of the mailing-allowed checkbox (spec section 5: allowed by default). */
  isMailingAllowedDefault: z.boolean(),
  /** Initial value of the terms checkbox (spec: required but not confirmed). */
  termsConfirmedDefault: z.boolean(),
});
export type CustomerFormConfig = z.infer<typeof CustomerFormConfig>;

/** Spec section 5 "Default config": ssn, first and last name, email and mobile required on orders; others optional and mostly excluded. */
export function defaultOrderForm(): CustomerFormConfig {
  return {
    fields: {
      firstName: on(true), lastName: on(true), ssn: on(true), email: on(true), emailVerify: on(true),
      mobileNumber: on(true), mobileNumberVerify: on(true),
      address1: off, address2: off, city: off, postalCode: off, dateOfBirth: off, location: off,
      isMailingAllowed: on(false), terms: on(true),
    },
    isMailingAllowedDefault: true,
    termsConfirmedDefault: false,
  };
}
/** Memberships, system vouchers and donations: the same required core plus a postal address (optional). */
export function defaultPurchaseForm(): CustomerFormConfig {
  const f = defaultOrderForm();
  return { ...f, fields: { ...f.fields, address1: on(false), city: on(false), postalCode: on(false) } };
}

export const PaymentProviderKind = z.enum(['card', 'paypal']);
export const PaymentProviderInfo = z.object({
  /** sandbox (built-in card page), altcard (second card provider), paypal */
  id: z.string(),
  kind: PaymentProviderKind,
  isActive: z.boolean(),
  isDefault: z.boolean(),
});
export type PaymentProviderInfo = z.infer<typeof PaymentProviderInfo>;

export const StartupConfig = z.object({
  forms: z.object({
    order: CustomerFormConfig,
    memberships: CustomerFormConfig,
    systemVouchers: CustomerFormConfig,
    donations: CustomerFormConfig,
  }),
  locales: z.object({ enabled: z.array(z.enum(['he', 'en', 'ru', 'ar', 'pl'])), default: z.literal('he') }),
  currency: z.object({ code: z.literal('ILS'), symbol: z.string(), decimals: z.number().int() }),
  /** Step order of a ticket order (decisions.md: the first reading). */
  orderSteps: z.array(z.enum(['chooseSeats', 'chooseTickets', 'customerInfo', 'chooseProducts', 'payment', 'confirmation'])),
  listModes: z.object({ presentations: z.enum(['list', 'calendar', 'byFeature']), miniSite: z.enum(['list', 'calendar', 'byFeature']) }),
  limits: z.object({
    maxSeats: z.number().int(),
    maxMembershipQuantity: z.number().int(),
    maxVoucherQuantity: z.number().int(),
    /** Replacement voucher exchange window, days (decisions.md: 30). */
    exchangeWindowDays: z.number().int(),
    /** Hold orders: pay and collect at least this many minutes before the event. */
    holdCollectMinutesBefore: z.number().int(),
    pastEventGraceMinutes: z.number().int(),
    idleTimeMs: z.number().int(),
  }),
  payment: z.object({
    providers: z.array(PaymentProviderInfo),
    defaultProvider: z.string(),
    /** Default number of payments (spec section 9: 1). */
    numberOfPaymentsDefault: z.number().int(),
    maxNumberOfPayments: z.number().int(),
    /** Minimum order total (shekels) for more than one payment. */
    installmentsMinTotal: Money,
    saveCardEnabled: z.boolean(),
    /** Booking fee per paid order (shekels). */
    bookingFee: Money,
  }),
  customer: z.object({
    loginIdentifiers: z.array(z.enum(['mobileNumber', 'ssn', 'memberNumber'])),
    cancellationEnabled: z.boolean(),
    mobileUpdateOnLoginAllowed: z.boolean(),
    authRequired: z.boolean(),
  }),
  recaptchaEnabled: z.boolean(),
});
export type StartupConfig = z.infer<typeof StartupConfig>;
export const ConfigResponse = z.object({ config: StartupConfig });
export type ConfigResponse = z.infer<typeof ConfigResponse>;

// =====================================================================================
// Error codes of this domain (all bodies: ApiError)
// =====================================================================================

export const ORDER_ERROR_CODES = [
  // cart build (spec 5)
  'INCOMPATIBLE_AUTH_PROFILE', 'INCOMPATIBLE_BUSINESS', 'EMPTY_CART', 'SEAT_WITHOUT_TICKET', 'MAX_SEATS', 'LOCATION_OFFLINE',
  'EVENT_PAST', 'TICKET_NOT_IN_GROUP', 'TICKET_MULTIPLIER', 'TICKET_MIN', 'TICKET_MAX', 'TICKET_QUANTITY', 'TICKET_COMPANION',
  'TICKET_SOLD_OUT', 'REF_REQUIRED', 'WALKIN_REQUIRED', 'DELIVERY_METHOD_REQUIRED', 'PRODUCT_NOT_FOUND', 'ADDON_NOT_FOUND',
  'NUMBER_OF_PAYMENTS', 'CUSTOMER_INFO_INVALID', 'PRICE_GROUP', 'MINI_SITE_NOT_FOUND',
  // ticket lookup (spec 8)
  'recaptcha', 'codeNotFound', 'ticketNotFound', 'voucherBalance', 'getTicket', 'voucherExpired', 'invalidSSN', 'memberNotFound',
  'noValidMember', 'memberNotStarted', 'memberExpired', 'memberNoneAvailable', 'refPromptOptNotFound', 'refPromptOptError',
  'autoApplyVoucherRequired', 'LOGIN_REQUIRED', 'LOYALTY_POINTS', 'MEMBER_SALE_NOT_ALLOWED',
  // coupons (spec 5)
  'COUPON_MORE_TICKETS', 'COUPON_USED', 'COUPON_NO_TICKETS',
  // payment and commit
  'NO_BALANCE', 'ONE_VOUCHER_PAYMENT', 'SYSTEM_VOUCHER_NOT_FOUND', 'PAYMENT_REQUIRED', 'PAYMENT_NOT_APPROVED', 'PAYMENT_DECLINED',
  'PAYMENT_AMOUNT_MISMATCH', 'PAYMENT_STATE', 'PAYMENT_PROVIDER_INACTIVE', 'PAYMENT_ERROR', 'HOLD_EXPIRED',
  'IDEMPOTENCY_CONFLICT', 'IDEMPOTENCY_KEY_REQUIRED',
  // hold orders
  'NO_MEMBERSHIP', 'PREMIUM_HOLD', 'VOUCHER_ON_HOLD', 'HOLD_VOD',
  // customers and documents
  'INVALID_SMS_CODE', 'CUSTOMER_NOT_FOUND', 'SMS_FAILED', 'invalid_mobileNumber', 'UNAUTHORIZED', 'ORDER_NOT_FOUND', 'RATE_LIMITED',
] as const;
export type OrderErrorCode = (typeof ORDER_ERROR_CODES)[number];

/** 409 COUPON_MORE_TICKETS carries how many more tickets must be added. */
export const CouponMoreTicketsError = z.object({ error: z.literal('COUPON_MORE_TICKETS'), message: z.string().optional(), count: z.number().int().positive() });
/** 400 CUSTOMER_INFO_INVALID carries one entry per invalid field (key: an i18n key of the common namespace). */
export const CustomerInfoIssue = z.object({ field: z.string(), key: z.string(), values: z.record(z.string(), z.unknown()).optional() });
export type CustomerInfoIssue = z.infer<typeof CustomerInfoIssue>;

// =====================================================================================
// Headers
// =====================================================================================

export const CommitHeaders = z.object({
  uuid: z.string().min(8).max(100).regex(/^[\w-]+$/),
  /** One per checkout attempt (a new one after the cart changes). */
  'idempotency-key': z.string().min(8).max(200).regex(/^[\w.:-]+$/),
});
export type CommitHeaders = z.infer<typeof CommitHeaders>;

// =====================================================================================
// Tickets: GET /presentations/{id}/ticket
// =====================================================================================

export const TicketLookupQuery = z.object({
  sectionId: qInt.optional(),
  ticketGroupId: qInt.optional(),
  /** A ticket code, a coupon code or a system-voucher reference. */
  ticketCode: z.string().trim().min(1).max(60).optional(),
  ticketId: qInt.optional(),
  /** Comma separated ticket ids to skip (already tried). */
  ignoreTicketIds: z.string().regex(/^\d+(,\d+)*$/).optional(),
  /** Member tickets: the member number (a logged-in customer's member is used when absent). */
  memberNumber: z.string().trim().min(1).max(40).optional(),
  /** Loyalty-points tickets: how many of them the visit wants now (points checked for this many). */
  quantity: z.coerce.number().int().min(1).max(50).optional(),
  /**
   * Coupons (spec 5): selected seats of the coupon's ticket group that have no code yet. The answer is
   * COUPON_NO_TICKETS when 0, COUPON_MORE_TICKETS {count} when the coupon's multiply factor exceeds it.
   */
  eligibleSeats: z.coerce.number().int().min(0).max(100).optional(),
  /** 1 for a hold order (no system voucher on held tickets). */
  isHold: z.enum(['0', '1']).transform((v) => v === '1').optional(),
  recaptchaToken: z.string().max(4000).optional(),
  miniSiteUrl: MiniSiteUrl.optional(),
});
export type TicketLookupQuery = z.infer<typeof TicketLookupQuery>;

export const TicketKind = z.enum(['regular', 'code', 'coupon', 'voucher', 'member', 'loyalty', 'reference', 'walkin']);

/** Combination rules of a ticket type (spec 5). Counts are tickets (a couple ticket counts once). */
export const TicketRules = z.object({
  /** Quantity must be a multiple of this (1 = any). */
  quantityMultiple: z.number().int(),
  minQuantity: z.number().int(),
  /** null = no limit other than maxSeats. */
  maxQuantity: z.number().int().nullable(),
  /** At least one ticket of one of these ticket codes (kinds, e.g. 'regular') must be in the same presentation. */
  requiredCompanionCodes: z.array(z.string()),
  /** Tickets of this type left for this presentation (null = unlimited). 0 = sold out. */
  remaining: z.number().int().nullable(),
});
export type TicketRules = z.infer<typeof TicketRules>;

/** A ticket as the ticket lookup returns it: the catalog ticket plus the spec 3 fields of an applied ticket. */
export const OrderTicket = Ticket.extend({
  ticketGroupId: z.number().int(),
  kind: TicketKind,
  /** Coupon / code / voucher reference it was found by. */
  code: z.string().nullable(),
  memberNumber: z.string().nullable(),
  systemVoucher: z.string().nullable(),
  /** Remaining uses (coupon: tickets left = balance × multiplyFactor − used; member: balance; voucher: tickets left). */
  balance: z.number().int().nullable(),
  voucherTickets: z.number().int().nullable(),
  customerId: z.number().int().nullable(),
  isLoyaltyPointsRedemption: z.boolean(),
  rules: TicketRules,
});
export type OrderTicket = z.infer<typeof OrderTicket>;

export const TicketLookupResponse = z.object({ ticket: OrderTicket });
export type TicketLookupResponse = z.infer<typeof TicketLookupResponse>;

// =====================================================================================
// Cart (spec 3 "Cart payload", "Cart seat entry")
// =====================================================================================

export const CartTicket = z.object({
  prsntId: z.number().int().positive(),
  ticketGroupId: z.number().int().positive().nullable().optional(),
  venueId: z.number().int().positive().optional(),
  seatplanId: z.number().int().positive().optional(),
  /** null for video on demand (no seat). */
  sectionId: z.number().int().positive().nullable().optional(),
  ticketId: z.number().int().positive(),
  /** Price the visitor saw (shekels). Informational: the api prices the cart itself. */
  amount: Money.optional(),
  serviceCharge: Money.optional(),
  pricePolicyId: z.number().int().optional(),
  allocationId: z.number().int().optional(),
  /** The 2nd..Nth seat of a multiply-factor ticket (couple: the second seat) — priced 0. */
  isMultiplyFactorSubTicket: z.boolean().optional(),
  code: OptStr(60),
  oldPrice: Money.optional().nullable(),
  /** Add-on ids chosen for this seat. */
  selectedAddons: z.array(z.number().int().positive()).max(10).optional(),
  loyaltyRedemptionCustomerId: z.number().int().positive().optional().nullable(),
  memberNumber: OptStr(40),
  systemVoucher: OptStr(60),
  ref1: OptStr(100),
  ref2: OptStr(100),
});
export type CartTicket = z.infer<typeof CartTicket>;

export const CartSeat = z.object({
  /** null for video on demand. General admission: the place the lock returned (x = place, y = 0). */
  XCoordinate: z.number().int().nullable(),
  YCoordinate: z.number().int().nullable(),
  RowName: OptStr(20),
  SeatName: OptStr(20),
  isFirstAddonSelected: z.boolean().optional(),
  /** A seat without a ticket is left out of the cart (spec 5). */
  ticket: CartTicket.nullable().optional(),
});
export type CartSeat = z.infer<typeof CartSeat>;

/** Customer info form (spec 3). Validated at commit against the configuration's switches (validateCustomerInfo). */
export const CartCustomerInfo = z.object({
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
  locationId: z.number().int().positive().optional().nullable(),
  isMailingAllowed: z.boolean().optional(),
  termsConfirmed: z.boolean().optional(),
  /** Present when the customer is logged in (prefill); the session cookie is what the api trusts. */
  CustomerId: z.number().int().optional().nullable(),
});
export type CartCustomerInfo = z.infer<typeof CartCustomerInfo>;

export const VoucherPayment = z.object({
  amount: Money,
  id: z.number().int().optional().nullable(),
  systemVoucher: z.string().min(1).max(60),
  systemVoucherItemId: z.number().int().optional().nullable(),
});
export type VoucherPayment = z.infer<typeof VoucherPayment>;

export const PaypalInfo = z.object({
  payerId: OptStr(100), paymentId: OptStr(100), token: OptStr(200), orderId: OptStr(100), amount: Money.optional().nullable(),
});

export const CartProduct = z.object({
  id: z.number().int().positive(),
  /** Counted only when above 0 (spec 5). */
  quantity: z.number().int().min(0).max(50),
  /** Price as shown; counted only when numeric (spec 5). The api uses its own price. */
  price: z.union([z.number(), z.string(), z.null()]).optional(),
});

export const DeliveryMethod = z.enum(['pickup', 'courier', 'mail']);

export const Cart = z.object({
  customerInfo: CartCustomerInfo.optional().nullable(),
  /** Never card data: the hosted payment page keeps it. Accepted for compatibility and must be empty. */
  creditcardInfo: z.object({}).strict().optional().nullable(),
  saveMagCard: z.boolean().optional(),
  paypal: PaypalInfo.optional().nullable(),
  /** From the payment page's message (ticketing:payment, approved). */
  paymentIdentifier: OptStr(100),
  numberOfPayments: z.number().int().min(1).max(36).optional(),
  voucherPayments: z.array(VoucherPayment).max(5).optional(),
  authProfileId: z.number().int().optional().nullable(),
  businessId: z.number().int().optional().nullable(),
  locationId: z.number().int().optional().nullable(),
  isHold: z.boolean().optional(),
  referralMiniSiteId: z.number().int().positive().optional().nullable(),
  zoom: z.number().optional().nullable(),
  seats: z.array(CartSeat).max(200).default([]),
  products: z.array(CartProduct).max(50).optional(),
  memberships: z.array(z.unknown()).max(0, 'memberships are sold by the memberships flow').optional(),
  vouchers: z.array(z.unknown()).max(0, 'vouchers are sold by the vouchers flow').optional(),
  donations: z.array(z.unknown()).max(0, 'donations are sold by the donations flow').optional(),
  globalServiceCharge: z.number().optional().nullable(),
  /** Required when a selected product needs delivery (spec 5). */
  deliveryMethod: DeliveryMethod.optional().nullable(),
  /** Required (true) when a selected ticket has the walk-in flag (spec 5). */
  walkin: z.boolean().optional(),
  modify: z.object({
    resId: z.string(), lastTransactionId: z.string().optional(),
    tickets: z.array(z.object({ presentationId: z.number().int(), sectionId: z.number().int(), x: z.number().int(), y: z.number().int(), newSeat: z.unknown() })),
  }).optional().nullable(),
});
export type Cart = z.infer<typeof Cart>;
export type CartInput = z.input<typeof Cart>;

export const CartBody = z.object({
  cart: Cart,
  uuid: z.string().max(100).optional(),
  miniSiteUrl: MiniSiteUrl.optional().nullable(),
});
export type CartBody = z.infer<typeof CartBody>;

export const SummaryTicket = z.object({
  sectionId: z.number().int().nullable(),
  XCoordinate: z.number().int().nullable(),
  YCoordinate: z.number().int().nullable(),
  RowName: z.string().nullable(),
  SeatName: z.string().nullable(),
  SectionName: z.string().nullable(),
  ticketId: z.number().int(),
  ticketName: z.string(),
  kind: TicketKind,
  isMultiplyFactorSubTicket: z.boolean(),
  isPremium: z.boolean(),
  price: Money,
  oldPrice: Money,
  serviceCharge: Money,
  addons: z.array(z.object({ id: z.number().int(), name: z.string(), price: Money })),
  code: z.string().nullable(),
  memberNumber: z.string().nullable(),
  systemVoucher: z.string().nullable(),
  ref1: z.string().nullable(),
  ref2: z.string().nullable(),
});
export type SummaryTicket = z.infer<typeof SummaryTicket>;

export const SummaryPresentation = z.object({
  presentationId: z.number().int(),
  featureId: z.number().int(),
  featureName: z.string(),
  venueName: z.string(),
  locationId: z.number().int(),
  locationName: z.string(),
  dateTime: IsoDateTime,
  isVod: z.boolean(),
  tickets: z.array(SummaryTicket),
});

export const SummaryProduct = z.object({
  id: z.number().int(), name: z.string(), category: z.string(), quantity: z.number().int(),
  unitPrice: Money, total: Money, isDeliveryRequired: z.boolean(),
});

/** The priced order (spec 3 "Order": total tickets, total amount, service charge, booking fee, glasses, addons). */
export const OrderSummary = z.object({
  presentations: z.array(SummaryPresentation),
  products: z.array(SummaryProduct),
  totalTickets: z.number().int(),
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
  numberOfPayments: z.number().int(),
  /** One entry per payment; the first absorbs rounding. */
  payments: z.array(Money),
  isHold: z.boolean(),
  deliveryRequired: z.boolean(),
  walkinRequired: z.boolean(),
  authProfileId: z.number().int().nullable(),
  businessId: z.number().int().nullable(),
  locationId: z.number().int().nullable(),
  referralMiniSiteId: z.number().int().nullable(),
  currency: z.literal('ILS'),
});
export type OrderSummary = z.infer<typeof OrderSummary>;
export const CartResponse = z.object({ order: OrderSummary });
export type CartResponse = z.infer<typeof CartResponse>;

// =====================================================================================
// Payment
// =====================================================================================

export const LocaleParams = z.object({ locale: z.enum(['he', 'en', 'ru', 'ar', 'pl']) });
export const PaymentFormQuery = z.object({
  ssn: z.string().max(12).optional(),
  /** Amount the provider charges (shekels): the order's amountDue. */
  total: z.coerce.number().positive().max(1_000_000),
  locationId: z.coerce.number().int().positive().optional(),
  authProfileId: z.coerce.number().int().positive().optional(),
  recaptchaToken: z.string().max(4000).optional(),
  /** Provider id (GET /config payment.providers); the default provider when absent. */
  provider: z.string().max(30).optional(),
  numberOfPayments: z.coerce.number().int().min(1).max(36).optional(),
});
export type PaymentFormQuery = z.infer<typeof PaymentFormQuery>;

export const PaymentFormResponse = z.object({
  /** Site-relative URL of the hosted payment page (show it in an iframe). */
  paymentFormURL: z.string(),
  /** Also the paymentIdentifier once approved. */
  sessionId: z.string(),
  provider: z.string(),
  expiresAt: IsoDateTime,
});
export type PaymentFormResponse = z.infer<typeof PaymentFormResponse>;

/** What the hosted page sends to the parent window with postMessage (target origin: the page that opened it). */
export const PaymentMessage = z.object({
  type: z.literal('ticketing:payment'),
  status: z.enum(['approved', 'declined', 'cancelled', '3ds_failed']),
  paymentIdentifier: z.string(),
  /** PayPal only. */
  paypal: PaypalInfo.optional(),
});
export type PaymentMessage = z.infer<typeof PaymentMessage>;

export const PaymentSessionStatus = z.enum(['pending', 'challenge', 'approved', 'declined', '3ds_failed', 'cancelled', 'captured', 'expired']);
export type PaymentSessionStatus = z.infer<typeof PaymentSessionStatus>;
export const PaymentSessionParams = z.object({ sessionId: z.string().min(8).max(100).regex(/^[\w-]+$/) });
export const PaymentSessionResponse = z.object({
  sessionId: z.string(), provider: z.string(), status: PaymentSessionStatus, amount: Money,
  last4: z.string().nullable(), brand: z.string().nullable(),
});
export type PaymentSessionResponse = z.infer<typeof PaymentSessionResponse>;

export const VoucherPaymentQuery = z.object({
  reference: z.string().trim().min(1).max(60),
  /** Order total still to pay (shekels). The voucher pays the lesser of this and its balance. */
  total: z.coerce.number().min(0).max(1_000_000),
  recaptchaToken: z.string().max(4000).optional(),
});
export type VoucherPaymentQuery = z.infer<typeof VoucherPaymentQuery>;
export const VoucherPaymentResponse = z.object({
  payment: VoucherPayment,
  /** Voucher balance before this payment (shekels). */
  balance: Money,
  /** total − payment.amount. */
  remaining: Money,
});
export type VoucherPaymentResponse = z.infer<typeof VoucherPaymentResponse>;

// =====================================================================================
// Commit: POST /payment/commit (headers: uuid, Idempotency-Key)
// =====================================================================================

export const CommitBody = z.object({
  cart: Cart,
  miniSiteUrl: MiniSiteUrl.optional().nullable(),
  recaptchaToken: z.string().max(4000).optional().nullable(),
});
export type CommitBody = z.infer<typeof CommitBody>;

export const CommitResponse = z.object({
  reservationIdentifier: z.string(),
  ticketIdentifiers: z.array(z.string()),
  /** Key of the e-document (/edocument/{documentKey}). */
  documentKey: z.string(),
  isHold: z.boolean(),
  order: OrderSummary,
  /** true when this answer repeats an earlier commit with the same Idempotency-Key. */
  replayed: z.boolean(),
});
export type CommitResponse = z.infer<typeof CommitResponse>;

// =====================================================================================
// Customers (minimal: login by SMS code, session cookie, prefill, memberships for hold orders)
// =====================================================================================

export const Member = z.object({
  name: z.string(),
  additionalName: z.string().nullable(),
  memberCustomerName: z.string(),
  membershipId: z.number().int(),
  membershipTypeId: z.number().int(),
  /** Member tickets left. */
  balance: z.number().int(),
  pointsBalance: z.number().int(),
  memberNumber: z.string(),
  customerId: z.number().int(),
  membershipIdentifier: z.string(),
  usedBalance: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  isAvailable: z.boolean(),
  isExpired: z.boolean(),
  isNotStarted: z.boolean(),
  isLoyaltyPointsRedemption: z.boolean(),
  allowMemberSaleTickets: z.boolean(),
});
export type Member = z.infer<typeof Member>;

export const CustomerInfo = z.object({
  CustomerId: z.number().int(),
  FirstName: z.string(),
  LastName: z.string(),
  SSN: z.string().nullable(),
  EmailAddress1: z.string().nullable(),
  MobileNumber1: z.string(),
  PhoneNumber1: z.string().nullable(),
  Address1: z.string().nullable(),
  Address2: z.string().nullable(),
  City: z.string().nullable(),
  PostalCode: z.string().nullable(),
  DateOfBirth: z.string().nullable(),
  IsSMSAllowed: z.boolean(),
  IsEmailAllowed: z.boolean(),
  IsMailingAllowed: z.boolean(),
  LoyaltyPoints: z.number().int(),
  Members: z.array(Member),
  hasActiveMembership: z.boolean(),
});
export type CustomerInfo = z.infer<typeof CustomerInfo>;

export const MobileNumber = z.string().trim().min(9).max(20).transform(rules.normalizeMobile).refine((v) => /^05\d{8}$/.test(v), 'invalid_mobileNumber');

export const MobileLoginBody = z.object({
  mobileNumber: MobileNumber,
  recaptchaToken: z.string().max(4000).optional().nullable(),
  sendSmsRegardlessOfCustomerExistence: z.boolean().optional(),
});
export const SuccessResponse = z.object({ success: z.literal(true) });
export const MobileLoginValidationBody = z.object({
  smsCode: z.string().trim().regex(/^\d{4,8}$/),
  mobileNumber: MobileNumber,
});
export const CustomerInfoResponse = z.object({ customerInfo: CustomerInfo });
export type CustomerInfoResponse = z.infer<typeof CustomerInfoResponse>;

export const CustomerAreaLoginBody = z.object({
  mobileNumber: MobileNumber,
  checkout: z.boolean().optional(),
  recaptchaToken: z.string().max(4000).optional().nullable(),
});
/** mobileNumber may be left out: the api remembers the number of the last code it sent to this browser. */
export const CustomerAreaValidationBody = z.object({
  smsCode: z.string().trim().regex(/^\d{4,8}$/),
  mobileNumber: MobileNumber.optional(),
});
export const CustomerAreaInfoResponse = z.object({ customerAreaInfo: CustomerInfo });

export const DevSmsQuery = z.object({ mobileNumber: MobileNumber });
export const DevSmsResponse = z.object({
  messages: z.array(z.object({ to: z.string(), body: z.string(), code: z.string().nullable(), createdAt: IsoDateTime })),
});

// =====================================================================================
// E-documents
// =====================================================================================

export const DocumentKeyParams = z.object({ documentKey: z.string().min(8).max(100).regex(/^[\w-]+$/) });
export const EDocumentState = z.enum(['valid', 'scanned', 'past', 'cancelled']);
export const EDocumentTicket = z.object({
  ticketIdentifier: z.string(),
  RowName: z.string().nullable(),
  SeatName: z.string().nullable(),
  SectionName: z.string().nullable(),
  ticketName: z.string(),
  price: Money,
  isScanned: z.boolean(),
});
export const EDocument = z.object({
  reservationIdentifier: z.string(),
  state: EDocumentState,
  isScanned: z.boolean(),
  isPast: z.boolean(),
  isCancelled: z.boolean(),
  isHold: z.boolean(),
  featureName: z.string(),
  locationName: z.string(),
  venueName: z.string(),
  /** Entrance (gate) to use. */
  entrance: z.string(),
  dateTime: IsoDateTime,
  /** YYYY-MM-DD and HH:MM in Asia/Jerusalem. */
  date: z.string(),
  time: z.string(),
  isVod: z.boolean(),
  tickets: z.array(EDocumentTicket),
  /** System vouchers used on the order (show vouchers). */
  vouchers: z.array(z.object({ reference: z.string(), amount: Money })),
  products: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  totalAmount: Money,
  /** Collect at the cashier (hold orders, products to collect). */
  collectAtCashier: z.boolean(),
  /** i18n keys (namespace common or booking) of the notes to show, e.g. edocument.collectAtCashier. */
  notes: z.array(z.string()),
  /** Hold orders: pay and collect before this instant. */
  payBy: IsoDateTime.nullable(),
  /** QR code of the reservation (an SVG document). */
  qrSvg: z.string(),
  calendarUrl: z.string(),
});
export type EDocument = z.infer<typeof EDocument>;
export const EDocumentResponse = z.object({ edocument: EDocument });
export type EDocumentResponse = z.infer<typeof EDocumentResponse>;

export const ResIdParams = z.object({ resId: z.string().min(1).max(60) });
export const SendTicketsBody = z.object({ mobileNumber: MobileNumber });

// =====================================================================================
// Mini-sites
// =====================================================================================

export const MiniSiteParams = z.object({ url: z.string().min(1).max(200) });
export const MiniSite = z.object({
  id: z.number().int(),
  URL: z.string(),
  name: z.string(),
  /** How the page lists presentations. */
  PresentationList: z.enum(['list', 'calendar', 'byFeature']),
  locationId: z.number().int().nullable(),
  featureIds: z.array(z.number().int()).nullable(),
  /** Ticket kinds (tickets' code, e.g. 'employee') that need reference validation (GET /mini-site/validate/{url}). */
  referenceTicketCodes: z.array(z.string()),
  requiresReference: z.boolean(),
  brandColor: z.string(),
  logoText: z.string(),
});
export type MiniSite = z.infer<typeof MiniSite>;
export const MiniSiteResponse = z.object({ miniSite: MiniSite });
export type MiniSiteResponse = z.infer<typeof MiniSiteResponse>;
export const MiniSiteValidateQuery = z.object({
  ticketId: qInt,
  reference1: z.string().trim().min(1).max(100),
  reference2: z.string().trim().max(100).optional(),
  /** check (default): only answers; redeem is done by the commit. */
  mode: z.string().max(20).optional(),
});
export const MiniSiteValidateResponse = z.object({ TicketId: z.number().int(), Balance: z.number().int() });
export type MiniSiteValidateResponse = z.infer<typeof MiniSiteValidateResponse>;

// =====================================================================================
// Video on demand: GET /vod
// =====================================================================================

export const VodTitle = z.object({
  featureId: z.number().int(),
  name: z.string(),
  description: z.string(),
  durationMinutes: z.number().int(),
  rating: z.string(),
  presentationId: z.number().int(),
  venueTypeId: z.number().int(),
  /** 101 and 102 clear all cart presentations when loaded (spec 4). */
  clearsCart: z.boolean(),
  availableFrom: IsoDateTime,
  tickets: z.array(z.object({ id: z.number().int(), name: z.string(), price: Money, serviceCharge: Money })),
});
export type VodTitle = z.infer<typeof VodTitle>;
export const VodResponse = z.object({ titles: z.array(VodTitle) });
export type VodResponse = z.infer<typeof VodResponse>;

// =====================================================================================
// Customer info validation (spec 5), shared by the form and the api
// =====================================================================================

/** Normalises what spec 5 rewrites: +972 mobiles to 0…, hash characters out of address fields. */
export function normalizeCustomerInfo(info: CartCustomerInfo): CartCustomerInfo {
  const out: CartCustomerInfo = { ...info };
  if (out.mobileNumber) out.mobileNumber = rules.normalizeMobile(out.mobileNumber);
  if (out.mobileNumberVerify) out.mobileNumberVerify = rules.normalizeMobile(out.mobileNumberVerify);
  for (const k of ['address1', 'address2', 'city'] as const) if (out[k]) out[k] = rules.cleanAddress(out[k]!);
  return out;
}

/** Validates customer info against a form configuration; [] when valid. */
export function validateCustomerInfo(raw: CartCustomerInfo, form: CustomerFormConfig): CustomerInfoIssue[] {
  const info = normalizeCustomerInfo(raw);
  const issues: CustomerInfoIssue[] = [];
  const f = form.fields;
  const val = (k: keyof CartCustomerInfo) => {
    const v = info[k];
    return v === null || v === undefined ? '' : String(v);
  };
  const check = (field: CustomerFormField, key: keyof CartCustomerInfo, extra: rules.Rule[]) => {
    const sw = f[field];
    if (!sw.isIncluded) return;
    const r = rules.validate(val(key), [...(sw.isRequired ? [rules.required] : []), ...extra]);
    if (r) issues.push({ field: key, key: r.key, values: r.values });
  };
  check('firstName', 'firstName', [rules.lettersOnly, rules.minLength(2), rules.maxLength(30)]);
  check('lastName', 'lastName', [rules.lettersOnly, rules.minLength(2), rules.maxLength(30)]);
  check('ssn', 'ssn', [rules.digits, rules.israeliId]);
  check('email', 'email', [rules.email, rules.maxLength(100)]);
  if (f.email.isIncluded && f.emailVerify.isIncluded) check('emailVerify', 'emailVerify', [rules.matches(val('email'), 'validation.emailMatch')]);
  check('mobileNumber', 'mobileNumber', [rules.mobile]);
  if (f.mobileNumber.isIncluded && f.mobileNumberVerify.isIncluded) {
    check('mobileNumberVerify', 'mobileNumberVerify', [rules.matches(val('mobileNumber'), 'validation.mobileMatch')]);
  }
  check('address1', 'address1', [rules.maxLength(100)]);
  check('address2', 'address2', [rules.maxLength(100)]);
  check('city', 'city', [rules.lettersOnly, rules.maxLength(50)]);
  check('postalCode', 'postalCode', [rules.digits, rules.minLength(5), rules.maxLength(7)]);
  check('dateOfBirth', 'dateOfBirth', [(v) => (v && !/^\d{4}-\d{2}-\d{2}$/.test(v) ? { key: 'validation.date' } : undefined)]);
  if (f.location.isIncluded && f.location.isRequired && !info.locationId) issues.push({ field: 'locationId', key: 'validation.required' });
  if (f.terms.isIncluded && f.terms.isRequired && info.termsConfirmed !== true) issues.push({ field: 'termsConfirmed', key: 'validation.terms' });
  return issues;
}

/** Money helpers for callers that add shekel amounts (avoid float drift). */
export const addShekels = (...xs: number[]): number => Math.round(xs.reduce((s, x) => s + Math.round(x * 100), 0)) / 100;
