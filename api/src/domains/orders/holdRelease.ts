import type { Db, Queryable } from '../../db/index.ts';
import { notifySeats } from '../seats/holds.ts';

/** Spec section 9: a hold (unpaid) order is paid and collected at least this long before the event. */
export const HOLD_RELEASE_MINUTES_BEFORE = 30;

/**
 * Releases every unpaid hold order whose first presentation starts within HOLD_RELEASE_MINUTES_BEFORE of
 * `now`: the order is cancelled (released_at set), its tickets cancelled, its seats back on sale and
 * pushed to every open seat map, and what it took is given back (see giveBack; quotas and reference
 * allotments count only sold and held tickets, so they are free again with the tickets cancelled). `now` is a parameter so tests control the clock. Safe in several
 * processes at once (rows are locked, SKIP LOCKED). Returns the released reservation identifiers.
 */
export async function releaseDueHoldOrders(db: Db, now: Date = new Date()): Promise<string[]> {
  return db.tx(async (q) => {
    const { rows: due } = await q.query<{ id: number; identifier: string }>(`
      SELECT r.id, r.identifier FROM reservations r
      WHERE r.status = 'held-unpaid' AND EXISTS (
        SELECT 1 FROM reservation_tickets rt JOIN presentations p ON p.id = rt.presentation_id
        WHERE rt.reservation_id = r.id AND rt.status = 'held'
          AND p.starts_at - make_interval(mins => $2) <= $1::timestamptz)
      ORDER BY r.id
      FOR UPDATE OF r SKIP LOCKED`, [now, HOLD_RELEASE_MINUTES_BEFORE]);
    if (!due.length) return [];
    const ids = due.map((r) => r.id);
    const identifiers = due.map((r) => r.identifier);
    await giveBack(q, ids);
    await q.query(`UPDATE reservations SET status = 'cancelled', cancelled_at = $2, released_at = $2 WHERE id = ANY($1::int[])`, [ids, now]);
    await q.query(`UPDATE reservation_tickets SET status = 'cancelled' WHERE reservation_id = ANY($1::int[]) AND status = 'held'`, [ids]);
    const { rows: freed } = await q.query<{ presentation_id: number; section_id: number; x: number; y: number }>(`
      DELETE FROM presentation_seats WHERE reservation_id = ANY($1::text[]) AND status = 'sold'
      RETURNING presentation_id, section_id, x, y`, [identifiers]);
    const byP = new Map<number, Array<[number, number, number]>>();
    for (const r of freed) byP.set(r.presentation_id, [...(byP.get(r.presentation_id) ?? []), [r.section_id, r.x, r.y]]);
    for (const [pid, seats] of byP) await notifySeats(q, pid, 'free', seats);
    return identifiers;
  });
}

/**
 * Gives back what the orders `ids` took at commit (called while their tickets are still 'held'): coupon uses
 * (one per ticket line that carries a coupon's code), member tickets (one per main ticket with a member
 * number), gift-voucher amounts and free tickets (their redemption rows, then removed), loyalty points.
 */
async function giveBack(q: Queryable, ids: number[]): Promise<void> {
  await q.query(`
    UPDATE coupons c SET used = GREATEST(0, c.used - u.n)
    FROM (SELECT rt.code, count(*)::int AS n FROM reservation_tickets rt JOIN tickets t ON t.id = rt.ticket_id
          JOIN coupons k ON k.code = rt.code AND k.ticket_code = t.code
          WHERE rt.reservation_id = ANY($1::int[]) AND rt.status = 'held' AND rt.code IS DISTINCT FROM t.ticket_code
          GROUP BY rt.code) u
    WHERE c.code = u.code`, [ids]);
  await q.query(`
    UPDATE customer_members m SET used_balance = GREATEST(0, m.used_balance - u.n)
    FROM (SELECT member_number, count(*)::int AS n FROM reservation_tickets
          WHERE reservation_id = ANY($1::int[]) AND status = 'held' AND member_number IS NOT NULL AND NOT is_sub_ticket
          GROUP BY member_number) u
    WHERE m.member_number = u.member_number`, [ids]);
  await q.query(`
    UPDATE system_voucher_items i SET balance = i.balance + u.amount, ticket_balance = i.ticket_balance + u.tickets
    FROM (SELECT item_id, sum(amount)::int AS amount, sum(tickets)::int AS tickets FROM voucher_redemptions
          WHERE reservation_id = ANY($1::int[]) GROUP BY item_id) u
    WHERE i.id = u.item_id`, [ids]);
  await q.query('DELETE FROM voucher_redemptions WHERE reservation_id = ANY($1::int[])', [ids]);
  await q.query(`
    UPDATE customers c SET loyalty_points = c.loyalty_points + r.loyalty_points_used
    FROM reservations r WHERE r.id = ANY($1::int[]) AND r.customer_id = c.id AND r.loyalty_points_used > 0`, [ids]);
  await q.query('UPDATE reservations SET loyalty_points_used = 0 WHERE id = ANY($1::int[]) AND loyalty_points_used > 0', [ids]);
}
