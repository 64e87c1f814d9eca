import * as z from 'zod/mini';
import { lazy } from './lazy';
import { LockSeatInput } from './seats';
import { CartCustomerInfo } from './orders';

export * from './membershipResponses';

// =====================================================================================
// Membership purchase (spec 2, 3, 7, 8): seats of a membership's events, order, confirmation
// =====================================================================================

/** Section 8 "Membership purchase" errors, plus the generic one of a lock without selections. */
export const MEMBERSHIP_ERRORS = [
  'INVALID_ID', 'MEMBER_NOT_FOUND', 'NONE_FOR_SALE', 'MUST_SELECT', 'PRICE_BY_CODE_ERROR', 'PRICE_NOT_FOUND',
  'CODE_ALREADY_ENTERED', 'VALIDATION_ERROR', 'MEMBER_EXPIRED', 'GENERAL_ERROR',
] as const;

export const MembershipSeatplanQuery = lazy(() => z.object({ membershipId: z.coerce.number().check(z.int(), z.positive()) }));
export type MembershipSeatplanQuery = z.infer<typeof MembershipSeatplanQuery>;

/** The events a buyer chooses seats in (a series: one step per event, next/previous). Empty: no seats to choose. */
/** PUT /membership/lock-seat and /membership/unlock-seat: the seats of one membership's events. */
export const MembershipLockBody = lazy(() => z.object({
  membershipId: z.int().check(z.positive()),
  selections: z.array(LockSeatInput).check(z.maxLength(10)),
}));
export type MembershipLockBody = z.infer<typeof MembershipLockBody>;

/** POST /membership/check-selection: booking's whole-selection rules on what the visit holds in one event of the membership. */
export const MembershipCheckBody = lazy(() => z.object({ membershipId: z.int().check(z.positive()), presentationId: z.int().check(z.positive()) }));
export type MembershipCheckBody = z.infer<typeof MembershipCheckBody>;

/** One line of the membership cart: a price by id or by price code, a quantity, or a top-up/renewal of a member number. */
export const MembershipLine = lazy(() => z.object({
  membershipPriceId: z.optional(z.int().check(z.positive())),
  priceCode: z.optional(z.string().check(z.maxLength(40))),
  quantity: z.int().check(z.gte(0), z.lte(100)),
  /** Top-up (adds member tickets) or renewal (`renew`) of an existing membership. */
  memberNumber: z.optional(z.string().check(z.maxLength(40))),
  renew: z.optional(z.boolean()),
}));
export type MembershipLine = z.infer<typeof MembershipLine>;

export const MembershipOrderBody = lazy(() => z.object({
  membershipId: z.int().check(z.positive()),
  lines: z.array(MembershipLine).check(z.maxLength(20)),
  termsAccepted: z.boolean(),
  customerInfo: CartCustomerInfo,
  /** The approved payment session (GET /payment/form); absent when the total is zero. */
  paymentIdentifier: z.nullable(z.optional(z.string().check(z.maxLength(200)))),
  /** Seats held by this visit in the membership's events. */
  seats: z.array(z.object({ presentationId: z.int(), sectionId: z.int(), x: z.int(), y: z.int() })).check(z.maxLength(200)),
}));
export type MembershipOrderBody = z.infer<typeof MembershipOrderBody>;

