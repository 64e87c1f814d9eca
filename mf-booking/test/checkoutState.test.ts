import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noteCartItems, readSession, startCart, subscribe } from '@ticketing/shared';
import { orderApi } from '../src/api/orderApi';
import { cartActions } from '../src/cart/cartSlice';
import { HELD_PRESENTATIONS_KEY } from '../src/cart/cartSlice';
import { checkoutActions, type Reservation } from '../src/checkout/checkoutSlice';
import { createStore } from '../src/store';

const reservation = { reservationIdentifier: 'R1', presentationId: 7 } as unknown as Reservation;
const customer = { firstName: 'Dana' } as never;

function orderInProgress(store: ReturnType<typeof createStore>) {
  store.dispatch(checkoutActions.setCustomerInfo(customer));
  store.dispatch(checkoutActions.setProductQuantity({ id: 1, quantity: 2 }));
  store.dispatch(checkoutActions.setVoucherPayment({ amount: 20, systemVoucher: 'GIFT-30-DEMO' }));
  store.dispatch(checkoutActions.setHold(false));
  store.dispatch(checkoutActions.setNumberOfPayments(3));
  store.dispatch(checkoutActions.setPaymentIdentifier('pay-1'));
}

describe('checkout state between orders (issue 11 §4)', () => {
  const calls: string[] = [];
  beforeEach(() => {
    sessionStorage.clear();
    calls.length = 0;
    // The api is not running in unit tests: record what would be sent.
    vi.stubGlobal('fetch', async (input: Request | string) => {
      const r = typeof input === 'string' ? new Request(input) : input;
      calls.push(`${r.method} ${new URL(r.url).pathname}${new URL(r.url).search}`);
      return new Response(JSON.stringify({ released: 1 }), { headers: { 'content-type': 'application/json' } });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a committed order keeps only its reservation and the customer info', () => {
    const store = createStore();
    orderInProgress(store);
    store.dispatch(checkoutActions.committed(reservation));
    const s = store.getState().checkout;
    expect(s.reservation?.reservationIdentifier).toBe('R1');
    expect(s.customerInfo).toEqual(customer);
    expect(s.products).toEqual({});
    expect(s.voucherPayment).toBeNull();
    expect(s.numberOfPayments).toBe(1);
    expect(s.paymentIdentifier).toBeNull();
  });

  it('a voucher payment the api refuses is dropped and said once; other refusals leave it', () => {
    const store = createStore();
    orderInProgress(store);
    const rejected = (code: string) => ({
      type: 'bookingApi/executeMutation/rejected', payload: { status: 409, code, key: `errors.${code}` },
      meta: { arg: { endpointName: 'buildCart', type: 'mutation' }, requestStatus: 'rejected', rejectedWithValue: true },
    });
    expect(orderApi.endpoints.buildCart.matchRejected(rejected('NO_BALANCE'))).toBe(true);
    store.dispatch(rejected('NOT_ENOUGH_SEATS'));
    expect(store.getState().checkout.voucherPayment?.systemVoucher).toBe('GIFT-30-DEMO');
    store.dispatch(rejected('NO_BALANCE'));
    expect(store.getState().checkout.voucherPayment).toBeNull();
    expect(store.getState().checkout.voucherDropped).toEqual({ reference: 'GIFT-30-DEMO', code: 'NO_BALANCE' });
    store.dispatch(checkoutActions.voucherDroppedSeen());
    expect(store.getState().checkout.voucherDropped).toBeNull();
  });

  it('another kind of order empties the ticket cart and the order and releases its holds, keeping customer info', async () => {
    const store = createStore();
    store.dispatch(cartActions.presentationSelected({ presentationId: 7, venueId: 1, seatplanId: 11, serviceCharge: 0 }));
    store.dispatch(cartActions.seatsSelected({ isHold: false, presentationId: 7, seats: [{ key: '1_1_1', sectionId: 1, XCoordinate: 1, YCoordinate: 1, RowName: '1', SeatName: '1', SectionName: 'A', TicketGroupId: 1, AllocationId: 0, isGA: false, hold: 'held' }] }));
    orderInProgress(store);
    expect(readSession('carts.active')).toBe('tickets');
    expect(readSession(HELD_PRESENTATIONS_KEY)).toEqual([7]);
    startCart('vouchers');
    expect(store.getState().cart.presentations).toEqual({});
    expect(store.getState().checkout.products).toEqual({});
    expect(store.getState().checkout.voucherPayment).toBeNull();
    expect(store.getState().checkout.customerInfo).toEqual(customer);
    const badge = vi.fn();
    subscribe('cart:changed', badge)();
    expect(badge).toHaveBeenCalledWith({ kind: 'tickets', itemCount: 0 });
    await vi.waitFor(() => expect(calls.some((c) => /^DELETE .*\/seats\/holds\?presentationId=7$/.test(c))).toBe(true));
  });

  it('a ticket cart emptied while booking was not loaded starts empty', () => {
    sessionStorage.setItem('ticketing.checkout.state', JSON.stringify({ products: { 1: 2 }, voucherPayment: { amount: 20, systemVoucher: 'X' } }));
    noteCartItems('tickets', 2);
    startCart('donations');
    const store = createStore();
    expect(store.getState().checkout.products).toEqual({});
    expect(store.getState().checkout.voucherPayment).toBeNull();
  });
});
