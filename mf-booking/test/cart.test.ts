import { describe, expect, it, vi } from 'vitest';
import { subscribe, writeSession, type TicketGroup } from '@ticketing/shared';
import { assignFirstTickets, cartActions, cartItemCount, cartSlice, CartRuleError, firstTicketOf, initialCartState, type CartSeat } from '../src/cart/cartSlice';
import { loadTicketGroups, selectSeats } from '../src/cart/cartThunks';
import { checkoutActions, CHECKOUT_SESSION_KEY } from '../src/checkout/checkoutSlice';
import { createStore } from '../src/store';

const ticket = (id: number, over: Partial<TicketGroup['tickets'][number]> = {}) => ({
  id, name: `T${id}`, price: 40, oldPrice: 40, serviceCharge: 5, pricePolicyId: 1, multiplyFactor: 1, isByCodeEnabled: false, kind: 'regular' as const,
  code: null, ref1prompt: null, ref2prompt: null, walkin: false, loyaltyPointsPrice: null, addons: [], ...over,
});
const groups: TicketGroup[] = [
  { id: 1, name: 'Regular', code: 'regular', tickets: [ticket(10, { multiplyFactor: 2 }), ticket(11, { ref1prompt: 'Member no.' }), ticket(12), ticket(13)] },
  { id: 2, name: 'Premium', code: 'premium', tickets: [ticket(20, { isByCodeEnabled: true }), ticket(21)] },
];
const seat = (key: string, tg = 1): Omit<CartSeat, 'ticket' | 'isFirstAddonSelected'> => ({
  key, sectionId: 1, XCoordinate: 1, YCoordinate: 1, RowName: 'A', SeatName: '1', SectionName: 'Stalls', TicketGroupId: tg, AllocationId: 1, isGA: false, hold: 'pending',
});
const reduce = (actions: Parameters<typeof cartSlice.reducer>[1][]) => actions.reduce(cartSlice.reducer, initialCartState);
const sel = cartActions.presentationSelected({ presentationId: 7, venueId: 11, seatplanId: 11, serviceCharge: 5 });

describe('first ticket rule (spec section 4)', () => {
  it('takes the first ticket with multiplyFactor ≤ 1 and no reference prompt', () => {
    expect(firstTicketOf(groups[0], false)?.id).toBe(12);
  });
  it('skips code-only tickets for hold orders', () => {
    expect(firstTicketOf(groups[1], false)?.id).toBe(20);
    expect(firstTicketOf(groups[1], true)?.id).toBe(21);
  });
  it('throws NOT_ENOUGH_SEATS when no seat is selected', () => {
    const p = reduce([sel]).presentations[7];
    expect(() => assignFirstTickets(p, false)).toThrow(CartRuleError);
    expect(() => assignFirstTickets(p, false)).toThrow('NOT_ENOUGH_SEATS');
  });
});

describe('cart slice', () => {
  it('gives seats without a ticket the first ticket of their group, whichever arrives first', () => {
    const a = reduce([sel, cartActions.seatsSelected({ isHold: false, presentationId: 7, seats: [seat('1_1_1'), seat('1_2_1', 2)] }),
      cartActions.ticketGroupsLoaded({ isHold: false, presentationId: 7, ticketGroups: groups, serviceCharge: 5 })]);
    const b = reduce([sel, cartActions.ticketGroupsLoaded({ isHold: false, presentationId: 7, ticketGroups: groups, serviceCharge: 5 }),
      cartActions.seatsSelected({ isHold: false, presentationId: 7, seats: [seat('1_1_1'), seat('1_2_1', 2)] })]);
    for (const s of [a, b]) {
      expect(s.presentations[7].seats.map((x) => x.ticket?.ticketId)).toEqual([12, 20]);
      expect(s.presentations[7].seats[0].ticket).toMatchObject({ prsntId: 7, venueId: 11, seatplanId: 11, sectionId: 1, amount: 40, allocationId: 1 });
    }
  });
  it('selecting a presentation clears the reservation identifier', () => {
    const s = { ...reduce([sel]), reservationIdentifier: 'R1', step: 2 };
    const next = cartSlice.reducer(s, cartActions.presentationSelected({ presentationId: 8, venueId: 11, seatplanId: 11, serviceCharge: 5 }));
    expect(next.reservationIdentifier).toBeNull();
    expect(next.step).toBe(0);
    expect(Object.keys(next.presentations).sort()).toEqual(['7', '8']);
  });
  it('moves a general-admission selection to the place the server picked', () => {
    const s = reduce([sel, cartActions.seatsSelected({ isHold: false, presentationId: 7, seats: [{ ...seat('5_pending_x'), isGA: true }] }),
      cartActions.seatHeld({ presentationId: 7, key: '5_pending_x', moveTo: { key: '5_17_0', x: 17, y: 0 }, expiresAt: '2030-01-01T00:00:00Z' })]);
    expect(s.presentations[7].seats[0]).toMatchObject({ key: '5_17_0', XCoordinate: 17, YCoordinate: 0, hold: 'held' });
    expect(s.presentations[7].holdExpiresAt).toBe('2030-01-01T00:00:00Z');
  });
  it('removing a presentation unselects its seats', () => {
    const s = reduce([sel, cartActions.seatsSelected({ isHold: false, presentationId: 7, seats: [seat('1_1_1')] }), cartActions.presentationRemoved({ presentationId: 7 })]);
    expect(cartItemCount(s)).toBe(0);
    expect(s.selectedPresentationId).toBeNull();
  });
  it('publishes cart:changed on the bus with the order to come back to, its last count replayed to late subscribers', () => {
    const store = createStore();
    const seen = vi.fn();
    const off = subscribe('cart:changed', seen);
    store.dispatch(sel);
    store.dispatch(cartActions.seatsSelected({ isHold: false, presentationId: 7, seats: [seat('1_1_1'), seat('1_2_1')] }));
    store.dispatch(cartActions.seatsUnselected({ presentationId: 7, keys: ['1_1_1'] }));
    off();
    expect(seen.mock.calls.map((c) => c[0])).toEqual([
      { kind: 'tickets', itemCount: 0 }, { kind: 'tickets', itemCount: 2, href: '/order/7' }, { kind: 'tickets', itemCount: 1, href: '/order/7' },
    ]);
    const late = vi.fn();
    subscribe('cart:changed', late)(); // the host's badge mounting later, or after a reload
    expect(late).toHaveBeenCalledWith({ kind: 'tickets', itemCount: 1, href: '/order/7' });
  });
});

describe('one owner of the hold flag (docs/state.md)', () => {
  it('first tickets follow the checkout\'s hold flag, also after a reload (the flag is persisted, the cart is rebuilt)', () => {
    writeSession(CHECKOUT_SESSION_KEY, { isHold: true }); // left by the page before the reload
    const store = createStore();
    writeSession(CHECKOUT_SESSION_KEY, undefined);
    store.dispatch(sel);
    store.dispatch(loadTicketGroups({ presentationId: 7, ticketGroups: groups, serviceCharge: 5 }));
    store.dispatch(selectSeats({ presentationId: 7, seats: [seat('2_1_1', 2)] }));
    store.dispatch(checkoutActions.setHold(false));
    store.dispatch(selectSeats({ presentationId: 7, seats: [seat('2_2_1', 2)] }));
    expect(store.getState().cart.presentations['7']!.seats.map((s) => s.ticket?.ticketId)).toEqual([21, 20]);
  });
});
