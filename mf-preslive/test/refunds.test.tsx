import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { formatMoney, i18n, isolateLtr, type RefundRow } from '@ticketing/shared';
import { Refunds } from '../src/screens/Refunds';
import { NAMESPACE } from '../src/locales';
import { renderAt, stubApi, type Locale } from './helpers';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

const row = (over: Partial<RefundRow>): RefundRow => ({
  Id: 1, Kind: 'card', ReservationId: 10, ReservationIdentifier: 'W2000001', LocationId: 1, LocationName: 'City Cinema Tel Aviv',
  CreatedAt: '2025-05-01T10:00:00.000Z', Amount: 40, Status: 'sent', Reason: null, Detail: null, Provider: 'sandbox', Attempts: 1,
  NextAttemptAt: null, SentAt: '2025-05-01T10:00:01.000Z', CreditVoucher: null, CreditBalance: null, CanResend: false, ...over,
});
const ROWS = [
  row({ Id: 1 }),
  row({ Id: 2, ReservationIdentifier: 'W2000002', Status: 'pending', Reason: 'PROVIDER_UNAVAILABLE', Attempts: 2, SentAt: null, NextAttemptAt: '2025-05-01T10:04:00.000Z' }),
  row({ Id: 3, ReservationIdentifier: 'W2000003', Status: 'failed', Reason: 'DECLINED', Detail: 'the issuer refused it', SentAt: null, CanResend: true, Amount: 19.8 }),
  row({ Id: 7, Kind: 'credit', ReservationIdentifier: 'W2000004', Status: 'credited', Provider: null, SentAt: null, CreditVoucher: '••••K7QX', CreditBalance: 12.5, Amount: 19.8 }),
];
const totals = { sent: 40, pending: 40, failed: 19.8, credited: 19.8 };
const tr = (key: string, o?: Record<string, unknown>) => i18n.t(key, { ns: NAMESPACE, ...o });

async function show(locale: Locale, path = '/refunds') {
  const calls = stubApi({
    '/PRES-live/getCinemaFilterData': { locations: [{ LocationId: 1, Name: 'City Cinema Tel Aviv', BusinessId: 1 }], productClasses: [], weekendDays: [5, 6] },
    '/PRES-live/refunds': { rows: ROWS, totals },
  });
  await renderAt(locale, path, [['/refunds', <Refunds />]]);
  return calls;
}

describe('PresLive: refunds owed to customers (eighteenth session: nothing showed the card refunds nobody sent)', () => {
  for (const locale of ['en', 'he'] as const) {
    it(`[${locale}] each card refund with its order, amount and status — failed with the reason and "Send again"; account credits as owed`, async () => {
      await show(locale);
      const table = await screen.findByRole('table', { name: tr('refunds.caption') });
      const rowOf = (order: string) => within(table).getByRole('rowheader', { name: order }).closest('tr')!;
      expect(rowOf('W2000001').textContent).toContain(formatMoney(40, locale));
      expect(rowOf('W2000001').textContent).toContain(tr('refunds.to.card'));
      expect(rowOf('W2000002').textContent).toContain(tr('refunds.reason.PROVIDER_UNAVAILABLE'));
      expect(rowOf('W2000003').textContent).toContain(tr('refunds.status.failed'));
      expect(rowOf('W2000003').textContent).toContain(tr('refunds.reason.DECLINED'));
      expect(rowOf('W2000003').textContent).toContain('the issuer refused it');
      expect(within(rowOf('W2000003')).getByRole('button', { name: new RegExp(`^${tr('refunds.resend')}`) })).toBeTruthy();
      expect(within(rowOf('W2000001')).queryByRole('button')).toBeNull();
      // the credit: owed, its voucher masked (kept left to right) and what is left on it
      expect(rowOf('W2000004').textContent).toContain(tr('refunds.status.credited'));
      expect(rowOf('W2000004').textContent).toContain(tr('refunds.creditLeft', { code: isolateLtr('••••K7QX'), amount: formatMoney(12.5, locale) }));
      const sums = screen.getByTestId('refund-totals');
      expect(within(sums).getByText(tr('refunds.total.failed')).nextElementSibling!.textContent).toBe(formatMoney(19.8, locale));
      expect(screen.getByText(tr('basis.refunds'))).toBeTruthy();
    });
  }

  it('"Send again" posts the resend and says the outcome; "still owed" asks for open refunds of any date', async () => {
    const calls = await show('en');
    const table = await screen.findByRole('table', { name: 'Refunds of customer cancellations' });
    const posted: string[] = [];
    const base = globalThis.fetch;
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(String(input), init);
      if (req.method === 'POST') {
        posted.push(new URL(req.url, 'http://x').pathname);
        return new Response(JSON.stringify({ refund: { ...ROWS[2], Status: 'sent', Reason: null, Detail: null, CanResend: false } }), { status: 200, headers: { 'content-type': 'application/json' } });
      }
      return base(input, init);
    }));
    fireEvent.click(within(table).getByRole('button', { name: 'Send again — Order W2000003' }));
    expect(await screen.findByText('The refund of order W2000003 was sent.')).toBeTruthy();
    expect(posted).toEqual(['/api/PRES-live/refunds/3/resend']);

    fireEvent.change(screen.getByRole('combobox', { name: 'Show' }), { target: { value: 'open' } });
    await screen.findByRole('table', { name: 'Card refunds still owed' });
    expect(calls.some((u) => u.includes('/PRES-live/refunds?') && u.includes('show=open'))).toBe(true);
    expect(screen.getByTestId('where').textContent).toContain('show=open');
  });
});
