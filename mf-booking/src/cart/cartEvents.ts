import { createListenerMiddleware } from '@reduxjs/toolkit';
import { noteCartItems, publish, startCart, writeSession } from '@ticketing/shared';
import { cartItemCount, HELD_PRESENTATIONS_KEY, type CartState } from './cartSlice';

/**
 * Publishes the cart on the shared bus whenever its item count changes
 * (`cart:changed`, sticky: the host's badge gets the last count also when it subscribes later or after a reload).
 * The first seat starts a ticket order, which empties the other kinds of cart (spec section 4).
 */
/** A cart action that changed the cart: what the cart's listeners (its events, its draft) react to. */
export const cartChanged = (action: { type: unknown }, current: unknown, previous: unknown): boolean =>
  typeof action.type === 'string' && action.type.startsWith('cart/') &&
  (current as { cart: CartState }).cart !== (previous as { cart: CartState }).cart;

export function createCartEvents() {
  const listener = createListenerMiddleware();
  let last = -1;
  listener.startListening({
    predicate: cartChanged,
    effect: (_action, api) => {
      const cart = (api.getState() as { cart: CartState }).cart;
      const count = cartItemCount(cart);
      if (count === last) return;
      if (count > 0 && last <= 0) startCart('tickets');
      last = count;
      noteCartItems('tickets', count);
      const held = Object.values(cart.presentations).filter((p) => p.seats.length).map((p) => p.presentationId);
      writeSession(HELD_PRESENTATIONS_KEY, held);
      // the header's cart link leads back to the order in progress (the first presentation with seats)
      publish('cart:changed', { kind: 'tickets', itemCount: count, ...(count > 0 && held[0] ? { href: `/order/${held[0]}` } : {}) });
    },
  });
  return listener;
}
