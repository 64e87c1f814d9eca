import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readSession, writeSession, type VoucherBuyer, type VoucherLine, type VoucherPurchaseResponse, type VoucherQuoteResponse } from '@ticketing/shared';

export type DeliveryMethod = NonNullable<VoucherQuoteResponse['deliveryMethod']>;

/** The gift-voucher order (issue 11 §1): chosen lines by price id, products by id, the buyer, the attempt's key and the result. */
export interface PurchaseState {
  lines: Record<string, VoucherLine>;
  /** Quantities of the products step, by product id. */
  products: Record<string, number>;
  deliveryMethod: DeliveryMethod | null;
  buyer: VoucherBuyer | null;
  idempotencyKey: string | null;
  result: VoucherPurchaseResponse | null;
  /** Whom the bought gift is for, printed on the confirmation only (never pre-fills the next order). */
  giftFor: Pick<VoucherBuyer, 'recipientName' | 'greeting'> | null;
}
const KEY = 'vouchers.purchase';
const empty = (): PurchaseState => ({ lines: {}, products: {}, deliveryMethod: null, buyer: null, idempotencyKey: null, result: null, giftFor: null });

export const purchaseSlice = createSlice({
  name: 'purchase',
  initialState: (): PurchaseState => ({ ...empty(), ...(readSession<PurchaseState>(KEY) ?? {}) }),
  reducers: {
    lineSet(s, a: PayloadAction<VoucherLine>) {
      const id = String(a.payload.systemVoucherPriceId);
      if (a.payload.quantity > 0) s.lines[id] = a.payload; else delete s.lines[id];
      s.result = null;
      s.giftFor = null;
    },
    productSet(s, a: PayloadAction<{ productId: number; quantity: number }>) {
      const id = String(a.payload.productId);
      if (a.payload.quantity > 0) s.products[id] = a.payload.quantity; else delete s.products[id];
    },
    deliveryMethodSet(s, a: PayloadAction<DeliveryMethod | null>) { s.deliveryMethod = a.payload; },
    buyerSet(s, a: PayloadAction<VoucherBuyer>) { s.buyer = a.payload; },
    attemptStarted(s) { s.idempotencyKey ??= crypto.randomUUID(); },
    /**
     * Bought: only the confirmation stays (the result and whom the gift is for); the buyer, recipient and greeting
     * go, so the next order's form starts empty (a finished order leaves nothing behind).
     */
    bought(s, a: PayloadAction<VoucherPurchaseResponse>) {
      return { ...empty(), result: a.payload, giftFor: s.buyer ? { recipientName: s.buyer.recipientName ?? null, greeting: s.buyer.greeting ?? null } : null };
    },
    reset() { return empty(); },
  },
});
export const purchaseActions = purchaseSlice.actions;
export const savePurchase = (s: PurchaseState) => writeSession(KEY, s);
export const itemCount = (s: PurchaseState) => Object.values(s.lines).reduce((n, l) => n + l.quantity, 0);

/** What the api prices and the purchase records: the vouchers, the chosen products and their delivery method. */
export function orderBody(s: PurchaseState) {
  const products = Object.entries(s.products).map(([id, quantity]) => ({ productId: Number(id), quantity }));
  return { lines: Object.values(s.lines), products, deliveryMethod: products.length ? s.deliveryMethod : null };
}
