import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderRemote, jsonFetch } from '@ticketing/shared/testing';
import { subscribe } from '@ticketing/shared';
import { definition } from '../src/definition';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

const currency = { CurrencyId: 1, CurrencySymbol: '₪', CurrencyCode: 'ILS' };
const membership = (id: number, code: string, name: string, typeId = 1) => ({
  MembershipId: id, MembershipTypeId: typeId, Code: code, Name: name, ClassName: 'Classic', Description: `${name} description`,
  prices: [
    { MembershipPriceId: id * 10, PriceCode: 'A', Name: 'Adult', Price: 199.9, currency, selectedQuantity: 0, usedQuantity: 0, DiscountId: null, SystemVoucherReference: null },
    { MembershipPriceId: id * 10 + 1, PriceCode: 'S', Name: 'Student', Price: 149, currency, selectedQuantity: 0, usedQuantity: 0, DiscountId: null, SystemVoucherReference: null },
  ],
  terms: { termsId: 1, text: 'Terms' }, seriesSize: typeId === 2 ? 6 : null, maxQuantity: 10,
});

describe('membership list', () => {
  it('lists memberships from the api with their ILS prices and series size', async () => {
    vi.stubGlobal('fetch', jsonFetch({ '/memberships': { memberships: [membership(1, 'GOLD', 'Gold'), membership(2, 'SERIES', 'Theatre series', 2)] } }));
    await renderRemote(definition, '/');
    expect(await screen.findByRole('heading', { name: 'Gold' })).toBeTruthy();
    expect(screen.getByText('A series of 6 shows')).toBeTruthy();
    expect(screen.getAllByText(/199\.90/).length).toBe(2);
  });

  it('filters prices by price code from the URL', async () => {
    vi.stubGlobal('fetch', jsonFetch({ '/memberships': { memberships: [membership(1, 'GOLD', 'Gold')] } }));
    await renderRemote(definition, '/GOLD/S');
    await screen.findByRole('heading', { name: 'Gold' });
    expect(screen.queryByText(/Adult/)).toBeNull();
    expect(screen.getAllByText(/Student/).length).toBeGreaterThan(0);
    // the purchase form offers only that price
    expect(await screen.findByRole('spinbutton', { name: 'Quantity: Student' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('spinbutton', { name: 'Quantity: Adult' })).toBeNull();
  }, 30_000);

  it('by code: refuses to continue without a membership or without the terms, and caps the quantity at 10', async () => {
    vi.stubGlobal('fetch', jsonFetch({ '/memberships': { memberships: [membership(1, 'GOLD', 'Gold')] }, '/membership/seatplan': { membershipId: 1, events: [] } }));
    sessionStorage.clear(); // a fresh visit (the purchase in progress survives reloads in session storage)
    const started: unknown[] = [];
    const off = subscribe('cart:started', (p) => started.push(p));
    await renderRemote(definition, '/GOLD');
    const adult = await screen.findByRole('spinbutton', { name: 'Quantity: Adult' }, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please choose at least one membership.');
    fireEvent.change(adult, { target: { value: '25' } });
    expect((adult as HTMLInputElement).value).toBe('10');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please accept the terms.');
    fireEvent.click(screen.getByRole('checkbox', { name: /accept the Terms/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Customer details' })).toBeTruthy();
    // starting a membership purchase tells the other remotes' carts to clear
    expect(started).toEqual([{ kind: 'memberships' }]);
    off();
  }, 30_000);

  it('shows a translated error when the call fails', async () => {
    vi.stubGlobal('fetch', jsonFetch({}));
    await renderRemote(definition, '/');
    expect((await screen.findByRole('alert')).textContent).toContain('Not found.');
  });
});
