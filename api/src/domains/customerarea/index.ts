import type { FastifyInstance } from 'fastify';
import {
  CancelQuoteQuery, CancelQuoteResponse, CancelReservationBody, CancelReservationResponse, CustomerAreaDataResponse, ReservationIdParams,
  type AreaReservation, type CancelReservationResponse as CancelResult,
} from '@ticketing/shared/contracts';
import type { Db, Queryable } from '../../db/index.ts';
import { ApiHttpError, route, type Lang } from '../../lib/route.ts';
import { toIso } from '../../lib/time.ts';
import { notifySeats } from '../seats/holds.ts';
import { requireCustomer } from '../customers/service.ts';
import { loadCancellationSettings, type CancellationSettings } from './cancellation.ts';
import { giveBack, reckonCancellation, splitOf } from './refunds.ts';
import { creditAccount } from './credit.ts';
import { recordCardRefund, sendCardRefund } from './cardRefunds.ts';
import { customerVouchers, voucherRoutes } from './vouchers.ts';
import { vodRoutes } from './vod.ts';
import { detailsRoutes } from './details.ts';
import { waitlistPlugin } from '../waitlist/index.ts';
import { pick } from '../../lib/lang.ts';
import { outboxSmsProvider, type SmsProvider } from '../../lib/sms.ts';

interface TicketRow {
  reservation_id: number; identifier: string; status: 'committed' | 'cancelled' | 'held-unpaid'; is_hold: boolean; document_key: string | null;
  total_agorot: number; presentation_id: number; starts_at: Date; upcoming: boolean; feature_id: number; title_he: string; title_en: string;
  location_id: number; location_he: string; location_en: string; venue_id: number; venue_he: string; venue_en: string;
  service_charge_agorot: number; booking_fee_agorot: number; products_agorot: number; refunded_agorot: number;
  ticket_id: number; section_id: number; section_he: string; section_en: string; x: number; y: number; row_name: string | null; seat_name: string | null; price: number; t_status: 'sold' | 'held' | 'cancelled' | 'refunded';
  scanned: boolean; is_sub_ticket: boolean;
}

// row and seat are the names the e-ticket prints (seats.row_name / seat_name); a place with no seat (general
// admission, video on demand) has none: its section names it
const TICKETS_SQL = `
  SELECT r.id AS reservation_id, r.identifier, r.status, r.is_hold, r.document_key, r.total_agorot,
         r.service_charge_agorot, r.booking_fee_agorot, r.refunded_agorot,
         COALESCE((SELECT sum(rp.quantity * rp.price_agorot) FROM reservation_products rp WHERE rp.reservation_id = r.id), 0)::int AS products_agorot,
         p.id AS presentation_id, p.starts_at, p.starts_at > now() AS upcoming, f.id AS feature_id, f.name_he AS title_he, f.name_en AS title_en,
         l.id AS location_id, l.name_he AS location_he, l.name_en AS location_en, v.id AS venue_id, v.name_he AS venue_he, v.name_en AS venue_en,
         rt.id AS ticket_id, rt.section_id, s.name_he AS section_he, s.name_en AS section_en, rt.x, rt.y,
         st.row_name, st.seat_name,
         rt.price_agorot + rt.addons_agorot AS price, rt.status AS t_status, rt.scanned_at IS NOT NULL AS scanned, rt.is_sub_ticket
  FROM reservations r
  JOIN reservation_tickets rt ON rt.reservation_id = r.id
  JOIN presentations p ON p.id = rt.presentation_id
  JOIN features f ON f.id = p.feature_id
  JOIN venues v ON v.id = p.venue_id
  JOIN locations l ON l.id = v.location_id
  JOIN sections s ON s.id = rt.section_id
  LEFT JOIN seats st ON st.section_id = rt.section_id AND st.x = rt.x AND st.y = rt.y`;

/** A ticket the customer may still cancel: sold, not scanned, the show not started, the order paid. */
const cancellable = (r: TicketRow) => r.status === 'committed' && !r.is_hold && r.t_status === 'sold' && !r.scanned && r.upcoming;

function groupReservations(rows: TicketRow[], lang: Lang, settings: CancellationSettings): AreaReservation[] {
  const out = new Map<number, AreaReservation>();
  for (const r of rows) {
    let res = out.get(r.reservation_id);
    if (!res) {
      res = {
        id: r.reservation_id, identifier: r.identifier, status: r.status, isHold: r.is_hold,
        featureId: r.feature_id, title: pick(lang, r.title_he, r.title_en), presentationId: r.presentation_id, startsAt: toIso(r.starts_at),
        // the cinema and hall, as the e-ticket names them (the card said only the date and the order number)
        locationId: r.location_id, locationName: pick(lang, r.location_he, r.location_en), venueId: r.venue_id, venueName: pick(lang, r.venue_he, r.venue_en),
        // what was paid and refunded, not only the tickets' prices (service charges, the booking fee, products)
        total: r.total_agorot / 100, fees: (r.service_charge_agorot + r.booking_fee_agorot) / 100, products: r.products_agorot / 100,
        refunded: r.refunded_agorot / 100, eTicketUrl: r.document_key ? `/edocument/${r.document_key}` : null, tickets: [],
      };
      out.set(r.reservation_id, res);
    }
    res.tickets.push({
      id: r.ticket_id, sectionName: pick(lang, r.section_he, r.section_en), row: r.row_name, seat: r.seat_name, price: r.price / 100,
      status: r.t_status, cancellable: settings.enabled && cancellable(r),
    });
  }
  return [...out.values()];
}

/**
 * The customer area (issue 9): GET /customer-area/customerAreaData and POST /reservations/{id}/cancel.
 * Everything is scoped to the session's customer: another customer's reservation is "not found".
 */
export async function customerAreaPlugin(app: FastifyInstance, opts: { db: Db; sms?: SmsProvider }): Promise<void> {
  const { db } = opts;
  const settings = loadCancellationSettings();
  const tags = ['customers'];
  voucherRoutes(app, db);
  vodRoutes(app, db);
  // the sign-in's provider (its outbox in development and the demo): a new number's code goes the same way
  detailsRoutes(app, db, opts.sms ?? outboxSmsProvider(db));
  await waitlistPlugin(app, { db });

  route(app, {
    method: 'GET', url: '/customer-area/customerAreaData', summary: 'Customer area: reservations, vouchers and cancellation terms of the signed-in customer', tags,
    response: CustomerAreaDataResponse, errors: { 401: 'UNAUTHORIZED' },
    async handler({ req, lang }) {
      const customerId = await requireCustomer(db, req, { csrf: false });
      const { rows } = await db.query<TicketRow>(`${TICKETS_SQL} WHERE r.customer_id = $1 ORDER BY p.starts_at, r.id, rt.id`, [customerId]);
      const all = groupReservations(rows, lang, settings);
      const now = new Date().toISOString();
      return {
        customerAreaData: {
          upcoming: all.filter((r) => r.startsAt > now),
          past: all.filter((r) => r.startsAt <= now).reverse(),
          systemVouchers: await customerVouchers(db, customerId, lang),
          cancellation: { enabled: settings.enabled, fee: { kind: settings.kind, value: settings.kind === 'percent' ? settings.value : settings.value / 100 } },
        },
      };
    },
  });

  /** The tickets a cancel of `wanted` (null: all) would take, its amounts and where they go; throws as the cancel would. */
  async function quote(q: Queryable, customerId: number, id: number, wanted: Set<number> | null, lock: boolean) {
    const own = await q.query<{ id: number; status: string; is_hold: boolean }>(
      `SELECT id, status, is_hold FROM reservations WHERE id = $1 AND customer_id = $2${lock ? ' FOR UPDATE' : ''}`, [id, customerId]);
    const res = own.rows[0];
    if (!res) throw new ApiHttpError(404, 'ORDER_NOT_FOUND');
    if (res.is_hold || res.status === 'held-unpaid') throw new ApiHttpError(409, 'BALANCE_IS_DUE', 'an unpaid order is settled at the box office');
    const { rows } = await q.query<TicketRow>(`${TICKETS_SQL} WHERE r.id = $1 ORDER BY rt.id`, [res.id]);
    if (wanted && [...wanted].some((tid) => !rows.some((r) => r.ticket_id === tid))) throw new ApiHttpError(404, 'ORDER_NOT_FOUND', 'no such ticket in this reservation');
    const items = rows.filter((r) => cancellable(r) && (!wanted || wanted.has(r.ticket_id)));
    if (!items.length) throw new ApiHttpError(409, 'NOTHING_TO_CANCEL');
    return { res, rows, items, reckoning: await reckonCancellation(q, res, items, settings) };
  }

  route(app, {
    method: 'GET', url: '/reservations/{id}/cancel-quote', summary: 'Customer area: the fee and refund of cancelling tickets of an own reservation, before confirming', tags,
    params: ReservationIdParams, query: CancelQuoteQuery, response: CancelQuoteResponse,
    errors: { 401: 'UNAUTHORIZED', 403: 'CANCELLATION_DISABLED', 404: 'ORDER_NOT_FOUND', 409: 'NOTHING_TO_CANCEL | BALANCE_IS_DUE' },
    async handler({ req, params, query }) {
      const customerId = await requireCustomer(db, req, { csrf: false });
      if (!settings.enabled) throw new ApiHttpError(403, 'CANCELLATION_DISABLED', 'cancellation in the customer area is turned off');
      const wanted = query.items ? new Set(query.items.split(',').map(Number)) : null;
      const { items, reckoning: k } = await quote(db, customerId, params.id, wanted, false);
      return { ticketIds: items.map((r) => r.ticket_id), ticketsAmount: k.ticketsAgorot / 100, fee: k.fee / 100, refund: k.refund / 100, split: splitOf(k) };
    },
  });

  route(app, {
    method: 'POST', url: '/reservations/{id}/cancel', summary: 'Customer area: cancels tickets of an own reservation (fee withheld, service fees kept); seats freed at once', tags,
    params: ReservationIdParams, body: CancelReservationBody, response: CancelReservationResponse,
    errors: { 401: 'UNAUTHORIZED', 403: 'CSRF', 404: 'ORDER_NOT_FOUND', 409: 'NOTHING_TO_CANCEL | BALANCE_IS_DUE' },
    async handler({ req, params, body }) {
      const customerId = await requireCustomer(db, req, { csrf: true });
      if (!settings.enabled) throw new ApiHttpError(403, 'CANCELLATION_DISABLED', 'cancellation in the customer area is turned off');
      const freedIn = new Set<number>();
      const owed: { cardRefundId: number | null } = { cardRefundId: null };
      const result = await db.tx(async (q): Promise<CancelResult> => {
        const wanted = body.itemsToCancel?.length ? new Set(body.itemsToCancel) : null;
        // the same reckoning as the quote the dialog showed (under the row lock here)
        const { res, rows, items, reckoning: k } = await quote(q, customerId, params.id, wanted, true);
        const ids = items.map((r) => r.ticket_id);
        // each ticket keeps its share of the fee: the reports count it as the business's (migration 310)
        await q.query(`UPDATE reservation_tickets rt SET status = 'cancelled', cancel_fee_agorot = u.fee
          FROM unnest($1::int[], $2::int[]) AS u(id, fee) WHERE rt.id = u.id AND rt.status = 'sold'`, [ids, ids.map((id) => k.feeShares.get(id) ?? 0)]);
        await giveBack(q, { id: res.id, identifier: rows[0]!.identifier, customerId }, k);
        // The seats are free at once: the sold rows go, and every open seat map hears it.
        const byP = new Map<number, TicketRow[]>();
        for (const r of items) byP.set(r.presentation_id, [...(byP.get(r.presentation_id) ?? []), r]);
        for (const [pid, list] of byP) {
          const freed = await q.query<{ section_id: number; x: number; y: number }>(`
            DELETE FROM presentation_seats ps USING unnest($2::int[], $3::int[], $4::int[]) AS u(sec, x, y)
            WHERE ps.presentation_id = $1 AND ps.section_id = u.sec AND ps.x = u.x AND ps.y = u.y AND ps.status = 'sold' AND ps.reservation_id = $5
            RETURNING ps.section_id, ps.x, ps.y`, [pid, list.map((r) => r.section_id), list.map((r) => r.x), list.map((r) => r.y), rows[0]!.identifier]);
          if (freed.rows.length) await notifySeats(q, pid, 'free', freed.rows.map((r) => [r.section_id, r.x, r.y]));
          if (freed.rows.length) freedIn.add(pid);
        }
        const left = rows.some((r) => r.t_status === 'sold' && !ids.includes(r.ticket_id));
        // one statement: the reports take the refund (and, when none is left, the cancellation) in one step; a
        // cancelled order keeps counting what was not refunded (fees, service charges, products)
        await q.query(`UPDATE reservations SET refunded_agorot = refunded_agorot + $2, keeps_unrefunded = true,
            status = CASE WHEN $3 THEN status ELSE 'cancelled' END, cancelled_at = CASE WHEN $3 THEN cancelled_at ELSE now() END
          WHERE id = $1`, [res.id, k.refund, left]);
        const split = splitOf(k);
        const voucherAgorot = k.vouchers.reduce((s, v) => s + v.amount, 0);
        const { rows: [cc] } = await q.query<{ id: number }>(`INSERT INTO customer_cancellations (reservation_id, customer_id, ticket_ids, tickets_agorot, fee_agorot, refund_agorot, to_credit,
            card_agorot, voucher_agorot, member_tickets, loyalty_points, voucher_tickets, coupon_uses)
          VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
        [res.id, customerId, ids, k.ticketsAgorot, k.fee, k.refund, body.refundToTransactionCredit, k.card, voucherAgorot,
          split.memberTickets, split.loyaltyPoints, split.voucherTickets, split.couponUses]);
        // The card's part: to the customer's account credit (a voucher of theirs, at once), or owed to the card — a
        // pending refund the provider is asked for after the commit (and again by the housekeeping until it is sent).
        let credit: CancelResult['credit'];
        if (k.card > 0 && body.refundToTransactionCredit) {
          const c = await creditAccount(q, { customerId, amount: k.card, reservationId: res.id, reservationIdentifier: rows[0]!.identifier });
          await q.query('UPDATE customer_cancellations SET credit_item_id = $2 WHERE id = $1', [cc!.id, c.itemId]);
          credit = { reference: c.reference, amount: c.amount / 100, balance: c.balance / 100, validUntil: c.validUntil };
        } else if (k.card > 0) {
          owed.cardRefundId = await recordCardRefund(q, { cancellationId: cc!.id, reservationId: res.id, amount: k.card });
        }
        return {
          cancelledItems: ids, ticketsAmount: k.ticketsAgorot / 100, fee: k.fee / 100, refund: k.refund / 100,
          refundToTransactionCredit: body.refundToTransactionCredit, split, ...(credit ? { credit } : {}),
        };
      });
      // The card refund goes to the provider now that the cancellation is committed; a failure leaves it pending for
      // the housekeeping (and the operator's list), never the customer's answer.
      if (owed.cardRefundId !== null) {
        const id = owed.cardRefundId;
        await sendCardRefund(db, id).catch((err: unknown) => req.log.warn({ err, cardRefundId: id }, 'card refund not sent yet'));
      }
      // Freed seats go to the waiting list at once (after the commit, so the pass sees them free).
      for (const pid of freedIn) await app.runAllocation?.(pid).catch(() => undefined);
      return result;
    },
  });
}
