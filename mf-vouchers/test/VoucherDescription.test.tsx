import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { renderRemote, jsonFetch } from '@ticketing/shared/testing';
import { definition } from '../src/definition';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

const combo = {
  SystemVoucherId: 4, SystemVoucherClassId: 21, SystemVoucherSuperClassId: 2, SuperClassName: 'Experiences', Name: 'Movie and popcorn', Description: 'One ticket and a large popcorn',
  Prices: [{ SystemVoucherPriceId: 4, Price: 65, isOpenPrice: false, minPrice: null, maxPrice: null, redemptionData: [{ reference: 'TICKET', price: 45 }, { reference: 'POPCORN', price: 20 }] }],
  Dates: { startDate: '2026-11-23', endDate: '2027-05-22', validityDays: 180 }, Terms: { termsId: 4, text: 'Voucher terms' }, maxQuantity: 10,
};
const answer = { '/system-vouchers': { superClasses: [{ id: 2, name: 'Experiences' }], vouchers: [combo] } };

describe('voucher description and popup', () => {
  it('/vouchers/Description shows prices, redemption data, dates and terms, and leads to its class', async () => {
    vi.stubGlobal('fetch', vi.fn(jsonFetch(answer)));
    await renderRemote(definition, '/vouchers/Description?systemVoucherId=4');
    expect(await screen.findByRole('heading', { level: 1, name: 'Movie and popcorn' })).toBeTruthy();
    const page = screen.getByTestId('voucher-description');
    expect(page.textContent).toContain('redeems for TICKET');
    expect(page.textContent).toContain('Valid from 23/11/2026 to 22/05/2027');
    expect(page.textContent).toContain('Voucher terms');
    expect(screen.getByRole('link', { name: 'Choose this voucher' }).getAttribute('href')).toBe('/vouchers/2');
  });

  it('an unknown voucher says none is available', async () => {
    vi.stubGlobal('fetch', vi.fn(jsonFetch(answer)));
    await renderRemote(definition, '/vouchers/Description?systemVoucherId=99');
    expect((await screen.findByRole('alert')).textContent).toBe('This voucher is not available.');
  });

  it('/vouchers/Popup is a dialog over the list', async () => {
    vi.stubGlobal('fetch', vi.fn(jsonFetch(answer)));
    await renderRemote(definition, '/vouchers/Popup?systemVoucherId=4');
    const popup = await screen.findByTestId('voucher-popup');
    expect(await within(popup).findByRole('heading', { level: 2, name: 'Movie and popcorn' })).toBeTruthy();
    expect(popup.getAttribute('aria-labelledby')).toBe('vp-title');
    expect(within(popup).getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Gift vouchers' })).toBeTruthy();
  });
});
