import * as z from 'zod/mini';
import { lazy } from './lazy';
import { IsoDate, IsoDateTime, SeatingMode } from './formats';

export { ISO_DATE, IsoDate, IsoDateTime, SeatingMode } from './formats';
export { Feature, FeaturesResponse } from './whatsOn';

/**
 * Catalog contracts (spec section 7 "Booking": features, presentations, ticket groups).
 * Field names are as on the wire (spec section 3). Money is in shekels (ILS) with at most
 * 2 decimals (the api stores integer agorot). Date-times are ISO 8601 strings in UTC.
 * Names come in the visitor's language (Accept-Language: he → Hebrew, otherwise English).
 */

// ---------- shared building blocks ----------

/** Query-string integer (query values arrive as strings). */
export const QueryInt = lazy(() => z.coerce.number().check(z.int(), z.nonnegative()));
/** "1,2,3" or a single id → number[]. */
export const IdList = lazy(() => z.pipe(
  z.string().check(z.regex(/^\d+(,\d+)*$/, 'comma separated list of ids')),
  z.transform((s: string) => s.split(',').map(Number)),
));
/** "A,B" → string[] (ticket codes). */
export const CodeList = lazy(() => z.pipe(
  z.string().check(z.maxLength(500)),
  z.transform((s: string) => s.split(',').map((c) => c.trim()).filter(Boolean)),
));
export const MiniSiteUrl = lazy(() => z.string().check(z.minLength(1), z.maxLength(200)));
/** Shekels, at most 2 decimals. */
export const Money = lazy(() => z.number());
export const IdParams = lazy(() => z.object({ id: z.coerce.number().check(z.int(), z.positive()) }));
export type IdParams = z.infer<typeof IdParams>;

export const LockTimer = lazy(() => z.object({
  chooseSeatsInSeconds: z.int(),
  chooseTicketsInSeconds: z.int(),
  customerInfoInSeconds: z.int(),
  chooseProductsInSeconds: z.int(),
}));
export type LockTimer = z.infer<typeof LockTimer>;


// ---------- features ----------

export const FeaturesQuery = lazy(() => z.object({
  featureIds: z.optional(IdList),
  locationId: z.optional(z.coerce.number().check(z.int(), z.positive())),
  miniSiteUrl: z.optional(MiniSiteUrl),
}));
export type FeaturesQuery = z.infer<typeof FeaturesQuery>;


// ---------- presentations ----------

export const PresentationsQuery = lazy(() => z.object({
  featureIds: z.optional(IdList),
  locationId: z.optional(z.coerce.number().check(z.int(), z.positive())),
  miniSiteUrl: z.optional(MiniSiteUrl),
  ticketCodes: z.optional(CodeList),
}));
export type PresentationsQuery = z.infer<typeof PresentationsQuery>;

export const PresentationSummary = lazy(() => z.object({
  id: z.int(),
  featureId: z.int(),
  featureName: z.string(),
  venueId: z.int(),
  venueName: z.string(),
  venueTypeId: z.int(),
  seatplanId: z.int(),
  seatingPolicyId: z.int(),
  locationId: z.int(),
  locationName: z.string(),
  authProfileId: z.int(),
  businessId: z.int(),
  dateTime: IsoDateTime,
  /** true when the venue has at least one reserved (numbered) section. */
  isReserved: z.boolean(),
  /** Number of general-admission sections (spec: "count of general-admission sections"). */
  isGA: z.int(),
  seatingMode: SeatingMode,
  locationOffline: z.boolean(),
}));
export type PresentationSummary = z.infer<typeof PresentationSummary>;

export const PresentationsResponse = lazy(() => z.object({
  presentations: z.array(PresentationSummary),
  hasReserved: z.boolean(),
  hasGA: z.boolean(),
}));
export type PresentationsResponse = z.infer<typeof PresentationsResponse>;

export const PresentationQuery = lazy(() => z.object({
  ticketCodes: z.optional(CodeList),
  miniSiteUrl: z.optional(MiniSiteUrl),
  /** Integration data (spec: GET /integration); accepted and ignored for now. */
  integrationId: z.optional(z.string().check(z.maxLength(200))),
}));
export type PresentationQuery = z.infer<typeof PresentationQuery>;

export const Product = lazy(() => z.object({
  id: z.int(),
  name: z.string(),
  price: Money,
  isDeliveryRequired: z.boolean(),
  selectedQuantity: z.int(),
  category: z.string(),
}));
export type Product = z.infer<typeof Product>;

export const Presentation = lazy(() => z.extend(PresentationSummary, {
  featureDurationMinutes: z.int(),
  featureRating: z.string(),
  /** Service charge per ticket, shekels. */
  serviceCharge: Money,
  products: z.array(Product),
  lockTimer: LockTimer,
  hasReservedSection: z.boolean(),
  hasGASection: z.boolean(),
  hasMultiGASections: z.boolean(),
  /** True for venue types 101..104 (video on demand). */
  isVod: z.boolean(),
  newBookingUrl: z.string(),
  isDisplayQr: z.boolean(),
  viewAreaFilename: z.nullable(z.string()),
  imageMapHtml: z.nullable(z.string()),
}));
export type Presentation = z.infer<typeof Presentation>;

export const PresentationResponse = lazy(() => z.object({ presentation: Presentation }));
export type PresentationResponse = z.infer<typeof PresentationResponse>;

// ---------- ticket groups ----------

export const TicketGroupsQuery = lazy(() => z.object({
  /** Cache buster the old client sends; ignored. */
  timestamp: z.optional(z.string().check(z.maxLength(50))),
  ts: z.optional(z.string().check(z.maxLength(50))),
  miniSiteUrl: z.optional(MiniSiteUrl),
  ticketCodes: z.optional(CodeList),
  integrationId: z.optional(z.string().check(z.maxLength(200))),
}));
export type TicketGroupsQuery = z.infer<typeof TicketGroupsQuery>;

/**
 * How a ticket is sold (spec 5): by quantity ('regular', 'reference', 'walkin'; 'code', 'coupon', 'voucher' once typed), from
 * a membership's balance ('member'), or for loyalty points ('loyalty'). The catalog says it so that the tickets step asks
 * the ticket lookup only about tickets this visitor can use (a member ticket's lookup answered 409 to every non-member).
 */
export const TicketKind = lazy(() => z.enum(['regular', 'code', 'coupon', 'voucher', 'member', 'loyalty', 'reference', 'walkin']));
export type TicketKind = z.infer<typeof TicketKind>;

export const Ticket = lazy(() => z.object({
  id: z.int(),
  name: z.string(),
  price: Money,
  /** Price before a discount (same as price when none). */
  oldPrice: Money,
  serviceCharge: Money,
  pricePolicyId: z.int(),
  multiplyFactor: z.int(),
  isByCodeEnabled: z.boolean(),
  code: z.nullable(z.string()),
  ref1prompt: z.nullable(z.string()),
  ref2prompt: z.nullable(z.string()),
  walkin: z.boolean(),
  loyaltyPointsPrice: z.nullable(z.number()),
  kind: z._default(TicketKind, 'regular'),
  /** name: in the visitor's language ('' when the producer has none). */
  addons: z.array(z.object({ id: z.int(), name: z._default(z.string(), ''), price: Money })),
}));
export type Ticket = z.infer<typeof Ticket>;

export const TicketGroup = lazy(() => z.object({
  id: z.int(),
  name: z.string(),
  /** regular | premium | ga ... (price zone code) */
  code: z.string(),
  tickets: z.array(Ticket),
}));
export type TicketGroup = z.infer<typeof TicketGroup>;

export const TicketGroupsResponse = lazy(() => z.object({
  ticketGroups: z.array(TicketGroup),
  serviceCharge: Money,
}));
export type TicketGroupsResponse = z.infer<typeof TicketGroupsResponse>;
