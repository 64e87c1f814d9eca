import { describe, expect, it } from 'vitest';
import { hasCookie, setEarlyStart, takeEarlyCustomerSession, type EarlyStart } from '../src/earlyStart';
import { isStaffPath } from '../src/routes';

describe("the early script's reading of the customer session cookie", () => {
  it('finds a cookie by its whole name only', () => {
    expect(hasCookie('a=1; tx_customer_csrf=xyz; b=2', 'tx_customer_csrf')).toBe(true);
    expect(hasCookie('tx_customer_csrf=xyz', 'tx_customer_csrf')).toBe(true);
    expect(hasCookie('old_tx_customer_csrf=1; tx_customer_csrf_x=2', 'tx_customer_csrf')).toBe(false);
    expect(hasCookie('', 'tx_customer_csrf')).toBe(false);
  });

  it('is taken once; a reading that comes after it was taken is not kept', () => {
    const early: EarlyStart = { registry: Promise.resolve({ body: {} }), customerSession: true };
    setEarlyStart(early);
    expect(takeEarlyCustomerSession()).toBe(true);
    expect(takeEarlyCustomerSession()).toBeUndefined();
    // the early script's timer fills the key in only while it is absent
    expect('customerSession' in early).toBe(true);
  });

  it('is not read on staff pages', () => {
    expect(isStaffPath('/PRES-live')).toBe(true);
    expect(isStaffPath('/PRES-live/ticket-ref')).toBe(true);
    expect(isStaffPath('/order')).toBe(false);
  });
});
