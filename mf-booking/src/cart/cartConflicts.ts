import type { Presentation } from '@ticketing/shared';
import type { CartState } from './cartSlice';

/** What decides whether two presentations can be in one order (spec section 5 cart build): the cinema's auth profile and business. */
export type CinemaOf = Pick<Presentation, 'id' | 'authProfileId' | 'businessId'>;

export interface CartConflict {
  presentationId: number;
  /** Seats the visitor holds there. */
  seats: number;
  /** The code the cart build (browser and api) would refuse the order with. */
  code: 'INCOMPATIBLE_AUTH_PROFILE' | 'INCOMPATIBLE_BUSINESS';
}

/** The other presentations of the cart with seats chosen (the ones an order with `currentId` would carry too). */
export function otherHeldPresentations(cart: CartState, currentId: number): number[] {
  return Object.keys(otherHeldSeats(cart, currentId)).map(Number);
}

/**
 * The seats chosen at each other presentation of the cart, by id. A component selects this (shallowly compared), not
 * the cart: a seat clicked here changes nothing in it, so the order page's notice does not render again for it.
 */
export function otherHeldSeats(cart: CartState, currentId: number): Record<string, number> {
  const held: Record<string, number> = {};
  for (const p of Object.values(cart.presentations)) if (p.presentationId !== currentId && p.seats.length > 0) held[String(p.presentationId)] = p.seats.length;
  return held;
}

/**
 * The presentations of the cart whose seats cannot be in one order with `current` (another auth profile or business,
 * the spec's 'Incompatible AuthProfile' / 'Incompatible Business'); `held` from `otherHeldSeats`. A presentation whose details are not known yet is
 * in `unknown`, never a conflict: nothing is offered for release before the visitor can be told what it is.
 */
export function cartConflicts(current: CinemaOf, held: Record<string, number>, known: Record<string, CinemaOf | undefined>): { conflicts: CartConflict[]; unknown: number[] } {
  const conflicts: CartConflict[] = [];
  const unknown: number[] = [];
  for (const [key, seats] of Object.entries(held)) {
    const id = Number(key);
    if (id === current.id) continue;
    const other = known[String(id)];
    if (!other) { unknown.push(id); continue; }
    const code = other.authProfileId !== current.authProfileId ? 'INCOMPATIBLE_AUTH_PROFILE'
      : other.businessId !== current.businessId ? 'INCOMPATIBLE_BUSINESS' : null;
    if (code) conflicts.push({ presentationId: id, seats, code });
  }
  return { conflicts, unknown };
}
