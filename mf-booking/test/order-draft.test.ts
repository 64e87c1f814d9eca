import { describe, expect, it } from 'vitest';
import type { TicketGroup } from '@ticketing/shared';
import { cartActions, cartSlice, checkoutCartActions, type CartState, type TicketBlock } from '../src/cart/cartSlice';
import { draftOf, restoration } from '../src/cart/orderDraft';

const ticket = (id: number, price: number) => ({
  id, name: `T${id}`, price, oldPrice: price, serviceCharge: 3, pricePolicyId: 1, multiplyFactor: 1, isByCodeEnabled: false, kind: 'regular' as const, code: null,
  ref1prompt: null, ref2prompt: null, walkin: false, loyaltyPointsPrice: null, addons: [],
});
const group: TicketGroup = { id: 1, name: 'Regular', code: 'regular', tickets: [ticket(11, 45), ticket(12, 35)] };
const seat = (n: number) => ({
  key: `10_${n}_1`, sectionId: 10, XCoordinate: n, YCoordinate: 1, RowName: 'A', SeatName: String(n), SectionName: 'Stalls', TicketGroupId: 1, AllocationId: 1, isGA: false, hold: 'held' as const,
});

/** A cart as a page builds it: the presentation, its seats (from the api's holds after a reload), then its ticket groups. */
function cartWith(seats: number[], groups = true): CartState {
  let s = cartSlice.reducer(undefined, cartActions.presentationSelected({ presentationId: 1, venueId: 1, seatplanId: 1, serviceCharge: 3 }));
  s = cartSlice.reducer(s, cartActions.seatsSelected({ isHold: false, presentationId: 1, seats: seats.map(seat) }));
  return groups ? cartSlice.reducer(s, cartActions.ticketGroupsLoaded({ isHold: false, presentationId: 1, ticketGroups: [group], serviceCharge: 3 })) : s;
}

describe('the order in progress across a reload', () => {
  // before the reload: two seats, one with a coupon's ticket, on the details step (2)
  let before = cartWith([1, 2]);
  const coupon = { ...(before.presentations['1']!.seats[0]!.ticket as TicketBlock), ticketId: 90, code: 'FRIENDS2', amount: 20 };
  before = cartSlice.reducer(before, checkoutCartActions.seatTicketsSet({ presentationId: 1, entries: [{ key: '10_1_1', ticket: coupon }] }));
  before = cartSlice.reducer(before, cartActions.stepChanged(2));
  const draft = draftOf(before)!;

  it('keeps each seat\'s ticket and the step; an empty cart keeps nothing', () => {
    expect(draft.step).toBe(2);
    expect(draft.seats.map((s) => s.ticket?.code ?? null)).toEqual(['FRIENDS2', null]);
    expect(draftOf(cartSlice.reducer(before, cartActions.reset()))).toBeUndefined();
  });
  it('puts the tickets and the step back once every seat is held again', () => {
    const r = restoration(draft, cartWith([1, 2]), 1)!;
    expect(r.entries.map((e) => e.key)).toEqual(['10_1_1', '10_2_1']);
    expect(r.entries[0]!.ticket).toMatchObject({ code: 'FRIENDS2', ticketId: 90 });
    expect(r.step).toBe(2);
  });
  it('a seat whose hold ran out meanwhile: the others keep their tickets, the order starts again from its seats', () => {
    const r = restoration(draft, cartWith([2]), 1)!;
    expect(r.entries.map((e) => e.key)).toEqual(['10_2_1']);
    expect(r.step).toBeNull();
  });
  it('another presentation\'s order is not touched', () => {
    expect(restoration(draft, cartWith([1, 2]), 2)).toBeNull();
  });
});
