import { useDispatch, useSelector } from 'react-redux';
import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import { currentLocale, type CustomerFormConfig } from '@ticketing/shared';
import { defaultOrderForm } from '@ticketing/shared';
import type { CartState } from '../cart/cartSlice';
import type { CheckoutState } from './checkoutSlice';
import { useStartupConfigQuery } from '../api/orderApi';

export interface CheckoutRoot { cart: CartState; checkout: CheckoutState }
export const useCheckoutSelector = <T,>(fn: (s: CheckoutRoot) => T): T => useSelector(fn);
export const useCheckoutDispatch = (): Dispatch<UnknownAction> => useDispatch();

/** The order form's switches from GET /config, or the spec's defaults until it answers. */
export function useOrderFormConfig(): { form: CustomerFormConfig; loading: boolean } {
  const { data, isLoading } = useStartupConfigQuery();
  return { form: data?.config.forms.order ?? defaultOrderForm(), loading: isLoading };
}

export const useLocale = () => currentLocale();
