import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readSession, writeSession, type CommitResponse, type VoucherPayment } from '@ticketing/shared';
import type { CustomerFormValues } from './cartCustomer';
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
  /**
   * Who the order's personal parts (the details, member and points tickets) belong to: the signed-in customer's id,
   * null for a visitor not signed in, undefined until the order page has asked. Another identity seen later (a sign-out,
   * another customer's sign-in, here or in another page load) takes them out of the order (customerSwitch.ts).
   */
  customerInfoOwner: number | null | undefined;
  /** Set when a change of identity took something out of the order: the order page says so once, on the step to redo. */
  customerSwitch: CustomerSwitch | null;
  products: Record<string, number>;
  deliveryMethod: DeliveryMethod | null;
  numberOfPayments: number;
  /** Hold (unpaid) order; also decides the first tickets the cart assigns (no code-only ticket). */
  isHold: boolean;
  walkin: boolean;
  voucherPayment: VoucherPayment | null;
  paymentIdentifier: string | null;
  reservation: Reservation | null;
  /** A voucher payment the api no longer accepts, dropped from the order: told to the visitor once. */
  voucherDropped: { reference: string; code: string } | null;
}

/** Api refusals that mean the voucher payment itself can no longer apply (it is dropped, never left to block the order). */
export const VOUCHER_PAYMENT_CODES = new Set(['NO_BALANCE', 'SYSTEM_VOUCHER_NOT_FOUND', 'SYSTEM_VOUCHER_NOT_ACTIVE', 'voucherExpired', 'VOUCHER_ON_HOLD', 'ONE_VOUCHER_PAYMENT']);

export interface CustomerSwitch { signedIn: boolean; detailsCleared: boolean; ticketsDropped: boolean }

export const CHECKOUT_SESSION_KEY = 'checkout.state';
export const CUSTOMER_SESSION_KEY = 'checkout.customerInfo';
export const CUSTOMER_OWNER_SESSION_KEY = 'checkout.customerInfoOwner';

export const initialCheckout = (): CheckoutState => ({
  customerInfo: null, customerInfoOwner: undefined, customerSwitch: null, products: {}, deliveryMethod: null, numberOfPayments: 1, isHold: false, walkin: false,
  voucherPayment: null, paymentIdentifier: null, reservation: null, voucherDropped: null,
});

/** Restored from the session (spec section 7: customer info is restored from the session if present). */
export function loadCheckout(): CheckoutState {
  const saved = readSession<Partial<CheckoutState>>(CHECKOUT_SESSION_KEY) ?? {};
  return { ...initialCheckout(), ...saved, ...savedCustomer() };
}

/** The customer's details and whose they are, as kept in the session (they outlive an order: "keep my details"). */
function savedCustomer(): Pick<CheckoutState, 'customerInfo' | 'customerInfoOwner'> {
  return { customerInfo: readSession<CustomerFormValues>(CUSTOMER_SESSION_KEY) ?? null, customerInfoOwner: readSession<number | null>(CUSTOMER_OWNER_SESSION_KEY) ?? undefined };
}
/** What a new order keeps of the last one: the details and their owner. */
const keptCustomer = (s: CheckoutState): Pick<CheckoutState, 'customerInfo' | 'customerInfoOwner'> => ({ customerInfo: s.customerInfo, customerInfoOwner: s.customerInfoOwner });

/** A restarted order's session before the page is left: an empty order, the customer's details kept. */
export function saveRestartedCheckout(): void {
  saveCheckout({ ...initialCheckout(), ...savedCustomer() });
}

export function saveCheckout(s: CheckoutState): void {
  const { customerInfo, customerInfoOwner, ...rest } = s;
  writeSession(CHECKOUT_SESSION_KEY, rest);
  writeSession(CUSTOMER_SESSION_KEY, customerInfo ?? undefined);
  writeSession(CUSTOMER_OWNER_SESSION_KEY, customerInfoOwner);
}

export const checkoutSlice = createSlice({
  name: 'checkout',
  initialState: loadCheckout,
  reducers: {
    setCustomerInfo(s, a: PayloadAction<CustomerFormValues>) { s.customerInfo = a.payload; },
    /** "Keep my details for the next order" unticked: forgotten now, however the next order is started. */
    forgetCustomerInfo(s) { s.customerInfo = null; },
    /** The order page saw who is signed in for the first time: what the order holds is theirs. */
    customerInfoOwnerSet(s, a: PayloadAction<number | null>) { s.customerInfoOwner = a.payload; },
    /** Another identity now (signed out, or another customer): the details go; the tickets went with `seatTicketsSet`. */
    customerSwitched(s, a: PayloadAction<{ customerId: number | null; ticketsDropped: boolean }>) {
      // an untouched form is no one's details: nothing to say about it
      const detailsCleared = !!s.customerInfo && Object.values(s.customerInfo).some((v) => typeof v === 'string' && v.trim() !== '');
      s.customerInfo = null;
      s.customerInfoOwner = a.payload.customerId;
      s.customerSwitch = detailsCleared || a.payload.ticketsDropped ? { signedIn: a.payload.customerId !== null, detailsCleared, ticketsDropped: a.payload.ticketsDropped } : null;
    },
    customerSwitchSeen(s) { s.customerSwitch = null; },
    setProductQuantity(s, a: PayloadAction<{ id: number; quantity: number }>) {
      if (a.payload.quantity > 0) s.products[String(a.payload.id)] = a.payload.quantity;
      else delete s.products[String(a.payload.id)];
    },
    setDeliveryMethod(s, a: PayloadAction<DeliveryMethod | null>) { s.deliveryMethod = a.payload; },
    setNumberOfPayments(s, a: PayloadAction<number>) { s.numberOfPayments = Math.max(1, Math.floor(a.payload)); },
    setHold(s, a: PayloadAction<boolean>) { s.isHold = a.payload; if (a.payload) s.voucherPayment = null; },
    setWalkin(s, a: PayloadAction<boolean>) { s.walkin = a.payload; },
    /** Spec section 4: only one voucher payment at a time; adding replaces. */
    setVoucherPayment(s, a: PayloadAction<VoucherPayment | null>) { s.voucherPayment = a.payload; s.voucherDropped = null; },
    setPaymentIdentifier(s, a: PayloadAction<string | null>) { s.paymentIdentifier = a.payload; },
    /**
     * The order is done (docs/state.md): only the reservation (for the confirmation) and the customer info
     * survive; products, voucher payment, hold flag, payments and delivery belong to that order and go now,
     * so no later way of starting another order (header menu, back, a link, a reload) can carry them over.
     */
    committed(s, a: PayloadAction<Reservation>) {
      return { ...initialCheckout(), ...keptCustomer(s), reservation: a.payload };
    },
    /** The api refused the voucher payment (used up, expired, unknown): drop it and say so. */
    voucherPaymentDropped(s, a: PayloadAction<{ code: string }>) {
      if (!s.voucherPayment) return;
      s.voucherDropped = { reference: s.voucherPayment.systemVoucher, code: a.payload.code };
      s.voucherPayment = null;
    },
    voucherDroppedSeen(s) { s.voucherDropped = null; },
    /** Selecting a presentation clears the reservation identifier (spec section 4). */
    clearReservation(s) { s.reservation = null; },
    /** Spec section 4: reset clears the order, optionally keeping customer info. */
    resetCheckout(s, a: PayloadAction<{ keepCustomerInfo: boolean }>) {
      return { ...initialCheckout(), ...(a.payload.keepCustomerInfo ? keptCustomer(s) : { customerInfoOwner: s.customerInfoOwner }) };
    },
  },
  extraReducers: (b) => {
    // Spec section 4: selecting a presentation clears the reservation identifier (a new order begins).
    b.addCase(cartActions.presentationSelected, (s) => { s.reservation = null; });
    // A cart emptied (another order kind started, or a reset) takes the order's checkout parts with it.
    b.addCase(cartActions.reset, (s) => (s.reservation ? s : { ...initialCheckout(), ...keptCustomer(s) }));
  },
});

export const checkoutActions = checkoutSlice.actions;
export type CheckoutRootState = { checkout: CheckoutState };

/** Hold (unpaid) order: the checkout is the flag's one owner; the cart reads it here (docs/state.md). */
export const selectIsHold = (s: CheckoutRootState): boolean => s.checkout.isHold;
