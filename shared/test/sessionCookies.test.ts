import { afterEach, describe, expect, it, vi } from 'vitest';
import { csrfHeaders, customerSessionCookie, staffSessionCookie } from '../src/api/http';

afterEach(() => {
  vi.restoreAllMocks();
  document.cookie = 'csrf=; max-age=0';
  document.cookie = 'tx_customer_csrf=; max-age=0';
});

describe('the sessions\u2019 double-submit tokens', () => {
  it('go with state-changing calls, each when its cookie is there, and are not read for reads (document.cookie is a synchronous trip to the browser)', () => {
    document.cookie = 'csrf=tok%2B1';
    const cookie = vi.spyOn(document, 'cookie', 'get');
    expect(csrfHeaders('POST')).toEqual({ 'x-csrf-token': 'tok+1' });
    expect(cookie).toHaveBeenCalledTimes(1);
    document.cookie = 'tx_customer_csrf=c-2';
    expect(csrfHeaders('delete')).toEqual({ 'x-csrf-token': 'tok+1', 'x-customer-csrf': 'c-2' });
    expect(cookie).toHaveBeenCalledTimes(2);
    expect(csrfHeaders()).toEqual({});
    expect(csrfHeaders('GET')).toEqual({});
    expect(csrfHeaders('head')).toEqual({});
    expect(cookie).toHaveBeenCalledTimes(2);
  });

  it('tell whether anyone can be signed in from the readable cookies alone', () => {
    expect(customerSessionCookie()).toBe(false);
    expect(staffSessionCookie()).toBe(false);
    document.cookie = 'tx_customer_csrf=c-1';
    expect(customerSessionCookie()).toBe(true);
    expect(staffSessionCookie()).toBe(false);
    document.cookie = 'csrf=s-1';
    expect(staffSessionCookie()).toBe(true);
    // a cookie cleared to an empty value is no session
    document.cookie = 'csrf=';
    expect(staffSessionCookie()).toBe(false);
  });
});
