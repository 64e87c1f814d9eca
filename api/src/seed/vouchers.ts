import type { Db } from '../db/index.ts';
import { addDays, jerusalemToday } from '../lib/time.ts';

/** How many single-use demo gift cards the cart e2e specs may spend (one per test and language). */
export const CART_E2E_VOUCHERS = 24;
export const cartE2eVoucher = (n: number) => `CART-E2E-${String(n).padStart(2, '0')}`;

/**
 * Demo gift cards of ₪20 (less than any ticket order, so one order uses them up) for the cart-leak
 * e2e specs: a used voucher must never follow the visitor into the next order. Seeded once.
 */
export async function seedVouchers(db: Db): Promise<boolean> {
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(727274)');
    const { rows } = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM system_voucher_items WHERE reference LIKE 'CART-E2E-%'`);
    if (rows[0]!.n > 0) return false;
    const today = jerusalemToday();
    for (let n = 1; n <= CART_E2E_VOUCHERS; n++) {
      await q.query(`INSERT INTO system_voucher_items (reference, system_voucher_id, balance, ticket_balance, start_date, end_date)
                     VALUES ($1, 3, 2000, 0, $2::date, $3::date)`, [cartE2eVoucher(n), addDays(today, -10), addDays(today, 355)]);
    }
    return true;
  });
}
