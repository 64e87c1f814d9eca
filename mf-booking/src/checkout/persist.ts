import { useEffect } from 'react';
import { saveCheckout } from './checkoutSlice';
import { useCheckoutSelector } from './hooks';

/** Writes the checkout state to session storage whenever it changes (restored by loadCheckout). */
export function usePersistCheckout(): void {
  const state = useCheckoutSelector((s) => s.checkout);
  useEffect(() => { saveCheckout(state); }, [state]);
}
