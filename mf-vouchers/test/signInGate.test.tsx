import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { renderRemote, jsonFetch } from '@ticketing/shared/testing';
import { definition } from '../src/definition';
import { purchaseActions } from '../src/purchaseSlice';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); vi.restoreAllMocks(); sessionStorage.clear(); });

const quote = { lines: [{ systemVoucherId: 1, name: 'Gift card', unitPrice: 100, quantity: 1, total: 100 }], products: [], deliveryMethod: null, quantity: 1, total: 100 };

/** A fetch answering by URL, with /customer/refresh signed in or not. */
function api(authRequired: boolean, signedIn: boolean) {
  const json = jsonFetch({ '/vouchers/settings': { authRequired }, '/vouchers/quote': quote });
  return vi.fn(async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes('/customer/refresh')) {
      return signedIn
        ? new Response(JSON.stringify({ customerInfo: { CustomerId: 7, FirstName: 'Dana', LastName: 'Levi', MobileNumber1: '0501234567' } }), { status: 200, headers: { 'content-type': 'application/json' } })
        : new Response(JSON.stringify({ error: 'UNAUTHORIZED' }), { status: 401, headers: { 'content-type': 'application/json' } });
    }
    return json(input);
  });
}

async function openBuy(fetch: ReturnType<typeof api>) {
  vi.stubGlobal('fetch', fetch);
  const push = vi.spyOn(history, 'pushState');
  const r = await renderRemote(definition, '/vouchers/buy');
  r.store.dispatch(purchaseActions.lineSet({ systemVoucherId: 1, systemVoucherPriceId: 1, quantity: 1 }));
  return push;
}

describe('the voucher flow\'s auth step', () => {
  it('configured and nobody signed in: to the customer sign-in, coming back to /vouchers/buy', async () => {
    const push = await openBuy(api(true, false));
    await waitFor(() => expect(push).toHaveBeenCalledWith(null, '', '/customer?returnTo=%2Fvouchers%2Fbuy'));
    expect(screen.queryByTestId('voucher-buy')).toBeNull();
  });

  it('configured and signed in: the buyer form', async () => {
    const push = await openBuy(api(true, true));
    expect(await screen.findByTestId('voucher-buy')).toBeTruthy();
    expect(push).not.toHaveBeenCalled();
  });

  it('not configured (the default): anonymous buying, no sign-in asked', async () => {
    const fetch = api(false, false);
    await openBuy(fetch);
    expect(await screen.findByTestId('voucher-buy')).toBeTruthy();
    expect(fetch.mock.calls.some(([i]) => String(i instanceof Request ? i.url : i).includes('/customer/refresh'))).toBe(false);
  });
});
