import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderRemote } from '@ticketing/shared/testing';
import { definition } from '../src/definition';
import { purchaseActions } from '../src/purchaseSlice';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); sessionStorage.clear(); });

const result = {
  purchaseIdentifier: 'VABC123', total: 100, replayed: false, products: [], deliveryMethod: null,
  vouchers: [{ reference: 'GV-AAAA-BBBB-CCCC', name: 'Gift card', amount: 100, validFrom: '2026-11-23', validUntil: '2027-11-23', qrSvg: '<svg/>' }],
};
const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function open(answer: () => Response, locale: 'en' | 'he' = 'en') {
  const fetch = vi.fn(async (_input: RequestInfo | URL) => answer());
  vi.stubGlobal('fetch', fetch);
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
    expect(fetch).not.toHaveBeenCalled();

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
});
