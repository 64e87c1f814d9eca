/** The buyer's free text in voucher contracts loses bidi controls at parse, in every contract that carries it. */
import { describe, expect, it } from 'vitest';
import { GiftEmailBody, VoucherBuyer } from '../src/contracts';

const spoofed = '\u202EHappy birthday\u2066 ya\u2069\u202C ';

describe('free text of voucher contracts', () => {
  it('the gift e-mail message: bidi controls stripped, trimmed', () => {
    const body = GiftEmailBody.parse({ reference: 'GV-AAAA-BBBB-CCCC', to: 'dana@example.com', message: spoofed });
    expect(body.message).toBe('Happy birthday ya');
  });
  it('the purchase greeting: the same rule', () => {
    const buyer = VoucherBuyer.parse({ firstName: 'Dana', lastName: 'Levi', email: 'dana@example.com', mobileNumber: '0501234567', greeting: spoofed });
    expect(buyer.greeting).toBe('Happy birthday ya');
  });
});
