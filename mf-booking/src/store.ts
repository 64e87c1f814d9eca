import { configureStore } from '@reduxjs/toolkit';
import { bookingApi } from './api/bookingApi';
import { cartSlice } from './cart/cartSlice';
import { createCartEvents } from './cart/cartEvents';
import { createOrderDraft } from './cart/orderDraft';
import { connectCartSwitch } from './cart/cartSwitch';
import { checkoutSlice } from './checkout/checkoutSlice';
import { createVoucherGuard } from './checkout/voucherGuard';

function configureBookingStore() {
  const cartEvents = createCartEvents();
  const orderDraft = createOrderDraft();
  const voucherGuard = createVoucherGuard();
  return configureStore({
    reducer: {
      [bookingApi.reducerPath]: bookingApi.reducer,
      [cartSlice.name]: cartSlice.reducer,
      [checkoutSlice.name]: checkoutSlice.reducer,
    },
    middleware: (gdm) => gdm().prepend(cartEvents.middleware, orderDraft.middleware, voucherGuard.middleware).concat(bookingApi.middleware),
    // RTK's default batches RTK Query's notifications until the next animation frame, so an answer waited up to a
    // frame before React saw it (the seat map drew ≈ 20 ms after its plan arrived); a tick batches them as well.
    enhancers: (getDefault) => getDefault({ autoBatch: { type: 'tick' } }),
  });
}

/** The booking store, listening for other kinds of order that empty the ticket cart (spec section 4). */
export function createStore() {
  const store = configureBookingStore();
  connectCartSwitch(store);
  return store;
}
export type BookingStore = ReturnType<typeof configureBookingStore>;
export type BookingState = ReturnType<BookingStore['getState']>;
export type BookingDispatch = BookingStore['dispatch'];
