import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { addNamespace, i18n, initI18n, setRuntimeConfig, type EDocument } from '@ticketing/shared';
import { resources } from '../src/locales';
import { ETicketTickets } from '../src/edocument/ETicketTickets';

type Ticket = EDocument['tickets'][number];
const ticket = (seat: string, isCancelled: boolean): Ticket => ({
  ticketIdentifier: `T${seat}`, RowName: 'H', SeatName: seat, SectionName: 'Stalls', ticketName: 'Regular', price: 68, isScanned: false, isCancelled,
});

beforeAll(async () => {
  setRuntimeConfig({ apiBase: 'http://127.0.0.1:9/api' });
  await initI18n('en');
  addNamespace('booking', resources);
});
afterEach(cleanup);

const show = (tickets: Ticket[], isCancelled = false) => render(
  <I18nextProvider i18n={i18n}><ETicketTickets d={{ tickets, isVod: false, isCancelled }} /></I18nextProvider>,
);

describe('e-ticket: a cancelled ticket of the order', () => {
  it('is listed, and says "Cancelled" in words (not only struck through); the note says the code admits the others only', () => {
    show([ticket('11', true), ticket('12', false)]);
    const [, cancelled, kept] = screen.getAllByRole('row');
    expect(within(cancelled!).getByText('Cancelled')).toBeTruthy();
    expect(cancelled!.textContent).toContain('Stalls, row H, seat 11');
    // not "No" (not scanned) as if it could still be: the cell says it admits no one
    expect(within(cancelled!).queryByText('No')).toBeNull();
    expect(within(cancelled!).getByText('Not valid for entry')).toBeTruthy();
    expect(within(kept!).queryByText('Cancelled')).toBeNull();
    expect(within(kept!).getByText('No')).toBeTruthy();
    expect(screen.getByText('Cancelled tickets do not admit entry: the QR code admits the remaining tickets only.')).toBeTruthy();
  });
  it('nothing cancelled: no tag, no note; the whole order cancelled: each ticket says so, the page\'s own state says the rest', () => {
    show([ticket('11', false), ticket('12', false)]);
    expect(screen.queryByText('Cancelled')).toBeNull();
    expect(screen.queryByTestId('edoc-cancelled-note')).toBeNull();
    cleanup();
    show([ticket('11', true), ticket('12', true)], true);
    expect(screen.getAllByText('Cancelled')).toHaveLength(2);
    expect(screen.queryByTestId('edoc-cancelled-note')).toBeNull();
  });
});
