import { useTranslation } from 'react-i18next';
import type { OrderTicket } from '@ticketing/shared';
import { NAMESPACE } from '../../locales';
import { checkoutCartActions, type CartPresentation } from '../../cart/cartSlice';
import type { CheckoutTicket } from '../cartPayload';
import { useCheckoutDispatch } from '../hooks';
import { planCoupon } from '../coupon';
import { applyEntries, isPinned, type SeatTicketEntry } from '../ticketAssign';

export type Message = { kind: 'error' | 'ok'; text: string };

/** Sets the tickets of some of the presentation's seats in the cart. */
export function useSetSeatTickets(p: CartPresentation): (entries: SeatTicketEntry[]) => void {
  const dispatch = useCheckoutDispatch();
  return (entries) => { dispatch(checkoutCartActions.seatTicketsSet({ presentationId: p.presentationId, entries })); };
}

/**
 * Applies a looked-up ticket (code, coupon, voucher, member, points) to eligible seats, with the spec's coupon
 * messages; returns whether it applied, and the message to show.
 */
export function useApplyTicket(p: CartPresentation): (ticket: OrderTicket, requested?: number) => { applied: boolean; message: Message } {
  const { t } = useTranslation(NAMESPACE);
  const set = useSetSeatTickets(p);
  return (ticket, requested) => {
    const factor = Math.max(1, ticket.multiplyFactor);
    const ticketsLeft = requested != null ? requested * factor : ticket.balance ?? (ticket.kind === 'coupon' ? null : factor);
    const plan = planCoupon(p.seats.map((s) => ({ key: s.key, ticketGroupId: s.TicketGroupId, code: isPinned(s.ticket as CheckoutTicket) ? 'pinned' : null })), { ticketGroupId: ticket.ticketGroupId, multiplyFactor: factor, ticketsLeft });
    if (!plan.ok) {
      return { applied: false, message: { kind: 'error', text: plan.error === 'COUPON_MORE_TICKETS' ? t('tickets.coupon.moreTickets', { count: plan.count }) : t(plan.error === 'COUPON_USED' ? 'tickets.coupon.used' : 'tickets.coupon.noTickets') } };
    }
    set(applyEntries(p, ticket, plan.seatKeys, plan.factor));
    return { applied: true, message: { kind: 'ok', text: t('tickets.coupon.applied', { name: ticket.name, count: plan.seatKeys.length }) } };
  };
}
