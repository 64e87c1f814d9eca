import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderRemote, jsonFetch } from '@ticketing/shared/testing';
import { definition } from '../src/definition';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); document.cookie = 'tx_customer_csrf=; max-age=0'; });

const urls = (fetch: ReturnType<typeof vi.fn>) => fetch.mock.calls.map((c) => (c[0] as Request).url);

describe('/customer: the session check', () => {
  it('without the session cookie shows the sign-in and asks the api for no session (no refused call)', async () => {
    const fetch = vi.fn(jsonFetch({}));
    vi.stubGlobal('fetch', fetch);
    await renderRemote(definition, '/');
    expect(await screen.findByRole('button', { name: 'Send me a code' })).toBeTruthy();
    expect(urls(fetch).some((u) => u.includes('/customer/refresh'))).toBe(false);
  });

  it('with the cookie asks for the session, and an ended one leads to the sign-in', async () => {
    document.cookie = 'tx_customer_csrf=c-1';
    const fetch = vi.fn(jsonFetch({}));
    vi.stubGlobal('fetch', fetch);
    await renderRemote(definition, '/');
    expect(await screen.findByRole('button', { name: 'Send me a code' })).toBeTruthy();
    expect(urls(fetch).filter((u) => u.includes('/customer/refresh'))).toHaveLength(1);
  });
});
