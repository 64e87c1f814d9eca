import { configureStore } from '@reduxjs/toolkit';
import { bookingApi } from './api/bookingApi';

export function createStore() {
  return configureStore({
    reducer: { [bookingApi.reducerPath]: bookingApi.reducer },
    middleware: (gdm) => gdm().concat(bookingApi.middleware),
  });
}
export type BookingStore = ReturnType<typeof createStore>;
export type BookingState = ReturnType<BookingStore['getState']>;
export type BookingDispatch = BookingStore['dispatch'];
