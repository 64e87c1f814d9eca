import type { Queryable } from '../../db/index.ts';

/**
 * Gives a gift voucher back what a cancelled order took from it: an amount (agorot) to its balance and free tickets
 * to its ticket balance, recorded as a 'refunded' event of the voucher's history (with the order, so a later
 * cancellation of the same order knows what already came back). Inside the caller's transaction.
 */
export async function restoreVoucher(q: Queryable, r: {
  itemId: number; amount: number; tickets: number; reservationId: number; reservationIdentifier: string; customerId: number | null;
}): Promise<void> {
  if (r.amount <= 0 && r.tickets <= 0) return;
  await q.query('UPDATE system_voucher_items SET balance = balance + $2, ticket_balance = ticket_balance + $3 WHERE id = $1',
    [r.itemId, Math.max(0, r.amount), Math.max(0, r.tickets)]);
  await q.query(`INSERT INTO system_voucher_events (item_id, kind, customer_id, reservation_identifier, amount, tickets, reservation_id)
    VALUES ($1, 'refunded', $2, $3, $4, $5, $6)`,
  [r.itemId, r.customerId, r.reservationIdentifier, Math.max(0, r.amount), Math.max(0, r.tickets), r.reservationId]);
}
