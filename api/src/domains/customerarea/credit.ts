import crypto from 'node:crypto';
import type { Queryable } from '../../db/index.ts';
import { jerusalemToday } from '../../lib/time.ts';

/**
 * Account credit (spec: POST /reservations/{id}/cancel with refundToTransactionCredit): what a cancellation would have
 * sent back to the card goes instead to a system voucher of the customer's own — the site's gift-voucher machinery, so
 * it shows in the customer area's vouchers and pays at checkout through "Pay with a voucher" like any voucher.
 *
 * One credit voucher per customer (an order takes one voucher payment: several small credits could not be spent
 * together): the first credit issues it (catalog row 900000, migration 340), later ones top it up; each top-up is a
 * 'credited' event of its history and keeps it valid five years from that day. Before the credit the customer's row is
 * locked, so two cancellations at once never issue two vouchers.
 *
 * The reports count the credited amount as refunded from the cancelled order (it is not the business's to keep) and as
 * revenue of the order that spends it — as a gift voucher is sold and then spent; the business owes the balance.
 */
export const ACCOUNT_CREDIT_VOUCHER_ID = 900000;
export const CREDIT_VALIDITY_YEARS = 5;

export interface IssuedCredit { itemId: number; reference: string; amount: number; balance: number; validUntil: string }

/** A credit code nobody can guess: CR- and 12 characters of the gift codes' alphabet (no look-alikes). */
function newCreditReference(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let s = '';
  for (const b of crypto.randomBytes(12)) s += alphabet[b % alphabet.length];
  return `CR-${s.slice(0, 4)}-${s.slice(4, 8)}-${s.slice(8)}`;
}

/** Adds `amount` agorot to the customer's account credit (issuing the voucher the first time), inside the cancel's transaction. */
export async function creditAccount(q: Queryable, r: { customerId: number; amount: number; reservationId: number; reservationIdentifier: string }): Promise<IssuedCredit> {
  await q.query('SELECT id FROM customers WHERE id = $1 FOR UPDATE', [r.customerId]);
  const today = jerusalemToday();
  const until = `(($2::date + make_interval(years => ${CREDIT_VALIDITY_YEARS})))::date`;
  const { rows: found } = await q.query<{ id: number }>(`
    SELECT i.id FROM system_voucher_items i JOIN system_vouchers v ON v.id = i.system_voucher_id
    WHERE i.customer_id = $1 AND v.is_account_credit AND i.status = 'active' AND i.end_date >= $2::date AND NOT i.is_for_replacement
    ORDER BY i.id DESC LIMIT 1 FOR UPDATE OF i`, [r.customerId, today]);
  let item: { id: number; reference: string; balance: number; end_date: string };
  if (found[0]) {
    const { rows } = await q.query<typeof item>(`UPDATE system_voucher_items SET balance = balance + $3, end_date = GREATEST(end_date, ${until})
      WHERE id = $1 RETURNING id, reference, balance, end_date::text AS end_date`, [found[0].id, today, r.amount]);
    item = rows[0]!;
  } else {
    for (;;) {
      const { rows } = await q.query<typeof item>(`INSERT INTO system_voucher_items (reference, system_voucher_id, customer_id, balance, ticket_balance, start_date, end_date)
        VALUES ($1, $4, $3, $5, 0, $2::date, ${until}) ON CONFLICT (reference) DO NOTHING RETURNING id, reference, balance, end_date::text AS end_date`,
      [newCreditReference(), today, r.customerId, ACCOUNT_CREDIT_VOUCHER_ID, r.amount]);
      if (rows[0]) { item = rows[0]; break; }
    }
  }
  await q.query(`INSERT INTO system_voucher_events (item_id, kind, customer_id, reservation_identifier, amount, tickets, reservation_id)
    VALUES ($1, 'credited', $2, $3, $4, 0, $5)`, [item.id, r.customerId, r.reservationIdentifier, r.amount, r.reservationId]);
  return { itemId: item.id, reference: item.reference, amount: r.amount, balance: item.balance, validUntil: item.end_date };
}
