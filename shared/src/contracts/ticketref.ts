import * as z from 'zod/mini';
import { lazy } from './lazy';
import { IsoDate, IsoDateTime, Money } from './catalog';
import { IdCsv, QId, QueryBool, StaffDate } from './staffParams';

/** Ticket reference admin contracts (spec sections 3, 5, 7 "Ticket reference admin"). */

// ---------- ticket reference admin ----------

export const TicketRefAgentsQuery = lazy(() => z.object({ userId: QId }));
export const TicketRefAgent = lazy(() => z.object({ CustomerId: z.int(), Name: z.string(), BusinessId: z.int() }));
export const TicketRefAgentsResponse = lazy(() => z.object({ agents: z.array(TicketRefAgent) }));
export type TicketRefAgentsResponse = z.infer<typeof TicketRefAgentsResponse>;

export const PromptAdminQuery = lazy(() => z.object({ businessIds: z.optional(IdCsv), customerId: QId, userId: QId }));
/** Spec section 3: Ticket-ref agent rows (one per reference prompt of the agent). */
export const TicketRefPromptRow = lazy(() => z.object({
  CustomerId: z.int(),
  TicketId: z.int(),
  FeatureId: z.nullable(z.int()),
  PricePolicyId: z.int(),
  PresentationId: z.nullable(z.int()),
  FeatureCategoryId: z.nullable(z.int()),
  PromptId: z.int(),
  Prompt: z.string(),
  TicketName: z.string(),
  FeatureName: z.nullable(z.string()),
  /** The presentation's start when the prompt is for one presentation (PresentationId), else null. */
  PresentationDateTime: z.nullable(IsoDateTime),
  Options: z.int(),
  Allotted: z.int(),
  Redeemed: z.int(),
}));
export type TicketRefPromptRow = z.infer<typeof TicketRefPromptRow>;
export const PromptAdminResponse = lazy(() => z.object({ rows: z.array(TicketRefPromptRow) }));
export type PromptAdminResponse = z.infer<typeof PromptAdminResponse>;

const optionalId = lazy(() => z.optional(z.pipe(z.union([z.literal(''), z.literal('null'), QId]), z.transform((v) => (v === '' || v === 'null' ? null : v)))));
export const PromptDetailQuery = lazy(() => z.object({
  /** Free-text filter over Reference1/Reference2. */
  data: z.optional(z.string().check(z.maxLength(100))),
  isDetail: z._default(QueryBool, true),
  featureId: optionalId,
  ticketId: QId,
  pricePolicyId: QId,
  presentationId: optionalId,
  featureCategoryId: optionalId,
  businessIds: z.optional(IdCsv),
}));
export type PromptDetailQuery = z.infer<typeof PromptDetailQuery>;

/** Spec section 3: Redemption items. */
export const RedemptionItem = lazy(() => z.object({
  Reference1: z.string(),
  Reference2: z.string(),
  PriceType: z.int(),
  PriceId: z.int(),
  PriceRowId: z.int(),
  Quantity: z.int(),
  Redeemed: z.int(),
  Remaining: z.int(),
}));
export type RedemptionItem = z.infer<typeof RedemptionItem>;
export const PromptDetailResponse = lazy(() => z.object({ prompt: z.string(), items: z.array(RedemptionItem) }));
export type PromptDetailResponse = z.infer<typeof PromptDetailResponse>;

export const TICKET_SALES_DEFAULTS = { detailLevel: 1, dateType: 2 } as const;
/** Spec section 7: "same plus detailLevel, startDate, endDate, dateType". */
export const PromptTicketSalesQuery = lazy(() => z.extend(PromptDetailQuery, {
  /** 1 = one row per reservation, 2 = one row per ticket. */
  detailLevel: z._default(z.pipe(z.enum(['1', '2']), z.transform(Number)), 1),
  /** Default one month ago (Asia/Jerusalem), applied by the api when absent. */
  startDate: z.optional(StaffDate),
  /** Default today (Asia/Jerusalem). */
  endDate: z.optional(StaffDate),
  /** 1 = by presentation date, 2 = by transaction (sale) date. */
  dateType: z._default(z.pipe(z.enum(['1', '2']), z.transform(Number)), 2),
}).check(z.refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, { message: 'startDate after endDate', path: ['startDate'] })));
export type PromptTicketSalesQuery = z.infer<typeof PromptTicketSalesQuery>;

export const TicketSalesRow = lazy(() => z.object({
  ReservationId: z.int(),
  ReservationIdentifier: z.string(),
  TransactionDateTime: IsoDateTime,
  PresentationDateTime: IsoDateTime,
  /** detailLevel 1 (one row per order): the order's films / cinemas, ' / '-separated when it has several. */
  FeatureName: z.string(),
  LocationName: z.string(),
  /** detailLevel 1: every reference the order's tickets were redeemed with, ', '-separated. */
  Reference1: z.string(),
  Reference2: z.string(),
  /** detailLevel 1: the order's tickets redeemed with the prompt's references; detailLevel 2: 1. */
  Quantity: z.int(),
  Amount: Money,
  MobileNumber: z.nullable(z.string()),
  /** detailLevel 2 only: the place. */
  Seat: z.nullable(z.string()),
  /** Every screening of the row has started (by the api's clock): a resend is allowed, the admin says so. */
  PresentationPast: z.boolean(),
}));
export type TicketSalesRow = z.infer<typeof TicketSalesRow>;
export const PromptTicketSalesResponse = lazy(() => z.object({
  startDate: IsoDate, endDate: IsoDate, detailLevel: z.int(), dateType: z.int(), rows: z.array(TicketSalesRow),
}));
export type PromptTicketSalesResponse = z.infer<typeof PromptTicketSalesResponse>;

export const EditOptionQuantityParams = lazy(() => z.object({ priceType: QId, priceId: QId, priceRowId: QId }));
export const EditOptionQuantityBody = lazy(() => z.object({
  reference: z.string().check(z.minLength(1), z.maxLength(100)),
  reference2: z._default(z.optional(z.string().check(z.maxLength(100))), ''),
  quantity: z.int().check(z.gte(0), z.lte(100000)),
}));
export type EditOptionQuantityBody = z.input<typeof EditOptionQuantityBody>;
export const EditOptionQuantityResponse = lazy(() => z.object({ success: z.literal(true), item: RedemptionItem }));
export type EditOptionQuantityResponse = z.infer<typeof EditOptionQuantityResponse>;

export const SendTicketsParams = lazy(() => z.object({ resId: z.string().check(z.regex(/^[A-Za-z0-9-]{1,40}$/, 'reservation identifier')) }));
/** Body: SendTicketsBody of ./orders (mobileNumber), shared with the visitor's confirmation page. */
export const SendTicketsResponse = lazy(() => z.object({ success: z.boolean() }));
export type SendTicketsResponse = z.infer<typeof SendTicketsResponse>;
