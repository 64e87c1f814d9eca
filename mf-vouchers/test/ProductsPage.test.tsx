import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderRemote, jsonFetch } from '@ticketing/shared/testing';
import { definition } from '../src/definition';
import { purchaseActions } from '../src/purchaseSlice';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); sessionStorage.clear(); });

const product = (id: number, name: string, price: number, delivered = false) => ({ id, name, price, isDeliveryRequired: delivered, selectedQuantity: 0, category: 'food' });
const quote = {
  lines: [{ systemVoucherId: 1, name: 'Gift card', unitPrice: 100, quantity: 1, total: 100 }],
  products: [{ productId: 1, name: 'Popcorn', unitPrice: 18, quantity: 2, total: 36, isDeliveryRequired: false }],
  deliveryMethod: null, quantity: 1, total: 136,
};
const bodies = (fetch: ReturnType<typeof vi.fn>, path: string) =>
  Promise.all(fetch.mock.calls.map(([i]) => i as Request).filter((r) => r.url.includes(path)).map((r) => r.clone().json()));

async function open(products: unknown[]) {
  const fetch = vi.fn(jsonFetch({ '/vouchers/settings': { authRequired: false }, '/vouchers/products': { products }, '/vouchers/quote': quote }));
  vi.stubGlobal('fetch', fetch);
  const r = await renderRemote(definition, '/vouchers/products');
  r.store.dispatch(purchaseActions.lineSet({ systemVoucherId: 1, systemVoucherPriceId: 1, quantity: 1 }));
  return { fetch, store: r.store };
}

describe('the voucher flow\'s products step', () => {
  it('no products offered: skipped, straight to the buyer\'s details with the api-priced summary', async () => {
    await open([]);
    expect(await screen.findByTestId('voucher-buy', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByTestId('voucher-products')).toBeNull();
    expect((await screen.findByTestId('voucher-total')).textContent).toContain('136.00');
  });

  it('chosen products go to the api for pricing; a delivered one asks how first', async () => {
    const { fetch, store } = await open([product(1, 'Popcorn', 18), product(8, 'Gift box', 99, true)]);
    expect(await screen.findByRole('heading', { name: 'Add products' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'One more Popcorn' }));
    fireEvent.click(screen.getByRole('button', { name: 'One more Popcorn' }));
    fireEvent.click(screen.getByRole('button', { name: 'One more Gift box' }));
    fireEvent.click(screen.getByTestId('voucher-products-next'));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a delivery method.');
    expect(await bodies(fetch, '/vouchers/quote')).toHaveLength(0);

    fireEvent.click(screen.getByLabelText('Courier'));
    fireEvent.click(screen.getByTestId('voucher-products-next'));
    expect(await screen.findByTestId('voucher-buy')).toBeTruthy();
    await waitFor(async () => expect((await bodies(fetch, '/vouchers/quote')).length).toBeGreaterThan(0));
    expect((await bodies(fetch, '/vouchers/quote'))[0]).toMatchObject({
      products: [{ productId: 1, quantity: 2 }, { productId: 8, quantity: 1 }], deliveryMethod: 'courier',
    });
    expect(store.getState().purchase.products).toEqual({ 1: 2, 8: 1 });
    // The summary shows what the api priced, products included.
    const summary = await screen.findByTestId('voucher-summary');
    expect(summary.textContent).toContain('Popcorn');
    expect(summary.textContent).toContain('36.00');
  });
});
