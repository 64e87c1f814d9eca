import { configureStore } from '@reduxjs/toolkit';
import { subscribe } from '@ticketing/shared';
import { customerApi } from './api';

/** Created once per page: an order committed in another remote makes the cached area (tickets, vouchers, VOD) stale. */
export function createStore() {
  const store = configureStore({
    reducer: { [customerApi.reducerPath]: customerApi.reducer },
    middleware: (gdm) => gdm().concat(customerApi.middleware),
  });
  subscribe('order:committed', () => { store.dispatch(customerApi.util.invalidateTags(['Area', 'Vod'])); });
  return store;
}
