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
  return Object.values(cart.presentations).filter((p) => p.presentationId !== currentId && p.seats.length > 0).map((p) => p.presentationId);
}

/**
 * The presentations of the cart whose seats cannot be in one order with `current` (another auth profile or business,
 * the spec's 'Incompatible AuthProfile' / 'Incompatible Business'). A presentation whose details are not known yet is
 * in `unknown`, never a conflict: nothing is offered for release before the visitor can be told what it is.
 */
export function cartConflicts(current: CinemaOf, cart: CartState, known: Record<string, CinemaOf | undefined>): { conflicts: CartConflict[]; unknown: number[] } {
  const conflicts: CartConflict[] = [];
  const unknown: number[] = [];
  for (const id of otherHeldPresentations(cart, current.id)) {
    const other = known[String(id)];
    if (!other) { unknown.push(id); continue; }
    const code = other.authProfileId !== current.authProfileId ? 'INCOMPATIBLE_AUTH_PROFILE'
      : other.businessId !== current.businessId ? 'INCOMPATIBLE_BUSINESS' : null;
    if (code) conflicts.push({ presentationId: id, seats: cart.presentations[String(id)]!.seats.length, code });
  }
  return { conflicts, unknown };
}
