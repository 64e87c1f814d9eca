import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { addNamespace, i18n, initI18n, setRuntimeConfig, type TicketGroup } from '@ticketing/shared';
import { resources } from '../src/locales';
import { createStore } from '../src/store';
import { cartActions, type CartPresentation } from '../src/cart/cartSlice';
import type { CheckoutTicket } from '../src/checkout/cartPayload';
import { TicketGroupTable } from '../src/checkout/tickets/TicketGroupTable';
import { SeatTicketList } from '../src/checkout/tickets/SeatTicketList';
import type { TicketDetails } from '../src/checkout/tickets/useTicketDetails';

const ticket = (id: number, name: string, extra: Partial<TicketGroup['tickets'][number]> = {}) => ({
  id, name, price: 45, oldPrice: 45, serviceCharge: 5, pricePolicyId: 1, multiplyFactor: 1, isByCodeEnabled: false, kind: 'regular' as const, code: null,
  ref1prompt: null, ref2prompt: null, walkin: false, loyaltyPointsPrice: null, addons: [], ...extra,
});
const group: TicketGroup = { id: 1, name: 'Regular', code: 'regular', tickets: [ticket(11, 'Regular'), ticket(12, 'Partner employee', { kind: 'reference' })] };

beforeAll(async () => {
  setRuntimeConfig({ apiBase: 'http://127.0.0.1:9/api' });
  await initI18n('en');
  addNamespace('booking', resources);
});
afterEach(cleanup);

/** A store whose cart holds one seat of group 1, its first ticket dealt by the cart. */
function storeWithSeat() {
  const store = createStore();
  store.dispatch(cartActions.presentationSelected({ presentationId: 1, venueId: 1, seatplanId: 1, serviceCharge: 5 }));
  store.dispatch(cartActions.seatsSelected({
    isHold: false, presentationId: 1,
    seats: [{ key: '10_1_1', sectionId: 10, XCoordinate: 1, YCoordinate: 1, RowName: 'A', SeatName: '1', SectionName: 'Stalls', TicketGroupId: 1, AllocationId: 1, isGA: false, hold: 'held' as const }],
  }));
  store.dispatch(cartActions.ticketGroupsLoaded({ isHold: false, presentationId: 1, ticketGroups: [group], serviceCharge: 5 }));
  return store;
}
const details = (ready: boolean): TicketDetails => ({
  ready, infoOf: () => undefined, detailed: (g) => g, sellable: () => true, addonPricesOf: () => ({}), addonNameOf: () => '',
});

function renderTable(ready: boolean) {
  const store = storeWithSeat();
  const p = store.getState().cart.presentations['1'] as CartPresentation;
  render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <TicketGroupTable p={p} group={group} seats={p.seats} details={details(ready)} tried={false} points={0} lookupBusy={false} onLoyalty={() => undefined} />
      </I18nextProvider>
    </Provider>,
  );
}

describe('ticket quantities', () => {
  it('wait for the ticket lookups: a ticket dealt from the catalog alone lacks its reference prompts and limits', () => {
    renderTable(false);
    expect(screen.getByRole('button', { name: 'One Regular ticket less' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'One Partner employee ticket more' })).toHaveProperty('disabled', true);
  });
  it('are offered once the lookups have answered', () => {
    renderTable(true);
    expect(screen.getByRole('button', { name: 'One Regular ticket less' })).toHaveProperty('disabled', false);
    // the one seat is covered by the regular ticket: another ticket needs one less regular first
    expect(screen.getByRole('button', { name: 'One Partner employee ticket more' })).toHaveProperty('disabled', true);
  });
});

describe('reference prompts refused as a pair', () => {
  it('mark both fields, say the text once (under the second) and describe both by it', () => {
    const store = storeWithSeat();
    const base = store.getState().cart.presentations['1'] as CartPresentation;
    const tk = { ...(base.seats[0]!.ticket as CheckoutTicket), name: 'Partner employee', ref1prompt: 'Employee number', ref2prompt: 'Organisation code', ref1: 'T1001', ref2: 'HTX' };
    const p = { ...base, seats: [{ ...base.seats[0]!, ticket: tk }] } as CartPresentation;
    const text = 'No reference matches the details you entered: check each of them.';
    render(
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <SeatTicketList p={p} quote={undefined} details={details(true)} refErrors={{ '10_1_1:ref1': '', '10_1_1:ref2': text }} />
        </I18nextProvider>
      </Provider>,
    );
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([text]);
    for (const name of ['Employee number *', 'Organisation code *']) {
      const field = screen.getByLabelText(name);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe(text);
    }
  });
});

describe("a seat's price on the tickets step", () => {
  it("is the api's figure for the seat, not a sum made in the browser", () => {
    const store = storeWithSeat();
    const p = store.getState().cart.presentations['1'] as CartPresentation;
    const line = {
      sectionId: 10, XCoordinate: 1, YCoordinate: 1, RowName: 'A', SeatName: '1', SectionName: 'Stalls', ticketId: 11, ticketName: 'Regular',
      kind: 'regular' as const, isMultiplyFactorSubTicket: false, isPremium: false, price: 45, oldPrice: 45, serviceCharge: 5,
      addons: [], total: 47.5, code: null, memberNumber: null, systemVoucher: null, ref1: null, ref2: null,
    };
    const quote = { presentations: [{ tickets: [line] }] } as unknown as Parameters<typeof SeatTicketList>[0]['quote'];
    render(
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <SeatTicketList p={p} quote={quote} details={details(true)} refErrors={{}} />
        </I18nextProvider>
      </Provider>,
    );
    expect(screen.getByTestId('seat-price').textContent).toContain('47.50');
  });
});
