import { configureStore } from '@reduxjs/toolkit';
import { customerApi } from './api';

export function createStore() {
  return configureStore({
    reducer: { [customerApi.reducerPath]: customerApi.reducer },
    middleware: (gdm) => gdm().concat(customerApi.middleware),
  });
}
