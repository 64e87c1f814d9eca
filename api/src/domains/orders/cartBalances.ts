import type { Queryable } from '../../db/index.ts';
import { fail, type CartContext, type TicketUse } from './cartTypes.ts';
import { checkMember, couponRemaining, findVoucherItem, voucherGivesTicket, voucherUsable } from './tickets.ts';

/**
 * The pricing stage after the ticket lines (spec 5): what they take of coupons, memberships, voucher tickets,
 * loyalty points and reference allotments, each within its balance. Inside the commit the counted ones are locked.
 */
export async function checkBalances(q: Queryable, use: TicketUse, ctx: CartContext): Promise<void> {
  checkCoupons(use);
  for (const [num, n] of use.memberUse) await checkMember(q, num, ctx.customerId, n, ctx.forUpdate);
  await checkVoucherTickets(q, use, ctx);
  if (use.loyaltyPoints > 0) await checkLoyaltyPoints(q, use.loyaltyPoints, ctx);
  await checkMiniSiteReferences(q, use, ctx);
  await checkStaffReferences(q, use, ctx);
}

/** Coupons: valid, whole multiples of their factor, within their balance. */
function checkCoupons(use: TicketUse): void {
  for (const [code, n] of use.couponUse) {
    const c = use.couponRows.get(code)!;
    if (c.valid_until && c.valid_until < new Date().toISOString().slice(0, 10)) fail(409, 'voucherExpired');
    if (n % c.multiply_factor !== 0) {
      const count = c.multiply_factor - (n % c.multiply_factor);
      fail(409, 'COUPON_MORE_TICKETS', `${count} more ticket(s) must be added`, { count });
    }
    if (n > couponRemaining(c)) fail(409, 'COUPON_USED', 'the coupon was already used');
  }
}

async function checkVoucherTickets(q: Queryable, use: TicketUse, ctx: CartContext): Promise<void> {
  for (const [ref, n] of use.voucherTicketUse) {
    const v = await findVoucherItem(q, ref, ctx.forUpdate) ?? fail(404, 'SYSTEM_VOUCHER_NOT_FOUND');
    const u = voucherUsable(v);
    if (u === 'expired') fail(409, 'voucherExpired');
    if (u !== 'ok') fail(409, 'SYSTEM_VOUCHER_NOT_ACTIVE');
    if (!voucherGivesTicket(v)) fail(409, 'autoApplyVoucherRequired', 'voucher must be used with other vouchers');
    if (v.ticket_balance < n) fail(409, 'voucherBalance');
  }
}

async function checkLoyaltyPoints(q: Queryable, points: number, ctx: CartContext): Promise<void> {
  const { rows } = await q.query<{ loyalty_points: number }>(`SELECT loyalty_points FROM customers WHERE id = $1${ctx.forUpdate ? ' FOR UPDATE' : ''}`, [ctx.customerId]);
  if ((rows[0]?.loyalty_points ?? 0) < points) fail(409, 'LOYALTY_POINTS', 'not enough loyalty points');
}

/** A partner mini-site's allotment per reference pair. */
async function checkMiniSiteReferences(q: Queryable, use: TicketUse, ctx: CartContext): Promise<void> {
  for (const r of use.miniSiteRefs.values()) {
    const { rows } = await q.query<{ quantity: number }>(`SELECT quantity FROM mini_site_references
      WHERE mini_site_id = $1 AND ticket_code = $2 AND reference1 = $3 AND reference2 = $4`, [r.miniSiteId, r.ticketCode, r.ref1, r.ref2]);
    if (!rows[0]) fail(409, 'refPromptOptNotFound', 'reference not recognised');
    if (ctx.forUpdate) await lockCount(q, `msref:${r.miniSiteId}:${r.ticketCode}:${r.ref1}:${r.ref2}`);
    const used = await miniSiteRefUsed(q, r.miniSiteId, r.ticketCode, r.ref1, r.ref2);
    if (rows[0]!.quantity - used < r.n) fail(409, 'refPromptOptError', 'no balance left for this reference');
  }
}

/** The ticket-reference admin's options for a ticket, when it has any. */
async function checkStaffReferences(q: Queryable, use: TicketUse, ctx: CartContext): Promise<void> {
  for (const r of use.staffRefs.values()) {
    const { rows } = await q.query<{ reference1: string; reference2: string; quantity: number }>(
      'SELECT reference1, reference2, quantity FROM ticket_ref_options WHERE price_type = 1 AND price_id = $1', [r.ticketId]);
    if (!rows.length) continue; // no allotment configured for this ticket: any reference is accepted
    const opt = rows.find((o) => o.reference1 === r.ref1 && (o.reference2 === '' || o.reference2 === r.ref2)) ?? fail(409, 'refPromptOptNotFound', 'reference not recognised');
    if (ctx.forUpdate) await lockCount(q, `ref:${r.ticketId}:${r.ref1}`);
    const { rows: u } = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM reservation_tickets
      WHERE ticket_id = $1 AND ref1 = $2 AND status IN ('sold', 'held')`, [r.ticketId, r.ref1]);
    if (opt.quantity - u[0]!.n < r.n) fail(409, 'refPromptOptError', 'no balance left for this reference');
  }
}

/**
 * A commit that sells against a counted limit (ticket quota, reference allotment) holds this lock until it
 * ends, so concurrent commits count one after another (each count statement sees the previous commit).
 */
export async function lockCount(q: Queryable, key: string): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
}

export async function miniSiteRefUsed(q: Queryable, miniSiteId: number, ticketCode: string, ref1: string, ref2: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>(`
    SELECT count(*)::int AS n FROM reservation_tickets rt JOIN reservations r ON r.id = rt.reservation_id JOIN tickets t ON t.id = rt.ticket_id
    WHERE r.referral_mini_site_id = $1 AND t.code = $2 AND rt.ref1 = $3 AND COALESCE(rt.ref2, '') = $4 AND rt.status IN ('sold', 'held')`,
  [miniSiteId, ticketCode, ref1, ref2]);
  return rows[0]!.n;
}
