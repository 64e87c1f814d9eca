import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { ThunkAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { subscribe } from '@ticketing/shared';
import { orderApi, useCurrentCustomerQuery } from '../api/orderApi';
import { cartActions, checkoutCartActions, type CartState } from '../cart/cartSlice';
import { checkoutActions, type CheckoutState, type CustomerSwitch } from './checkoutSlice';

type State = { cart: CartState; checkout: CheckoutState };

/**
 * The order against who is signed in now (`customerId`, null: nobody). The first answer only records it; another
 * identity later (signed out, or signed in as someone else: QA, sixteenth session — the last customer's details,
 * ID number and member tickets stayed in the order, and the next customer's order failed on them) takes the previous
 * one's details and member / points tickets out. The api would refuse a member ticket of someone else's anyway.
 */
export function reconcileCustomer(customerId: number | null): ThunkAction<Promise<void>, State, unknown, UnknownAction> {
  return async (dispatch, getState) => {
    const owner = getState().checkout.customerInfoOwner;
    if (owner === customerId) return;
    if (owner === undefined) { dispatch(checkoutActions.customerInfoOwnerSet(customerId)); return; }
    // the tickets' code (the tickets step's) comes only now: a change of identity mid-order is rare, and the order
    // page's first screen went 6.8 KB heavier with it (issue 12)
    const { customerTicketChanges } = await import(/* webpackChunkName: "customer-tickets" */ './customerTickets');
    const { checkout, cart } = getState();
    if (checkout.customerInfoOwner === customerId) return; // reconciled meanwhile
    const changes = customerTicketChanges(cart, checkout.isHold);
    for (const c of changes) dispatch(checkoutCartActions.seatTicketsSet(c));
    dispatch(checkoutActions.customerSwitched({ customerId, ticketsDropped: changes.length > 0 }));
  };
}

/**
 * On the order page: asks who is signed in at each visit (back from signing in elsewhere) and again when the header
 * signs someone in or out, reconciles the order with it, and when that took something out, goes back to the step to
 * redo (the tickets when a member ticket went, else the details) and returns what to say there.
 */
export function useCustomerSwitch(steps: ReadonlyArray<{ id: string }>, step: number): CustomerSwitch | null {
  const dispatch = useDispatch<ThunkDispatch<State, unknown, UnknownAction>>();
  const { data: customer, isFetching } = useCurrentCustomerQuery(undefined, { refetchOnMountOrArgChange: true });
  useEffect(() => {
    const again = () => dispatch(orderApi.util.invalidateTags(['Customer']));
    const offIn = subscribe('customer:login', again);
    const offOut = subscribe('customer:logout', again);
    return () => { offIn(); offOut(); };
  }, [dispatch]);
  useEffect(() => {
    if (customer === undefined || isFetching) return;
    void dispatch(reconcileCustomer(customer?.customerInfo.CustomerId ?? null));
  }, [customer, isFetching, dispatch]);

  const pending = useSelector((s: State) => s.checkout.customerSwitch);
  const [said, setSaid] = useState<{ what: CustomerSwitch; step: number } | null>(null);
  useEffect(() => {
    if (!pending) return;
    const target = steps.findIndex((s) => s.id === (pending.ticketsDropped ? 'chooseTickets' : 'customerInfo'));
    const to = target >= 0 && step > target ? target : step;
    if (to !== step) dispatch(cartActions.stepChanged(to));
    setSaid({ what: pending, step: to });
    dispatch(checkoutActions.customerSwitchSeen());
  }, [pending, steps, step, dispatch]);
  return said && said.step === step ? said.what : null;
}

/** What the order page says after a change of identity took something out of the order. */
export function customerSwitchText(w: CustomerSwitch): string {
  return `order.customerSwitch.${w.signedIn ? 'signedIn' : 'signedOut'}${w.ticketsDropped ? 'Tickets' : ''}`;
}
