import { configureStore } from '@reduxjs/toolkit';
import { membershipsApi } from './api';

export function createStore() {
  return configureStore({
    reducer: { [membershipsApi.reducerPath]: membershipsApi.reducer },
    middleware: (gdm) => gdm().concat(membershipsApi.middleware),
  });
}
