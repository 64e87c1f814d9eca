import { createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { checkoutApi } from '../api/checkoutApi';
import { checkoutActions, VOUCHER_PAYMENT_CODES, type CheckoutRootState } from './checkoutSlice';
import { failureCode } from './errors';

/**
 * Issue 11 §4: a voucher payment the api refuses (used up, expired, unknown) is dropped from the order
 * with a message, wherever the refusal comes from (pricing on any step, or the commit), so it can never
 * leave the order stuck.
 */
export function createVoucherGuard() {
  const listener = createListenerMiddleware();
  listener.startListening({
    matcher: isAnyOf(checkoutApi.endpoints.buildCart.matchRejected, checkoutApi.endpoints.commit.matchRejected),
    effect: (action, api) => {
      const code = failureCode((action as { payload?: unknown }).payload);
      if (!VOUCHER_PAYMENT_CODES.has(code)) return;
      if ((api.getState() as CheckoutRootState).checkout.voucherPayment) api.dispatch(checkoutActions.voucherPaymentDropped({ code }));
    },
  });
  return listener;
}
