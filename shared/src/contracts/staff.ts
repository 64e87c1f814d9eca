import { z } from 'zod';
import { IsoDate, IsoDateTime, Money } from './catalog';

/**
 * Staff contracts (issue 6; spec sections 3, 6, 7 "Staff dashboard" and "Ticket reference admin").
 * All calls live under /api. Field names follow spec section 3 (PascalCase where the spec names them).
 * Sold/held counts are tickets; Capacity is the seat plan's capacity (seats + general-admission places).
 * Dates are Asia/Jerusalem business days (YYYY-MM-DD); money in shekels.
 */

// ---------- building blocks ----------

const QId = z.coerce.number().int().positive();
/** Query boolean: true/false/1/0. */
export const QueryBool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
/** "1,2" → [1, 2]. */
const IdCsv = z.string().regex(/^\d+(,\d+)*$/, 'comma separated list of ids').transform((s) => s.split(',').map(Number));

/** A valid calendar date YYYY-MM-DD. */
export const StaffDate = IsoDate.refine((s) => {
  const d = new Date(`${s}T12:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}, 'not a calendar date');

/** Date ranges are limited to one year. */
export const MAX_RANGE_DAYS = 366;
const days = (a: string, b: string) => Math.round((Date.parse(`${b}T12:00:00Z`) - Date.parse(`${a}T12:00:00Z`)) / 86400000);
function withRange<T extends z.ZodObject<{ startDate: typeof StaffDate; endDate: typeof StaffDate }>>(o: T) {
  return o.refine((v) => v.startDate <= v.endDate, { message: 'startDate after endDate', path: ['startDate'] })
    .refine((v) => days(v.startDate, v.endDate) <= MAX_RANGE_DAYS, { message: `range longer than ${MAX_RANGE_DAYS} days`, path: ['endDate'] });
}

// ---------- staff auth ----------

export const StaffLoginBody = z.object({
  username: z.string().trim().min(3).max(50),
  password: z.string().min(6).max(100),
});
export type StaffLoginBody = z.infer<typeof StaffLoginBody>;

/** Spec section 3: Staff user. */
export const StaffUser = z.object({
  userId: z.number().int(),
  FirstName: z.string(),
  LastName: z.string(),
  businessIds: z.array(z.number().int()),
});
export type StaffUser = z.infer<typeof StaffUser>;

export const StaffLogoutResponse = z.object({ success: z.boolean() });

// ---------- PresLive: sales by cinema ----------

/** A date with a value: tickets sold for that day's presentations. */
export const DateValue = z.object({ Date: IsoDate, Value: z.number().int() });
export type DateValue = z.infer<typeof DateValue>;

export const LocationDatesResponse = z.object({ dates: z.array(DateValue) });
export type LocationDatesResponse = z.infer<typeof LocationDatesResponse>;

export const LocationSalesParams = z.object({
  date: StaffDate,
  /** 0 = by presentation date (the figures of that day's presentations); 1 = by sale date (tickets sold that day). */
  mode: z.enum(['0', '1']).transform(Number),
});

/** Spec section 3: Location sales row. LocationId -1 is the synthetic 'all cinemas' row (location 1 excluded). */
export const LocationSalesRow = z.object({
  LocationId: z.number().int(),
  Name: z.string(),
  Capacity: z.number().int(),
  Sold: z.number().int(),
  Availability: z.number().int(),
});
export type LocationSalesRow = z.infer<typeof LocationSalesRow>;
export const ALL_CINEMAS_ID = -1;
/** The 'all cinemas' row does not count this location (spec section 3). */
export const ALL_CINEMAS_EXCLUDED_LOCATION = 1;

export const LocationSalesResponse = z.object({ date: IsoDate, locations: z.array(LocationSalesRow) });
export type LocationSalesResponse = z.infer<typeof LocationSalesResponse>;

// ---------- PresLive: sales by film ----------

export const FeatureRef = z.object({ FeatureId: z.number().int(), FeatureName: z.string() });
export const FeatureDatesResponse = z.object({ dates: z.array(DateValue), features: z.array(FeatureRef) });
export type FeatureDatesResponse = z.infer<typeof FeatureDatesResponse>;

export const FeatureSalesParams = z.object({ date: StaffDate });
export const FeatureSalesQuery = z.object({
  locationId: QId.optional(),
  featureId: QId.optional(),
  /** true: one row per location and feature; false: one row per feature (all locations summed). */
  isByLocation: QueryBool.default(false),
});
export const FeatureSalesItem = z.object({
  FeatureId: z.number().int(),
  FeatureName: z.string(),
  LocationId: z.number().int().nullable(),
  LocationName: z.string().nullable(),
  Presentations: z.number().int(),
  Capacity: z.number().int(),
  Sold: z.number().int(),
  Held: z.number().int(),
  Availability: z.number().int(),
});
export type FeatureSalesItem = z.infer<typeof FeatureSalesItem>;
export const FeatureSalesResponse = z.object({ date: IsoDate, isByLocation: z.boolean(), items: z.array(FeatureSalesItem) });
export type FeatureSalesResponse = z.infer<typeof FeatureSalesResponse>;

// ---------- presentation box (shared by monitors, v2 and drill-downs) ----------

/** Spec section 3: Presentation box row (+ ids and revenue). */
export const PresentationBoxRow = z.object({
  PresentationId: z.number().int(),
  LocationId: z.number().int(),
  LocationName: z.string(),
  FeatureId: z.number().int(),
  FeatureName: z.string(),
  VenueId: z.number().int(),
  VenueName: z.string(),
  PresentationDateTime: IsoDateTime,
  BusinessDate: IsoDate,
  Capacity: z.number().int(),
  HeldQuantity: z.number().int(),
  SoldQuantity: z.number().int(),
  Revenue: Money,
  /** Integer percent of capacity (spec section 9: percentages rounded to integer). */
  percentageHeld: z.number().int(),
  percentageSold: z.number().int(),
});
export type PresentationBoxRow = z.infer<typeof PresentationBoxRow>;

/** Integer percent of capacity (0 when capacity is 0). */
export function percentOf(part: number, capacity: number): number {
  return capacity > 0 ? Math.round((part * 100) / capacity) : 0;
}

export const DateRangeQuery = withRange(z.object({ startDate: StaffDate, endDate: StaffDate }));
export type DateRangeQuery = z.infer<typeof DateRangeQuery>;

/** Monitor rows (spec: LocationName, FeatureName) = presentation box rows. */
export const PresentationSalesResponse = z.object({ startDate: IsoDate, endDate: IsoDate, rows: z.array(PresentationBoxRow) });
export type PresentationSalesResponse = z.infer<typeof PresentationSalesResponse>;

// ---------- PresLive v2 ----------

export const V2Feature = z.object({ FeatureId: z.number().int(), LocationId: z.number().int(), FeatureName: z.string(), LocationName: z.string() });
export type V2Feature = z.infer<typeof V2Feature>;
export const AvailableFeaturesResponse = z.object({ features: z.array(V2Feature) });
export type AvailableFeaturesResponse = z.infer<typeof AvailableFeaturesResponse>;

export const FeatureDataQuery = z.object({
  featureId: QId,
  locationId: QId,
  presentationIds: IdCsv.optional(),
  startDate: StaffDate.optional(),
  endDate: StaffDate.optional(),
}).refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, { message: 'startDate after endDate', path: ['startDate'] });

/** Tickets sold per sale day (Asia/Jerusalem). */
export const SalesPoint = z.object({ Date: IsoDate, Sold: z.number().int(), Revenue: Money });
export type SalesPoint = z.infer<typeof SalesPoint>;

export const Totals = z.object({
  Capacity: z.number().int(), SoldQuantity: z.number().int(), HeldQuantity: z.number().int(), Revenue: Money,
  percentageSold: z.number().int(), percentageHeld: z.number().int(),
});
export type Totals = z.infer<typeof Totals>;

export const FeatureDataResponse = z.object({
  FeatureId: z.number().int(),
  LocationId: z.number().int(),
  FeatureName: z.string(),
  LocationName: z.string(),
  totals: Totals,
  salesOverTime: z.array(SalesPoint),
  presentations: z.array(PresentationBoxRow),
});
export type FeatureDataResponse = z.infer<typeof FeatureDataResponse>;

export const AvailablePresentationsQuery = z.object({ featureId: QId, locationId: QId });
export const V2Presentation = z.object({ PresentationId: z.number().int(), PresentationDateTime: IsoDateTime, VenueName: z.string() });
export const AvailablePresentationsResponse = z.object({ presentations: z.array(V2Presentation) });
export type AvailablePresentationsResponse = z.infer<typeof AvailablePresentationsResponse>;

export const PresentationDataQuery = z.object({ presentationId: QId });
export const TicketTypeSales = z.object({ TicketId: z.number().int(), TicketName: z.string(), Sold: z.number().int(), Revenue: Money });
export const PresentationDataResponse = z.object({
  presentation: PresentationBoxRow,
  salesOverTime: z.array(SalesPoint),
  byTicketType: z.array(TicketTypeSales),
});
export type PresentationDataResponse = z.infer<typeof PresentationDataResponse>;

// ---------- reports (attendance) ----------

export const AttendanceRangeParams = withRange(z.object({ startDate: StaffDate, endDate: StaffDate }));
/** Spec section 3: Attendance by date. */
export const AttendanceByDateRow = z.object({ BusinessDate: IsoDate, SoldQuantity: z.number().int(), HeldQuantity: z.number().int(), Capacity: z.number().int() });
export const AttendanceByDateResponse = z.object({ rows: z.array(AttendanceByDateRow) });
export type AttendanceByDateResponse = z.infer<typeof AttendanceByDateResponse>;

export const CinemaFilterDataResponse = z.object({
  locations: z.array(z.object({ LocationId: z.number().int(), Name: z.string(), BusinessId: z.number().int() })),
  productClasses: z.array(z.object({ ProductClassId: z.string(), Name: z.string() })),
  /** 0 = Sunday … 6 = Saturday; the Israeli weekend is Friday and Saturday. */
  weekendDays: z.array(z.number().int().min(0).max(6)),
});
export type CinemaFilterDataResponse = z.infer<typeof CinemaFilterDataResponse>;

export const DateParams = z.object({ date: StaffDate });
export const DateLocationParams = z.object({ date: StaffDate, locationId: QId });
export const AttendanceByLocationRow = z.object({
  LocationId: z.number().int(), LocationName: z.string(), Presentations: z.number().int(),
  Capacity: z.number().int(), HeldQuantity: z.number().int(), SoldQuantity: z.number().int(),
});
export const AttendanceByLocationResponse = z.object({ rows: z.array(AttendanceByLocationRow) });
export type AttendanceByLocationResponse = z.infer<typeof AttendanceByLocationResponse>;

/** Attendance by show time, grouped by venue or by feature: one row per presentation. */
export const AttendanceByShowTimeResponse = z.object({
  groups: z.array(z.object({ Id: z.number().int(), Name: z.string(), rows: z.array(PresentationBoxRow) })),
});
export type AttendanceByShowTimeResponse = z.infer<typeof AttendanceByShowTimeResponse>;

export const DrillBy = z.enum(['venue', 'feature']);
export type DrillBy = z.infer<typeof DrillBy>;
export const PresentationBoxParams = z.object({ date: StaffDate, locationId: QId, drillBy: DrillBy, id: QId });
export const PresentationBoxResponse = z.object({ rows: z.array(PresentationBoxRow) });
export type PresentationBoxResponse = z.infer<typeof PresentationBoxResponse>;

// ---------- reports (sales monitors) ----------

export const ReportRangeQuery = withRange(z.object({ startDate: StaffDate, endDate: StaffDate, locationId: QId.optional() }));
export type ReportRangeQuery = z.infer<typeof ReportRangeQuery>;

export const ProductSalesRow = z.object({
  ProductId: z.number().int(), ProductName: z.string(), ProductClassId: z.string(), Quantity: z.number().int(), Revenue: Money,
});
export type ProductSalesRow = z.infer<typeof ProductSalesRow>;
export const ConcessionsResponse = z.object({ most: z.array(ProductSalesRow), least: z.array(ProductSalesRow) });
export type ConcessionsResponse = z.infer<typeof ConcessionsResponse>;

export const PointOfSaleRow = z.object({
  PosId: z.number().int(), PosName: z.string(), Kind: z.string(), LocationId: z.number().int(), LocationName: z.string(),
  Reservations: z.number().int(), Tickets: z.number().int(), Revenue: Money,
});
export type PointOfSaleRow = z.infer<typeof PointOfSaleRow>;
export const SalesByPosResponse = z.object({ rows: z.array(PointOfSaleRow) });
export type SalesByPosResponse = z.infer<typeof SalesByPosResponse>;

export const TopFeatureRow = z.object({ FeatureId: z.number().int(), FeatureName: z.string(), Tickets: z.number().int(), Revenue: Money });
export type TopFeatureRow = z.infer<typeof TopFeatureRow>;
export const TopFeaturesResponse = z.object({ rows: z.array(TopFeatureRow) });
export type TopFeaturesResponse = z.infer<typeof TopFeaturesResponse>;

/** Server-sent event `sales` on GET /PRES-live/events. */
export const SalesChangeEvent = z.object({ presentationIds: z.array(z.number().int()), businessIds: z.array(z.number().int()), tickets: z.number().int() });
export type SalesChangeEvent = z.infer<typeof SalesChangeEvent>;

// ---------- ticket reference admin ----------

export const TicketRefAgentsQuery = z.object({ userId: QId });
export const TicketRefAgent = z.object({ CustomerId: z.number().int(), Name: z.string(), BusinessId: z.number().int() });
export const TicketRefAgentsResponse = z.object({ agents: z.array(TicketRefAgent) });
export type TicketRefAgentsResponse = z.infer<typeof TicketRefAgentsResponse>;

export const PromptAdminQuery = z.object({ businessIds: IdCsv.optional(), customerId: QId, userId: QId });
/** Spec section 3: Ticket-ref agent rows (one per reference prompt of the agent). */
export const TicketRefPromptRow = z.object({
  CustomerId: z.number().int(),
  TicketId: z.number().int(),
  FeatureId: z.number().int().nullable(),
  PricePolicyId: z.number().int(),
  PresentationId: z.number().int().nullable(),
  FeatureCategoryId: z.number().int().nullable(),
  PromptId: z.number().int(),
  Prompt: z.string(),
  TicketName: z.string(),
  FeatureName: z.string().nullable(),
  Options: z.number().int(),
  Allotted: z.number().int(),
  Redeemed: z.number().int(),
});
export type TicketRefPromptRow = z.infer<typeof TicketRefPromptRow>;
export const PromptAdminResponse = z.object({ rows: z.array(TicketRefPromptRow) });
export type PromptAdminResponse = z.infer<typeof PromptAdminResponse>;

const optionalId = z.union([z.literal(''), z.literal('null'), QId]).transform((v) => (v === '' || v === 'null' ? null : v)).optional();
export const PromptDetailQuery = z.object({
  /** Free-text filter over Reference1/Reference2. */
  data: z.string().max(100).optional(),
  isDetail: QueryBool.default(true),
  featureId: optionalId,
  ticketId: QId,
  pricePolicyId: QId,
  presentationId: optionalId,
  featureCategoryId: optionalId,
  businessIds: IdCsv.optional(),
});
export type PromptDetailQuery = z.infer<typeof PromptDetailQuery>;

/** Spec section 3: Redemption items. */
export const RedemptionItem = z.object({
  Reference1: z.string(),
  Reference2: z.string(),
  PriceType: z.number().int(),
  PriceId: z.number().int(),
  PriceRowId: z.number().int(),
  Quantity: z.number().int(),
  Redeemed: z.number().int(),
  Remaining: z.number().int(),
});
export type RedemptionItem = z.infer<typeof RedemptionItem>;
export const PromptDetailResponse = z.object({ prompt: z.string(), items: z.array(RedemptionItem) });
export type PromptDetailResponse = z.infer<typeof PromptDetailResponse>;

export const TICKET_SALES_DEFAULTS = { detailLevel: 1, dateType: 2 } as const;
/** Spec section 7: "same plus detailLevel, startDate, endDate, dateType". */
export const PromptTicketSalesQuery = PromptDetailQuery.extend({
  /** 1 = one row per reservation, 2 = one row per ticket. */
  detailLevel: z.enum(['1', '2']).transform(Number).default(1),
  /** Default one month ago (Asia/Jerusalem), applied by the api when absent. */
  startDate: StaffDate.optional(),
  /** Default today (Asia/Jerusalem). */
  endDate: StaffDate.optional(),
  /** 1 = by presentation date, 2 = by transaction (sale) date. */
  dateType: z.enum(['1', '2']).transform(Number).default(2),
}).refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, { message: 'startDate after endDate', path: ['startDate'] });
export type PromptTicketSalesQuery = z.infer<typeof PromptTicketSalesQuery>;

export const TicketSalesRow = z.object({
  ReservationId: z.number().int(),
  ReservationIdentifier: z.string(),
  TransactionDateTime: IsoDateTime,
  PresentationDateTime: IsoDateTime,
  FeatureName: z.string(),
  LocationName: z.string(),
  Reference1: z.string(),
  Reference2: z.string(),
  Quantity: z.number().int(),
  Amount: Money,
  MobileNumber: z.string().nullable(),
  /** detailLevel 2 only: the place. */
  Seat: z.string().nullable(),
});
export type TicketSalesRow = z.infer<typeof TicketSalesRow>;
export const PromptTicketSalesResponse = z.object({
  startDate: IsoDate, endDate: IsoDate, detailLevel: z.number().int(), dateType: z.number().int(), rows: z.array(TicketSalesRow),
});
export type PromptTicketSalesResponse = z.infer<typeof PromptTicketSalesResponse>;

export const EditOptionQuantityParams = z.object({ priceType: QId, priceId: QId, priceRowId: QId });
export const EditOptionQuantityBody = z.object({
  reference: z.string().min(1).max(100),
  reference2: z.string().max(100).optional().default(''),
  quantity: z.number().int().min(0).max(100000),
});
export type EditOptionQuantityBody = z.input<typeof EditOptionQuantityBody>;
export const EditOptionQuantityResponse = z.object({ success: z.literal(true), item: RedemptionItem });
export type EditOptionQuantityResponse = z.infer<typeof EditOptionQuantityResponse>;

export const SendTicketsParams = z.object({ resId: z.string().regex(/^[A-Za-z0-9-]{1,40}$/, 'reservation identifier') });
/** Body: SendTicketsBody of ./orders (mobileNumber), shared with the visitor's confirmation page. */
export const SendTicketsResponse = z.object({ success: z.boolean() });
export type SendTicketsResponse = z.infer<typeof SendTicketsResponse>;
