import type * as z from 'zod/mini';
import type { OrderKind } from '../contracts/events';
import { publish, subscribe } from '../bus/eventBus';
import { readSession, writeSession } from './session';

/**
 * Spec section 4: carts are mutually exclusive across remotes. Starting one kind of order (tickets,
 * memberships, vouchers, donations, enrolment) empties the others. Who holds what is kept in session
 * storage, so a remote that is not loaded when another cart starts still learns it when it loads.
 * See docs/state.md.
 */
export type CartKind = z.infer<typeof OrderKind>;

const ITEMS = 'carts.items';
const ACTIVE = 'carts.active';

/** A remote notes how many items its cart holds (the others read it to warn before discarding it). */
export function noteCartItems(kind: CartKind, count: number): void {
  const items = readSession<Partial<Record<CartKind, number>>>(ITEMS) ?? {};
  if ((items[kind] ?? 0) === count) return;
  writeSession(ITEMS, { ...items, [kind]: count });
}

/** The other carts with items that starting a `kind` order would empty: show the notice first when any. */
export function cartsToDiscard(kind: CartKind): CartKind[] {
  const items = readSession<Partial<Record<CartKind, number>>>(ITEMS) ?? {};
  return (Object.keys(items) as CartKind[]).filter((k) => k !== kind && (items[k] ?? 0) > 0);
}

/** A `kind` order starts: every other cart is emptied (now through `cart:started`, later on load). */
export function startCart(kind: CartKind): void {
  if (readSession<CartKind>(ACTIVE) === kind && cartsToDiscard(kind).length === 0) return;
  const items = readSession<Partial<Record<CartKind, number>>>(ITEMS) ?? {};
  writeSession(ITEMS, { [kind]: items[kind] ?? 0 });
  writeSession(ACTIVE, kind);
  publish('cart:started', { kind });
}

/**
 * Registers a remote's cart: `clear` runs when another kind of order starts while the remote is loaded,
 * and once at registration when one started while it was not. Returns the unsubscribe function.
 */
export function registerCart(kind: CartKind, clear: () => void): () => void {
  const active = readSession<CartKind>(ACTIVE);
  if (active && active !== kind && (readSession<Partial<Record<CartKind, number>>>(ITEMS)?.[kind] ?? 0) === 0) {
    // Emptied while away: its own leftovers (persisted drafts, holds) go now.
    clear();
  }
  return subscribe('cart:started', (e) => { if (e.kind !== kind) clear(); });
}
