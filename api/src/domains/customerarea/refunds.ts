import type { CancelRefundSplit } from '@ticketing/shared/contracts';
import type { Queryable } from '../../db/index.ts';
import { ApiHttpError } from '../../lib/route.ts';
import { jerusalemToday } from '../../lib/time.ts';
import { restoreVoucher } from '../vouchers/refunds.ts';
import { cancellationAmounts, type CancellationSettings } from './cancellation.ts';

/**
 * What cancelling tickets of a paid order gives back, and where to (one reckoning for the quote and the cancel).
 *
 * Money: the tickets' prices less the fee (cancellation.ts); service charges, the booking fee and products are kept.
 * It goes back the way it came, the last payment first: the card was charged what the gift vouchers left, so the
 * card gets back up to what it was charged (captured) less its earlier refunds, never more, and the rest goes to the
 * vouchers the order redeemed, up to what each paid less what already came back. A part nothing can take (a voucher
 * since cancelled or expired, money not taken by the site) is BALANCE_IS_DUE: customer service settles it.
 * Benefits the cancelled tickets used come back too: member tickets, loyalty points, a voucher's free tickets and
 * coupon uses (as a released hold order gives them back, orders/holdRelease.ts: a cancelled ticket used none).
 */
export interface Reckoning {
  ticketsAgorot: number; fee: number; refund: number;
  /** Each cancelled ticket's share of the fee (the reports count it as kept). */
  feeShares: Map<number, number>;
  card: number;
  vouchers: Array<{ itemId: number; reference: string; amount: number; tickets: number }>;
  members: Array<{ memberNumber: string; n: number }>;
  loyaltyPoints: number;
  coupons: Array<{ code: string; n: number }>;
}

export interface ReckonedTicket { ticket_id: number; price: number }

interface Line { id: number; member_number: string | null; system_voucher: string | null; is_sub: boolean; coupon: string | null; points: number }

export async function reckonCancellation(q: Queryable, res: { id: number }, items: ReckonedTicket[], settings: CancellationSettings): Promise<Reckoning> {
  const ticketsAgorot = items.reduce((s, r) => s + r.price, 0);
  const { fee, refund, shares: fees } = cancellationAmounts(settings, items.map((r) => r.price));
  const feeShares = new Map(items.map((r, i) => [r.ticket_id, fees[i]!]));

  const { rows: [o] } = await q.query<{ total: number; session: string | null; captured: number | null; web: boolean; card_back: number; points_left: number }>(`
    SELECT r.total_agorot AS total, r.payment_session_id AS session, r.loyalty_points_used AS points_left,
           (SELECT ps.amount FROM payment_sessions ps WHERE ps.id = r.payment_session_id AND ps.status = 'captured') AS captured,
           pos.kind = 'web' AS web,
           COALESCE((SELECT sum(c.card_agorot) FROM customer_cancellations c WHERE c.reservation_id = r.id), 0)::int AS card_back
    FROM reservations r JOIN points_of_sale pos ON pos.id = r.pos_id WHERE r.id = $1`, [res.id]);
  const { rows: paid } = await q.query<{ id: number; reference: string; active: boolean; amount: number; tickets: number; amount_back: number; tickets_back: number }>(`
    SELECT i.id, i.reference, i.status = 'active' AND i.end_date >= $2::date AS active,
           sum(vr.amount)::int AS amount, sum(vr.tickets)::int AS tickets,
           COALESCE((SELECT sum(e.amount) FROM system_voucher_events e WHERE e.item_id = i.id AND e.reservation_id = $1 AND e.kind = 'refunded'), 0)::int AS amount_back,
           COALESCE((SELECT sum(e.tickets) FROM system_voucher_events e WHERE e.item_id = i.id AND e.reservation_id = $1 AND e.kind = 'refunded'), 0)::int AS tickets_back
    FROM voucher_redemptions vr JOIN system_voucher_items i ON i.id = vr.item_id
    WHERE vr.reservation_id = $1 GROUP BY i.id ORDER BY max(vr.id) DESC`, [res.id, jerusalemToday()]);
  const voucherPaid = paid.reduce((s, v) => s + v.amount, 0);
  // An order with no payment session took no card payment, except a site order recorded before sessions were (the
  // demo's seeded ones): what its vouchers did not pay, the site was paid. Any other point of sale: the box office.
  const cardPaid = o!.session ? (o!.captured ?? 0) : o!.web ? Math.max(0, o!.total - voucherPaid) : 0;

  let rest = refund;
  const card = Math.min(rest, Math.max(0, cardPaid - o!.card_back));
  rest -= card;
  const { rows: lines } = await q.query<Line>(`
    SELECT rt.id, rt.member_number, rt.system_voucher, rt.is_sub_ticket AS is_sub,
           CASE WHEN k.code IS NOT NULL AND rt.code IS DISTINCT FROM t.ticket_code THEN k.code END AS coupon,
           CASE WHEN o.kind = 'loyalty' AND NOT rt.is_sub_ticket THEN COALESCE(o.loyalty_points, 0) ELSE 0 END AS points
    FROM reservation_tickets rt JOIN tickets t ON t.id = rt.ticket_id
    LEFT JOIN ticket_options o ON o.ticket_id = t.id
    LEFT JOIN coupons k ON k.code = rt.code AND k.ticket_code = t.code
    WHERE rt.id = ANY($1::int[]) ORDER BY rt.id`, [items.map((r) => r.ticket_id)]);
  const freeTickets = new Map<string, number>();
  for (const l of lines) if (l.system_voucher) freeTickets.set(l.system_voucher, (freeTickets.get(l.system_voucher) ?? 0) + 1);

  const vouchers: Reckoning['vouchers'] = [];
  for (const v of paid) {
    const amount = v.active ? Math.min(rest, Math.max(0, v.amount - v.amount_back)) : 0;
    rest -= amount;
    const tickets = Math.min(freeTickets.get(v.reference) ?? 0, Math.max(0, v.tickets - v.tickets_back));
    if (amount > 0 || tickets > 0) vouchers.push({ itemId: v.id, reference: v.reference, amount, tickets });
  }
  if (rest > 0) {
    throw new ApiHttpError(409, 'BALANCE_IS_DUE', 'part of the refund cannot go back through the site', {
      refund: refund / 100, refundable: (refund - rest) / 100, due: rest / 100,
    });
  }

  const tally = (key: (l: Line) => string | null) => {
    const m = new Map<string, number>();
    for (const l of lines) { const k = key(l); if (k) m.set(k, (m.get(k) ?? 0) + 1); }
    return [...m];
  };
  return {
    ticketsAgorot, fee, refund, feeShares, card, vouchers,
    members: tally((l) => (l.is_sub ? null : l.member_number)).map(([memberNumber, n]) => ({ memberNumber, n })),
    loyaltyPoints: Math.min(o!.points_left, lines.reduce((s, l) => s + l.points, 0)),
    coupons: tally((l) => l.coupon).map(([code, n]) => ({ code, n })),
  };
}

/** Gives back what the reckoning says (inside the cancel's transaction, the order row locked). */
export async function giveBack(q: Queryable, res: { id: number; identifier: string; customerId: number }, k: Reckoning): Promise<void> {
  for (const v of k.vouchers) {
    await restoreVoucher(q, { itemId: v.itemId, amount: v.amount, tickets: v.tickets, reservationId: res.id, reservationIdentifier: res.identifier, customerId: res.customerId });
  }
  for (const m of k.members) {
    await q.query('UPDATE customer_members SET used_balance = GREATEST(0, used_balance - $2) WHERE member_number = $1', [m.memberNumber, m.n]);
  }
  for (const c of k.coupons) await q.query('UPDATE coupons SET used = GREATEST(0, used - $2) WHERE code = $1', [c.code, c.n]);
  if (k.loyaltyPoints > 0) {
    await q.query('UPDATE customers SET loyalty_points = loyalty_points + $2 WHERE id = $1', [res.customerId, k.loyaltyPoints]);
    await q.query('UPDATE reservations SET loyalty_points_used = GREATEST(0, loyalty_points_used - $2) WHERE id = $1', [res.id, k.loyaltyPoints]);
  }
}

/** The reckoning as the contracts say it (shekels; a voucher by its reference). */
export function splitOf(k: Reckoning): CancelRefundSplit {
  return {
    card: k.card / 100,
    vouchers: k.vouchers.filter((v) => v.amount > 0).map((v) => ({ reference: v.reference, amount: v.amount / 100 })),
    voucherTickets: k.vouchers.reduce((s, v) => s + v.tickets, 0),
    memberTickets: k.members.reduce((s, m) => s + m.n, 0),
    loyaltyPoints: k.loyaltyPoints,
    couponUses: k.coupons.reduce((s, c) => s + c.n, 0),
  };
}
