import { z } from 'zod';
import { IsoDateTime, Money } from './catalog';
import * as rules from '../validation/rules';
import { MobileNumber } from './customers';
import { AreaVoucher } from './customers';

/**
 * Customer sign-in by identifier, password sign-in, locations, system-voucher actions, video on demand
 * and details editing (issue 9, spec sections 2, 6, 7 "Customer", 8).
 */

/** Which identifiers the sign-in offers (configuration; decisions.md: mobile always, ID number on, member number off). */
export const LoginIdentifier = z.enum(['mobile', 'ssn', 'memberNumber']);
export type LoginIdentifier = z.infer<typeof LoginIdentifier>;
export const LoginOptionsResponse = z.object({ identifiers: z.array(LoginIdentifier), passwordLogin: z.boolean() });
export type LoginOptionsResponse = z.infer<typeof LoginOptionsResponse>;

export const Ssn = z.string().trim().max(12).refine((v) => rules.isValidIsraeliId(v), 'invalid_ssn');

/**
 * POST /customer-area/mobile-login: exactly one identifier; the code always goes to the mobile number on file.
 * `checkout`: the sign-in started from checkout (the answer is the same).
 */
export const IdentifierLoginBody = z.object({
  mobileNumber: MobileNumber.optional(),
  ssn: Ssn.optional(),
  memberNumber: z.string().trim().min(1).max(30).regex(/^[\w-]+$/).optional(),
  checkout: z.boolean().optional(),
  recaptchaToken: z.string().max(4000).optional().nullable(),
}).refine((b) => [b.mobileNumber, b.ssn, b.memberNumber].filter((v) => v !== undefined).length === 1, 'exactly one identifier');
export type IdentifierLoginBody = z.infer<typeof IdentifierLoginBody>;

/** POST /customer/login */
export const PasswordLoginBody = z.object({
  email: z.string().trim().email().max(120),
  password: z.string().min(1).max(200),
  recaptchaToken: z.string().max(4000).optional().nullable(),
  includeMemberships: z.boolean().default(true),
});

export const CustomerLocation = z.object({ id: z.number().int(), name: z.string(), city: z.string() });
export const CustomerLocationsResponse = z.object({ locations: z.array(CustomerLocation) });

// ---- system vouchers ----
export const VoucherRefParams = z.object({ ref: z.string().trim().min(3).max(40).regex(/^[\w-]+$/) });
export const VoucherActionBody = z.object({ reservationIdentifier: z.string().trim().max(40).optional().nullable() });
export const VoucherActionResponse = z.object({ systemVoucher: AreaVoucher });
export const VoucherHistoryEntry = z.object({
  kind: z.enum(['issued', 'redeemed', 'cancelled', 'replacement']),
  date: IsoDateTime,
  amount: Money,
  tickets: z.number().int(),
  reservationIdentifier: z.string().nullable(),
});
export type VoucherHistoryEntry = z.infer<typeof VoucherHistoryEntry>;
export const VoucherHistoryResponse = z.object({ history: z.array(VoucherHistoryEntry) });

// ---- video on demand ----
export const AreaVod = z.object({
  /** reservation_tickets.id */
  ticketId: z.number().int(),
  title: z.string(),
  reservationIdentifier: z.string(),
  purchaseDate: IsoDateTime,
  availableFrom: IsoDateTime,
  availableUntil: IsoDateTime,
  playCount: z.number().int(),
  playsRemaining: z.number().int(),
  lastPlayback: z.nullable(IsoDateTime),
  canPlay: z.boolean(),
});
export type AreaVod = z.infer<typeof AreaVod>;
export const AreaVodResponse = z.object({ vod: z.array(AreaVod) });
export const VodTicketParams = z.object({ ticketId: z.coerce.number().int().positive() });
export const VodPlayResponse = z.object({ vod: AreaVod });

// ---- details ----
const name = z.string().trim().min(1).max(60).regex(/^[\p{L}\s'’-]+$/u, 'lettersOnly');
export const DetailsUpdateBody = z.object({
  firstName: name,
  lastName: name,
  email: z.string().trim().max(120).email().nullable().or(z.literal('').transform(() => null)),
  mobileNumber: MobileNumber,
  city: z.string().trim().max(60).nullable().optional(),
  address1: z.string().trim().max(120).transform(rules.cleanAddress).nullable().optional(),
  postalCode: z.string().trim().max(10).regex(/^\d*$/).nullable().optional(),
  isMailingAllowed: z.boolean(),
});
export type DetailsUpdateBody = z.infer<typeof DetailsUpdateBody>;
