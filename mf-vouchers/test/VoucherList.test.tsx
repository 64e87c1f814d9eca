import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderRemote, jsonFetch } from '@ticketing/shared/testing';
import { definition } from '../src/definition';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

const voucher = (id: number, superClass: number, name: string, open = false) => ({
  SystemVoucherId: id, SystemVoucherClassId: id, SystemVoucherSuperClassId: superClass, SuperClassName: 'Gift', Name: name, Description: 'desc',
  Prices: [{ SystemVoucherPriceId: id, Price: 100, isOpenPrice: open, minPrice: open ? 50 : null, maxPrice: open ? 500 : null, redemptionData: [] }],
  Dates: { startDate: '2026-01-01', endDate: '2027-01-01', validityDays: 365 }, Terms: { termsId: 1, text: 't' }, maxQuantity: 10,
});

describe('voucher list', () => {
  it('lists vouchers with fixed and open prices and the super classes', async () => {
    const fetch = vi.fn(jsonFetch({ '/system-vouchers': { superClasses: [{ id: 1, name: 'Gift cards' }], vouchers: [voucher(1, 1, 'Movie for two'), voucher(2, 1, 'Any amount', true)] } }));
    vi.stubGlobal('fetch', fetch);
    await renderRemote(definition, '/vouchers/1');
    expect(await screen.findByRole('heading', { name: 'Movie for two' })).toBeTruthy();
    expect(screen.getByLabelText(/Amount \(.*50\.00 to .*500\.00\)/)).toBeTruthy();
    // Quantities 0 to 10 (spec: max quantity 10), and Continue with none chosen says "must select".
    const qty = screen.getByLabelText('How many: Movie for two') as HTMLSelectElement;
    expect(Array.from(qty.options).map((o) => o.value).at(-1)).toBe('10');
    screen.getByTestId('vouchers-next').click();
    expect((await screen.findByRole('alert')).textContent).toBe('Choose at least one voucher.');
    expect(screen.getByRole('link', { name: 'Gift cards' }).getAttribute('aria-current')).toBe('page');
    expect(String((fetch.mock.calls[0][0] as Request).url)).toContain('superClassId=1');
  });
});
