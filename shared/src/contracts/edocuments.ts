import * as z from 'zod/mini';
import { lazy } from './lazy';
import { IsoDateTime, Money } from './catalog';
import { MobileNumber } from './customers';

/**
 * The e-ticket's state, decided by one function for the api and the page (issue 16 §6): a cancelled
 * order is cancelled whatever else is true; a scanned ticket is scanned even once its event is past;
 * an event is past `graceMinutes` after it starts (spec: 0); video on demand is never past.
 * "Not found" is the api's 404, not a state.
 */
export type ETicketState = 'valid' | 'scanned' | 'past' | 'cancelled';

export interface ETicketFacts {
  cancelled: boolean;
  scanned: boolean;
  /** ISO instant or Date of the (first) presentation. */
  startsAt: string | Date;
  isVod: boolean;
  graceMinutes: number;
}

export function isPastEvent(f: Pick<ETicketFacts, 'startsAt' | 'isVod' | 'graceMinutes'>, now: Date = new Date()): boolean {
  const start = typeof f.startsAt === 'string' ? Date.parse(f.startsAt) : f.startsAt.getTime();
  return !f.isVod && now.getTime() > start + f.graceMinutes * 60_000;
}

export function eTicketState(f: ETicketFacts, now: Date = new Date()): ETicketState {
  if (f.cancelled) return 'cancelled';
  if (f.scanned) return 'scanned';
  if (isPastEvent(f, now)) return 'past';
  return 'valid';
}

// ---------- signed QR tokens (door scanners verify offline; staff verify with GET /staff/eticket/verify) ----------

/** Token: `ET1.<keyId>.<payload base64url>.<HMAC-SHA256 base64url>`; payload `reservation|tickets,comma|presentationId`. */
export const QR_TOKEN_PREFIX = 'ET1';

export const QrVerifyQuery = lazy(() => z.object({ token: z.string().check(z.minLength(10), z.maxLength(2000)) }));
export type QrVerifyQuery = z.infer<typeof QrVerifyQuery>;

export const QrVerifyResponse = lazy(() => z.object({
  valid: z.boolean(),
  /**
   * Why a token is refused: malformed, an unknown key id, a signature that does not match; or, for a genuine
   * token, the order cancelled (CANCELLED) or a ticket it lists cancelled since (TICKET_CANCELLED: the
   * holder's e-ticket now carries a new code without it).
   */
  reason: z.nullable(z.enum(['MALFORMED', 'UNKNOWN_KEY', 'BAD_SIGNATURE', 'CANCELLED', 'TICKET_CANCELLED'])),
  keyId: z.nullable(z.string()),
  reservationIdentifier: z.nullable(z.string()),
  ticketIdentifiers: z.array(z.string()),
  presentationId: z.nullable(z.int()),
  /** The e-ticket's state now (valid tokens of an existing order only). */
  state: z.nullable(z.enum(['valid', 'scanned', 'past', 'cancelled'])),
}));
export type QrVerifyResponse = z.infer<typeof QrVerifyResponse>;

// =====================================================================================
// E-documents
// =====================================================================================

export const DocumentKeyParams = lazy(() => z.object({ documentKey: z.string().check(z.minLength(8), z.maxLength(100), z.regex(/^[\w-]+$/)) }));
export const EDocumentState = lazy(() => z.enum(['valid', 'scanned', 'past', 'cancelled']));
export const EDocumentTicket = lazy(() => z.object({
  ticketIdentifier: z.string(),
  RowName: z.nullable(z.string()),
  SeatName: z.nullable(z.string()),
  SectionName: z.nullable(z.string()),
  ticketName: z.string(),
  price: Money,
  isScanned: z.boolean(),
  /** Cancelled (or refunded): listed so the holder sees it, admits no one (not in qrToken). */
  isCancelled: z.boolean(),
}));
export const EDocument = lazy(() => z.object({
  reservationIdentifier: z.string(),
  state: EDocumentState,
  isScanned: z.boolean(),
  isPast: z.boolean(),
  isCancelled: z.boolean(),
  isHold: z.boolean(),
  featureName: z.string(),
  locationName: z.string(),
  venueName: z.string(),
  /** Entrance (gate) to use. */
  entrance: z.string(),
  dateTime: IsoDateTime,
  /** YYYY-MM-DD and HH:MM in Asia/Jerusalem. */
  date: z.string(),
  time: z.string(),
  isVod: z.boolean(),
  tickets: z.array(EDocumentTicket),
  /** System vouchers used on the order (show vouchers). */
  vouchers: z.array(z.object({ reference: z.string(), amount: Money })),
  products: z.array(z.object({ name: z.string(), quantity: z.int() })),
  /**
   * What the order stands at now: the amount paid less the refunds recorded for its cancellations (a
   * cancelled ticket with no refund record: less its price). The whole order's total until a cancellation.
   */
  totalAmount: Money,
  /** Refunded for cancelled tickets (0 when nothing was). */
  refundedAmount: Money,
  /** Collect at the cashier (hold orders, products to collect). */
  collectAtCashier: z.boolean(),
  /** i18n keys (namespace common or booking) of the notes to show, e.g. edocument.collectAtCashier. */
  notes: z.array(z.string()),
  /** Hold orders: pay and collect before this instant. */
  payBy: z.nullable(IsoDateTime),
  /** QR code of the reservation (an SVG document) encoding qrToken; null once the order is cancelled. */
  qrSvg: z.nullable(z.string()),
  /** Signed token of the QR code (ET1.keyId.payload.signature; see contracts/edocuments), live tickets only; null once cancelled. */
  qrToken: z.nullable(z.string()),
  calendarUrl: z.string(),
}));
export type EDocument = z.infer<typeof EDocument>;
export const EDocumentResponse = lazy(() => z.object({ edocument: EDocument }));
export type EDocumentResponse = z.infer<typeof EDocumentResponse>;

export const ResIdParams = lazy(() => z.object({ resId: z.string().check(z.minLength(1), z.maxLength(60)) }));
export const SendTicketsBody = lazy(() => z.object({ mobileNumber: MobileNumber }));
