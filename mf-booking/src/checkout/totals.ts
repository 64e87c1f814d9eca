/**
 * The browser never adds prices up (issue 14 point 1): totals come from the api (`POST /api/cart`,
 * see usePricedCart). Only the spec's product filter lives here, used when building the cart.
 */
export interface TotalsProduct { price: unknown; quantity: number }

/** Spec section 5: products count only if the price is numeric and the quantity above 0. */
export const isPricedProduct = (p: TotalsProduct): p is { price: number; quantity: number } =>
  typeof p.price === 'number' && Number.isFinite(p.price) && p.quantity > 0;
