import type { FastifyInstance } from 'fastify';
import {
  DocumentKeyParams, SeatChangeBody, SeatChangeInfo, SeatChangeResponse, SessionHeaders, type ModifyBlock, type SeatChangeSeat,
} from '@ticketing/shared/contracts';
import type { Db, Queryable } from '../../db/index.ts';
import { ApiHttpError, route } from '../../lib/route.ts';
import { toIso } from '../../lib/time.ts';
import { isVodType } from '../catalog/queries.ts';
import { notifySeats } from '../seats/holds.ts';

/**
 * Seat change of an existing reservation (issue 16 item 5, the cart's `modify` block). The visitor holds
 * the new seats with lock-seat like any seat, then the change is one transaction: the new seats go from
 * held-by-this-visit to sold for the same reservation, the old seats are freed, the tickets point to
 * their new seats and the reservation gets a new transaction id (the e-ticket shows the new seats).
 * Rules: same presentation, same price level (ticket group) per ticket, a paid reservation, before the
 * start and within EXCHANGE_WINDOW_DAYS (default 30) of the purchase.
 */

export const exchangeWindowDays = (env: NodeJS.ProcessEnv = process.env): number => {
  const n = Number(env.EXCHANGE_WINDOW_DAYS);
  return Number.isInteger(n) && n >= 0 ? n : 30;
};

interface ResRow { id: number; identifier: string; status: string; is_hold: boolean; created_at: Date; last_transaction_id: string | null }
interface TicketRow {
  /** null for tickets sold before ticket identifiers (the seeded demo orders, older sales) */
  id: number; ticket_identifier: string | null; presentation_id: number; section_id: number; x: number; y: number; ticket_group_id: number;
  row_name: string | null; seat_name: string | null; starts_at: Date; venue_type_id: number; is_ga: boolean;
}

const TICKETS = `
  SELECT rt.id, rt.ticket_identifier, rt.presentation_id, rt.section_id, rt.x, rt.y, t.ticket_group_id, s.row_name, s.seat_name,
         p.starts_at, v.venue_type_id, se.is_ga
  FROM reservation_tickets rt JOIN tickets t ON t.id = rt.ticket_id JOIN presentations p ON p.id = rt.presentation_id
  JOIN venues v ON v.id = p.venue_id JOIN sections se ON se.id = rt.section_id
  LEFT JOIN seats s ON s.section_id = rt.section_id AND s.x = rt.x AND s.y = rt.y
  WHERE rt.reservation_id = $1 AND rt.status = 'sold' ORDER BY rt.id`;

// a ticket without an identifier answers '' (as its e-ticket does): the contract's ticketIdentifier is a string
const seatOut = (t: TicketRow): SeatChangeSeat => ({
  ticketIdentifier: t.ticket_identifier ?? '', presentationId: t.presentation_id, sectionId: t.section_id, x: t.x, y: t.y,
  ticketGroupId: t.ticket_group_id, RowName: t.row_name, SeatName: t.seat_name,
});

/** Whether the reservation's seats may change now, and until when. */
function allowance(r: ResRow, tickets: TicketRow[], days: number, now = new Date()): { reason: string | null; until: Date } {
  const start = tickets[0]?.starts_at ?? now;
  const windowEnd = new Date(r.created_at.getTime() + days * 86_400_000);
  const until = windowEnd < start ? windowEnd : start;
  let reason: string | null = null;
  if (r.status !== 'committed' || r.is_hold || !tickets.length || tickets.some((t) => t.is_ga || isVodType(t.venue_type_id))) reason = 'MODIFY_NOT_ALLOWED';
  else if (start.getTime() <= now.getTime()) reason = 'EVENT_PAST';
  else if (windowEnd.getTime() <= now.getTime()) reason = 'MODIFY_WINDOW_CLOSED';
  return { reason, until };
}

async function ensureTransactionId(q: Queryable, r: ResRow): Promise<string> {
  if (r.last_transaction_id) return r.last_transaction_id;
  // reservations made before migration 252 get theirs on first use
  const { rows } = await q.query<{ t: string }>(`UPDATE reservations SET last_transaction_id = COALESCE(last_transaction_id, gen_random_uuid()::text)
    WHERE id = $1 RETURNING last_transaction_id AS t`, [r.id]);
  return rows[0]!.t;
}

/** The seat change: all or nothing, in one transaction. */
export async function changeSeats(db: Db, uuid: string, m: ModifyBlock, days = exchangeWindowDays()): Promise<SeatChangeResponse> {
  return db.tx(async (q) => {
    if (db.engine === 'postgres') await q.query('SET LOCAL synchronous_commit = on');
    // the reservation row is the lock: two changes of one reservation run one after another
    const { rows } = await q.query<ResRow>(`SELECT id, identifier, status, is_hold, created_at, last_transaction_id
      FROM reservations WHERE identifier = $1 FOR UPDATE`, [m.resId]);
    const r = rows[0];
    if (!r) throw new ApiHttpError(404, 'ORDER_NOT_FOUND', 'order not found');
    if ((await ensureTransactionId(q, r)) !== m.lastTransactionId) {
      throw new ApiHttpError(409, 'MODIFY_STALE', 'the reservation changed since this e-ticket was loaded');
    }
    const { rows: tickets } = await q.query<TicketRow>(TICKETS, [r.id]);
    const { reason } = allowance(r, tickets, days);
    if (reason) throw new ApiHttpError(409, reason, 'the seats of this reservation cannot be changed');

    const moves = m.tickets.map((c) => {
      const t = tickets.find((x) => x.presentation_id === c.presentationId && x.section_id === c.sectionId && x.x === c.x && x.y === c.y);
      if (!t) throw new ApiHttpError(409, 'MODIFY_TICKET_NOT_FOUND', `no ticket of ${m.resId} at ${c.sectionId}_${c.x}_${c.y}`);
      return { t, to: c.newSeat };
    });
    if (new Set(moves.map((x) => x.t.id)).size !== moves.length) throw new ApiHttpError(400, 'BAD_REQUEST', 'a ticket is changed twice');
    const presentationId = moves[0]!.t.presentation_id;
    // spec 5: no different price level for modified seats
    for (const { t, to } of moves) {
      const { rows: seat } = await q.query<{ ticket_group_id: number }>('SELECT ticket_group_id FROM seats WHERE section_id = $1 AND x = $2 AND y = $3', [to.sectionId, to.x, to.y]);
      if (!seat[0]) throw new ApiHttpError(404, 'SEAT_NOT_FOUND', 'no such seat');
      if (seat[0].ticket_group_id !== t.ticket_group_id) throw new ApiHttpError(409, 'MODIFY_PRICE_LEVEL', 'a new seat must be of the same price level');
    }

    // new seats: held by this visit and not expired → sold for this reservation (a concurrent booking of
    // them either sold them first, and this update finds them no longer held, or waits for this one)
    const { rows: taken } = await q.query<{ section_id: number; x: number; y: number }>(`
      UPDATE presentation_seats ps SET status = 'sold', reservation_id = $5, expires_at = NULL
      FROM unnest($2::int[], $3::int[], $4::int[]) AS s(sec, x, y)
      WHERE ps.presentation_id = $1 AND ps.section_id = s.sec AND ps.x = s.x AND ps.y = s.y
        AND ps.status = 'held' AND ps.holder_uuid = $6 AND ps.expires_at > now()
      RETURNING ps.section_id, ps.x, ps.y`,
    [presentationId, moves.map((x) => x.to.sectionId), moves.map((x) => x.to.x), moves.map((x) => x.to.y), r.identifier, uuid]);
    if (taken.length !== moves.length) throw new ApiHttpError(409, 'HOLD_EXPIRED', 'the new seats are not held by this visit');
    // old seats: freed
    const { rows: freed } = await q.query<{ section_id: number; x: number; y: number }>(`
      DELETE FROM presentation_seats ps USING unnest($2::int[], $3::int[], $4::int[]) AS s(sec, x, y)
      WHERE ps.presentation_id = $1 AND ps.section_id = s.sec AND ps.x = s.x AND ps.y = s.y AND ps.status = 'sold' AND ps.reservation_id = $5
      RETURNING ps.section_id, ps.x, ps.y`,
    [presentationId, moves.map((x) => x.t.section_id), moves.map((x) => x.t.x), moves.map((x) => x.t.y), r.identifier]);
    for (const { t, to } of moves) {
      await q.query('UPDATE reservation_tickets SET section_id = $2, x = $3, y = $4 WHERE id = $1', [t.id, to.sectionId, to.x, to.y]);
    }
    const { rows: next } = await q.query<{ t: string }>(`UPDATE reservations SET last_transaction_id = gen_random_uuid()::text, seat_changes = seat_changes + 1
      WHERE id = $1 RETURNING last_transaction_id AS t`, [r.id]);
    await notifySeats(q, presentationId, 'sold', taken.map((s) => [s.section_id, s.x, s.y]));
    await notifySeats(q, presentationId, 'free', freed.map((s) => [s.section_id, s.x, s.y]));
    const { rows: after } = await q.query<TicketRow>(TICKETS, [r.id]);
    return { reservationIdentifier: r.identifier, lastTransactionId: next[0]!.t, tickets: after.map(seatOut) };
  });
}

export function registerSeatChange(app: FastifyInstance, db: Db): void {
  const tags = ['edocuments'];
  route(app, {
    method: 'GET', url: '/edocument/{documentKey}/seat-change', summary: 'Whether the seats of this reservation can be changed, and its transaction id', tags,
    params: DocumentKeyParams, response: SeatChangeInfo, errors: { 404: 'ORDER_NOT_FOUND' },
    async handler({ params }) {
      const { rows } = await db.query<ResRow>(`SELECT id, identifier, status, is_hold, created_at, last_transaction_id
        FROM reservations WHERE document_key = $1`, [params.documentKey]);
      const r = rows[0];
      if (!r) throw new ApiHttpError(404, 'ORDER_NOT_FOUND', 'order not found');
      const { rows: tickets } = await db.query<TicketRow>(TICKETS, [r.id]);
      const days = exchangeWindowDays();
      const { reason, until } = allowance(r, tickets, days);
      return {
        reservationIdentifier: r.identifier, lastTransactionId: await ensureTransactionId(db, r), allowed: reason === null, reason,
        until: toIso(until), exchangeWindowDays: days, presentationId: tickets[0]?.presentation_id ?? 0, tickets: tickets.map(seatOut),
      };
    },
  });

  route(app, {
    method: 'POST', url: '/reservations/modify', summary: "Change seats of a reservation (the cart's modify block): same presentation and price level", tags,
    headers: SessionHeaders, body: SeatChangeBody, response: SeatChangeResponse,
    errors: { 404: 'ORDER_NOT_FOUND | SEAT_NOT_FOUND', 409: 'MODIFY_STALE | MODIFY_PRICE_LEVEL | MODIFY_WINDOW_CLOSED | MODIFY_NOT_ALLOWED | MODIFY_TICKET_NOT_FOUND | EVENT_PAST | HOLD_EXPIRED' },
    async handler({ body, headers }) {
      return changeSeats(db, headers.uuid, body.modify);
    },
  });
}
