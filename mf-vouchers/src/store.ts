import { configureStore } from '@reduxjs/toolkit';
import { vouchersApi } from './api';

export function createStore() {
  return configureStore({
    reducer: { [vouchersApi.reducerPath]: vouchersApi.reducer },
    middleware: (gdm) => gdm().concat(vouchersApi.middleware),
  });
}
