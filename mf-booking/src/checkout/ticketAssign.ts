import type { OrderTicket, Ticket, TicketGroup } from '@ticketing/shared';
import type { CartPresentation, CartSeat } from '../cart/cartSlice';
import type { CheckoutTicket } from './cartPayload';

/** One seat's new ticket (null = no ticket chosen yet). */
export interface SeatTicketEntry { key: string; ticket: CheckoutTicket | null; isFirstAddonSelected?: boolean }

/** A seat whose ticket came from a code, coupon, voucher, member or points: quantities leave it alone. */
/** Kinds that come from something the visitor entered or owns (a code, a membership, points), not from the quantities. */
export const PINNED_KINDS = ['code', 'coupon', 'voucher', 'member', 'loyalty'];
export const isPinned = (t: CheckoutTicket | null | undefined): boolean => !!t && !!t.kind && PINNED_KINDS.includes(t.kind);
/** What identifies an applied code in the list (and for its removal): the code, member number or voucher. */
export const pinKey = (t: CheckoutTicket) => t.code ?? t.memberNumber ?? t.systemVoucher ?? `${t.kind}-${t.ticketId}`;

export function makeBlock(p: CartPresentation, seat: CartSeat, t: Ticket | OrderTicket, sub = false, previous?: CheckoutTicket | null): CheckoutTicket {
  const o = t as Partial<OrderTicket>;
  return {
    prsntId: p.presentationId, ticketGroupId: seat.TicketGroupId, venueId: p.venueId, seatplanId: p.seatplanId,
    sectionId: seat.sectionId, ticketId: t.id, amount: sub ? 0 : t.price, serviceCharge: sub ? 0 : (t.serviceCharge || p.serviceCharge),
    pricePolicyId: t.pricePolicyId, allocationId: seat.AllocationId, isMultiplyFactorSubTicket: sub, code: t.code,
    oldPrice: sub ? 0 : t.oldPrice, selectedAddons: [], name: t.name,
    kind: o.kind ?? 'regular', memberNumber: o.memberNumber ?? null, systemVoucher: o.systemVoucher ?? null,
    ref1prompt: t.ref1prompt, ref2prompt: t.ref2prompt, ref1: null, ref2: null,
    loyaltyRedemptionCustomerId: o.isLoyaltyPointsRedemption ? (o.customerId ?? null) : null,
    isLoyaltyPointsRedemption: o.isLoyaltyPointsRedemption ?? false,
    walkin: t.walkin,
    addonPrices: Object.fromEntries(t.addons.map((a) => [String(a.id), a.price])),
    ...(previous !== undefined ? { previous } : {}),
  };
}

const ticketOf = (s: CartSeat) => s.ticket as CheckoutTicket | null;

/** Quantities per ticket type of one group, counted in tickets (a couple ticket counts once). */
export function quantitiesOf(p: CartPresentation, groupId: number): Record<string, number> {
  const q: Record<string, number> = {};
  for (const s of p.seats) {
    const t = ticketOf(s);
    if (s.TicketGroupId !== groupId || !t || isPinned(t) || t.isMultiplyFactorSubTicket) continue;
    q[String(t.ticketId)] = (q[String(t.ticketId)] ?? 0) + 1;
  }
  return q;
}

/**
 * Re-deals the group's free seats (those without a code/coupon/member ticket) by the chosen
 * quantities, in seat order: each ticket of multiply factor N takes N seats, the 2nd..Nth as
 * sub-tickets priced 0. Seats left over get no ticket (and the step refuses to continue).
 */
export function distribute(p: CartPresentation, group: TicketGroup, quantities: Record<string, number>): SeatTicketEntry[] {
  const free = p.seats.filter((s) => s.TicketGroupId === group.id && !isPinned(ticketOf(s)));
  const entries: SeatTicketEntry[] = [];
  let i = 0;
  for (const t of group.tickets) {
    const n = quantities[String(t.id)] ?? 0;
    const factor = Math.max(1, t.multiplyFactor);
    for (let k = 0; k < n; k++) {
      for (let f = 0; f < factor && i < free.length; f++, i++) {
        const seat = free[i];
        const prev = ticketOf(seat);
        const keepAddons = prev && prev.ticketId === t.id && !prev.isMultiplyFactorSubTicket === (f === 0);
        const block = makeBlock(p, seat, t, f > 0);
        if (keepAddons && prev) { block.selectedAddons = prev.selectedAddons; block.ref1 = prev.ref1; block.ref2 = prev.ref2; }
        entries.push({ key: seat.key, ticket: block, isFirstAddonSelected: keepAddons ? seat.isFirstAddonSelected : false });
      }
    }
  }
  for (; i < free.length; i++) entries.push({ key: free[i].key, ticket: null, isFirstAddonSelected: false });
  return entries;
}

export interface GroupCheck { groupId: number; seats: number; covered: number }

/** Spec section 5: the seat count must match the tickets × their multiplier, group by group. */
export function checkGroups(p: CartPresentation): GroupCheck[] {
  const by = new Map<number, GroupCheck>();
  for (const s of p.seats) {
    const g = by.get(s.TicketGroupId) ?? { groupId: s.TicketGroupId, seats: 0, covered: 0 };
    g.seats += 1;
    if (s.ticket) g.covered += 1;
    by.set(s.TicketGroupId, g);
  }
  return [...by.values()];
}

/** Every seat carrying the code (its coupon), for removal. */
export const seatsWithCode = (p: CartPresentation, key: string) => p.seats.filter((s) => { const t = ticketOf(s); return !!t && isPinned(t) && pinKey(t) === key; });

/** Spec section 4: removing a coupon restores each seat's previous ticket. */
export function restoreEntries(p: CartPresentation, code: string): SeatTicketEntry[] {
  return seatsWithCode(p, code).map((s) => ({ key: s.key, ticket: ticketOf(s)?.previous ?? null, isFirstAddonSelected: false }));
}

/** Applies a looked-up ticket to the planned seats, remembering each seat's previous ticket. */
export function applyEntries(p: CartPresentation, t: OrderTicket, seatKeys: string[], factor: number): SeatTicketEntry[] {
  return seatKeys.map((key, idx) => {
    const seat = p.seats.find((s) => s.key === key)!;
    const prev = ticketOf(seat);
    const block = makeBlock(p, seat, t, idx % factor !== 0, prev && !isPinned(prev) ? prev : (prev?.previous ?? prev));
    return { key, ticket: block, isFirstAddonSelected: false };
  });
}
