import * as z from 'zod/mini';
import { lazy } from './lazy';
import { IsoDateTime, Money } from './catalog';
import * as rules from '../validation/rules';
import { MobileNumber } from './customers';
import { AreaVoucher } from './customers';

/**
 * Customer sign-in by identifier, password sign-in, locations, system-voucher actions, video on demand
 * and details editing (issue 9, spec sections 2, 6, 7 "Customer", 8).
 */

/** Which identifiers the sign-in offers (configuration; decisions.md: mobile always, ID number on, member number off). */
export const LoginIdentifier = lazy(() => z.enum(['mobile', 'ssn', 'memberNumber']));
export type LoginIdentifier = z.infer<typeof LoginIdentifier>;
export const LoginOptionsResponse = lazy(() => z.object({ identifiers: z.array(LoginIdentifier), passwordLogin: z.boolean() }));
export type LoginOptionsResponse = z.infer<typeof LoginOptionsResponse>;

export const Ssn = lazy(() => z.string().check(z.trim(), z.maxLength(12), z.refine((v) => rules.isValidIsraeliId(v), 'invalid_ssn')));

/**
 * POST /customer-area/mobile-login: exactly one identifier; the code always goes to the mobile number on file.
 * `checkout`: the sign-in started from checkout (the answer is the same).
 */
export const IdentifierLoginBody = lazy(() => z.object({
  mobileNumber: z.optional(MobileNumber),
  ssn: z.optional(Ssn),
  memberNumber: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(30), z.regex(/^[\w-]+$/))),
  checkout: z.optional(z.boolean()),
  recaptchaToken: z.nullable(z.optional(z.string().check(z.maxLength(4000)))),
}).check(z.refine((b) => [b.mobileNumber, b.ssn, b.memberNumber].filter((v) => v !== undefined).length === 1, 'exactly one identifier')));
export type IdentifierLoginBody = z.infer<typeof IdentifierLoginBody>;

/** POST /customer/login */
export const PasswordLoginBody = lazy(() => z.object({
  email: z.string().check(z.trim(), z.email(), z.maxLength(120)),
  password: z.string().check(z.minLength(1), z.maxLength(200)),
  recaptchaToken: z.nullable(z.optional(z.string().check(z.maxLength(4000)))),
  includeMemberships: z._default(z.boolean(), true),
}));

export const CustomerLocation = lazy(() => z.object({ id: z.int(), name: z.string(), city: z.string() }));
export const CustomerLocationsResponse = lazy(() => z.object({ locations: z.array(CustomerLocation) }));

// ---- system vouchers ----
export const VoucherRefParams = lazy(() => z.object({ ref: z.string().check(z.trim(), z.minLength(3), z.maxLength(40), z.regex(/^[\w-]+$/)) }));
export const VoucherActionBody = lazy(() => z.object({ reservationIdentifier: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(40)))) }));
export const VoucherActionResponse = lazy(() => z.object({ systemVoucher: AreaVoucher }));
export const VoucherHistoryEntry = lazy(() => z.object({
  /** refunded: an amount (or free tickets) given back by a cancellation of the order it paid. */
  kind: z.enum(['issued', 'redeemed', 'cancelled', 'replacement', 'refunded']),
  date: IsoDateTime,
  amount: Money,
  tickets: z.int(),
  reservationIdentifier: z.nullable(z.string()),
}));
export type VoucherHistoryEntry = z.infer<typeof VoucherHistoryEntry>;
export const VoucherHistoryResponse = lazy(() => z.object({ history: z.array(VoucherHistoryEntry) }));

// ---- video on demand ----
export const AreaVod = lazy(() => z.object({
  /** reservation_tickets.id */
  ticketId: z.int(),
  /** With its id, the film's title is given in ru, ar and pl too (the api's names hook pairs them). */
  featureId: z.optional(z.int()),
  title: z.string(),
  reservationIdentifier: z.string(),
  purchaseDate: IsoDateTime,
  availableFrom: IsoDateTime,
  availableUntil: IsoDateTime,
  playCount: z.int(),
  playsRemaining: z.int(),
  lastPlayback: z.nullable(IsoDateTime),
  canPlay: z.boolean(),
}));
export type AreaVod = z.infer<typeof AreaVod>;
export const AreaVodResponse = lazy(() => z.object({ vod: z.array(AreaVod) }));
export const VodTicketParams = lazy(() => z.object({ ticketId: z.coerce.number().check(z.int(), z.positive()) }));
/** A counted play, and where the player fetches the title (null when no streaming provider is configured). */
export const VodPlayResponse = lazy(() => z.object({ vod: AreaVod, playback: z._default(z.nullable(z.object({ url: z.string(), type: z.string() })), null) }));
export type VodPlayResponse = z.infer<typeof VodPlayResponse>;

// ---- details ----
const name = lazy(() => z.string().check(z.trim(), z.minLength(1), z.maxLength(60), z.regex(/^[\p{L}\s'’-]+$/u, 'lettersOnly')));
export const DetailsUpdateBody = lazy(() => z.object({
  firstName: name,
  lastName: name,
  email: z.union([z.nullable(z.string().check(z.trim(), z.maxLength(120), z.email())), z.pipe(z.literal(''), z.transform(() => null))]),
  mobileNumber: MobileNumber,
  city: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(60)))),
  address1: z.optional(z.nullable(z.pipe(z.string().check(z.trim(), z.maxLength(120)), z.transform(rules.cleanAddress)))),
  postalCode: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(10), z.regex(/^\d*$/)))),
  isMailingAllowed: z.boolean(),
  /**
   * The code texted to a NEW mobile number by POST /customer-area/details/mobile-code: required when mobileNumber
   * differs from the number on file (a typo must not lock the customer out of SMS sign-in).
   */
  smsCode: z.optional(z.string().check(z.trim(), z.regex(/^\d{4,8}$/))),
}));
export type DetailsUpdateBody = z.infer<typeof DetailsUpdateBody>;
/** POST /customer-area/details/mobile-code: texts a code to the number the customer wants to sign in with from now on. */
export const MobileChangeCodeBody = lazy(() => z.object({ mobileNumber: MobileNumber }));
export type MobileChangeCodeBody = z.infer<typeof MobileChangeCodeBody>;
