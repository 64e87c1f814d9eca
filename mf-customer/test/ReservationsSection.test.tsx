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
