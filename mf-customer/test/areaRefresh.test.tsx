import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { jsonFetch } from '@ticketing/shared/testing';
import type { AreaReservation, CustomerAreaData } from '@ticketing/shared/contracts';
import { Area } from '../src/area/Area';
import { customer, renderComponent } from './fixtures';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); });
beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) { this.open = true; };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) { this.open = false; this.dispatchEvent(new Event('close')); };
});

const order: AreaReservation = {
  id: 5, identifier: 'W100123', status: 'committed', isHold: false, title: 'The Quiet Sea', presentationId: 9, startsAt: '2099-06-01T17:00:00.000Z',
  locationName: 'Tel Aviv', venueName: 'Hall 3', total: 13, fees: 13, products: 0, refunded: 0, eTicketUrl: null,
  tickets: [{ id: 51, sectionName: 'Stalls', row: 'H', seat: '7', price: 0, status: 'sold', cancellable: true }],
};
const data: CustomerAreaData = { upcoming: [order], past: [], systemVouchers: [], cancellation: { enabled: true, fee: { kind: 'fixed', value: 0 } } };
const split = { card: 0, vouchers: [], voucherTickets: 0, memberTickets: 1, loyaltyPoints: 0, couponUses: 0 };

describe('the customer\'s own figures after a cancellation', () => {
  it('a cancellation that gives member tickets back asks for the customer again (memberships showed the old "tickets left")', async () => {
    vi.stubGlobal('fetch', vi.fn(jsonFetch({
      '/customer-area/customerAreaData': { customerAreaData: data },
      '/customer-area/vod': { vod: [] },
      '/customer-area/waiting-list': { entries: [] },
      '/cancel-quote': { ticketIds: [51], ticketsAmount: 0, fee: 0, refund: 0, split },
      '/cancel': { cancelledItems: [51], ticketsAmount: 0, fee: 0, refund: 0, refundToTransactionCredit: false, split },
    })));
    const changed = vi.fn();
    renderComponent(() => <Area customer={customer()} onSignedOut={() => {}} onAreaChanged={changed} />);
    const cancel = await screen.findByRole('button', { name: 'Cancel tickets' });
    expect(changed).not.toHaveBeenCalled(); // the first answer is the customer's figures as signed in
    fireEvent.click(cancel);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Yes, cancel' }));
    await waitFor(() => expect(changed).toHaveBeenCalledTimes(1));
  });
});
