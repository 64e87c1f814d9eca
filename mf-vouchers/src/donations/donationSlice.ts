import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readSession, writeSession, type CartCustomerInfo, type DonationLine, type DonationPurchaseResponse } from '@ticketing/shared';

/**
 * The donation order (issue 11 §2): one chosen amount per cause (spec donationDetails: amount, customAmount,
 * selectedQuantity), the donor, the attempt's idempotency key and the receipt. Kept in the session so a reload
 * or the payment page's round trip loses nothing; emptied at commit so the next order starts empty.
 */
export interface DonationState {
  /** By cause id. */
  lines: Record<string, DonationLine>;
  customerInfo: CartCustomerInfo;
  idempotencyKey: string | null;
  receipt: DonationPurchaseResponse | null;
}
const KEY = 'vouchers.donation';
const empty = (): DonationState => ({ lines: {}, customerInfo: {}, idempotencyKey: null, receipt: null });

export const donationSlice = createSlice({
  name: 'donation',
  initialState: (): DonationState => ({ ...empty(), ...(readSession<DonationState>(KEY) ?? {}) }),
  reducers: {
    /** Sets a cause's line; null removes it ("no donation"). */
    lineSet(s, a: PayloadAction<{ donationId: number; line: DonationLine | null }>) {
      if (a.payload.line) s.lines[String(a.payload.donationId)] = a.payload.line; else delete s.lines[String(a.payload.donationId)];
      s.receipt = null;
      s.idempotencyKey = null;
    },
    customerInfoSet(s, a: PayloadAction<CartCustomerInfo>) { s.customerInfo = a.payload; },
    attemptStarted(s) { s.idempotencyKey ??= crypto.randomUUID(); },
    /** Given: only the receipt stays (it names the donor); the next donation's form starts empty. */
    donated(_s, a: PayloadAction<DonationPurchaseResponse>) { return { ...empty(), receipt: a.payload }; },
    reset() { return empty(); },
  },
});
export const donationActions = donationSlice.actions;
export const saveDonation = (s: DonationState) => writeSession(KEY, s);
export const donationCount = (s: DonationState) => Object.values(s.lines).reduce((n, l) => n + l.selectedQuantity, 0);
