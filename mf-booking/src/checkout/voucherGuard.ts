import { createListenerMiddleware, type UnknownAction } from '@reduxjs/toolkit';
import { bookingApi } from '../api/bookingApi';
import { checkoutActions, VOUCHER_PAYMENT_CODES, type CheckoutRootState } from './checkoutSlice';
import { failureCode } from './errors';

/**
 * A refused pricing or commit: what `orderApi.endpoints.buildCart.matchRejected` and `checkoutApi.endpoints.commit.matchRejected`
 * match, without importing the checkout calls (and their contracts) into the store's module, which every
 * visitor's first screen loads.
 */
const GUARDED_ENDPOINTS = new Set(['buildCart', 'commit']);
const REJECTED_TYPES = new Set([`${bookingApi.reducerPath}/executeQuery/rejected`, `${bookingApi.reducerPath}/executeMutation/rejected`]);
function isCartOrCommitRejected(action: unknown): action is UnknownAction {
  const a = action as { type?: unknown; meta?: { arg?: { endpointName?: unknown } } };
  const endpoint = a.meta?.arg?.endpointName;
  return typeof a.type === 'string' && REJECTED_TYPES.has(a.type) && typeof endpoint === 'string' && GUARDED_ENDPOINTS.has(endpoint);
}

/**
 * Issue 11 §4: a voucher payment the api refuses (used up, expired, unknown) is dropped from the order
 * with a message, wherever the refusal comes from (pricing on any step, or the commit), so it can never
 * leave the order stuck.
 */
export function createVoucherGuard() {
  const listener = createListenerMiddleware();
  listener.startListening({
    matcher: isCartOrCommitRejected,
    effect: (action, api) => {
      const code = failureCode((action as { payload?: unknown }).payload);
      if (!VOUCHER_PAYMENT_CODES.has(code)) return;
      if ((api.getState() as CheckoutRootState).checkout.voucherPayment) api.dispatch(checkoutActions.voucherPaymentDropped({ code }));
    },
  });
  return listener;
}
