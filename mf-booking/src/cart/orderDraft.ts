import { createListenerMiddleware } from '@reduxjs/toolkit';
import { readSession, writeSession } from '@ticketing/shared';
import { cartChanged } from './cartEvents';
import { cartActions, checkoutCartActions, type CartState, type SeatTicketChange } from './cartSlice';

/**
 * The order in progress across a reload (QA, fifteenth session: a reload on the tickets, details or payment step went
 * back to the seat step and dropped an applied coupon, silently). The seats come back from the api's holds as before;
 * this keeps what the visitor chose for them — each seat's ticket (a code or coupon with it) and the step — in the
 * tab's session, and puts them back once the seats and their ticket groups are there again. The api prices and
 * checks every ticket again (a coupon used up meanwhile is refused as on any step). Nothing outlives the order: the
 * draft follows the cart, and an empty cart (a sale, a reset) leaves none.
 */
export const ORDER_DRAFT_KEY = 'cart.draft';

export interface OrderDraft { presentationId: number; step: number; seats: SeatTicketChange[] }

export function draftOf(cart: CartState): OrderDraft | undefined {
  const id = cart.selectedPresentationId;
  const p = id === null ? undefined : cart.presentations[id];
  if (!p || !p.seats.length) return undefined;
  return { presentationId: p.presentationId, step: cart.step, seats: p.seats.map((s) => ({ key: s.key, ticket: s.ticket, isFirstAddonSelected: s.isFirstAddonSelected })) };
}

/**
 * What to put back when a presentation's ticket groups have loaded: the draft's tickets of seats held again (in the
 * same price group), and its step only when every seat of the draft came back (a hold that ran out meanwhile starts
 * the order again from its seats).
 */
export function restoration(draft: OrderDraft, cart: CartState, presentationId: number): { entries: SeatTicketChange[]; step: number | null } | null {
  const p = cart.presentations[presentationId];
  if (draft.presentationId !== presentationId || !p) return null;
  const byKey = new Map(p.seats.map((s) => [s.key, s]));
  const entries = draft.seats.filter((d) => {
    const seat = byKey.get(d.key);
    return !!seat && !!d.ticket && d.ticket.ticketGroupId === seat.TicketGroupId;
  });
  const all = draft.seats.length > 0 && draft.seats.every((d) => byKey.has(d.key));
  return { entries, step: all && draft.step > 0 && cart.step === 0 ? draft.step : null };
}

export function createOrderDraft() {
  // read once, before the first action of this page writes the session again
  let restored: OrderDraft | undefined = readSession<OrderDraft>(ORDER_DRAFT_KEY);
  const listener = createListenerMiddleware();
  listener.startListening({
    predicate: cartChanged,
    effect: (action, api) => {
      const cart = (api.getState() as { cart: CartState }).cart;
      if (restored && cartActions.ticketGroupsLoaded.match(action)) {
        const r = restoration(restored, cart, action.payload.presentationId);
        if (r) {
          restored = undefined;
          if (r.entries.length) api.dispatch(checkoutCartActions.seatTicketsSet({ presentationId: action.payload.presentationId, entries: r.entries }));
          if (r.step !== null) api.dispatch(cartActions.stepChanged(r.step));
          return; // the actions above save the draft again
        }
      }
      if (cartActions.reset.match(action)) restored = undefined;
      writeSession(ORDER_DRAFT_KEY, draftOf((api.getState() as { cart: CartState }).cart));
    },
  });
  return listener;
}
