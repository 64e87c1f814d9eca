import crypto from 'node:crypto';
import QRCode from 'qrcode';
import {
  MAX_VOUCHERS_PER_ORDER, type IssuedVoucher, type Product, type VoucherPurchaseBody, type VoucherPurchaseResponse, type VoucherQuoteBody,
  type VoucherQuoteResponse, type VoucherBuyer,
} from '@ticketing/shared/contracts';
import type { Db, Queryable } from '../../db/index.ts';
import { ApiHttpError } from '../../lib/route.ts';
import { addDays, jerusalemToday, shekels } from '../../lib/time.ts';
import type { ProviderRegistry } from '../payments/providers/index.ts';
import { pick } from '../../lib/lang.ts';
import type { EmailProvider } from '../../lib/email.ts';
import { voucherPurchaseMessage } from './purchaseEmail.ts';

interface PriceRow {
  voucher_id: number; price_id: number; name_he: string; name_en: string; validity_days: number;
  price: number; is_open_price: boolean; min_price: number | null; max_price: number | null;
}
export interface PricedLine { voucherId: number; name: string; unit: number; quantity: number; validityDays: number }
export interface PricedProduct { productId: number; name: string; unit: number; quantity: number; isDeliveryRequired: boolean }
export interface Quote { lines: PricedLine[]; products: PricedProduct[]; deliveryMethod: VoucherQuoteResponse['deliveryMethod']; total: number }

interface ProductRow { id: number; name_he: string; name_en: string; category: string; price: number; is_delivery_required: boolean }
const PRODUCT_COLUMNS = 'id, name_he, name_en, category, price, is_delivery_required';

/** The products offered with gift vouchers: the catalog's, as in the ticket order's products step (GET /presentations/{id}). */
export async function voucherProducts(q: Queryable, lang: string): Promise<Product[]> {
  const { rows } = await q.query<ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM products ORDER BY sort, id`);
  return rows.map((p) => ({
    id: p.id, name: pick(lang, p.name_he, p.name_en), price: shekels(p.price), isDeliveryRequired: p.is_delivery_required, selectedQuantity: 0, category: p.category,
  }));
}

/** Prices the chosen products (the same product twice counts once); a delivered one needs a delivery method (spec section 5). */
async function priceProducts(q: Queryable, body: VoucherQuoteBody, lang: string): Promise<Pick<Quote, 'products' | 'deliveryMethod'>> {
  const chosen = new Map<number, number>();
  for (const p of body.products ?? []) chosen.set(p.productId, (chosen.get(p.productId) ?? 0) + p.quantity);
  if (!chosen.size) return { products: [], deliveryMethod: null };
  const { rows } = await q.query<ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM products WHERE id = ANY($1::int[]) ORDER BY sort, id`, [[...chosen.keys()]]);
  if (rows.length !== chosen.size) throw new ApiHttpError(409, 'PRODUCT_NOT_FOUND', 'a chosen product is not offered');
  const products = rows.map((r): PricedProduct => ({
    productId: r.id, name: pick(lang, r.name_he, r.name_en), unit: r.price, quantity: chosen.get(r.id)!, isDeliveryRequired: r.is_delivery_required,
  }));
  const delivered = products.some((p) => p.isDeliveryRequired);
  if (delivered && !body.deliveryMethod) throw new ApiHttpError(409, 'DELIVERY_METHOD_REQUIRED', 'choose a delivery method');
  return { products, deliveryMethod: delivered ? body.deliveryMethod! : null };
}

/**
 * Prices the chosen vouchers (agorot): at least one, at most MAX_VOUCHERS_PER_ORDER in all, each price
 * belonging to its voucher, an open price within its min and max (spec section 2).
 */
export async function quoteVouchers(q: Queryable, body: VoucherQuoteBody, lang: string): Promise<Quote> {
  const count = body.lines.reduce((n, l) => n + l.quantity, 0);
  if (count === 0) throw new ApiHttpError(400, 'VOUCHER_MUST_SELECT', 'choose at least one voucher');
  if (count > MAX_VOUCHERS_PER_ORDER) throw new ApiHttpError(409, 'VOUCHER_MAX_QUANTITY', `at most ${MAX_VOUCHERS_PER_ORDER} vouchers in one order`, { max: MAX_VOUCHERS_PER_ORDER });
  const { rows } = await q.query<PriceRow>(`
    SELECT v.id AS voucher_id, p.id AS price_id, v.name_he, v.name_en, v.validity_days, p.price, p.is_open_price, p.min_price, p.max_price
    FROM system_voucher_prices p JOIN system_vouchers v ON v.id = p.voucher_id WHERE p.id = ANY($1::int[])`,
  [body.lines.map((l) => l.systemVoucherPriceId)]);
  const byPrice = new Map(rows.map((r) => [r.price_id, r]));
  const lines = body.lines.map((l): PricedLine => {
    const r = byPrice.get(l.systemVoucherPriceId);
    if (!r || r.voucher_id !== l.systemVoucherId) throw new ApiHttpError(404, 'VOUCHER_NONE_AVAILABLE', 'this voucher is not on sale');
    let unit = r.price;
    if (r.is_open_price) {
      const chosen = l.amount === undefined || l.amount === null ? NaN : Math.round(l.amount * 100);
      if (!(chosen >= (r.min_price ?? 1) && chosen <= (r.max_price ?? Infinity))) {
        throw new ApiHttpError(409, 'VOUCHER_AMOUNT_RANGE', 'the amount is outside the voucher\'s range',
          { min: shekels(r.min_price ?? 0), max: r.max_price === null ? null : shekels(r.max_price) });
      }
      unit = chosen;
    }
    return { voucherId: r.voucher_id, name: pick(lang, r.name_he, r.name_en), unit, quantity: l.quantity, validityDays: r.validity_days };
  });
  const { products, deliveryMethod } = await priceProducts(q, body, lang);
  const total = lines.reduce((n, l) => n + l.unit * l.quantity, 0) + products.reduce((n, p) => n + p.unit * p.quantity, 0);
  return { lines, products, deliveryMethod, total };
}

const productResponse = (quote: Quote) =>
  quote.products.map((p) => ({ productId: p.productId, name: p.name, unitPrice: shekels(p.unit), quantity: p.quantity, total: shekels(p.unit * p.quantity), isDeliveryRequired: p.isDeliveryRequired }));

export const quoteResponse = (quote: Quote): VoucherQuoteResponse => ({
  lines: quote.lines.map((l) => ({ systemVoucherId: l.voucherId, name: l.name, unitPrice: shekels(l.unit), quantity: l.quantity, total: shekels(l.unit * l.quantity) })),
  products: productResponse(quote),
  deliveryMethod: quote.deliveryMethod ?? null,
  quantity: quote.lines.reduce((n, l) => n + l.quantity, 0),
  total: shekels(quote.total),
});

/** A gift code nobody can guess: GV- and 12 characters of an alphabet without look-alikes. */
function newReference(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = crypto.randomBytes(12);
  let s = '';
  for (const b of bytes) s += alphabet[b % alphabet.length];
  return `GV-${s.slice(0, 4)}-${s.slice(4, 8)}-${s.slice(8)}`;
}

// Products join the hash only when chosen, so a purchase without them hashes as it always did.
const hashOf = (body: VoucherPurchaseBody) => crypto.createHash('sha256').update(JSON.stringify({
  lines: body.lines, buyer: body.buyer, ...(body.products?.length ? { products: body.products, deliveryMethod: body.deliveryMethod ?? null } : {}),
})).digest('hex');

/**
 * The buyer as recorded: courier or registered mail needs the street address, city and postal code (spec: customer info
 * address1, address2, city, postalCode; hash characters removed); pickup keeps no address.
 */
export function deliveryBuyer(buyer: VoucherBuyer, method: Quote['deliveryMethod']): VoucherBuyer {
  const { address1, address2, city, postalCode, ...rest } = buyer;
  if (method !== 'courier' && method !== 'mail') return rest;
  const clean = (v: string | null | undefined) => (v ?? '').replace(/#/g, '').trim();
  const address = { address1: clean(address1), address2: clean(address2) || null, city: clean(city), postalCode: clean(postalCode) };
  const missing = (['address1', 'city', 'postalCode'] as const).filter((k) => !address[k]);
  if (missing.length) {
    throw new ApiHttpError(400, 'DELIVERY_ADDRESS_REQUIRED', 'courier and registered mail need the delivery address', { fields: missing });
  }
  return { ...rest, ...address };
}

export interface PurchaseContext {
  db: Db; uuid: string; idempotencyKey: string; customerId: number | null; lang: string; registry: ProviderRegistry;
  /** The configuration asks for a signed-in customer (the voucher flow's auth step). */
  authRequired?: boolean;
  /** The buyer's confirmation with the codes goes out through it once the vouchers are issued (the gift pages' outbox). */
  email?: EmailProvider;
}

/** VOUCHERS_AUTH_REQUIRED=1: buying gift vouchers needs a signed-in customer (spec 6: auth is not required by default). */
export const vouchersAuthRequired = (env: NodeJS.ProcessEnv = process.env) => env.VOUCHERS_AUTH_REQUIRED === '1' || env.VOUCHERS_AUTH_REQUIRED === 'true';

/**
 * Pays, issues and records the products, in one transaction (idempotent by the key: a retry returns the same vouchers, the
 * same key with other vouchers is refused). The payment must be an approved session of this visit for
 * exactly the total; each voucher becomes a system_voucher_items row usable at once as a voucher payment.
 */
export async function purchaseVouchers(body: VoucherPurchaseBody, ctx: PurchaseContext): Promise<VoucherPurchaseResponse> {
  if (ctx.authRequired && ctx.customerId === null) throw new ApiHttpError(401, 'LOGIN_REQUIRED', 'sign in to buy gift vouchers');
  const response = await issueVouchers(body, ctx);
  // The codes by e-mail to the buyer, once (not on a replay); the purchase stands even if the mail cannot go out now.
  if (!response.replayed && ctx.email) {
    await ctx.email.send(voucherPurchaseMessage(response, body.buyer.firstName, body.buyer.email, ctx.lang === 'he' ? 'he' : 'en')).catch(() => undefined);
  }
  return response;
}

async function issueVouchers(body: VoucherPurchaseBody, ctx: PurchaseContext): Promise<VoucherPurchaseResponse> {
  const hash = hashOf(body);
  return ctx.db.tx(async (q) => {
    const quote = await quoteVouchers(q, body, ctx.lang);
    const buyer = deliveryBuyer(body.buyer, quote.deliveryMethod);
    const identifier = `V${Date.now().toString(36).toUpperCase()}${crypto.randomBytes(2).toString('hex').toUpperCase()}`;
    const ins = await q.query<{ id: number }>(`
      INSERT INTO voucher_purchases (identifier, uuid, customer_id, idempotency_key, cart_hash, total_agorot, buyer, delivery_method)
      VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
    [identifier, ctx.uuid, ctx.customerId, ctx.idempotencyKey, hash, quote.total, JSON.stringify(buyer), quote.deliveryMethod]);
    if (!ins.rows[0]) {
      const { rows } = await q.query<{ cart_hash: string; response: VoucherPurchaseResponse | null }>(
        'SELECT cart_hash, response FROM voucher_purchases WHERE idempotency_key = $1', [ctx.idempotencyKey]);
      if (rows[0]?.cart_hash !== hash || !rows[0].response) throw new ApiHttpError(409, 'IDEMPOTENCY_CONFLICT', 'this Idempotency-Key belongs to another purchase');
      return { ...rows[0].response, replayed: true };
    }
    const purchaseId = ins.rows[0].id;

    let sessionId: string | null = null;
    if (quote.total > 0) {
      sessionId = body.paymentIdentifier ?? null;
      if (!sessionId) throw new ApiHttpError(402, 'PAYMENT_REQUIRED', 'the purchase needs an approved payment');
      const { rows } = await q.query<{ provider: string }>('SELECT provider FROM payment_sessions WHERE id = $1', [sessionId]);
      const provider = rows[0] ? ctx.registry.get(rows[0].provider) : undefined;
      if (!provider) throw new ApiHttpError(402, 'PAYMENT_NOT_APPROVED', 'unknown payment');
      await provider.capture(q, { sessionId, uuid: ctx.uuid, amount: quote.total, reservationId: null });
    }

    const from = jerusalemToday();
    const vouchers: IssuedVoucher[] = [];
    for (const l of quote.lines) {
      const until = addDays(from, l.validityDays);
      for (let i = 0; i < l.quantity; i++) {
        const reference = newReference();
        await q.query(`INSERT INTO system_voucher_items (reference, system_voucher_id, customer_id, balance, ticket_balance, start_date, end_date, purchase_id)
                       VALUES ($1, $2, $3, $4, 0, $5::date, $6::date, $7)`, [reference, l.voucherId, ctx.customerId, l.unit, from, until, purchaseId]);
        const qrSvg = await QRCode.toString(reference, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
        vouchers.push({ reference, systemVoucherId: l.voucherId, name: l.name, amount: shekels(l.unit), validFrom: from, validUntil: until, qrSvg });
      }
    }
    for (const p of quote.products) {
      await q.query('INSERT INTO voucher_purchase_products (purchase_id, product_id, quantity, price_agorot) VALUES ($1, $2, $3, $4)', [purchaseId, p.productId, p.quantity, p.unit]);
    }
    const response: VoucherPurchaseResponse = {
      purchaseIdentifier: identifier, total: shekels(quote.total), vouchers, products: productResponse(quote), deliveryMethod: quote.deliveryMethod, replayed: false,
    };
    await q.query('UPDATE voucher_purchases SET payment_session_id = $2, response = $3::jsonb WHERE id = $1', [purchaseId, sessionId, JSON.stringify(response)]);
    return response;
  });
}
