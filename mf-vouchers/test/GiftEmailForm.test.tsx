import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderRemote } from '@ticketing/shared/testing';
import { definition } from '../src/definition';
import { purchaseActions } from '../src/purchaseSlice';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); sessionStorage.clear(); });

const result = {
  purchaseIdentifier: 'VABC123', total: 100, replayed: false, products: [], deliveryMethod: null,
  vouchers: [{ reference: 'GV-AAAA-BBBB-CCCC', systemVoucherId: 1, name: 'Gift card', amount: 100, validFrom: '2026-11-23', validUntil: '2027-11-23', qrSvg: '<svg/>' }],
};
const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The voucher catalog answers in the language asked (Accept-Language), as the api does. */
const catalog = (lang: string | null) => reply(200, { superClasses: [], vouchers: [{
  SystemVoucherId: 1, SystemVoucherClassId: 1, SystemVoucherSuperClassId: 1, SuperClassName: 'x', Name: lang === 'he' ? 'כרטיס מתנה' : 'Gift card', Description: '',
  Prices: [], Dates: { startDate: '2026-01-01', endDate: '2027-01-01', validityDays: 365 }, Terms: { termsId: 1, text: '' }, maxQuantity: 10,
}] });
const isCatalog = (input: unknown) => String((input as Request).url ?? input).includes('/system-vouchers');

async function open(answer: () => Response, locale: 'en' | 'he' = 'en') {
  const all = vi.fn(async (input: RequestInfo | URL) => (isCatalog(input) ? catalog((input as Request).headers.get('accept-language')) : answer()));
  vi.stubGlobal('fetch', all);
  // The e-mail sends only (the confirmation also looks up the vouchers' names in the current language).
  const fetch = { get mock() { return { calls: all.mock.calls.filter((c) => !isCatalog(c[0])) }; } };
  const r = await renderRemote(definition, '/vouchers/confirmation', locale);
  r.store.dispatch(purchaseActions.bought(result));
  await screen.findByTestId('gift-email-form');
  return fetch;
}

describe('the gift page by e-mail', () => {
  it('checks the address in the visitor\'s language before sending, then sends it to the api', async () => {
    const fetch = await open(() => reply(200, { sent: true, to: 'noa@example.com' }));
    fireEvent.change(screen.getByLabelText("Recipient's e-mail *"), { target: { value: 'noa@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the gift' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/e-?mail/i);
    expect(fetch.mock.calls).toHaveLength(0);

    fireEvent.change(screen.getByLabelText("Recipient's e-mail *"), { target: { value: 'noa@example.com' } });
    fireEvent.change(screen.getByLabelText('Message (optional)'), { target: { value: 'Enjoy!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the gift' }));
    expect((await screen.findByRole('status')).textContent).toBe('The gift page was sent to \u2068noa@example.com\u2069.');
    const req = fetch.mock.calls[0]![0] as unknown as Request;
    expect(req.url).toContain('/vouchers/purchases/VABC123/email');
    expect(await req.json()).toEqual({ reference: 'GV-AAAA-BBBB-CCCC', to: 'noa@example.com', message: 'Enjoy!' });
  });

  it('an api refusal in Hebrew (too many sends)', async () => {
    await open(() => reply(429, { error: 'RATE_LIMITED' }), 'he');
    fireEvent.change(screen.getByLabelText('כתובת הדוא״ל של המקבל/ת *'), { target: { value: 'noa@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'שליחת המתנה' }));
    const alert = await screen.findByTestId('gift-email-error');
    expect(alert.textContent).not.toBe('');
    expect(alert.textContent).toMatch(/[א-ת]/);
  });

  it('names the vouchers in the language shown now, not the one of the purchase (Hebrew page, English result)', async () => {
    await open(() => reply(200, {}), 'he');
    expect(await screen.findByRole('heading', { name: 'כרטיס מתנה' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Gift card' })).toBeNull();
  });
});
