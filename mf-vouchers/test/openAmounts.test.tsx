import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderRemote, jsonFetch } from '@ticketing/shared/testing';
import { definition } from '../src/definition';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); sessionStorage.clear(); });

const openVoucher = {
  SystemVoucherId: 2, SystemVoucherClassId: 2, SystemVoucherSuperClassId: 1, SuperClassName: 'Gift', Name: 'Any amount', Description: 'desc',
  Prices: [{ SystemVoucherPriceId: 2, Price: 100, isOpenPrice: true, minPrice: 50, maxPrice: 500, redemptionData: [] }],
  Dates: { startDate: '2026-01-01', endDate: '2027-01-01', validityDays: 365 }, Terms: { termsId: 1, text: 't' }, maxQuantity: 10,
};
const cause = (id: number, name: string) => ({
  id, Code: `C${id}`, Name: name, Description: 'd',
  donationDetails: [{ id: id * 10 + 4, amount: 10, customAmount: true, maxAmount: 10000, selectedQuantity: 0 }],
});
const urls = (f: ReturnType<typeof vi.fn>) => f.mock.calls.map((c) => String((c[0] as Request).url ?? c[0]));

describe('open amounts are checked at their field before any round trip', () => {
  it('a gift card amount with 3 decimals is refused at the field (aria-invalid, described, focused), not rounded', async () => {
    const fetch = vi.fn(jsonFetch({ '/system-vouchers': { superClasses: [], vouchers: [openVoucher] } }));
    vi.stubGlobal('fetch', fetch);
    await renderRemote(definition, '/vouchers');
    const amount = await screen.findByLabelText(/Amount \(.*50\.00 to .*500\.00\)/) as HTMLInputElement;
    fireEvent.change(screen.getByLabelText('How many: Any amount'), { target: { value: '1' } });
    fireEvent.change(amount, { target: { value: '55.555' } });
    screen.getByTestId('vouchers-next').click();
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    const error = document.getElementById(amount.getAttribute('aria-describedby')!)!;
    expect(error.textContent).toBe('Use at most 2 digits after the decimal point (for example 55.50).');
    expect(document.activeElement).toBe(amount);
    expect(urls(fetch).some((u) => u.includes('/vouchers/quote'))).toBe(false);
    fireEvent.change(amount, { target: { value: '20' } });
    expect(document.getElementById(amount.getAttribute('aria-describedby')!)!.textContent).toMatch(/Choose an amount between .*50\.00 and .*500\.00/);
    fireEvent.change(amount, { target: { value: '55.56' } });
    expect(amount.getAttribute('aria-invalid')).toBe('false');
  });

  it('with two causes the message names the cause, and the first invalid field takes the focus', async () => {
    const fetch = vi.fn(jsonFetch({ '/donations': { maxQuantity: 10, donations: [cause(1, 'Cinema for children'), cause(2, 'Film archive')] } }));
    vi.stubGlobal('fetch', fetch);
    await renderRemote(definition, '/donations');
    await screen.findByRole('heading', { name: 'Film archive' });
    for (const label of screen.getAllByLabelText('Another amount')) fireEvent.click(label);
    const [first, second] = screen.getAllByLabelText(/Your amount/) as HTMLInputElement[];
    fireEvent.change(first!, { target: { value: '25' } });
    fireEvent.change(second!, { target: { value: '5' } });
    screen.getByTestId('donations-next').click();
    await waitFor(() => expect(second!.getAttribute('aria-invalid')).toBe('true'));
    expect(first!.getAttribute('aria-invalid')).toBe('false');
    expect(document.getElementById(second!.getAttribute('aria-describedby')!)!.textContent).toMatch(/^Film archive: Choose an amount between .*10\.00 and .*10,000\.00\.$/);
    expect(document.activeElement).toBe(second);
    expect(urls(fetch).some((u) => u.includes('/donations/quote'))).toBe(false);
  });
});

describe('an amount typed with a decimal comma (ru, pl) is read as one, never as ten times the amount', () => {
  it('"60,5" is ₪60.50; "1,000" and "6o" are asked again in figures', async () => {
    const fetch = vi.fn(jsonFetch({ '/system-vouchers': { superClasses: [], vouchers: [openVoucher] }, '/vouchers/quote': { lines: [], products: [], deliveryMethod: null, quantity: 1, total: 60.5 } }));
    vi.stubGlobal('fetch', fetch);
    await renderRemote(definition, '/vouchers');
    const amount = await screen.findByLabelText(/Amount \(.*50\.00 to .*500\.00\)/) as HTMLInputElement;
    fireEvent.change(screen.getByLabelText('How many: Any amount'), { target: { value: '1' } });
    for (const typed of ['1,000', '6o']) {
      fireEvent.change(amount, { target: { value: typed } });
      screen.getByTestId('vouchers-next').click();
      await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
      expect(document.getElementById(amount.getAttribute('aria-describedby')!)!.textContent).toBe('Write the amount in figures, for example 60.50.');
    }
    fireEvent.change(amount, { target: { value: '60,5' } });
    expect(amount.getAttribute('aria-invalid')).toBe('false');
    screen.getByTestId('vouchers-next').click();
    await waitFor(() => expect(urls(fetch).some((u) => u.includes('/vouchers/quote'))).toBe(true));
    const quote = fetch.mock.calls.map((c) => c[0] as Request).find((r) => String(r.url).includes('/vouchers/quote'))!;
    expect(JSON.stringify(await quote.clone().json())).toContain('"amount":60.5');
  });
});

describe('parseAmount', () => {
  it('reads a point or a comma before one or two decimals; refuses what it would have to guess', async () => {
    const { parseAmount } = await import('../src/amount');
    expect(parseAmount('60,5')).toBe(60.5);
    expect(parseAmount(' 18.50 ₪')).toBe(18.5);
    expect(parseAmount('')).toBeNull();
    for (const bad of ['1,000', '60.5.1', 'abc', '-5', '1e3']) expect(parseAmount(bad)).toBeNaN();
  });
});
