import type { FastifyInstance, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { z } from 'zod';
import {
  DocumentKeyParams, EDocumentResponse, eTicketState, isPastEvent, maskVoucherReference, QrVerifyQuery, QrVerifyResponse, ResIdParams, SendTicketsBody,
  SuccessResponse, type EDocument,
} from '@ticketing/shared/contracts';
import type { Db, Queryable } from '../../db/index.ts';
import { cachedNames, localeOf, localName, type FullLocale } from '../../lib/localizedNames.ts';
import { ApiHttpError, route, type Lang } from '../../lib/route.ts';
import { outboxSmsProvider, type SmsProvider } from '../../lib/sms.ts';
import { countSmsSend, publicBaseUrl } from '../../lib/publicUrl.ts';
import { jerusalemTime, jerusalemToday, shekels, toIso } from '../../lib/time.ts';
import { isVodType } from '../catalog/queries.ts';
import { sessionCustomerId } from '../customers/service.ts';
import { loadOrdersSettings } from '../orders/config.ts';
import { staffGuard, staffOf } from '../staff/auth.ts';
import { loadQrKeys, signQr, verifyQr, type QrKey } from './qrToken.ts';
import { registerSeatChange } from './seatChange.ts';

/** Grace after the start of a presentation before its e-ticket shows "past event" (GET /config limits, spec 2: 0 minutes). */
export const PAST_GRACE_MINUTES = loadOrdersSettings().config.limits.pastEventGraceMinutes;
/** Hold orders: pay and collect at least this long before the event (spec 9). */
export const HOLD_COLLECT_MINUTES = 30;

export const SMS_TICKETS_TEXT: Record<Lang, (identifier: string, url: string) => string> = {
  he: (id, url) => `הכרטיסים להזמנה ${id}: ${url}`,
  en: (id, url) => `Your tickets for order ${id}: ${url}`,
};

interface DocRow {
  id: number; identifier: string; status: string; is_hold: boolean; total_agorot: number; document_key: string; uuid: string | null;
  customer_id: number | null; cancelled_at: Date | null;
}
interface DocTicketRow {
  id: number; ticket_identifier: string | null; status: string; price_agorot: number; addons_agorot: number; scanned_at: Date | null; row_name: string | null; seat_name: string | null;
  section_he: string; section_en: string; ticket_he: string; ticket_en: string; presentation_id: number; starts_at: Date; duration_min: number;
  f_he: string; f_en: string; v_he: string; v_en: string; l_he: string; l_en: string; venue_type_id: number; x: number;
  /** The ids the names are stored under in ru, ar and pl (localized_names). */
  section_id: number; ticket_id: number; feature_id: number; venue_id: number; location_id: number;
}

async function loadDocument(q: Queryable, documentKey: string) {
  const { rows } = await q.query<DocRow>(`SELECT id, identifier, status, is_hold, total_agorot, document_key, uuid, customer_id, cancelled_at
    FROM reservations WHERE document_key = $1`, [documentKey]);
  const r = rows[0];
  if (!r) throw new ApiHttpError(404, 'ORDER_NOT_FOUND', 'order not found');
  const { rows: tickets } = await q.query<DocTicketRow>(`
    SELECT rt.id, rt.ticket_identifier, rt.status, rt.price_agorot, rt.addons_agorot, rt.scanned_at, s.row_name, s.seat_name, se.name_he AS section_he, se.name_en AS section_en,
           t.name_he AS ticket_he, t.name_en AS ticket_en, p.id AS presentation_id, p.starts_at, f.duration_min, f.name_he AS f_he, f.name_en AS f_en,
           v.name_he AS v_he, v.name_en AS v_en, l.name_he AS l_he, l.name_en AS l_en, v.venue_type_id, rt.x,
           rt.section_id, rt.ticket_id, f.id AS feature_id, v.id AS venue_id, l.id AS location_id
    FROM reservation_tickets rt
    JOIN presentations p ON p.id = rt.presentation_id JOIN features f ON f.id = p.feature_id JOIN venues v ON v.id = p.venue_id
    JOIN locations l ON l.id = v.location_id JOIN sections se ON se.id = rt.section_id JOIN tickets t ON t.id = rt.ticket_id
    LEFT JOIN seats s ON s.section_id = rt.section_id AND s.x = rt.x AND s.y = rt.y
    WHERE rt.reservation_id = $1 ORDER BY p.starts_at, rt.id`, [r.id]);
  return { r, tickets };
}

/** A ticket that admits its holder: sold, or held for payment at the box office (cancelled and refunded do not). */
const isLive = (t: { status: string }) => t.status === 'sold' || t.status === 'held';

/**
 * What an order stands at after cancellations (agorot): its total less each recorded refund, and less the
 * price (with its add-ons) of any cancelled ticket no refund record covers (cancelled elsewhere: its share).
 * A released hold was never paid: 0. Only ticket_ids and refund_agorot are read (the refund's whole amount,
 * card and vouchers alike), so other columns may come and go.
 */
export function keptTotalAgorot(o: {
  totalAgorot: number; isHold: boolean; orderCancelled: boolean;
  tickets: Array<{ id: number; status: string; priceAgorot: number }>;
  refunds: Array<{ ticketIds: number[]; refundAgorot: number }>;
}): { kept: number; refunded: number } {
  if (o.isHold && o.orderCancelled) return { kept: 0, refunded: 0 };
  const covered = new Set(o.refunds.flatMap((r) => r.ticketIds.map(Number)));
  const refunded = o.refunds.reduce((sum, r) => sum + Number(r.refundAgorot), 0);
  const unrecorded = o.tickets.filter((t) => !isLive(t) && !covered.has(t.id)).reduce((sum, t) => sum + t.priceAgorot, 0);
  return { kept: Math.max(0, o.totalAgorot - refunded - unrecorded), refunded };
}

/**
 * The names of an e-ticket's film, cinema, hall, section and ticket types in the visitor's language: he or en from the
 * catalog's columns (`lang`), ru, ar or pl from the stored translations (`locale`), the English where none is stored.
 */
export async function documentNamer(q: Queryable, lang: Lang, locale: FullLocale) {
  const names = locale === 'he' || locale === 'en' ? new Map<string, string>() : await cachedNames(q);
  const he = lang === 'he';
  return {
    feature: (t: DocTicketRow) => localName(names, 'feature', t.feature_id, locale, he ? t.f_he : t.f_en),
    location: (t: DocTicketRow) => localName(names, 'location', t.location_id, locale, he ? t.l_he : t.l_en),
    venue: (t: DocTicketRow) => localName(names, 'venue', t.venue_id, locale, he ? t.v_he : t.v_en),
    section: (t: DocTicketRow) => localName(names, 'section', t.section_id, locale, he ? t.section_he : t.section_en),
    ticket: (t: DocTicketRow) => localName(names, 'ticket', t.ticket_id, locale, he ? t.ticket_he : t.ticket_en),
    product: (p: { id: number; name_he: string; name_en: string }) => localName(names, 'product', p.id, locale, he ? p.name_he : p.name_en),
  };
}

/** `lang`: he or en (the domain's columns); `locale`: the visitor's of five (ru, ar, pl read the stored translations). */
export async function buildEDocument(q: Queryable, documentKey: string, lang: Lang, now = new Date(), givenKeys?: QrKey[], locale: FullLocale = lang): Promise<EDocument> {
  const keys = givenKeys ?? await loadQrKeys(q);
  const { r, tickets } = await loadDocument(q, documentKey);
  const first = tickets[0];
  if (!first) throw new ApiHttpError(404, 'ORDER_NOT_FOUND', 'order not found');
  const name = await documentNamer(q, lang, locale);
  const isVod = isVodType(first.venue_type_id);
  const live = tickets.filter(isLive);
  const isCancelled = r.status === 'cancelled' || live.length === 0;
  const isScanned = live.length > 0 && live.every((t) => t.scanned_at !== null);
  const facts = { cancelled: isCancelled, scanned: isScanned, startsAt: first.starts_at, isVod, graceMinutes: PAST_GRACE_MINUTES };
  const isPast = isPastEvent(facts, now);
  const state = eTicketState(facts, now);
  // What each voucher still pays for this order: its redemption less what a cancellation gave back to it (the page
  // showed the whole redemption beside a total after the refund, and the figures did not add up); none left: not shown.
  const { rows: vouchers } = await q.query<{ reference: string; amount: number }>(`
    SELECT reference, amount FROM (
      SELECT min(vr.id) AS first, i.reference, (sum(vr.amount) - COALESCE((SELECT sum(e.amount) FROM system_voucher_events e
             WHERE e.item_id = i.id AND e.reservation_id = $1 AND e.kind = 'refunded'), 0))::int AS amount
        FROM voucher_redemptions vr JOIN system_voucher_items i ON i.id = vr.item_id WHERE vr.reservation_id = $1
       GROUP BY i.id, i.reference
    ) v WHERE amount > 0 ORDER BY first`, [r.id]);
  const { rows: products } = await q.query<{ id: number; name_he: string; name_en: string; quantity: number }>(`
    SELECT p.id, p.name_he, p.name_en, rp.quantity FROM reservation_products rp JOIN products p ON p.id = rp.product_id WHERE rp.reservation_id = $1 ORDER BY p.id`, [r.id]);
  const notes: string[] = [];
  if (r.is_hold) notes.push('edocument.notes.holdPayAtBoxOffice');
  if (products.length) notes.push('edocument.notes.collectProducts');
  if (isVod) notes.push('edocument.notes.vod');
  const payBy = r.is_hold ? new Date(first.starts_at.getTime() - HOLD_COLLECT_MINUTES * 60_000) : null;
  // The QR code carries a signed token (never the document key): a door scanner verifies it offline.
  // A cancelled order admits no one: no token to copy out of the api (the page hid the code, the api still gave it).
  const qrToken = isCancelled ? null
    : signQr({ reservationIdentifier: r.identifier, ticketIdentifiers: live.map((t) => t.ticket_identifier ?? '').filter(Boolean), presentationId: first.presentation_id }, keys);
  const qrSvg = qrToken ? await QRCode.toString(qrToken, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }) : null;
  const anyCancelled = live.length < tickets.length;
  const { rows: refunds } = anyCancelled
    ? await q.query<{ ticket_ids: number[]; refund_agorot: number }>('SELECT ticket_ids, refund_agorot FROM customer_cancellations WHERE reservation_id = $1', [r.id])
    : { rows: [] };
  const { kept, refunded } = keptTotalAgorot({
    totalAgorot: r.total_agorot, isHold: r.is_hold, orderCancelled: isCancelled,
    tickets: tickets.map((t) => ({ id: t.id, status: t.status, priceAgorot: t.price_agorot + (t.addons_agorot ?? 0) })),
    refunds: refunds.map((x) => ({ ticketIds: x.ticket_ids, refundAgorot: x.refund_agorot })),
  });
  return {
    reservationIdentifier: r.identifier,
    state, isScanned, isPast, isCancelled, isHold: r.is_hold,
    featureName: name.feature(first),
    locationName: name.location(first),
    venueName: name.venue(first),
    entrance: name.section(first),
    dateTime: toIso(first.starts_at),
    date: jerusalemToday(first.starts_at),
    time: jerusalemTime(first.starts_at),
    isVod,
    tickets: tickets.map((t) => ({
      ticketIdentifier: t.ticket_identifier ?? '',
      RowName: t.row_name, SeatName: t.seat_name ?? (isVodType(t.venue_type_id) ? null : String(t.x)),
      SectionName: name.section(t),
      ticketName: name.ticket(t),
      price: shekels(t.price_agorot),
      isScanned: t.scanned_at !== null,
      isCancelled: !isLive(t),
    })),
    // masked: anyone with a forwarded e-ticket link could otherwise spend the voucher's remaining balance
    vouchers: vouchers.map((v) => ({ reference: maskVoucherReference(v.reference), amount: shekels(v.amount) })),
    products: products.map((p) => ({ name: name.product(p), quantity: p.quantity })),
    totalAmount: shekels(anyCancelled ? kept : r.total_agorot),
    refundedAmount: shekels(refunded),
    collectAtCashier: r.is_hold || products.length > 0,
    notes,
    payBy: payBy ? toIso(payBy) : null,
    qrSvg,
    qrToken,
    calendarUrl: `/api/edocument/${r.document_key}/calendar.ics`,
  };
}

const icsEscape = (s: string) => s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
const icsDate = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

export function calendarIcs(doc: { identifier: string; start: Date; minutes: number; title: string; location: string; url: string }): string {
  const lines = [
    'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Ticketing//E-ticket//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${doc.identifier}@ticketing`,
    `DTSTAMP:${icsDate(new Date())}`,
    `DTSTART:${icsDate(doc.start)}`,
    `DTEND:${icsDate(new Date(doc.start.getTime() + doc.minutes * 60_000))}`,
    `SUMMARY:${icsEscape(doc.title)}`,
    `LOCATION:${icsEscape(doc.location)}`,
    `DESCRIPTION:${icsEscape(`${doc.identifier} ${doc.url}`)}`,
    `URL:${doc.url}`,
    'END:VEVENT', 'END:VCALENDAR',
  ];
  return lines.join('\r\n') + '\r\n';
}


/** E-documents: the e-ticket, its calendar file, sending it by SMS (spec 2, 7). */
export async function edocumentsPlugin(app: FastifyInstance, opts: { db: Db; sms?: SmsProvider }): Promise<void> {
  const { db } = opts;
  const sms = opts.sms ?? outboxSmsProvider(db);
  const tags = ['edocuments'];
  const qrKeys = await loadQrKeys(db);
  registerSeatChange(app, db);

  route(app, {
    method: 'GET', url: '/edocument/{documentKey}', summary: 'The electronic ticket of a reservation', tags,
    params: DocumentKeyParams, response: EDocumentResponse, errors: { 404: 'ORDER_NOT_FOUND' },
    async handler({ params, lang, reply, req }) {
      reply.header('cache-control', 'no-store');
      return { edocument: await buildEDocument(db, params.documentKey, lang, new Date(), qrKeys, localeOf(req)) };
    },
  });

  route(app, {
    method: 'GET', url: '/edocument/{documentKey}/calendar.ics', summary: 'Calendar file of the booked presentation', tags,
    params: DocumentKeyParams, response: z.string(), produces: 'text/calendar', errors: { 404: 'ORDER_NOT_FOUND' },
    async handler({ params, lang, reply, req }) {
      const { r, tickets } = await loadDocument(db, params.documentKey);
      const t = tickets[0];
      if (!t) throw new ApiHttpError(404, 'ORDER_NOT_FOUND');
      // the download link says the page's language (?lang=, read by langOf and localeOf): the browser's may differ;
      // not JSON, so the names hook never sees it: ru, ar and pl names are looked up here
      const name = await documentNamer(db, lang, localeOf(req));
      reply.type('text/calendar; charset=utf-8').header('content-disposition', `attachment; filename="${r.identifier}.ics"`);
      return calendarIcs({
        identifier: r.identifier, start: t.starts_at, minutes: t.duration_min, title: name.feature(t),
        location: `${name.venue(t)}, ${name.location(t)}`, url: `${publicBaseUrl()}/edocument/${r.document_key}`,
      });
    },
  });

  // Staff: what a door scanner decides offline, checked on the api (signature, key id, and the order's state now).
  await app.register(async (scope) => {
    scope.addHook('onRequest', staffGuard(db));
    route(scope, {
      method: 'GET', url: '/staff/eticket/verify', summary: 'Staff: verifies the signed token of an e-ticket QR code', tags,
      query: QrVerifyQuery, response: QrVerifyResponse, errors: { 401: 'UNAUTHORIZED', 404: 'NOT_FOUND' },
      async handler({ query, req }) {
        const check = verifyQr(query.token, qrKeys);
        if (!check.valid) {
          return { valid: false, reason: check.reason, keyId: check.keyId, reservationIdentifier: null, ticketIdentifiers: [], presentationId: null, state: null };
        }
        // Like every staff call: only orders of the user's businesses (another business's ticket is "not found").
        const { rows } = await db.query<{ document_key: string | null }>('SELECT document_key FROM reservations WHERE identifier = $1 AND business_id = ANY($2::int[])',
          [check.payload.reservationIdentifier, staffOf(req).businessIds]);
        if (!rows[0]) throw new ApiHttpError(404, 'NOT_FOUND', 'no such reservation of yours');
        const doc = rows[0].document_key ? await buildEDocument(db, rows[0].document_key, 'en', new Date(), qrKeys).catch(() => null) : null;
        // A genuine signature is not enough: the order, or a ticket the code lists, may have been cancelled since it was issued.
        const cancelledIds = new Set(doc?.tickets.filter((t) => t.isCancelled).map((t) => t.ticketIdentifier) ?? []);
        const reason = doc?.isCancelled ? 'CANCELLED' as const : check.payload.ticketIdentifiers.some((id) => cancelledIds.has(id)) ? 'TICKET_CANCELLED' as const : null;
        return { valid: reason === null, reason, keyId: check.keyId, ...check.payload, state: doc?.state ?? null };
      },
    });
  });

  route(app, {
    method: 'POST', url: '/reservations/{resId}/sendTickets', summary: 'Sends the e-ticket link by SMS (the visit or customer that made the order)', tags,
    params: ResIdParams, body: SendTicketsBody, response: SuccessResponse, errors: { 404: 'ORDER_NOT_FOUND', 502: 'SMS_FAILED' },
    async handler({ params, body, lang, req }) {
      const { rows } = await db.query<{ identifier: string; document_key: string | null; uuid: string | null; customer_id: number | null }>(
        'SELECT identifier, document_key, uuid, customer_id FROM reservations WHERE identifier = $1', [params.resId]);
      const r = rows[0];
      const uuid = typeof req.headers.uuid === 'string' ? req.headers.uuid : null;
      const customerId = await sessionCustomerId(db, req);
      // Only the visit (uuid) or the logged-in customer that made the order may send it; others see "not found".
      if (!r || !r.document_key || !((uuid && r.uuid === uuid) || (customerId && r.customer_id === customerId))) {
        throw new ApiHttpError(404, 'ORDER_NOT_FOUND');
      }
      const link = `${publicBaseUrl()}/edocument/${r.document_key}`;
      await countSmsSend(db, `reservation:${r.identifier}`);
      try {
        await sms.send(body.mobileNumber, SMS_TICKETS_TEXT[lang](r.identifier, link));
      } catch {
        throw new ApiHttpError(502, 'SMS_FAILED');
      }
      return { success: true as const };
    },
  });
}
