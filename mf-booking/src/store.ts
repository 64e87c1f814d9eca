import { configureStore } from '@reduxjs/toolkit';
import { bookingApi } from './api/bookingApi';
import './api/seatsApi';
import { cartSlice } from './cart/cartSlice';
import { createCartEvents } from './cart/cartEvents';
import { checkoutSlice } from './checkout/checkoutSlice';

export function createStore() {
  const cartEvents = createCartEvents();
  return configureStore({
    reducer: {
      [bookingApi.reducerPath]: bookingApi.reducer,
      [cartSlice.name]: cartSlice.reducer,
      [checkoutSlice.name]: checkoutSlice.reducer,
    },
    middleware: (gdm) => gdm().prepend(cartEvents.middleware).concat(bookingApi.middleware),
  });
}
export type BookingStore = ReturnType<typeof createStore>;
export type BookingState = ReturnType<BookingStore['getState']>;
export type BookingDispatch = BookingStore['dispatch'];
