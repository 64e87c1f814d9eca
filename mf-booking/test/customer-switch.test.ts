import { describe, expect, it } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import type { TicketGroup } from '@ticketing/shared';
import { cartActions, cartSlice, checkoutCartActions, type TicketBlock } from '../src/cart/cartSlice';
import { checkoutActions, checkoutSlice, initialCheckout } from '../src/checkout/checkoutSlice';
import { customerSwitchText, reconcileCustomer } from '../src/checkout/customerSwitch';
import type { CustomerFormValues } from '../src/checkout/cartCustomer';

const ticket = (id: number, price: number) => ({
  id, name: `T${id}`, price, oldPrice: price, serviceCharge: 3, pricePolicyId: 1, multiplyFactor: 1, isByCodeEnabled: false, kind: 'regular' as const, code: null,
  ref1prompt: null, ref2prompt: null, walkin: false, loyaltyPointsPrice: null, addons: [],
});
const group: TicketGroup = { id: 1, name: 'Regular', code: 'regular', tickets: [ticket(11, 45), ticket(12, 35)] };
const seat = (n: number) => ({
  key: `10_${n}_1`, sectionId: 10, XCoordinate: n, YCoordinate: 1, RowName: 'A', SeatName: String(n), SectionName: 'Stalls', TicketGroupId: 1, AllocationId: 1, isGA: false, hold: 'held' as const,
});
const details = { firstName: 'Noa', lastName: 'Barak', email: 'noa@example.com' } as unknown as CustomerFormValues;

/** An order on the details step: two seats, the first with Noa's member ticket (the regular ticket before it). */
function store() {
  const s = configureStore({ reducer: { cart: cartSlice.reducer, checkout: checkoutSlice.reducer }, preloadedState: { checkout: initialCheckout() } });
  s.dispatch(cartActions.presentationSelected({ presentationId: 1, venueId: 1, seatplanId: 1, serviceCharge: 3 }));
  s.dispatch(cartActions.seatsSelected({ isHold: false, presentationId: 1, seats: [seat(1), seat(2)] }));
  s.dispatch(cartActions.ticketGroupsLoaded({ isHold: false, presentationId: 1, ticketGroups: [group], serviceCharge: 3 }));
  const regular = s.getState().cart.presentations['1']!.seats[0]!.ticket as TicketBlock;
  const member = { ...regular, ticketId: 77, amount: 0, kind: 'member', memberNumber: 'M2001', previous: regular };
  s.dispatch(checkoutCartActions.seatTicketsSet({ presentationId: 1, entries: [{ key: '10_1_1', ticket: member }] }));
  s.dispatch(checkoutActions.setCustomerInfo(details));
  return s;
}
const tickets = (s: ReturnType<typeof store>) => s.getState().cart.presentations['1']!.seats.map((x) => [x.ticket?.ticketId, (x.ticket as { kind?: string } | null)?.kind ?? 'regular']);

describe('the order against who is signed in', () => {
  it('the first answer only records whose the order is', async () => {
    const s = store();
    await s.dispatch(reconcileCustomer(5));
    expect(s.getState().checkout.customerInfoOwner).toBe(5);
    expect(s.getState().checkout.customerInfo).toEqual(details);
    expect(s.getState().checkout.customerSwitch).toBeNull();
    await s.dispatch(reconcileCustomer(5));
    expect(tickets(s)).toEqual([[77, 'member'], [11, 'regular']]);
  });

  it('signed out: the details and the member ticket go (the seat gets back its ticket from before), and the page is told', async () => {
    const s = store();
    await s.dispatch(reconcileCustomer(5));
    await s.dispatch(reconcileCustomer(null));
    expect(s.getState().checkout.customerInfo).toBeNull();
    expect(s.getState().checkout.customerInfoOwner).toBeNull();
    expect(tickets(s)).toEqual([[11, 'regular'], [11, 'regular']]);
    const said = s.getState().checkout.customerSwitch!;
    expect(said).toEqual({ signedIn: false, detailsCleared: true, ticketsDropped: true });
    expect(customerSwitchText(said)).toBe('order.customerSwitch.signedOutTickets');
    s.dispatch(checkoutActions.customerSwitchSeen());
    expect(s.getState().checkout.customerSwitch).toBeNull();
  });

  it('another customer signed in: the same, said as a sign-in; a visitor not signed in who signs in only changes the details', async () => {
    const s = store();
    await s.dispatch(reconcileCustomer(5));
    await s.dispatch(reconcileCustomer(6));
    expect(s.getState().checkout.customerSwitch).toEqual({ signedIn: true, detailsCleared: true, ticketsDropped: true });
    const anonymous = configureStore({ reducer: { cart: cartSlice.reducer, checkout: checkoutSlice.reducer }, preloadedState: { checkout: initialCheckout() } });
    anonymous.dispatch(checkoutActions.setCustomerInfo(details));
    await anonymous.dispatch(reconcileCustomer(null));
    await anonymous.dispatch(reconcileCustomer(6));
    expect(anonymous.getState().checkout.customerSwitch).toEqual({ signedIn: true, detailsCleared: true, ticketsDropped: false });
    expect(customerSwitchText(anonymous.getState().checkout.customerSwitch!)).toBe('order.customerSwitch.signedIn');
  });

  it('whose the details are outlives the order with them ("keep my details"), so the next order is reconciled too', async () => {
    const s = store();
    await s.dispatch(reconcileCustomer(null));
    s.dispatch(checkoutActions.committed({ reservationIdentifier: 'R1', ticketIdentifiers: [], presentationId: 1 } as never));
    expect(s.getState().checkout.customerInfoOwner).toBeNull();
    s.dispatch(cartActions.reset());
    expect(s.getState().checkout.customerInfo).toEqual(details);
    await s.dispatch(reconcileCustomer(9));
    expect(s.getState().checkout.customerInfo).toBeNull();
  });

  it('a points ticket with nothing before it gets the first ticket of its group', async () => {
    const s = store();
    await s.dispatch(reconcileCustomer(5));
    const regular = s.getState().cart.presentations['1']!.seats[1]!.ticket as TicketBlock;
    s.dispatch(checkoutCartActions.seatTicketsSet({ presentationId: 1, entries: [{ key: '10_2_1', ticket: { ...regular, ticketId: 88, kind: 'loyalty' } as TicketBlock }] }));
    await s.dispatch(reconcileCustomer(null));
    expect(tickets(s)).toEqual([[11, 'regular'], [11, 'regular']]);
  });
});
