import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderApi } from '../src/api/orderApi';
import { createStore } from '../src/store';

afterEach(() => { vi.unstubAllGlobals(); document.cookie = 'tx_customer_csrf=; max-age=0'; });

const refreshCalls = (fetch: ReturnType<typeof vi.fn>) => fetch.mock.calls.filter((c) => String((c[0] as Request).url ?? c[0]).includes('/customer/refresh')).length;

describe('the order page\u2019s signed-in customer', () => {
  it('is nobody, with no call, when the session cookie is not there (the call answered 401 at every step)', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 401 }));
    vi.stubGlobal('fetch', fetch);
    const store = createStore();
    const r = await store.dispatch(orderApi.endpoints.currentCustomer.initiate());
    expect(r.data).toBeNull();
    expect(refreshCalls(fetch)).toBe(0);
  });

  it('is asked for when the cookie is there, and an ended session is nobody', async () => {
    document.cookie = 'tx_customer_csrf=c-1';
    const fetch = vi.fn(async () => new Response(JSON.stringify({ error: 'UNAUTHORIZED' }), { status: 401, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    const store = createStore();
    const r = await store.dispatch(orderApi.endpoints.currentCustomer.initiate());
    expect(r.data).toBeNull();
    expect(refreshCalls(fetch)).toBe(1);
  });
});
