import { describe, expect, it } from 'vitest';
import type { OrderTicket, TicketGroup } from '@ticketing/shared';
import { cartActions, cartSlice, checkoutCartActions, type CartPresentation, type CartState } from '../src/cart/cartSlice';
import type { CheckoutTicket } from '../src/checkout/cartPayload';
import { checkoutActions, checkoutSlice, initialCheckout } from '../src/checkout/checkoutSlice';
import { planCoupon } from '../src/checkout/coupon';
import { applyEntries, checkGroups, distribute, quantitiesOf, restoreEntries } from '../src/checkout/ticketAssign';

const ticket = (id: number, price: number, extra: Partial<TicketGroup['tickets'][number]> = {}) => ({
  id, name: `T${id}`, price, oldPrice: price, serviceCharge: 3, pricePolicyId: 1, multiplyFactor: 1, isByCodeEnabled: false, kind: 'regular' as const, code: null,
  ref1prompt: null, ref2prompt: null, walkin: false, loyaltyPointsPrice: null, addons: [], ...extra,
});
const group: TicketGroup = { id: 1, name: 'Regular', code: 'regular', tickets: [ticket(11, 45), ticket(12, 35), ticket(13, 80, { name: 'Couple', multiplyFactor: 2 })] };
const coupon = (extra: Partial<OrderTicket> = {}): OrderTicket => ({
  ...ticket(90, 20, { name: 'Coupon 2+1', oldPrice: 45, code: 'SAVE' }), ticketGroupId: 1, kind: 'coupon', memberNumber: null, systemVoucher: null,
  balance: 4, voucherTickets: null, customerId: null, isLoyaltyPointsRedemption: false,
  rules: { quantityMultiple: 1, minQuantity: 1, maxQuantity: null, requiredCompanionCodes: [], remaining: null }, ...extra,
});

/** A cart with n selected seats in group 1 of presentation 1, first tickets assigned by the cart slice itself. */
function cartWithSeats(n: number): CartState {
  let s = cartSlice.reducer(undefined, cartActions.presentationSelected({ presentationId: 1, venueId: 1, seatplanId: 1, serviceCharge: 3 }));
  s = cartSlice.reducer(s, cartActions.seatsSelected({ isHold: false,
    presentationId: 1,
    seats: Array.from({ length: n }, (_, i) => ({
      key: `10_${i + 1}_1`, sectionId: 10, XCoordinate: i + 1, YCoordinate: 1, RowName: 'A', SeatName: String(i + 1), SectionName: 'Stalls',
      TicketGroupId: 1, AllocationId: 1, isGA: false, hold: 'held' as const,
    })),
  }));
  return cartSlice.reducer(s, cartActions.ticketGroupsLoaded({ isHold: false, presentationId: 1, ticketGroups: [group], serviceCharge: 3 }));
}
const pres = (s: CartState): CartPresentation => s.presentations['1'];
const set = (s: CartState, entries: ReturnType<typeof distribute>) => cartSlice.reducer(s, checkoutCartActions.seatTicketsSet({ presentationId: 1, entries }));
const names = (s: CartState) => pres(s).seats.map((x) => x.ticket?.name ?? '-');

describe('coupon messages (spec section 5)', () => {
  const seats = (n: number, coded = 0) => Array.from({ length: n }, (_, i) => ({ key: `k${i}`, ticketGroupId: 1, code: i < coded ? 'X' : null }));
  it('one more ticket / N more tickets must be added when the multiplier exceeds the eligible seats', () => {
    expect(planCoupon(seats(1), { ticketGroupId: 1, multiplyFactor: 2, ticketsLeft: 4 })).toEqual({ ok: false, error: 'COUPON_MORE_TICKETS', count: 1 });
    expect(planCoupon(seats(2, 1), { ticketGroupId: 1, multiplyFactor: 4, ticketsLeft: 4 })).toEqual({ ok: false, error: 'COUPON_MORE_TICKETS', count: 3 });
  });
  it('the coupon was already used when its balance is used up', () => {
    expect(planCoupon(seats(3), { ticketGroupId: 1, multiplyFactor: 1, ticketsLeft: 0 })).toEqual({ ok: false, error: 'COUPON_USED' });
  });
  it('no tickets were found when no seat of its group lacks a code', () => {
    expect(planCoupon(seats(2, 2), { ticketGroupId: 1, multiplyFactor: 1, ticketsLeft: 3 })).toEqual({ ok: false, error: 'COUPON_NO_TICKETS' });
    expect(planCoupon(seats(2), { ticketGroupId: 2, multiplyFactor: 1, ticketsLeft: 3 })).toEqual({ ok: false, error: 'COUPON_NO_TICKETS' });
  });
  it('applies to the eligible seats up to its balance, in whole multiples of the factor', () => {
    expect(planCoupon(seats(5), { ticketGroupId: 1, multiplyFactor: 2, ticketsLeft: 4 })).toEqual({ ok: true, seatKeys: ['k0', 'k1', 'k2', 'k3'], factor: 2 });
    expect(planCoupon(seats(3, 1), { ticketGroupId: 1, multiplyFactor: 1, ticketsLeft: null })).toEqual({ ok: true, seatKeys: ['k1', 'k2'], factor: 1 });
  });
});

describe('ticket choice in the cart', () => {
  it('quantities per type re-deal the seats; a couple ticket takes two seats, the second priced 0', () => {
    let s = cartWithSeats(4);
    expect(names(s)).toEqual(['T11', 'T11', 'T11', 'T11']);
    s = set(s, distribute(pres(s), group, { 11: 1, 12: 1, 13: 1 }));
    expect(names(s)).toEqual(['T11', 'T12', 'Couple', 'Couple']);
    expect(pres(s).seats.map((x) => x.ticket?.amount)).toEqual([45, 35, 80, 0]);
    expect(pres(s).seats[3].ticket?.isMultiplyFactorSubTicket).toBe(true);
    expect(quantitiesOf(pres(s), 1)).toEqual({ 11: 1, 12: 1, 13: 1 });
    s = set(s, distribute(pres(s), group, { 11: 0, 12: 1, 13: 1 }));
    expect(checkGroups(pres(s))).toEqual([{ groupId: 1, seats: 4, covered: 3 }]);
  });

  it('coupon removal restores each seat\'s previous ticket', () => {
    let s = cartWithSeats(3);
    s = set(s, distribute(pres(s), group, { 11: 1, 12: 2 }));
    expect(names(s)).toEqual(['T11', 'T12', 'T12']);
    const c = coupon({ balance: 2 });
    const plan = planCoupon(pres(s).seats.map((x) => ({ key: x.key, ticketGroupId: 1, code: null })), { ticketGroupId: 1, multiplyFactor: 1, ticketsLeft: c.balance });
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    s = set(s, applyEntries(pres(s), c, plan.seatKeys, plan.factor));
    expect(names(s)).toEqual(['Coupon 2+1', 'Coupon 2+1', 'T12']);
    expect((pres(s).seats[0].ticket as CheckoutTicket).code).toBe('SAVE');
    // Quantities leave coupon seats alone.
    s = set(s, distribute(pres(s), group, { 11: 1 }));
    expect(names(s)).toEqual(['Coupon 2+1', 'Coupon 2+1', 'T11']);
    s = set(s, restoreEntries(pres(s), 'SAVE'));
    expect(names(s)).toEqual(['T11', 'T12', 'T11']);
    expect(pres(s).seats.map((x) => x.ticket?.amount)).toEqual([45, 35, 45]);
  });

  it('stores the hold flag (in the checkout, its one owner) and the committed reservation', () => {
    const checkout = checkoutSlice.reducer(initialCheckout(), checkoutActions.setHold(true));
    let s = cartWithSeats(1);
    s = cartSlice.reducer(s, checkoutCartActions.orderCommitted({ reservationIdentifier: 'R-1', ticketIdentifiers: ['T-1'] }));
    expect([checkout.isHold, s.reservationIdentifier, s.ticketIdentifiers]).toEqual([true, 'R-1', ['T-1']]);
  });
});
