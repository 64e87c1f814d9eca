import { configureStore } from '@reduxjs/toolkit';
import { noteCartItems, publish, registerCart } from '@ticketing/shared';
import { vouchersApi } from './api';
import { itemCount, purchaseActions, purchaseSlice, savePurchase } from './purchaseSlice';
import { donationActions, donationCount, donationSlice, saveDonation } from './donations/donationSlice';

export function createStore() {
  const store = configureStore({
    reducer: { [vouchersApi.reducerPath]: vouchersApi.reducer, [purchaseSlice.name]: purchaseSlice.reducer, [donationSlice.name]: donationSlice.reducer },
    middleware: (gdm) => gdm().concat(vouchersApi.middleware),
  });
  // Kept in the session (a reload or the payment page loses nothing) and counted for the other carts.
  store.subscribe(() => {
    const s = store.getState();
    savePurchase(s.purchase);
    saveDonation(s.donation);
    noteCartItems('vouchers', itemCount(s.purchase));
    noteCartItems('donations', donationCount(s.donation));
  });
  // Spec section 4: another kind of order empties the voucher cart and the donation cart.
  registerCart('vouchers', () => {
    if (!itemCount(store.getState().purchase)) return;
    store.dispatch(purchaseActions.reset());
    publish('cart:cleared', { kind: 'vouchers', reason: 'another-order' });
  });
  registerCart('donations', () => {
    if (!donationCount(store.getState().donation)) return;
    store.dispatch(donationActions.reset());
    publish('cart:cleared', { kind: 'donations', reason: 'another-order' });
  });
  return store;
}
export type VouchersStore = ReturnType<typeof createStore>;
export type VouchersState = ReturnType<VouchersStore['getState']>;
