import * as z from 'zod/mini';
import { lazy } from './lazy';

// Membership purchase answers, kept free of the other contract files: mf-memberships bundles this file (it parses
// with it even under a host whose shared singleton predates it) and it must stay small.

/** Shekels, as `Money` in catalog.ts. */
const Shekels = lazy(() => z.number());

export const MembershipSeatplanResponse = lazy(() => z.object({
  membershipId: z.int(),
  events: z.array(z.object({ presentationId: z.int(), ordinal: z.int() })),
}));
export type MembershipSeatplanResponse = z.infer<typeof MembershipSeatplanResponse>;

/** The api's price of a membership cart: its total and one line per price chosen (what the payment step lists). */
export const MembershipQuoteResponse = lazy(() => z.object({
  total: Shekels, quantity: z.int(),
  lines: z._default(z.array(z.object({ name: z.string(), quantity: z.int(), amount: Shekels, kind: z.enum(['new', 'topUp', 'renewal']) })), []),
}));
export type MembershipQuoteResponse = z.infer<typeof MembershipQuoteResponse>;

export const MembershipOrderResponse = lazy(() => z.object({
  orderIdentifier: z.string(),
  total: Shekels,
  members: z.array(z.object({
    memberNumber: z.string(), membershipIdentifier: z.string(), name: z.string(), balance: z.int(),
    startDate: z.string(), endDate: z.string(), kind: z.enum(['new', 'topUp', 'renewal']),
  })),
  seats: z.int(),
  replayed: z.boolean(),
}));
export type MembershipOrderResponse = z.infer<typeof MembershipOrderResponse>;

/** GET /membership/renewal/{memberNumber}: the signed-in customer's membership to renew (the page /membership/renew/{memberNumber}). */
export const MembershipRenewalResponse = lazy(() => z.object({
  memberNumber: z.string(), membershipCode: z.string(), endDate: z.string(), isExpired: z.boolean(),
}));
export type MembershipRenewalResponse = z.infer<typeof MembershipRenewalResponse>;
export const MembershipRenewalParams = lazy(() => z.object({ memberNumber: z.string().check(z.minLength(1), z.maxLength(40)) }));
