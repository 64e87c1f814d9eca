import { z } from 'zod';
import { IsoDate, IsoDateTime, Money } from './catalog';
import { IdCsv, QId, QueryBool, StaffDate } from './staffParams';

/** Ticket reference admin contracts (spec sections 3, 5, 7 "Ticket reference admin"). */

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
