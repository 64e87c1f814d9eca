import { agorotToShekels, shekelsToAgorot } from '@ticketing/shared';

/** What the order summary needs to know of one cart seat's ticket block. */
export interface TotalsTicket {
  amount: number;
  serviceCharge: number;
  addons?: { price: number }[];
  /** Loyalty-points tickets are paid in points: no money. */
  isLoyaltyPointsRedemption?: boolean;
}
export interface TotalsProduct { price: unknown; quantity: number }
export interface TotalsInput {
  tickets: TotalsTicket[];
  products: TotalsProduct[];
  /** Per order (spec: booking fee). */
  bookingFee?: number;
  /** Per order (cart payload: globalServiceCharge). */
  globalServiceCharge?: number;
  /** The one voucher payment's balance (spec section 5: the lesser of total and balance is used). */
  voucherBalance?: number | null;
}
export interface Totals {
  ticketCount: number;
  tickets: number;
  addons: number;
  products: number;
  serviceCharge: number;
  bookingFee: number;
  total: number;
  voucher: number;
  toPay: number;
}

/** Spec section 5: products count only if the price is numeric and the quantity above 0. */
export const isPricedProduct = (p: TotalsProduct): p is { price: number; quantity: number } =>
  typeof p.price === 'number' && Number.isFinite(p.price) && p.quantity > 0;

/** Spec section 5: the voucher amount is the lesser of the order total and the voucher balance. */
export function voucherAmount(total: number, balance: number): number {
  return agorotToShekels(Math.max(0, Math.min(shekelsToAgorot(total), shekelsToAgorot(balance))));
}

/** Order summary arithmetic in integer agorot (no floating drift), returned in shekels. */
export function computeTotals(input: TotalsInput): Totals {
  const a = shekelsToAgorot;
  let tickets = 0, addons = 0, service = 0, products = 0;
  for (const t of input.tickets) {
    if (!t.isLoyaltyPointsRedemption) tickets += a(t.amount);
    service += a(t.serviceCharge);
    for (const ad of t.addons ?? []) addons += a(ad.price);
  }
  for (const p of input.products) if (isPricedProduct(p)) products += a(p.price) * p.quantity;
  service += a(input.globalServiceCharge ?? 0);
  const fee = a(input.bookingFee ?? 0);
  const total = tickets + addons + products + service + fee;
  const voucher = input.voucherBalance != null ? Math.max(0, Math.min(total, a(input.voucherBalance))) : 0;
  return {
    ticketCount: input.tickets.length,
    tickets: agorotToShekels(tickets),
    addons: agorotToShekels(addons),
    products: agorotToShekels(products),
    serviceCharge: agorotToShekels(service),
    bookingFee: agorotToShekels(fee),
    total: agorotToShekels(total),
    voucher: agorotToShekels(voucher),
    toPay: agorotToShekels(total - voucher),
  };
}
