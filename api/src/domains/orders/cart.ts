import type { Cart } from '@ticketing/shared/contracts';
import type { Queryable } from '../../db/index.ts';
import { checkBalances } from './cartBalances.ts';
import { summarize } from './cartSummary.ts';
import { checkHoldAllowed, checkPresentations, priceTickets } from './cartTickets.ts';
import { cartTotals, priceProducts, priceVoucherPayment, splitPayments } from './cartTotals.ts';
import { fail, type CartContext, type PricedOrder } from './cartTypes.ts';

export type { CartContext, PricedOrder } from './cartTypes.ts';
export { miniSiteRefUsed } from './cartBalances.ts';

/**
 * Cart build and pricing (spec 5). Used by POST /cart (summary) and by the commit (inside its transaction,
 * so every check and price is re-done against the data the sale writes). The api never trusts a price
 * sent by the browser. One function per stage, run in this order (the first refusal wins).
 */
export async function priceCart(q: Queryable, cart: Cart, ctx: CartContext): Promise<PricedOrder> {
  const isHold = cart.isHold === true;
  // Spec 5: the cart holds only selected seats with a ticket.
  const seats = cart.seats.filter((s) => s.ticket);
  if (!seats.length) fail(400, 'EMPTY_CART', 'no seat with a ticket');

  const presentations = await checkPresentations(q, cart, seats, isHold, ctx);
  if (isHold) await checkHoldAllowed(q, cart, ctx);
  const { lines, use } = await priceTickets(q, seats, presentations, isHold, ctx);
  if (use.walkinRequired && cart.walkin !== true) fail(409, 'WALKIN_REQUIRED', 'confirm the walk-in terms');
  await checkBalances(q, use, ctx);
  const { products, deliveryRequired } = await priceProducts(q, cart, ctx.lang);
  const totals = cartTotals(lines, products, isHold, ctx.settings);
  const voucher = await priceVoucherPayment(q, cart, totals.totalAmount, ctx);
  const amountDue = isHold ? 0 : totals.totalAmount - (voucher?.amount ?? 0);
  const { numberOfPayments, payments } = splitPayments(cart, amountDue, ctx.settings);

  const priced: Omit<PricedOrder, 'summary'> = {
    lines, products, presentations, ...totals, voucher, amountDue, numberOfPayments, payments, isHold, deliveryRequired,
    walkinRequired: use.walkinRequired, couponUse: use.couponUse, memberUse: use.memberUse, voucherTicketUse: use.voucherTicketUse,
    loyaltyPoints: use.loyaltyPoints, refUse: [...use.miniSiteRefs.values()], customerId: ctx.customerId,
    referralMiniSiteId: ctx.miniSite?.id ?? cart.referralMiniSiteId ?? null,
  };
  return { ...priced, summary: summarize(priced, ctx.lang) };
}
