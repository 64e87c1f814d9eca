import { firstTicketOf, type CartState, type SeatTicketChange } from '../cart/cartSlice';
import { makeBlock } from './ticketAssign';
import type { CheckoutTicket } from './cartPayload';

/** Ticket kinds that are the signed-in customer's own: their membership's, their points'. */
const CUSTOMER_KINDS = new Set(['member', 'loyalty']);

/**
 * Each seat whose ticket was the customer's own, with what it goes back to: the ticket it had before, else the first
 * ticket of its group (as a seat gets when chosen), else none.
 */
export function customerTicketChanges(cart: CartState, isHold: boolean): Array<{ presentationId: number; entries: SeatTicketChange[] }> {
  const out: Array<{ presentationId: number; entries: SeatTicketChange[] }> = [];
  for (const p of Object.values(cart.presentations)) {
    const entries: SeatTicketChange[] = [];
    for (const seat of p.seats) {
      const t = seat.ticket as CheckoutTicket | null;
      if (!t?.kind || !CUSTOMER_KINDS.has(t.kind)) continue;
      const before = t.previous && !CUSTOMER_KINDS.has(t.previous.kind ?? '') ? t.previous : null;
      const first = before ? undefined : firstTicketOf(p.ticketGroups?.find((g) => g.id === seat.TicketGroupId), isHold);
      entries.push({ key: seat.key, ticket: before ?? (first ? makeBlock(p, seat, first) : null) });
    }
    if (entries.length) out.push({ presentationId: p.presentationId, entries });
  }
  return out;
}
