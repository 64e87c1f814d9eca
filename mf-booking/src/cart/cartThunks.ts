import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { selectIsHold, type CheckoutRootState } from '../checkout/checkoutSlice';
import { cartActions } from './cartSlice';

/**
 * The cart actions that assign first tickets, dispatched with the checkout's hold flag as it is now
 * (the checkout owns it and keeps it across a reload, when the cart is rebuilt from the api's holds).
 */
type CartThunk = ThunkAction<void, CheckoutRootState, unknown, UnknownAction>;
type WithoutHold<A extends (p: never) => unknown> = Omit<Parameters<A>[0], 'isHold'>;

export const selectSeats = (a: WithoutHold<typeof cartActions.seatsSelected>): CartThunk =>
  (dispatch, getState) => { dispatch(cartActions.seatsSelected({ ...a, isHold: selectIsHold(getState()) })); };

export const loadTicketGroups = (a: WithoutHold<typeof cartActions.ticketGroupsLoaded>): CartThunk =>
  (dispatch, getState) => { dispatch(cartActions.ticketGroupsLoaded({ ...a, isHold: selectIsHold(getState()) })); };
