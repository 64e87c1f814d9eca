import { configureStore } from '@reduxjs/toolkit';
import { staffApi } from './api';

export function createStore() {
  return configureStore({
    reducer: { [staffApi.reducerPath]: staffApi.reducer },
    middleware: (gdm) => gdm().concat(staffApi.middleware),
  });
}
