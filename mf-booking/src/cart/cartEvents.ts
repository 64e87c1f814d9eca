import { createListenerMiddleware } from '@reduxjs/toolkit';
import { publish, writeSession } from '@ticketing/shared';
import { cartItemCount, type CartState } from './cartSlice';

/**
 * Publishes the cart on the shared bus whenever its item count changes
 * (`cart:changed` for the host's badge) and persists the count for other remotes and reloads.
 */
export function createCartEvents() {
  const listener = createListenerMiddleware();
  let last = -1;
  listener.startListening({
    predicate: (action, current, previous) =>
      typeof action.type === 'string' && action.type.startsWith('cart/') &&
      (current as { cart: CartState }).cart !== (previous as { cart: CartState }).cart,
    effect: (_action, api) => {
      const count = cartItemCount((api.getState() as { cart: CartState }).cart);
      if (count === last) return;
      last = count;
      writeSession('cartCount', count);
      publish('cart:changed', { kind: 'tickets', itemCount: count });
    },
  });
  return listener;
}
