import type { Cart } from '@ticketing/shared/contracts';
import type { Queryable } from '../../db/index.ts';
import type { Lang } from '../../lib/route.ts';
import { pick } from '../../lib/lang.ts';
import type { OrdersSettings } from './config.ts';
import { fail, type CartContext, type CartTotals, type PricedLine, type PricedProduct, type PricedVoucher } from './cartTypes.ts';
import { findVoucherItem, voucherUsable } from './tickets.ts';

/** The pricing stages after the tickets (spec 5, 9): products, totals, the voucher payment, the payments. Money in agorot. */

/** Products: only a numeric price and a quantity above 0 count; the same product twice is one line; a delivery method when one needs it. */
export async function priceProducts(q: Queryable, cart: Cart, lang: Lang): Promise<{ products: PricedProduct[]; deliveryRequired: boolean }> {
  const products: PricedProduct[] = [];
  for (const cp of cart.products ?? []) {
    if (!(cp.quantity > 0)) continue;
    if (cp.price !== undefined && !(typeof cp.price === 'number' || (typeof cp.price === 'string' && cp.price.trim() !== '' && Number.isFinite(Number(cp.price))))) continue;
    const { rows } = await q.query<{ id: number; name_he: string; name_en: string; category: string; price: number; is_delivery_required: boolean }>(
      'SELECT id, name_he, name_en, category, price, is_delivery_required FROM products WHERE id = $1', [cp.id]);
    const pr = rows[0] ?? fail(409, 'PRODUCT_NOT_FOUND', `no product ${cp.id}`);
    const existing = products.find((x) => x.id === pr.id);
    if (existing) existing.quantity += cp.quantity;
    else products.push({ id: pr.id, name: pick(lang, pr.name_he, pr.name_en), category: pr.category, quantity: cp.quantity, price: pr.price, isDeliveryRequired: pr.is_delivery_required });
  }
  const deliveryRequired = products.some((x) => x.isDeliveryRequired);
  if (deliveryRequired && !cart.deliveryMethod) fail(409, 'DELIVERY_METHOD_REQUIRED', 'choose a delivery method');
  return { products, deliveryRequired };
}

/** Tickets, service charges, add-ons, glasses and other products, and the booking fee (none on a hold order). */
export function cartTotals(lines: PricedLine[], products: PricedProduct[], isHold: boolean, settings: OrdersSettings): CartTotals {
  const sum = <T,>(xs: T[], f: (x: T) => number) => xs.reduce((n, x) => n + f(x), 0);
  const ticketsAmount = sum(lines, (l) => l.price);
  const serviceCharge = sum(lines, (l) => l.serviceCharge);
  const addons = sum(lines, (l) => l.addonsAmount);
  const glasses = sum(products.filter((x) => x.category === 'glasses'), (x) => x.price * x.quantity);
  const productsAmount = sum(products.filter((x) => x.category !== 'glasses'), (x) => x.price * x.quantity);
  const bookingFee = isHold ? 0 : settings.bookingFeeAgorot;
  return { ticketsAmount, serviceCharge, addons, glasses, productsAmount, bookingFee, totalAmount: ticketsAmount + serviceCharge + addons + glasses + productsAmount + bookingFee };
}

/** The voucher payment: the lesser of total and balance; none with no amount; one at a time. */
export async function priceVoucherPayment(q: Queryable, cart: Cart, totalAmount: number, ctx: CartContext): Promise<PricedVoucher | null> {
  const vps = (cart.voucherPayments ?? []).filter((v) => v.amount > 0);
  if (vps.length > 1) fail(409, 'ONE_VOUCHER_PAYMENT', 'only one voucher payment at a time');
  if (!vps[0]) return null;
  const v = await findVoucherItem(q, vps[0].systemVoucher, ctx.forUpdate) ?? fail(404, 'SYSTEM_VOUCHER_NOT_FOUND');
  const u = voucherUsable(v);
  if (u === 'expired') fail(409, 'voucherExpired');
  if (u !== 'ok') fail(409, 'SYSTEM_VOUCHER_NOT_ACTIVE');
  const amount = Math.min(Math.round(vps[0].amount * 100), v.balance, totalAmount);
  if (amount <= 0) fail(409, 'NO_BALANCE', 'no balance left to redeem the benefit');
  return { itemId: v.id, reference: v.reference, amount, systemVoucherId: v.system_voucher_id };
}

/** The number of payments (spec 9: default 1; more only up to the maximum and from the minimum amount) and each one's amount. */
export function splitPayments(cart: Cart, amountDue: number, settings: OrdersSettings): { numberOfPayments: number; payments: number[] } {
  const { payment } = settings.config;
  const numberOfPayments = cart.numberOfPayments ?? payment.numberOfPaymentsDefault;
  if (numberOfPayments > 1 && (numberOfPayments > payment.maxNumberOfPayments || amountDue < settings.installmentsMinAgorot)) {
    fail(409, 'NUMBER_OF_PAYMENTS', `1 to ${payment.maxNumberOfPayments} payments, more than one from ${settings.installmentsMinAgorot / 100}`);
  }
  const each = Math.floor(amountDue / numberOfPayments);
  return { numberOfPayments, payments: Array.from({ length: numberOfPayments }, (_, i) => (i === 0 ? amountDue - each * (numberOfPayments - 1) : each)) };
}
