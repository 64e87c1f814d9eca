import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readSession, writeSession, type CommitResponse, type VoucherPayment } from '@ticketing/shared';
import type { CustomerFormValues } from './customerInfo';
import { cartActions } from '../cart/cartSlice';

export type DeliveryMethod = 'pickup' | 'courier' | 'mail';

/** The committed order kept for the confirmation screen (spec 3 order state: reservation and ticket identifiers). */
export interface Reservation extends CommitResponse { presentationId: number | null }

/**
 * Checkout part of the order state (spec section 3 "Order state"): customer info, products,
 * number of payments, hold flag, the one voucher payment, payment identifier and the
 * reservation. Seats and their tickets live in the cart slice. Kept in session storage so a
 * reload (or a round trip through the payment page) loses nothing.
 */
export interface CheckoutState {
  customerInfo: CustomerFormValues | null;
  products: Record<string, number>;
  deliveryMethod: DeliveryMethod | null;
  numberOfPayments: number;
  isHold: boolean;
  walkin: boolean;
  voucherPayment: VoucherPayment | null;
  paymentIdentifier: string | null;
  reservation: Reservation | null;
}

export const CHECKOUT_SESSION_KEY = 'checkout.state';
export const CUSTOMER_SESSION_KEY = 'checkout.customerInfo';

export const initialCheckout = (): CheckoutState => ({
  customerInfo: null, products: {}, deliveryMethod: null, numberOfPayments: 1, isHold: false, walkin: false,
  voucherPayment: null, paymentIdentifier: null, reservation: null,
});

/** Restored from the session (spec section 7: customer info is restored from the session if present). */
export function loadCheckout(): CheckoutState {
  const saved = readSession<Partial<CheckoutState>>(CHECKOUT_SESSION_KEY) ?? {};
  return { ...initialCheckout(), ...saved, customerInfo: readSession<CustomerFormValues>(CUSTOMER_SESSION_KEY) ?? null };
}

export function saveCheckout(s: CheckoutState): void {
  const { customerInfo, ...rest } = s;
  writeSession(CHECKOUT_SESSION_KEY, rest);
  writeSession(CUSTOMER_SESSION_KEY, customerInfo ?? undefined);
}

export const checkoutSlice = createSlice({
  name: 'checkout',
  initialState: loadCheckout,
  reducers: {
    setCustomerInfo(s, a: PayloadAction<CustomerFormValues>) { s.customerInfo = a.payload; },
    setProductQuantity(s, a: PayloadAction<{ id: number; quantity: number }>) {
      if (a.payload.quantity > 0) s.products[String(a.payload.id)] = a.payload.quantity;
      else delete s.products[String(a.payload.id)];
    },
    setDeliveryMethod(s, a: PayloadAction<DeliveryMethod | null>) { s.deliveryMethod = a.payload; },
    setNumberOfPayments(s, a: PayloadAction<number>) { s.numberOfPayments = Math.max(1, Math.floor(a.payload)); },
    setHold(s, a: PayloadAction<boolean>) { s.isHold = a.payload; if (a.payload) s.voucherPayment = null; },
    setWalkin(s, a: PayloadAction<boolean>) { s.walkin = a.payload; },
    /** Spec section 4: only one voucher payment at a time; adding replaces. */
    setVoucherPayment(s, a: PayloadAction<VoucherPayment | null>) { s.voucherPayment = a.payload; },
    setPaymentIdentifier(s, a: PayloadAction<string | null>) { s.paymentIdentifier = a.payload; },
    committed(s, a: PayloadAction<Reservation>) { s.reservation = a.payload; s.paymentIdentifier = null; },
    /** Selecting a presentation clears the reservation identifier (spec section 4). */
    clearReservation(s) { s.reservation = null; },
    /** Spec section 4: reset clears the order, optionally keeping customer info. */
    resetCheckout(s, a: PayloadAction<{ keepCustomerInfo: boolean }>) {
      return { ...initialCheckout(), customerInfo: a.payload.keepCustomerInfo ? s.customerInfo : null };
    },
  },
  extraReducers: (b) => {
    // Spec section 4: selecting a presentation clears the reservation identifier (a new order begins).
    b.addCase(cartActions.presentationSelected, (s) => { s.reservation = null; });
  },
});

export const checkoutActions = checkoutSlice.actions;
export type CheckoutRootState = { checkout: CheckoutState };
