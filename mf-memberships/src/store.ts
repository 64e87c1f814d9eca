import { configureStore } from '@reduxjs/toolkit';
import { readSession, writeSession } from '@ticketing/shared';
import { membershipsApi } from './api';
import { initialPurchase, purchaseSlice, type PurchaseState } from './purchase/purchaseSlice';
import { enrolApi } from './enrol/enrolApi';
import { enrolSlice, initialEnrol, type EnrolState } from './enrol/enrolSlice';

const SESSION_KEY = 'memberships.purchase';
const ENROL_KEY = 'memberships.enrol';

/** The purchase and the enrolment survive a reload (holds belong to the visit's uuid and are restored by the seat map). */
export function createStore() {
  const store = configureStore({
    reducer: {
      [membershipsApi.reducerPath]: membershipsApi.reducer, purchase: purchaseSlice.reducer,
      [enrolApi.reducerPath]: enrolApi.reducer, enrol: enrolSlice.reducer,
    },
    middleware: (gdm) => gdm().concat(membershipsApi.middleware, enrolApi.middleware),
    // RTK's default batches RTK Query's notifications until the next animation frame, so an answer waited up to a
    // frame before React saw it (the seat map drew ≈ 20 ms after its plan arrived); a tick batches them as well.
    enhancers: (getDefault) => getDefault({ autoBatch: { type: 'tick' } }),
    preloadedState: {
      purchase: { ...initialPurchase, ...(readSession<PurchaseState>(SESSION_KEY) ?? {}) },
      enrol: { ...initialEnrol, ...(readSession<EnrolState>(ENROL_KEY) ?? {}) },
    },
  });
  store.subscribe(() => {
    writeSession(SESSION_KEY, store.getState().purchase);
    writeSession(ENROL_KEY, store.getState().enrol);
  });
  return store;
}

export type MembershipsStore = ReturnType<typeof createStore>;
export type MembershipsState = ReturnType<MembershipsStore['getState']>;
export type MembershipsDispatch = MembershipsStore['dispatch'];
