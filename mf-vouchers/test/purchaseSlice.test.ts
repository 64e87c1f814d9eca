import { describe, expect, it } from 'vitest';
import { purchaseActions, purchaseSlice } from '../src/purchaseSlice';
import { donationActions, donationSlice } from '../src/donations/donationSlice';

const buyer = { firstName: 'Dana', lastName: 'Levi', email: 'dana@example.com', mobileNumber: '0501234567', recipientName: 'Noa', greeting: 'Happy birthday' };
const result = { purchaseIdentifier: 'V1', total: 100, vouchers: [], products: [], deliveryMethod: null, replayed: false };

describe('a finished order leaves nothing behind for the next one', () => {
  it('vouchers: after the purchase only the confirmation stays; the next buyer form has no buyer, recipient or greeting', () => {
    let s = purchaseSlice.reducer(undefined, purchaseActions.lineSet({ systemVoucherId: 1, systemVoucherPriceId: 1, quantity: 1 }));
    s = purchaseSlice.reducer(s, purchaseActions.buyerSet(buyer));
    s = purchaseSlice.reducer(s, purchaseActions.bought(result));
    expect(s.buyer).toBeNull();
    expect(s.result).toEqual(result);
    expect(s.giftFor).toEqual({ recipientName: 'Noa', greeting: 'Happy birthday' }); // the confirmation prints them
    s = purchaseSlice.reducer(s, purchaseActions.lineSet({ systemVoucherId: 1, systemVoucherPriceId: 1, quantity: 1 }));
    expect(s.giftFor).toBeNull();
    expect(purchaseSlice.reducer({ ...s, buyer }, purchaseActions.reset()).buyer).toBeNull();
  });

  it('donations: after the receipt the donor form starts empty', () => {
    let s = donationSlice.reducer(undefined, donationActions.customerInfoSet({ firstName: 'Dana', email: 'dana@example.com' }));
    s = donationSlice.reducer(s, donationActions.donated({
      receiptNumber: 'DN1', date: '2026-11-27', donor: { firstName: 'Dana', lastName: 'Levi', email: null }, lines: [], total: 18, replayed: false,
    }));
    expect(s.customerInfo).toEqual({});
    expect(s.receipt?.receiptNumber).toBe('DN1');
  });
});
