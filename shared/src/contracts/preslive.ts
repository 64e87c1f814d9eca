import * as z from 'zod/mini';
import { lazy } from './lazy';
import { IsoDate, IsoDateTime, Money } from './catalog';
import { IdCsv, QId, QueryBool, StaffDate, withRange } from './staffParams';

/**
 * PresLive staff dashboard contracts (spec sections 3, 6, 7 "Staff dashboard").
 * Sold/held counts are tickets; Capacity is the seat plan's capacity (seats + general-admission places).
 * Dates are Asia/Jerusalem business days (YYYY-MM-DD); money in shekels.
 */

// ---------- PresLive: sales by cinema ----------

/** A date with a value: tickets sold for that day's presentations. */
export const DateValue = lazy(() => z.object({ Date: IsoDate, Value: z.int() }));
export type DateValue = z.infer<typeof DateValue>;

export const LocationDatesResponse = lazy(() => z.object({ dates: z.array(DateValue) }));
export type LocationDatesResponse = z.infer<typeof LocationDatesResponse>;

export const LocationSalesParams = lazy(() => z.object({
  date: StaffDate,
  /** 0 = by presentation date (the figures of that day's presentations); 1 = by sale date (tickets sold that day). */
  mode: z.pipe(z.enum(['0', '1']), z.transform(Number)),
}));

/** Spec section 3: Location sales row. LocationId -1 is the synthetic 'all cinemas' row (location 1 excluded). */
export const LocationSalesRow = lazy(() => z.object({
  LocationId: z.int(),
  Name: z.string(),
  Capacity: z.int(),
  Sold: z.int(),
  Availability: z.int(),
}));
export type LocationSalesRow = z.infer<typeof LocationSalesRow>;
export const ALL_CINEMAS_ID = -1;
/** The 'all cinemas' row does not count this location (spec section 3). */
export const ALL_CINEMAS_EXCLUDED_LOCATION = 1;

export const LocationSalesResponse = lazy(() => z.object({ date: IsoDate, locations: z.array(LocationSalesRow) }));
export type LocationSalesResponse = z.infer<typeof LocationSalesResponse>;

// ---------- PresLive: sales by film ----------

export const FeatureRef = lazy(() => z.object({ FeatureId: z.int(), FeatureName: z.string() }));
export const FeatureDatesResponse = lazy(() => z.object({ dates: z.array(DateValue), features: z.array(FeatureRef) }));
export type FeatureDatesResponse = z.infer<typeof FeatureDatesResponse>;

export const FeatureSalesParams = lazy(() => z.object({ date: StaffDate }));
export const FeatureSalesQuery = lazy(() => z.object({
  locationId: z.optional(QId),
  featureId: z.optional(QId),
  /** true: one row per location and feature; false: one row per feature (all locations summed). */
  isByLocation: z._default(QueryBool, false),
}));
export const FeatureSalesItem = lazy(() => z.object({
  FeatureId: z.int(),
  FeatureName: z.string(),
  LocationId: z.nullable(z.int()),
  LocationName: z.nullable(z.string()),
  Presentations: z.int(),
  Capacity: z.int(),
  Sold: z.int(),
  Held: z.int(),
  Availability: z.int(),
}));
export type FeatureSalesItem = z.infer<typeof FeatureSalesItem>;
export const FeatureSalesResponse = lazy(() => z.object({ date: IsoDate, isByLocation: z.boolean(), items: z.array(FeatureSalesItem) }));
export type FeatureSalesResponse = z.infer<typeof FeatureSalesResponse>;

// ---------- presentation box (shared by monitors, v2 and drill-downs) ----------

/** Spec section 3: Presentation box row (+ ids and revenue). */
export const PresentationBoxRow = lazy(() => z.object({
  PresentationId: z.int(),
  LocationId: z.int(),
  LocationName: z.string(),
  FeatureId: z.int(),
  FeatureName: z.string(),
  VenueId: z.int(),
  VenueName: z.string(),
  PresentationDateTime: IsoDateTime,
  BusinessDate: IsoDate,
  Capacity: z.int(),
  HeldQuantity: z.int(),
  SoldQuantity: z.int(),
  Revenue: Money,
  /** Integer percent of capacity (spec section 9: percentages rounded to integer). */
  percentageHeld: z.int(),
  percentageSold: z.int(),
}));
export type PresentationBoxRow = z.infer<typeof PresentationBoxRow>;

/** Integer percent of capacity (0 when capacity is 0). */
export function percentOf(part: number, capacity: number): number {
  return capacity > 0 ? Math.round((part * 100) / capacity) : 0;
}

export const DateRangeQuery = lazy(() => withRange(z.object({ startDate: StaffDate, endDate: StaffDate })));
export type DateRangeQuery = z.infer<typeof DateRangeQuery>;

/** Monitor rows (spec: LocationName, FeatureName) = presentation box rows. */
export const PresentationSalesResponse = lazy(() => z.object({ startDate: IsoDate, endDate: IsoDate, rows: z.array(PresentationBoxRow) }));
export type PresentationSalesResponse = z.infer<typeof PresentationSalesResponse>;

// ---------- PresLive v2 ----------

export const V2Feature = lazy(() => z.object({ FeatureId: z.int(), LocationId: z.int(), FeatureName: z.string(), LocationName: z.string() }));
export type V2Feature = z.infer<typeof V2Feature>;
export const AvailableFeaturesResponse = lazy(() => z.object({ features: z.array(V2Feature) }));
export type AvailableFeaturesResponse = z.infer<typeof AvailableFeaturesResponse>;

export const FeatureDataQuery = lazy(() => z.object({
  featureId: QId,
  locationId: QId,
  presentationIds: z.optional(IdCsv),
  startDate: z.optional(StaffDate),
  endDate: z.optional(StaffDate),
}).check(z.refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, { message: 'startDate after endDate', path: ['startDate'] })));

/** Tickets sold per sale day (Asia/Jerusalem). */
export const SalesPoint = lazy(() => z.object({ Date: IsoDate, Sold: z.int(), Revenue: Money }));
export type SalesPoint = z.infer<typeof SalesPoint>;

export const Totals = lazy(() => z.object({
  Capacity: z.int(), SoldQuantity: z.int(), HeldQuantity: z.int(), Revenue: Money,
  percentageSold: z.int(), percentageHeld: z.int(),
}));
export type Totals = z.infer<typeof Totals>;

export const FeatureDataResponse = lazy(() => z.object({
  FeatureId: z.int(),
  LocationId: z.int(),
  FeatureName: z.string(),
  LocationName: z.string(),
  totals: Totals,
  salesOverTime: z.array(SalesPoint),
  presentations: z.array(PresentationBoxRow),
}));
export type FeatureDataResponse = z.infer<typeof FeatureDataResponse>;

export const AvailablePresentationsQuery = lazy(() => z.object({ featureId: QId, locationId: QId }));
export const V2Presentation = lazy(() => z.object({ PresentationId: z.int(), PresentationDateTime: IsoDateTime, VenueName: z.string() }));
export const AvailablePresentationsResponse = lazy(() => z.object({ presentations: z.array(V2Presentation) }));
export type AvailablePresentationsResponse = z.infer<typeof AvailablePresentationsResponse>;

export const PresentationDataQuery = lazy(() => z.object({ presentationId: QId }));
export const TicketTypeSales = lazy(() => z.object({ TicketId: z.int(), TicketName: z.string(), Sold: z.int(), Revenue: Money }));
export const PresentationDataResponse = lazy(() => z.object({
  presentation: PresentationBoxRow,
  salesOverTime: z.array(SalesPoint),
  byTicketType: z.array(TicketTypeSales),
}));
export type PresentationDataResponse = z.infer<typeof PresentationDataResponse>;

// ---------- reports (attendance) ----------

export const AttendanceRangeParams = lazy(() => withRange(z.object({ startDate: StaffDate, endDate: StaffDate })));
/** Spec section 3: Attendance by date. */
export const AttendanceByDateRow = lazy(() => z.object({ BusinessDate: IsoDate, SoldQuantity: z.int(), HeldQuantity: z.int(), Capacity: z.int() }));
export const AttendanceByDateResponse = lazy(() => z.object({ rows: z.array(AttendanceByDateRow) }));
export type AttendanceByDateResponse = z.infer<typeof AttendanceByDateResponse>;

export const CinemaFilterDataResponse = lazy(() => z.object({
  locations: z.array(z.object({ LocationId: z.int(), Name: z.string(), BusinessId: z.int() })),
  productClasses: z.array(z.object({ ProductClassId: z.string(), Name: z.string() })),
  /** 0 = Sunday … 6 = Saturday; the Israeli weekend is Friday and Saturday. */
  weekendDays: z.array(z.int().check(z.gte(0), z.lte(6))),
}));
export type CinemaFilterDataResponse = z.infer<typeof CinemaFilterDataResponse>;

export const DateParams = lazy(() => z.object({ date: StaffDate }));
export const DateLocationParams = lazy(() => z.object({ date: StaffDate, locationId: QId }));
export const AttendanceByLocationRow = lazy(() => z.object({
  LocationId: z.int(), LocationName: z.string(), Presentations: z.int(),
  Capacity: z.int(), HeldQuantity: z.int(), SoldQuantity: z.int(),
}));
export const AttendanceByLocationResponse = lazy(() => z.object({ rows: z.array(AttendanceByLocationRow) }));
export type AttendanceByLocationResponse = z.infer<typeof AttendanceByLocationResponse>;

/** Attendance by show time, grouped by venue or by feature: one row per presentation. */
export const AttendanceByShowTimeResponse = lazy(() => z.object({
  groups: z.array(z.object({ Id: z.int(), Name: z.string(), rows: z.array(PresentationBoxRow) })),
}));
export type AttendanceByShowTimeResponse = z.infer<typeof AttendanceByShowTimeResponse>;

export const DrillBy = lazy(() => z.enum(['venue', 'feature']));
export type DrillBy = z.infer<typeof DrillBy>;
export const PresentationBoxParams = lazy(() => z.object({ date: StaffDate, locationId: QId, drillBy: DrillBy, id: QId }));
export const PresentationBoxResponse = lazy(() => z.object({ rows: z.array(PresentationBoxRow) }));
export type PresentationBoxResponse = z.infer<typeof PresentationBoxResponse>;

// ---------- reports (sales monitors) ----------

export const ReportRangeQuery = lazy(() => withRange(z.object({ startDate: StaffDate, endDate: StaffDate, locationId: z.optional(QId) })));
export type ReportRangeQuery = z.infer<typeof ReportRangeQuery>;

export const ProductSalesRow = lazy(() => z.object({
  ProductId: z.int(), ProductName: z.string(), ProductClassId: z.string(), Quantity: z.int(), Revenue: Money,
}));
export type ProductSalesRow = z.infer<typeof ProductSalesRow>;
export const ConcessionsResponse = lazy(() => z.object({ most: z.array(ProductSalesRow), least: z.array(ProductSalesRow) }));
export type ConcessionsResponse = z.infer<typeof ConcessionsResponse>;

export const PointOfSaleRow = lazy(() => z.object({
  PosId: z.int(), PosName: z.string(), Kind: z.string(), LocationId: z.int(), LocationName: z.string(),
  Reservations: z.int(), Tickets: z.int(), Revenue: Money,
}));
export type PointOfSaleRow = z.infer<typeof PointOfSaleRow>;
export const SalesByPosResponse = lazy(() => z.object({ rows: z.array(PointOfSaleRow) }));
export type SalesByPosResponse = z.infer<typeof SalesByPosResponse>;

export const TopFeatureRow = lazy(() => z.object({ FeatureId: z.int(), FeatureName: z.string(), Tickets: z.int(), Revenue: Money }));
export type TopFeatureRow = z.infer<typeof TopFeatureRow>;
export const TopFeaturesResponse = lazy(() => z.object({ rows: z.array(TopFeatureRow) }));
export type TopFeaturesResponse = z.infer<typeof TopFeaturesResponse>;

// ---------- PresLive: refunds owed by customer cancellations ----------

/**
 * GET /PRES-live/refunds: the money cancellations give back outside the vouchers that paid — card refunds (sent to the
 * payment provider, pending while it has not taken them, failed with its reason) and account credits (a voucher of the
 * customer's: still owed by the business until spent). `show=open`: only pending and failed card refunds, any date.
 */
export const RefundsQuery = lazy(() => withRange(z.object({
  startDate: StaffDate, endDate: StaffDate, locationId: z.optional(QId), show: z._default(z.enum(['all', 'open']), 'all'),
})));
export type RefundsQuery = z.infer<typeof RefundsQuery>;
export const REFUND_STATUSES = ['sent', 'pending', 'failed', 'credited'] as const;
export const RefundRow = lazy(() => z.object({
  Id: z.int(),
  /** card: a card_refunds row (Id is its id); credit: a cancellation put on the account credit (Id is the cancellation's). */
  Kind: z.enum(['card', 'credit']),
  ReservationId: z.int(),
  ReservationIdentifier: z.string(),
  LocationId: z.int(),
  LocationName: z.string(),
  CreatedAt: IsoDateTime,
  Amount: Money,
  Status: z.enum(REFUND_STATUSES),
  /** Why the last attempt did not go through (PROVIDER_UNAVAILABLE, DECLINED, NO_PAYMENT_SESSION…); null when sent or credited. */
  Reason: z.nullable(z.string()),
  /** The provider's own words on it. */
  Detail: z.nullable(z.string()),
  Provider: z.nullable(z.string()),
  Attempts: z.int(),
  NextAttemptAt: z.nullable(IsoDateTime),
  SentAt: z.nullable(IsoDateTime),
  /** An account credit's voucher (masked, ••••WXYZ) and what is left on it now. */
  CreditVoucher: z.nullable(z.string()),
  CreditBalance: z.nullable(Money),
  /** A failed card refund with a payment to refund through: POST /PRES-live/refunds/{id}/resend sends it again. */
  CanResend: z.boolean(),
}));
export type RefundRow = z.infer<typeof RefundRow>;
export const RefundsResponse = lazy(() => z.object({
  rows: z.array(RefundRow),
  totals: z.object({ sent: Money, pending: Money, failed: Money, credited: Money }),
}));
export type RefundsResponse = z.infer<typeof RefundsResponse>;
export const RefundIdParams = lazy(() => z.object({ id: QId }));
export const RefundResendResponse = lazy(() => z.object({ refund: RefundRow }));
export type RefundResendResponse = z.infer<typeof RefundResendResponse>;

/** Server-sent event `sales` on GET /PRES-live/events. */
export const SalesChangeEvent = lazy(() => z.object({ presentationIds: z.array(z.int()), businessIds: z.array(z.int()), tickets: z.int() }));
export type SalesChangeEvent = z.infer<typeof SalesChangeEvent>;
