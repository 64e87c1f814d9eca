import crypto from 'node:crypto';
import { validateCustomerInfo, normalizeCustomerInfo, type CommitBody, type CommitResponse } from '@ticketing/shared/contracts';
import type { Db, Queryable } from '../../db/index.ts';
import { ApiHttpError, type Lang } from '../../lib/route.ts';
import { sellHeldSeats } from '../seats/sale.ts';
import { releaseHeld } from '../seats/holds.ts';
import type { ProviderRegistry } from '../payments/providers/index.ts';
import { priceCart, type PricedOrder } from './cart.ts';
import type { OrdersSettings } from './config.ts';
import type { EmailProvider } from '../../lib/email.ts';
import { publicBaseUrl } from '../../lib/publicUrl.ts';
import { orderConfirmationMessage } from './confirmationEmail.ts';

/**
 * POST /payment/commit — idempotent and atomic.
 * - Idempotent: the Idempotency-Key is UNIQUE on reservations. The reservation row is inserted first
 *   (INSERT … ON CONFLICT DO NOTHING), so a concurrent duplicate waits on the key and then finds the
 *   committed reservation; a retried duplicate gets the stored answer. Nothing is charged or sold twice.
 *   The same key with another cart → 409 IDEMPOTENCY_CONFLICT.
 * - Atomic: in one transaction (synchronous commit) the cart is re-priced, seats move from held-by-this-uuid
 *   to sold with a conditional update (expired or foreign hold → 409 HOLD_EXPIRED, everything rolls back),
 *   balances are taken with conditional updates, the payment is captured and the seat channel notified
 *   (delivered on commit).
 */

export interface CommitContext {
  db: Db;
  uuid: string;
  idempotencyKey: string;
  customerId: number | null;
  lang: Lang;
  settings: OrdersSettings;
  registry: ProviderRegistry;
  miniSite: { id: number; reference_ticket_codes: string[] } | null;
  /** The buyer's confirmation e-mail (none when absent). */
  email?: EmailProvider;
}

/** Canonical JSON (sorted keys) for the cart hash. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v).sort().filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}
export const cartHash = (body: CommitBody) => crypto.createHash('sha256').update(canonical({ cart: body.cart, miniSiteUrl: body.miniSiteUrl ?? null })).digest('hex');

async function replay(q: Queryable, key: string, hash: string, uuid: string): Promise<CommitResponse | null> {
  const { rows } = await q.query<{ cart_hash: string | null; response: CommitResponse | string | null; uuid: string | null }>(
    'SELECT cart_hash, response, uuid FROM reservations WHERE idempotency_key = $1', [key]);
  const r = rows[0];
  if (!r) return null;
  // another visit's key replays nothing of that visit's order (its reservation number, document key)
  if (r.uuid !== uuid) throw new ApiHttpError(409, 'IDEMPOTENCY_CONFLICT', 'this Idempotency-Key was used for another cart');
  if (r.cart_hash !== hash) throw new ApiHttpError(409, 'IDEMPOTENCY_CONFLICT', 'this Idempotency-Key was used for another cart');
  if (!r.response) throw new ApiHttpError(409, 'IDEMPOTENCY_CONFLICT', 'this Idempotency-Key belongs to an order being committed');
  const resp = typeof r.response === 'string' ? (JSON.parse(r.response) as CommitResponse) : r.response;
  return { ...resp, replayed: true };
}

/**
 * The seats are no longer this visit's because this visit has just bought them, in another tab of the same browser
 * (one visit, two tabs; QA, fifteenth session): the refusal names that order instead of "the hold expired", which
 * sent the visitor back to buy again. Nothing of the refused attempt is kept (its transaction rolled back, its
 * payment not captured).
 */
async function alreadyOrdered(db: Queryable, e: unknown, body: CommitBody, uuid: string): Promise<ApiHttpError | null> {
  if (!(e instanceof ApiHttpError) || e.code !== 'HOLD_EXPIRED') return null;
  const pids = [...new Set(body.cart.seats.flatMap((s) => (s.ticket ? [s.ticket.prsntId] : [])))];
  const { rows } = await db.query<{ identifier: string; document_key: string | null }>(`
    SELECT r.identifier, r.document_key FROM reservations r
    WHERE r.uuid = $1 AND r.status IN ('committed', 'held-unpaid') AND r.created_at > now() - interval '30 minutes'
      AND EXISTS (SELECT 1 FROM reservation_tickets rt WHERE rt.reservation_id = r.id AND rt.presentation_id = ANY($2::int[]))
    ORDER BY r.created_at DESC LIMIT 1`, [uuid, pids]);
  if (!rows[0]) return null;
  return new ApiHttpError(409, 'ORDER_ALREADY_COMPLETED', 'this visit has just ordered these seats', {
    reservationIdentifier: rows[0].identifier, documentKey: rows[0].document_key,
  });
}

export async function commitOrder(body: CommitBody, ctx: CommitContext): Promise<CommitResponse> {
  const { db } = ctx;
  const hash = cartHash(body);
  const earlier = await replay(db, ctx.idempotencyKey, hash, ctx.uuid);
  if (earlier) return earlier;
  const info = normalizeCustomerInfo(body.cart.customerInfo ?? {});

  const result = await db.tx(async (q): Promise<CommitResponse | 'duplicate'> => {
    // A sale is durable whatever the server default (holds may commit asynchronously; sales never do).
    if (db.engine === 'postgres') await q.query('SET LOCAL synchronous_commit = on');

    // 1. Claim the idempotency key first: a concurrent duplicate blocks here until this transaction ends.
    const documentKey = crypto.randomBytes(18).toString('base64url');
    const { rows: claimed } = await q.query<{ id: number; identifier: string }>(`
      INSERT INTO reservations (identifier, uuid, location_id, business_id, pos_id, status, idempotency_key, cart_hash, document_key)
      SELECT 'W' || nextval('web_order_number'), $1, l.id, l.business_id, l.id * 100 + 1, 'committed', $2, $3, $4
      FROM presentations p JOIN venues v ON v.id = p.venue_id JOIN locations l ON l.id = v.location_id WHERE p.id = $5
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id, identifier`,
    [ctx.uuid, ctx.idempotencyKey, hash, documentKey, body.cart.seats.find((s) => s.ticket)?.ticket?.prsntId ?? 0]);
    if (!claimed[0]) {
      const { rows } = await q.query('SELECT 1 FROM reservations WHERE idempotency_key = $1', [ctx.idempotencyKey]);
      if (rows.length) return 'duplicate';
      // no presentation matched: let the cart check say why
    }

    // 2. Price and check everything again, locking the balances the sale takes.
    const order = await priceCart(q, body.cart, { customerId: ctx.customerId, lang: ctx.lang, settings: ctx.settings, miniSite: ctx.miniSite, forUpdate: true });
    if (!claimed[0]) throw new ApiHttpError(400, 'EMPTY_CART');
    // Video on demand is played from the customer area (its plays are the customer's): a sale nobody could watch is refused.
    if (!ctx.customerId && order.lines.some((l) => l.isVod)) throw new ApiHttpError(401, 'VOD_LOGIN_REQUIRED', 'sign in to buy video on demand');
    const resId = claimed[0].id;
    const identifier = claimed[0].identifier;

    // 3. Customer info (spec 5), validated against the order form configuration.
    const issues = validateCustomerInfo(info, ctx.settings.config.forms.order);
    if (issues.length) throw new ApiHttpError(400, 'CUSTOMER_INFO_INVALID', 'customer info is not valid', { issues });

    // 4. Seats: held by this visit and not expired → sold, in one conditional statement per presentation.
    const byP = new Map<number, PricedOrder['lines']>();
    for (const l of order.lines) if (!l.isVod) byP.set(l.presentation.id, [...(byP.get(l.presentation.id) ?? []), l]);
    // The whole selection keeps the seat rules (single-seat rule, companion seats) at the sale too.
    for (const [pid, ls] of byP) await sellHeldSeats(db, q, { presentationId: pid, uuid: ctx.uuid, reservation: identifier, seats: ls });
    // Video on demand: a place number in the streaming section. The streaming places the visit held while it chose how
    // many (the seat step's quantity) are not what it bought: released, so the finished order leaves no hold behind.
    for (const l of order.lines) {
      if (!l.isVod) continue;
      const { rows } = await q.query<{ n: number }>(`SELECT nextval('vod_place')::int AS n`);
      l.x = rows[0]!.n;
    }
    for (const pid of new Set(order.lines.filter((l) => l.isVod).map((l) => l.presentation.id))) await releaseHeld(q, pid, ctx.uuid);

    // 5. Balances, each a conditional update (never below zero).
    for (const [code, n] of order.couponUse) {
      const { rows } = await q.query(`UPDATE coupons SET used = used + $2 WHERE code = $1 AND used + $2 <= balance * multiply_factor RETURNING code`, [code, n]);
      if (!rows.length) throw new ApiHttpError(409, 'COUPON_USED', 'the coupon was already used');
    }
    for (const [num, n] of order.memberUse) {
      const { rows } = await q.query(`UPDATE customer_members SET used_balance = used_balance + $2 WHERE member_number = $1 AND used_balance + $2 <= balance RETURNING id`, [num, n]);
      if (!rows.length) throw new ApiHttpError(409, 'memberNoneAvailable', 'balance insufficient');
    }
    for (const [ref, n] of order.voucherTicketUse) {
      const { rows } = await q.query<{ id: number }>(`UPDATE system_voucher_items SET ticket_balance = ticket_balance - $2 WHERE reference = $1 AND ticket_balance >= $2 RETURNING id`, [ref, n]);
      if (!rows.length) throw new ApiHttpError(409, 'voucherBalance');
      await q.query('INSERT INTO voucher_redemptions (item_id, reservation_id, tickets) VALUES ($1, $2, $3)', [rows[0]!.id, resId, n]);
    }
    if (order.voucher) {
      const { rows } = await q.query(`UPDATE system_voucher_items SET balance = balance - $2 WHERE id = $1 AND balance >= $2 RETURNING id`, [order.voucher.itemId, order.voucher.amount]);
      if (!rows.length) throw new ApiHttpError(409, 'NO_BALANCE', 'no balance left to redeem the benefit');
      await q.query('INSERT INTO voucher_redemptions (item_id, reservation_id, amount) VALUES ($1, $2, $3)', [order.voucher.itemId, resId, order.voucher.amount]);
    }
    if (order.loyaltyPoints > 0) {
      const { rows } = await q.query(`UPDATE customers SET loyalty_points = loyalty_points - $2 WHERE id = $1 AND loyalty_points >= $2 RETURNING id`, [ctx.customerId, order.loyaltyPoints]);
      if (!rows.length) throw new ApiHttpError(409, 'LOYALTY_POINTS', 'not enough loyalty points');
      await q.query('UPDATE reservations SET loyalty_points_used = $2 WHERE id = $1', [resId, order.loyaltyPoints]); // given back if released
    }

    // 6. Payment: capture the approved session for exactly the amount due (none for holds and fully-vouchered orders).
    let paymentSessionId: string | null = null;
    if (!order.isHold && order.amountDue > 0) {
      paymentSessionId = body.cart.paymentIdentifier ?? null;
      if (!paymentSessionId) throw new ApiHttpError(402, 'PAYMENT_REQUIRED', 'the order needs an approved payment');
      const { rows } = await q.query<{ provider: string }>('SELECT provider FROM payment_sessions WHERE id = $1', [paymentSessionId]);
      const provider = rows[0] ? ctx.registry.get(rows[0].provider) : undefined;
      if (!provider) throw new ApiHttpError(402, 'PAYMENT_NOT_APPROVED', 'unknown payment');
      await provider.capture(q, { sessionId: paymentSessionId, uuid: ctx.uuid, amount: order.amountDue, reservationId: resId });
    }

    // 7. The order itself.
    const ticketStatus = order.isHold ? 'held' : 'sold';
    const ticketIdentifiers = order.lines.map((_, i) => `${identifier}-${i + 1}`);
    await q.query(`
      INSERT INTO reservation_tickets (reservation_id, presentation_id, section_id, x, y, ticket_id, price_agorot, service_charge_agorot, status,
        ref1, ref2, ticket_identifier, code, member_number, system_voucher, addons, addons_agorot, is_sub_ticket)
      SELECT $1, u.p, u.sec, u.x, u.y, u.t, u.price, u.sc, $2, u.r1, u.r2, u.ident, u.code, u.mem, u.sv, u.addons::jsonb, u.aa, u.sub
      FROM unnest($3::int[], $4::int[], $5::int[], $6::int[], $7::int[], $8::int[], $9::int[], $10::text[], $11::text[], $12::text[],
                  $13::text[], $14::text[], $15::text[], $16::text[], $17::int[], $18::boolean[])
        AS u(p, sec, x, y, t, price, sc, r1, r2, ident, code, mem, sv, addons, aa, sub)`,
    [resId, ticketStatus,
      order.lines.map((l) => l.presentation.id), order.lines.map((l) => l.sectionId), order.lines.map((l) => l.x), order.lines.map((l) => l.y),
      order.lines.map((l) => l.ticket.id), order.lines.map((l) => l.price), order.lines.map((l) => l.serviceCharge),
      order.lines.map((l) => l.ref1), order.lines.map((l) => l.ref2), ticketIdentifiers, order.lines.map((l) => l.code),
      order.lines.map((l) => l.memberNumber), order.lines.map((l) => l.systemVoucher),
      order.lines.map((l) => JSON.stringify(l.addons.map((a) => ({ id: a.id, price: a.price })))), order.lines.map((l) => l.addonsAmount),
      order.lines.map((l) => l.isSub)]);
    for (const p of order.products) {
      await q.query('INSERT INTO reservation_products (reservation_id, product_id, quantity, price_agorot) VALUES ($1, $2, $3, $4)', [resId, p.id, p.quantity, p.price]);
    }
    const response: CommitResponse = {
      reservationIdentifier: identifier, ticketIdentifiers, documentKey, isHold: order.isHold, order: order.summary, replayed: false,
    };
    const mobile = info.mobileNumber || null;
    const storedInfo = { ...info };
    delete storedInfo.CustomerId;
    await q.query(`
      UPDATE reservations SET status = $2, customer_id = $3, total_agorot = $4, service_charge_agorot = $5, booking_fee_agorot = $6,
        mobile_number = $7, is_hold = $8, referral_mini_site_id = $9, customer_info = $10::jsonb, delivery_method = $11,
        payment_session_id = $12, number_of_payments = $13, voucher_amount_agorot = $14, amount_due_agorot = $15, response = $16::jsonb
      WHERE id = $1`,
    [resId, order.isHold ? 'held-unpaid' : 'committed', ctx.customerId, order.totalAmount, order.serviceCharge, order.bookingFee,
      mobile, order.isHold, order.referralMiniSiteId, JSON.stringify(storedInfo), body.cart.deliveryMethod ?? null,
      paymentSessionId, order.numberOfPayments, order.voucher?.amount ?? 0, order.amountDue, JSON.stringify(response)]);
    return response;
  }).catch(async (e: unknown) => { throw (await alreadyOrdered(db, e, body, ctx.uuid)) ?? e; });

  if (result === 'duplicate') {
    const again = await replay(db, ctx.idempotencyKey, hash, ctx.uuid);
    if (!again) throw new ApiHttpError(409, 'IDEMPOTENCY_CONFLICT', 'this Idempotency-Key belongs to an order being committed');
    return again;
  }
  await sendConfirmation(info, result, ctx);
  return result;
}

/** Once per order (a replayed commit returned above): a failing mail provider never fails the sale. */
async function sendConfirmation(info: ReturnType<typeof normalizeCustomerInfo>, r: CommitResponse, ctx: CommitContext): Promise<void> {
  const to = typeof info.email === 'string' ? info.email.trim() : '';
  if (!ctx.email || !to) return;
  let link: string | null = null;
  try { link = `${publicBaseUrl()}/edocument/${encodeURIComponent(r.documentKey)}`; } catch { /* no public address: no link */ }
  const name = typeof info.firstName === 'string' ? info.firstName : '';
  await ctx.email.send(orderConfirmationMessage(r, name, to, ctx.lang, link)).catch(() => undefined);
}
