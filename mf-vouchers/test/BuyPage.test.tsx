import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderRemote, jsonFetch } from '@ticketing/shared/testing';
import { definition } from '../src/definition';
import { purchaseActions } from '../src/purchaseSlice';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); sessionStorage.clear(); });

const quote = { lines: [{ systemVoucherId: 1, name: 'Gift card', unitPrice: 100, quantity: 1, total: 100 }], products: [], deliveryMethod: null, quantity: 1, total: 100 };

/** The buyer's step of one gift card (no products offered: the products step is skipped). */
async function open(lang: 'en' | 'he') {
  vi.stubGlobal('fetch', vi.fn(jsonFetch({ '/vouchers/settings': { authRequired: false }, '/vouchers/products': { products: [] }, '/vouchers/quote': quote })));
  const r = await renderRemote(definition, '/vouchers/products', lang);
  r.store.dispatch(purchaseActions.reset()); // the store outlives a test
  r.store.dispatch(purchaseActions.lineSet({ systemVoucherId: 1, systemVoucherPriceId: 1, quantity: 1 }));
  await screen.findByTestId('voucher-total', {}, { timeout: 5000 });
  return r.store;
}

const T = {
  en: { first: 'First name *', last: 'Last name *', email: 'Email *', mobile: 'Mobile number *', recipient: 'Gift for (name)', greeting: 'Greeting on the gift page', letters: 'Letters only.' },
  he: { first: 'שם פרטי *', last: 'שם משפחה *', email: 'דוא״ל *', mobile: 'טלפון נייד *', recipient: 'מתנה עבור (שם)', greeting: 'ברכה בדף המתנה', letters: 'אותיות בלבד.' },
};

describe('the gift voucher buyer\'s names (the letters-only rule of ticket orders, as the api contract refuses them)', () => {
  for (const lang of ['en', 'he'] as const) {
    it(`[${lang}] a formula, markup or a bidi override in a name is shown at its field; the greeting keeps its words without bidi controls`, async () => {
      const store = await open(lang);
      const t = T[lang];
      const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
      type(t.first, '=HYPERLINK("http://evil.example","x")');
      type(t.last, 'Test<img src=x onerror=alert(1)>');
      type(t.email, 'dana@example.com');
      type(t.mobile, '0501234567');
      type(t.recipient, 'Noa\u202Eevil');
      type(t.greeting, '\u202EHappy birthday\u202C');
      fireEvent.submit(screen.getByTestId('voucher-pay').closest('form')!);
      for (const label of [t.first, t.last, t.recipient]) {
        const input = screen.getByLabelText(label);
        expect(input.getAttribute('aria-invalid')).toBe('true');
        expect(document.getElementById(input.getAttribute('aria-describedby')!)!.textContent).toBe(t.letters);
      }
      expect(screen.getByLabelText(t.greeting).getAttribute('aria-invalid')).toBe('false');
      expect(store.getState().purchase.buyer).toBeNull(); // nothing went on to payment

      type(t.first, 'ג׳ני');
      type(t.last, "O'Neil-Smith");
      type(t.recipient, 'בן־דוד');
      fireEvent.submit(screen.getByTestId('voucher-pay').closest('form')!);
      await waitFor(() => expect(store.getState().purchase.buyer).toMatchObject({ firstName: 'ג׳ני', lastName: "O'Neil-Smith", recipientName: 'בן־דוד', greeting: 'Happy birthday' }));
    });
  }
});
