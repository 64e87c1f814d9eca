import { describe, expect, it } from 'vitest';
import type { CartPresentation, CartSeat, CartState } from '../src/cart/cartSlice';
import { initialCartState } from '../src/cart/cartSlice';
import { buildCartPayload, CartBuildError, type CheckoutTicket } from '../src/checkout/cartPayload';
import { initialCheckout } from '../src/checkout/checkoutSlice';
import { clearsCartOnLoad, isVodVenueType } from '../src/vod/vodRules';

function seat(x: number, ticket: Partial<CheckoutTicket> | null, presentationId = 1): CartSeat {
  return {
    key: `10_${x}_1`, sectionId: 10, XCoordinate: x, YCoordinate: 1, RowName: 'A', SeatName: String(x), SectionName: 'Stalls',
    TicketGroupId: 1, AllocationId: 1, isGA: false, isFirstAddonSelected: false, hold: 'held',
    ticket: ticket && {
      prsntId: presentationId, ticketGroupId: 1, venueId: 1, seatplanId: 1, sectionId: 10, ticketId: 5, amount: 42.5, serviceCharge: 4.3,
      pricePolicyId: 1, allocationId: 1, isMultiplyFactorSubTicket: false, code: null, oldPrice: 42.5, selectedAddons: [], name: 'Regular', ...ticket,
    },
  };
}
function cartOf(...ps: Array<{ id: number; seats: CartSeat[] }>): CartState {
  const presentations: Record<string, CartPresentation> = {};
  for (const p of ps) presentations[p.id] = { presentationId: p.id, venueId: 1, seatplanId: 1, serviceCharge: 4.3, seats: p.seats, ticketGroups: [], holdExpiresAt: null };
  return { ...initialCartState, presentations, selectedPresentationId: ps[0]?.id ?? null };
}
const info = (id: number, authProfileId = 1, businessId = 1) => ({ id, authProfileId, businessId, locationId: 3 });

describe('cart build (spec section 5)', () => {
  it('holds only selected seats with a ticket, and products only above 0', () => {
    const cart = cartOf({ id: 1, seats: [seat(1, {}), seat(2, null), seat(3, { ref1: 'AB12', memberNumber: 'M1' })] });
    const checkout = { ...initialCheckout(), products: { 7: 2, 8: 0 }, numberOfPayments: 3 };
    const body = buildCartPayload(cart, checkout, { presentations: { 1: info(1) }, referralMiniSiteId: 4 });
    expect(body.seats.map((s) => s.XCoordinate)).toEqual([1, 3]);
    expect(body.seats[1].ticket).toMatchObject({ ref1: 'AB12', memberNumber: 'M1', ticketId: 5 });
    expect(body.products).toEqual([{ id: 7, quantity: 2 }]);
    expect(body).toMatchObject({ authProfileId: 1, businessId: 1, locationId: 3, numberOfPayments: 3, referralMiniSiteId: 4, isHold: false });
  });
  it("throws 'Incompatible AuthProfile' and 'Incompatible Business' when presentations differ", () => {
    const cart = cartOf({ id: 1, seats: [seat(1, {}, 1)] }, { id: 2, seats: [seat(1, {}, 2)] });
    expect(() => buildCartPayload(cart, initialCheckout(), { presentations: { 1: info(1, 1), 2: info(2, 2) } })).toThrow(new CartBuildError('INCOMPATIBLE_AUTH_PROFILE'));
    expect(() => buildCartPayload(cart, initialCheckout(), { presentations: { 1: info(1, 1, 1), 2: info(2, 1, 9) } })).toThrow(new CartBuildError('INCOMPATIBLE_BUSINESS'));
    expect(buildCartPayload(cart, initialCheckout(), { presentations: { 1: info(1), 2: info(2) } }).seats).toHaveLength(2);
  });
  it('a hold order sends no payment and no voucher payment', () => {
    const cart = cartOf({ id: 1, seats: [seat(1, {})] });
    const checkout = { ...initialCheckout(), paymentIdentifier: 'pay_1', voucherPayment: { amount: 10, systemVoucher: 'V1' } };
    const body = buildCartPayload(cart, { ...checkout, isHold: true }, { presentations: { 1: info(1) } });
    expect(body).toMatchObject({ isHold: true, paymentIdentifier: null, voucherPayments: [] });
    const paid = buildCartPayload(cart, { ...checkout, isHold: false }, { presentations: { 1: info(1) } });
    expect(paid).toMatchObject({ isHold: false, paymentIdentifier: 'pay_1', voucherPayments: [{ amount: 10, systemVoucher: 'V1' }] });
  });
  it('an empty cart cannot be built', () => {
    expect(() => buildCartPayload(cartOf({ id: 1, seats: [seat(1, null)] }), initialCheckout(), { presentations: {} })).toThrow('EMPTY_CART');
  });
});

describe('video on demand venue types (spec sections 4 and 9)', () => {
  it('101–104 are VOD; only 101 and 102 clear the cart when loaded', () => {
    expect([100, 101, 102, 103, 104, 105].map(isVodVenueType)).toEqual([false, true, true, true, true, false]);
    expect([101, 102, 103, 104].map(clearsCartOnLoad)).toEqual([true, true, false, false]);
  });
});
