import { z } from 'zod';
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
export const QueryInt = z.coerce.number().int().nonnegative();
/** "1,2,3" or a single id → number[]. */
export const IdList = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'comma separated list of ids')
  .transform((s) => s.split(',').map(Number));
/** "A,B" → string[] (ticket codes). */
export const CodeList = z
  .string()
  .max(500)
  .transform((s) => s.split(',').map((c) => c.trim()).filter(Boolean));
export const MiniSiteUrl = z.string().min(1).max(200);
/** Shekels, at most 2 decimals. */
export const Money = z.number();
export const IdParams = z.object({ id: z.coerce.number().int().positive() });
export type IdParams = z.infer<typeof IdParams>;

export const LockTimer = z.object({
  chooseSeatsInSeconds: z.number().int(),
  chooseTicketsInSeconds: z.number().int(),
  customerInfoInSeconds: z.number().int(),
  chooseProductsInSeconds: z.number().int(),
});
export type LockTimer = z.infer<typeof LockTimer>;


// ---------- features ----------

export const FeaturesQuery = z.object({
  featureIds: IdList.optional(),
  locationId: z.coerce.number().int().positive().optional(),
  miniSiteUrl: MiniSiteUrl.optional(),
});
export type FeaturesQuery = z.infer<typeof FeaturesQuery>;


// ---------- presentations ----------

export const PresentationsQuery = z.object({
  featureIds: IdList.optional(),
  locationId: z.coerce.number().int().positive().optional(),
  miniSiteUrl: MiniSiteUrl.optional(),
  ticketCodes: CodeList.optional(),
});
export type PresentationsQuery = z.infer<typeof PresentationsQuery>;

export const PresentationSummary = z.object({
  id: z.number().int(),
  featureId: z.number().int(),
  featureName: z.string(),
  venueId: z.number().int(),
  venueName: z.string(),
  venueTypeId: z.number().int(),
  seatplanId: z.number().int(),
  seatingPolicyId: z.number().int(),
  locationId: z.number().int(),
  locationName: z.string(),
  authProfileId: z.number().int(),
  businessId: z.number().int(),
  dateTime: IsoDateTime,
  /** true when the venue has at least one reserved (numbered) section. */
  isReserved: z.boolean(),
  /** Number of general-admission sections (spec: "count of general-admission sections"). */
  isGA: z.number().int(),
  seatingMode: SeatingMode,
  locationOffline: z.boolean(),
});
export type PresentationSummary = z.infer<typeof PresentationSummary>;

export const PresentationsResponse = z.object({
  presentations: z.array(PresentationSummary),
  hasReserved: z.boolean(),
  hasGA: z.boolean(),
});
export type PresentationsResponse = z.infer<typeof PresentationsResponse>;

export const PresentationQuery = z.object({
  ticketCodes: CodeList.optional(),
  miniSiteUrl: MiniSiteUrl.optional(),
  /** Integration data (spec: GET /integration); accepted and ignored for now. */
  integrationId: z.string().max(200).optional(),
});
export type PresentationQuery = z.infer<typeof PresentationQuery>;

export const Product = z.object({
  id: z.number().int(),
  name: z.string(),
  price: Money,
  isDeliveryRequired: z.boolean(),
  selectedQuantity: z.number().int(),
  category: z.string(),
});
export type Product = z.infer<typeof Product>;

export const Presentation = PresentationSummary.extend({
  featureDurationMinutes: z.number().int(),
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
  viewAreaFilename: z.string().nullable(),
  imageMapHtml: z.string().nullable(),
});
export type Presentation = z.infer<typeof Presentation>;

export const PresentationResponse = z.object({ presentation: Presentation });
export type PresentationResponse = z.infer<typeof PresentationResponse>;

// ---------- ticket groups ----------

export const TicketGroupsQuery = z.object({
  /** Cache buster the old client sends; ignored. */
  timestamp: z.string().max(50).optional(),
  ts: z.string().max(50).optional(),
  miniSiteUrl: MiniSiteUrl.optional(),
  ticketCodes: CodeList.optional(),
  integrationId: z.string().max(200).optional(),
});
export type TicketGroupsQuery = z.infer<typeof TicketGroupsQuery>;

export const Ticket = z.object({
  id: z.number().int(),
  name: z.string(),
  price: Money,
  /** Price before a discount (same as price when none). */
  oldPrice: Money,
  serviceCharge: Money,
  pricePolicyId: z.number().int(),
  multiplyFactor: z.number().int(),
  isByCodeEnabled: z.boolean(),
  code: z.string().nullable(),
  ref1prompt: z.string().nullable(),
  ref2prompt: z.string().nullable(),
  walkin: z.boolean(),
  loyaltyPointsPrice: z.number().nullable(),
  /** name: in the visitor's language ('' when the producer has none). */
  addons: z.array(z.object({ id: z.number().int(), name: z.string().default(''), price: Money })),
});
export type Ticket = z.infer<typeof Ticket>;

export const TicketGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  /** regular | premium | ga ... (price zone code) */
  code: z.string(),
  tickets: z.array(Ticket),
});
export type TicketGroup = z.infer<typeof TicketGroup>;

export const TicketGroupsResponse = z.object({
  ticketGroups: z.array(TicketGroup),
  serviceCharge: Money,
});
export type TicketGroupsResponse = z.infer<typeof TicketGroupsResponse>;
