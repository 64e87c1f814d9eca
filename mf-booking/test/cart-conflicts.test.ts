import { describe, expect, it } from 'vitest';
import { cartActions, cartSlice, initialCartState, type CartSeat, type CartState } from '../src/cart/cartSlice';
import { cartConflicts, otherHeldPresentations, otherHeldSeats, type CinemaOf } from '../src/cart/cartConflicts';
import { buildCartPayload, CartBuildError } from '../src/checkout/cartPayload';
import { checkoutSlice } from '../src/checkout/checkoutSlice';

const seat = (key: string): Omit<CartSeat, 'ticket' | 'isFirstAddonSelected'> => ({
  key, sectionId: 1, XCoordinate: 1, YCoordinate: 1, RowName: 'A', SeatName: key, SectionName: 'Stalls', TicketGroupId: 1, AllocationId: 1, isGA: false, hold: 'held',
});
const select = (presentationId: number) => cartActions.presentationSelected({ presentationId, venueId: presentationId, seatplanId: 1, serviceCharge: 0 });
const hold = (presentationId: number, ...keys: string[]) => cartActions.seatsSelected({ presentationId, seats: keys.map(seat), isHold: false });
const reduce = (...actions: Parameters<typeof cartSlice.reducer>[1][]): CartState => actions.reduce(cartSlice.reducer, initialCartState);

// The seeded cinemas: Tel Aviv and Haifa share auth profile 1 and business 1, Jerusalem has 2 and 2.
const jerusalem: CinemaOf = { id: 462, authProfileId: 2, businessId: 2 };
const telAviv: CinemaOf = { id: 100, authProfileId: 1, businessId: 1 };
const haifa: CinemaOf = { id: 200, authProfileId: 1, businessId: 1 };
const known = (...ps: CinemaOf[]) => Object.fromEntries(ps.map((p) => [String(p.id), p]));

describe('which cart presentations conflict with this one (one order, one cinema)', () => {
  it('seats held at another auth profile conflict, with their count and the cart build code', () => {
    const cart = reduce(select(462), hold(462, 'a', 'b'), select(100));
    expect(cartConflicts(telAviv, otherHeldSeats(cart, telAviv.id), known(jerusalem, telAviv))).toEqual({
      conflicts: [{ presentationId: 462, seats: 2, code: 'INCOMPATIBLE_AUTH_PROFILE' }], unknown: [],
    });
    // and the other way round, back at the first order
    const back = reduce(select(462), hold(462, 'a', 'b'), select(100), hold(100, 'c'), select(462));
    expect(cartConflicts(jerusalem, otherHeldSeats(back, jerusalem.id), known(jerusalem, telAviv)).conflicts).toEqual([{ presentationId: 100, seats: 1, code: 'INCOMPATIBLE_AUTH_PROFILE' }]);
  });

  it('another business alone is a conflict too', () => {
    const cart = reduce(select(300), hold(300, 'a'), select(100));
    expect(cartConflicts(telAviv, otherHeldSeats(cart, telAviv.id), known({ id: 300, authProfileId: 1, businessId: 9 })).conflicts).toEqual([{ presentationId: 300, seats: 1, code: 'INCOMPATIBLE_BUSINESS' }]);
  });

  it('another cinema of the same auth profile and business is no conflict', () => {
    const cart = reduce(select(200), hold(200, 'a', 'b'), select(100));
    expect(cartConflicts(telAviv, otherHeldSeats(cart, telAviv.id), known(haifa))).toEqual({ conflicts: [], unknown: [] });
  });

  it('the presentation itself and presentations without seats are never conflicts', () => {
    const cart = reduce(select(462), select(100), hold(100, 'a'));
    expect(otherHeldPresentations(cart, 100)).toEqual([]);
    expect(otherHeldSeats(cart, 100)).toEqual({});
    // what the notice selects: the others' seat counts, the same object content whatever is chosen here
    const two = reduce(select(462), hold(462, 'a', 'b'), select(100), hold(100, 'c'));
    expect(otherHeldSeats(two, 100)).toEqual({ 462: 2 });
    expect(otherHeldSeats(cartSlice.reducer(two, hold(100, 'd')), 100)).toEqual({ 462: 2 });
    expect(cartConflicts(telAviv, otherHeldSeats(cart, telAviv.id), known(jerusalem)).conflicts).toEqual([]);
  });

  it('a presentation whose details are not known yet is reported as unknown, not as a conflict', () => {
    const cart = reduce(select(462), hold(462, 'a'), select(100));
    expect(cartConflicts(telAviv, otherHeldSeats(cart, telAviv.id), {})).toEqual({ conflicts: [], unknown: [462] });
  });

  it('agrees with the cart build: a conflicting cart is refused, and releasing the other presentation makes it buildable', () => {
    const ticket = { prsntId: 0, ticketGroupId: 1, venueId: 1, seatplanId: 1, sectionId: 1, ticketId: 1, amount: 40, serviceCharge: 0, pricePolicyId: 1, allocationId: 1, isMultiplyFactorSubTicket: false, code: null, oldPrice: 40, selectedAddons: [], name: 'Regular' };
    const withTickets = (cart: CartState): CartState => ({
      ...cart,
      presentations: Object.fromEntries(Object.entries(cart.presentations).map(([k, p]) => [k, { ...p, seats: p.seats.map((s) => ({ ...s, ticket: { ...ticket, prsntId: p.presentationId } })) }])),
    });
    const cart = withTickets(reduce(select(462), hold(462, 'a', 'b'), select(100), hold(100, 'c', 'd')));
    const presentations = { 462: { ...jerusalem, locationId: 3 }, 100: { ...telAviv, locationId: 1 } };
    const checkout = checkoutSlice.getInitialState();
    expect(cartConflicts(telAviv, otherHeldSeats(cart, telAviv.id), known(jerusalem)).conflicts).toHaveLength(1);
    expect(() => buildCartPayload(cart, checkout, { presentations })).toThrow(CartBuildError);
    const released = cartSlice.reducer(cart, cartActions.presentationRemoved({ presentationId: 462 }));
    expect(cartConflicts(telAviv, otherHeldSeats(released, telAviv.id), known(jerusalem)).conflicts).toEqual([]);
    expect(buildCartPayload(released, checkout, { presentations, withoutCustomer: true }).seats).toHaveLength(2);
    expect(released.selectedPresentationId).toBe(100);
  });
});
