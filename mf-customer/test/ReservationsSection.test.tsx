import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { formatMoney, isolateLtr } from '@ticketing/shared';
import { jsonFetch } from '@ticketing/shared/testing';
import type { AreaReservation, CancelRefundSplit, CustomerAreaData } from '@ticketing/shared/contracts';
import { ReservationsSection } from '../src/area/ReservationsSection';
import { renderComponent } from './fixtures';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); });
beforeAll(() => {
  // jsdom has no modal dialogs: open and close are enough here
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) { this.open = true; };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) { this.open = false; this.dispatchEvent(new Event('close')); };
});

/** Dana's order (testers' case): ₪118.00 = two tickets ₪60 + ₪45, ₪13 service charges and booking fee; ₪100 by gift voucher, ₪18 by card. */
const order = (over: Partial<AreaReservation> = {}): AreaReservation => ({
  id: 5, identifier: 'W100123', status: 'committed', isHold: false, title: 'The Quiet Sea', presentationId: 9, startsAt: '2099-06-01T17:00:00.000Z',
  locationName: 'Tel Aviv', venueName: 'Hall 3', total: 118, fees: 13, products: 0, refunded: 0, eTicketUrl: null,
  tickets: [
    { id: 51, sectionName: 'Stalls', row: 'H', seat: '7', price: 60, status: 'sold', cancellable: true },
    { id: 52, sectionName: 'Stalls', row: 'H', seat: '8', price: 45, status: 'sold', cancellable: true },
  ],
  ...over,
});
const data = (r: AreaReservation): CustomerAreaData => ({
  upcoming: [r], past: [], systemVouchers: [], cancellation: { enabled: true, fee: { kind: 'perTicket', value: 5 } },
});
const split = (over: Partial<CancelRefundSplit> = {}): CancelRefundSplit => ({
  card: 0, vouchers: [], voucherTickets: 0, memberTickets: 0, loyaltyPoints: 0, couponUses: 0, ...over,
});

function show(lang: 'en' | 'he', r: AreaReservation, answer: { fee: number; refund: number; split?: CancelRefundSplit }) {
  vi.stubGlobal('fetch', vi.fn(jsonFetch({
    '/cancel-quote': { ticketIds: [51, 52], ticketsAmount: 105, ...answer },
    '/cancel': { cancelledItems: [51, 52], ticketsAmount: 105, refundToTransactionCredit: false, ...answer },
  })));
  renderComponent(() => <ReservationsSection data={data(r)} />, lang);
}
const open = async (label: string) => {
  fireEvent.click(screen.getByRole('button', { name: label }));
  return screen.findByRole('dialog');
};

describe('the cancel dialog and its outcome say where the refund goes', () => {
  it('[en] voucher and card: the card gets what it was charged, the voucher the rest; the card shows what was paid', async () => {
    show('en', order(), { fee: 10, refund: 95, split: split({ card: 18, vouchers: [{ reference: 'GIFT-100-DEMO', amount: 77 }] }) });
    // what was paid in all, not only the tickets' prices
    expect(await screen.findByText('Paid ₪118.00 · service charges and booking fee ₪13.00')).toBeTruthy();
    const dialog = await open('Cancel tickets');
    const code = isolateLtr('••••DEMO');
    expect(await within(dialog).findByText(
      `You will get ₪95.00 back (₪10.00 cancellation fee withheld): ₪18.00 back to your card and ₪77.00 back to gift voucher ${code}.`)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));
    expect(await screen.findByText(`Cancelled: ₪18.00 back to your card and ₪77.00 back to gift voucher ${code} (₪10.00 fee withheld).`)).toBeTruthy();
  });

  it('[he] paid by voucher alone: all of it back to the voucher, nothing promised to the card; a member ticket comes back too', async () => {
    show('he', order({ total: 136 }), { fee: 5, refund: 55, split: split({ vouchers: [{ reference: 'GIFT-200-DEMO', amount: 55 }], memberTickets: 1 }) });
    const m = (n: number) => formatMoney(n, 'he');
    const code = isolateLtr('••••DEMO');
    await screen.findByRole('button', { name: 'ביטול הכרטיסים' });
    const dialog = await open('ביטול הכרטיסים');
    const quoted = await within(dialog).findByRole('status');
    await vi.waitFor(() => expect(quoted.textContent).toBe(`יוחזרו לכם ${m(55)} (אחרי דמי ביטול ${m(5)}): ${m(55)} לשובר המתנה ${code}. יוחזרו גם: כרטיסי מנוי: 1.`));
    expect(quoted.textContent).not.toContain('כרטיס האשראי');
    fireEvent.click(within(dialog).getByRole('button', { name: 'כן, לבטל' }));
    const outcome = () => screen.getAllByRole('status').find((e) => e.textContent?.startsWith('בוטל'))?.textContent;
    await vi.waitFor(() => expect(outcome()).toBe(`בוטל. יוחזרו ${m(55)} לשובר המתנה ${code} (קוזזו דמי ביטול ${m(5)}). יוחזרו גם: כרטיסי מנוי: 1.`));
  });

  it('[en] an api without the split: the refund as before; after a cancellation the card says what was refunded', async () => {
    show('en', order({ refunded: 40, products: 18, total: 136 }), { fee: 10, refund: 95 });
    expect(await screen.findByText('Paid ₪136.00 · service charges and booking fee ₪13.00 · products ₪18.00')).toBeTruthy();
    expect(screen.getByText('Refunded ₪40.00')).toBeTruthy();
    const dialog = await open('Cancel tickets');
    expect(await within(dialog).findByText('You will get ₪95.00 back (₪10.00 cancellation fee withheld).')).toBeTruthy();
  });
});

describe('eighteenth session: the account credit is named, and tickets that cost nothing say only what comes back', () => {
  it('[en] refund to account credit: the dialog says what the credit is; the outcome names its voucher (masked), balance and how it pays', async () => {
    const credit = { reference: 'CR-AB12-CD34-K7QX', amount: 19.8, balance: 19.8, validUntil: '2031-11-28' };
    const fetch = vi.fn(jsonFetch({
      '/cancel-quote': { ticketIds: [51], ticketsAmount: 24.8, fee: 5, refund: 19.8, split: split({ card: 19.8 }) },
      '/cancel': { cancelledItems: [51], ticketsAmount: 24.8, fee: 5, refund: 19.8, refundToTransactionCredit: true, split: split({ card: 19.8 }), credit },
    }));
    vi.stubGlobal('fetch', fetch);
    renderComponent(() => <ReservationsSection data={data(order({ tickets: [{ id: 51, sectionName: 'Stalls', row: 'H', seat: '7', price: 24.8, status: 'sold', cancellable: true }] }))} />, 'en');
    await screen.findByRole('button', { name: 'Cancel tickets' });
    const dialog = await open('Cancel tickets');
    const box = within(dialog).getByRole('checkbox', { name: 'Refund to my account credit instead of the card' });
    // what the account credit is, said with the choice (it existed nowhere)
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(box.getAttribute('aria-describedby')!)!.textContent)
      .toBe('Account credit is a voucher of yours, listed under Gift vouchers and valid for 5 years: it pays a next order at checkout (“Pay with a voucher”).');
    fireEvent.click(box);
    await vi.waitFor(() => expect(within(dialog).getByRole('status').textContent)
      .toBe('You will get ₪19.80 back (₪5.00 cancellation fee withheld): ₪19.80 to your account credit.'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));
    const code = isolateLtr('••••K7QX');
    expect(await screen.findByText(`Cancelled: ₪19.80 to your account credit, voucher ${code} (₪5.00 fee withheld). `
      + `Your account credit ${code} now holds ₪19.80, valid until ${isolateLtr('28/11/2031')}: pay with it at checkout (“Pay with a voucher”); its code is under Gift vouchers.`)).toBeTruthy();
    const sent = fetch.mock.calls.map(([req]) => req as Request).find((r) => r.method === 'POST' && r.url.endsWith('/cancel'))!;
    expect(await sent.clone().json()).toMatchObject({ refundToTransactionCredit: true });
  });

  it('[en] a ₪0 member ticket cancelled alone: no "₪0.00 back to your card (fee ₪0.00 withheld)", only that the member ticket is back', async () => {
    vi.stubGlobal('fetch', vi.fn(jsonFetch({
      '/cancel-quote': { ticketIds: [52], ticketsAmount: 0, fee: 0, refund: 0, split: split({ memberTickets: 1 }) },
      '/cancel': { cancelledItems: [52], ticketsAmount: 0, fee: 0, refund: 0, refundToTransactionCredit: false, split: split({ memberTickets: 1 }) },
    })));
    renderComponent(() => <ReservationsSection data={data(order({ tickets: [{ id: 52, sectionName: 'Stalls', row: 'H', seat: '8', price: 0, status: 'sold', cancellable: true }] }))} />, 'en');
    await screen.findByRole('button', { name: 'Cancel tickets' });
    const dialog = await open('Cancel tickets');
    await vi.waitFor(() => expect(within(dialog).getByRole('status').textContent).toBe('These tickets cost nothing: no refund and no fee. Back to you: member tickets: 1.'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));
    expect(await screen.findByText('Cancelled. Back to you: member tickets: 1.')).toBeTruthy();
    for (const said of screen.getAllByRole('status')) expect(said.textContent).not.toMatch(/0\.00|card|fee/);
  });

  it('every language: tickets that cost nothing name no amount, no card and no fee', async () => {
    const { default: i18next } = await import('i18next');
    const { resources, NAMESPACE } = await import('../src/locales');
    const { doneText, quoteText } = await import('../src/area/ReservationsSection');
    const i18n = i18next.createInstance();
    await i18n.init({ resources: Object.fromEntries(Object.entries(resources).map(([l, r]) => [l, { [NAMESPACE]: r }])), lng: 'en', interpolation: { escapeValue: false } });
    for (const lang of ['he', 'en', 'ru', 'ar', 'pl'] as const) {
      const t = i18n.getFixedT(lang, NAMESPACE) as (k: string, o?: Record<string, unknown>) => string;
      const back = split({ memberTickets: 2 });
      const done = doneText(t, { cancelledItems: [1, 2], ticketsAmount: 0, fee: 0, refund: 0, refundToTransactionCredit: false, split: back }, lang);
      const quoted = quoteText(t, { ticketIds: [1, 2], ticketsAmount: 0, fee: 0, refund: 0, split: back }, lang, false);
      for (const text of [done, quoted]) {
        expect(text, lang).toContain(t('area.reservations.backMemberTickets', { n: 2 }));
        expect(text, lang).not.toMatch(/0[.,]00|₪/);
        expect(text, lang).not.toContain(t('area.reservations.partCard', { amount: '' }).trim());
        expect(text, lang).not.toMatch(/area\.reservations/);
      }
      // nothing back at all: no amount either
      expect(doneText(t, { cancelledItems: [1], ticketsAmount: 0, fee: 0, refund: 0, refundToTransactionCredit: false, split: split() }, lang)).not.toMatch(/0[.,]00|₪/);
    }
  });
});
