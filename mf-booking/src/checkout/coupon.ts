/**
 * Codes, coupons, vouchers, member and loyalty tickets (spec sections 4 and 5): such a ticket is
 * applied to the selected seats of its ticket group that have no code yet. The three refusals:
 *  - the multiply factor exceeds the eligible seats → one more ticket (or N more) must be added;
 *  - the code's balance (balance × factor, as the api reports it: tickets left) is used up → the coupon was already used;
 *  - no seat can take it → no tickets were found to apply it to.
 */
export interface CouponSeat { key: string; ticketGroupId: number; code: string | null | undefined }
export interface CouponTicket {
  ticketGroupId: number;
  multiplyFactor: number;
  /** Seats the code may still cover (the api's balance: tickets left); null = no limit. */
  ticketsLeft: number | null | undefined;
}

export type CouponResult =
  | { ok: true; seatKeys: string[]; factor: number }
  | { ok: false; error: 'COUPON_MORE_TICKETS'; count: number }
  | { ok: false; error: 'COUPON_USED' }
  | { ok: false; error: 'COUPON_NO_TICKETS' };

export function planCoupon(seats: CouponSeat[], ticket: CouponTicket): CouponResult {
  const factor = Math.max(1, ticket.multiplyFactor);
  if (ticket.ticketsLeft != null && ticket.ticketsLeft <= 0) return { ok: false, error: 'COUPON_USED' };
  const eligible = seats.filter((s) => s.ticketGroupId === ticket.ticketGroupId && !s.code);
  if (eligible.length === 0) return { ok: false, error: 'COUPON_NO_TICKETS' };
  if (factor > eligible.length) return { ok: false, error: 'COUPON_MORE_TICKETS', count: factor - eligible.length };
  const capacity = ticket.ticketsLeft == null ? eligible.length : Math.max(ticket.ticketsLeft, factor);
  const n = Math.floor(Math.min(eligible.length, capacity) / factor) * factor;
  return { ok: true, seatKeys: eligible.slice(0, n).map((s) => s.key), factor };
}
