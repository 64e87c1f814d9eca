import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CartCustomerInfo, MembershipOrderResponse } from '@ticketing/shared';
import type { SelectedSeat } from '@ticketing/seatmap';
import { seatHoldReducers, type SeatsOf } from '../seats/seatHoldReducers';

/** One membership purchase: chosen quantities per price, renewal, seats per event, customer info, the answer. */
export interface PurchaseState {
  membershipId: number | null;
  /** MembershipPriceId → quantity. */
  quantities: Record<number, number>;
  /** A member number to renew instead of buying new memberships. */
  renewMember: string;
  termsAccepted: boolean;
  seats: Record<number, SelectedSeat[]>;
  holdExpiresAt: string | null;
  customerInfo: CartCustomerInfo;
  /** One Idempotency-Key per checkout attempt. */
  idempotencyKey: string | null;
  result: MembershipOrderResponse | null;
}

export const initialPurchase: PurchaseState = {
  membershipId: null, quantities: {}, renewMember: '', termsAccepted: false, seats: {}, holdExpiresAt: null, customerInfo: {},
  idempotencyKey: null, result: null,
};


export const purchaseSlice = createSlice({
  name: 'purchase',
  initialState: initialPurchase,
  reducers: {
    started(state, a: PayloadAction<number>) {
      if (state.membershipId !== a.payload) return { ...initialPurchase, membershipId: a.payload };
      return state;
    },
    quantitySet(state, a: PayloadAction<{ priceId: number; quantity: number }>) { state.quantities[a.payload.priceId] = a.payload.quantity; },
    renewMemberSet(state, a: PayloadAction<string>) { state.renewMember = a.payload; },
    termsSet(state, a: PayloadAction<boolean>) { state.termsAccepted = a.payload; },
    customerInfoSet(state, a: PayloadAction<CartCustomerInfo>) { state.customerInfo = a.payload; },
    ...seatHoldReducers,
    holdExpiresAt(state, a: PayloadAction<SeatsOf & { expiresAt: string | null }>) { state.holdExpiresAt = a.payload.expiresAt; },
    checkoutStarted(state, a: PayloadAction<string>) { state.idempotencyKey ??= a.payload; },
    committed(state, a: PayloadAction<MembershipOrderResponse>) { state.result = a.payload; state.idempotencyKey = null; },
    reset() { return initialPurchase; },
  },
});

export const purchaseActions = purchaseSlice.actions;
