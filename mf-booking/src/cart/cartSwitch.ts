import { publish, readSession, registerCart, writeSession } from '@ticketing/shared';
import { clearIdempotencyKey } from '../checkout/idempotency';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { cartActions, HELD_PRESENTATIONS_KEY, type CartState } from './cartSlice';

/** What the switch needs of the booking store (its own type, so the store module and this one import in one direction). */
interface CartSwitchStore {
  getState(): { cart: CartState };
  dispatch: ThunkDispatch<unknown, unknown, UnknownAction>;
}

/**
 * Spec section 4 (issue 11 §3): another kind of order started (memberships, vouchers, donations,
 * enrolment), so the ticket cart goes: its holds are released, the cart and the order's checkout parts
 * are emptied (customer info stays), and the header badge hears `cart:changed` (0) and `cart:cleared`.
 */
export function connectCartSwitch(store: CartSwitchStore): () => void {
  return registerCart('tickets', () => {
    const held = new Set<number>([
      ...(readSession<number[]>(HELD_PRESENTATIONS_KEY) ?? []),
      ...Object.keys(store.getState().cart.presentations).map(Number),
    ]);
    // The seat calls' module is fetched here, not with the store: the event list, the first screen, needs none of it.
    if (held.size) {
      import('../api/seatsApi').then(({ seatsApi }) => {
        for (const presentationId of held) void store.dispatch(seatsApi.endpoints.releaseHolds.initiate({ presentationId }));
      }).catch(() => { /* the holds then run out on their own; the visitor's new order is not interrupted by a reload */ });
    }
    writeSession(HELD_PRESENTATIONS_KEY, undefined);
    clearIdempotencyKey();
    store.dispatch(cartActions.reset());
    publish('cart:changed', { kind: 'tickets', itemCount: 0 }); // also when this page's cart was still empty (the sticky count of a reload)
    publish('cart:cleared', { kind: 'tickets', reason: 'another-order' });
  });
}
