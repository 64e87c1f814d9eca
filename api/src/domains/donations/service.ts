import crypto from 'node:crypto';
import {
  MAX_DONATIONS_PER_ORDER, normalizeCustomerInfo, validateCustomerInfo, type CustomerFormConfig, type DonationPurchaseBody,
  type DonationPurchaseResponse, type DonationQuoteBody, type DonationQuoteResponse, type DonationsResponse,
} from '@ticketing/shared/contracts';
import type { Db, Queryable } from '../../db/index.ts';
import { ApiHttpError, type Lang } from '../../lib/route.ts';
import { jerusalemToday, shekels } from '../../lib/time.ts';
import { captureSession } from '../payments/providers/sessions.ts';
import { pick } from '../../lib/lang.ts';
import type { EmailProvider } from '../../lib/email.ts';
import { donationReceiptMessage } from './receiptEmail.ts';

/** GET /donations: the causes and their amounts (spec section 3 field names). */
export async function listDonations(q: Queryable, lang: string): Promise<DonationsResponse> {
  const { rows } = await q.query<{
    id: number; code: string; name_he: string; name_en: string; description_he: string; description_en: string;
    details: Array<{ id: number; amount: number; custom_amount: boolean; max_amount: number }>;
  }>(`
    SELECT d.*, COALESCE((SELECT json_agg(json_build_object('id', dd.id, 'amount', dd.amount, 'custom_amount', dd.custom_amount,
             'max_amount', dd.max_amount) ORDER BY dd.id) FROM donation_details dd WHERE dd.donation_id = d.id), '[]') AS details
    FROM donations d ORDER BY d.id`);
  return {
    donations: rows.map((d) => ({
      id: d.id, Code: d.code, Name: pick(lang, d.name_he, d.name_en), Description: pick(lang, d.description_he, d.description_en),
      donationDetails: d.details.map((x) => ({
        id: x.id, amount: shekels(x.amount), customAmount: x.custom_amount, maxAmount: x.custom_amount ? shekels(x.max_amount) : null, selectedQuantity: 0,
      })),
    })),
    maxQuantity: MAX_DONATIONS_PER_ORDER,
  };
}

interface DetailRow { detail_id: number; donation_id: number; amount: number; custom_amount: boolean; max_amount: number; name_he: string; name_en: string }
export interface PricedDonation { donationId: number; detailId: number; type: string; unit: number; quantity: number }
export interface DonationQuote { lines: PricedDonation[]; total: number }

/**
 * Prices the chosen donations (agorot): at least one, at most MAX_DONATIONS_PER_ORDER in all, each detail
 * belonging to its cause, a custom amount between the detail's amount (the minimum) and its max_amount.
 */
export async function quoteDonations(q: Queryable, body: DonationQuoteBody, lang: string): Promise<DonationQuote> {
  const count = body.lines.reduce((n, l) => n + l.selectedQuantity, 0);
  if (count === 0) throw new ApiHttpError(400, 'DONATION_MUST_SELECT', 'choose at least one donation');
  if (count > MAX_DONATIONS_PER_ORDER) {
    throw new ApiHttpError(409, 'DONATION_MAX_QUANTITY', `at most ${MAX_DONATIONS_PER_ORDER} donations in one order`, { max: MAX_DONATIONS_PER_ORDER });
  }
  const { rows } = await q.query<DetailRow>(`
    SELECT dd.id AS detail_id, dd.donation_id, dd.amount, dd.custom_amount, dd.max_amount, d.name_he, d.name_en
    FROM donation_details dd JOIN donations d ON d.id = dd.donation_id WHERE dd.id = ANY($1::int[])`,
  [body.lines.map((l) => l.donationDetailId)]);
  const byId = new Map(rows.map((r) => [r.detail_id, r]));
  const lines = body.lines.map((l): PricedDonation => {
    const r = byId.get(l.donationDetailId);
    if (!r || r.donation_id !== l.donationId) throw new ApiHttpError(404, 'DONATION_NONE_AVAILABLE', 'this donation is not offered');
    let unit = r.amount;
    if (r.custom_amount) {
      const chosen = l.customAmount === undefined || l.customAmount === null ? NaN : Math.round(l.customAmount * 100);
      if (!(chosen >= r.amount && chosen <= r.max_amount)) {
        throw new ApiHttpError(409, 'DONATION_AMOUNT_RANGE', 'the amount is outside the allowed range', { min: shekels(r.amount), max: shekels(r.max_amount) });
      }
      unit = chosen;
    }
    return { donationId: r.donation_id, detailId: r.detail_id, type: pick(lang, r.name_he, r.name_en), unit, quantity: l.selectedQuantity };
  });
  return { lines, total: lines.reduce((n, l) => n + l.unit * l.quantity, 0) };
}

const receiptLines = (quote: DonationQuote) => quote.lines.map((l) => ({
  donationId: l.donationId, type: l.type, amount: shekels(l.unit), quantity: l.quantity, total: shekels(l.unit * l.quantity),
}));

export const quoteResponse = (quote: DonationQuote): DonationQuoteResponse => ({
  lines: receiptLines(quote), quantity: quote.lines.reduce((n, l) => n + l.quantity, 0), total: shekels(quote.total),
});

/** The same key must carry the same donations and donor (the payment is not part of the identity: a retry may pay anew). */
const hashOf = (body: DonationPurchaseBody) =>
  crypto.createHash('sha256').update(JSON.stringify({ lines: body.lines, customerInfo: normalizeCustomerInfo(body.customerInfo) })).digest('hex');

export interface DonationContext {
  db: Db; uuid: string; idempotencyKey: string; customerId: number | null; lang: Lang; form: CustomerFormConfig;
  /** The donor's receipt goes out through it once the donation is recorded (the gift pages' outbox). */
  email?: EmailProvider;
}

/**
 * Pays and records in one transaction, idempotent by the key: a retry (or a concurrent duplicate) gets the
 * stored receipt, the same key with other donations is refused. Nothing is written unless the payment,
 * an approved session of this visit for exactly the total, is captured: a declined or missing payment
 * rolls everything back, and the same key can then be paid again.
 */
export async function purchaseDonations(body: DonationPurchaseBody, ctx: DonationContext): Promise<DonationPurchaseResponse> {
  const response = await recordDonation(body, ctx);
  // The receipt by e-mail, once (not on a replay); the donation stands even if the mail cannot go out now.
  if (!response.replayed && response.donor.email && ctx.email) {
    await ctx.email.send(donationReceiptMessage(response, response.donor.email, ctx.lang)).catch(() => undefined);
  }
  return response;
}

async function recordDonation(body: DonationPurchaseBody, ctx: DonationContext): Promise<DonationPurchaseResponse> {
  const hash = hashOf(body);
  return ctx.db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`donation-order:${ctx.idempotencyKey}`]);
    const prior = await q.query<{ uuid: string; cart_hash: string; response: DonationPurchaseResponse }>(
      'SELECT uuid, cart_hash, response FROM donation_orders WHERE idempotency_key = $1', [ctx.idempotencyKey]);
    if (prior.rows[0]) {
      const p = prior.rows[0];
      if (p.uuid !== ctx.uuid || p.cart_hash !== hash) throw new ApiHttpError(409, 'IDEMPOTENCY_CONFLICT', 'this Idempotency-Key belongs to another donation');
      return { ...p.response, replayed: true };
    }
    const quote = await quoteDonations(q, body, ctx.lang);
    const issues = validateCustomerInfo(body.customerInfo, ctx.form);
    if (issues.length) throw new ApiHttpError(400, 'VALIDATION_ERROR', 'customer info is not valid', { issues });

    const sessionId = body.paymentIdentifier ?? null;
    if (!sessionId) throw new ApiHttpError(402, 'PAYMENT_REQUIRED', 'the donation needs an approved payment');
    const { rows: s } = await q.query<{ provider: string; brand: string | null; last4: string | null }>('SELECT provider, brand, last4 FROM payment_sessions WHERE id = $1', [sessionId]);
    if (!s[0]) throw new ApiHttpError(402, 'PAYMENT_NOT_APPROVED', 'unknown payment');
    await captureSession(q, s[0].provider, { sessionId, uuid: ctx.uuid, amount: quote.total, reservationId: null });

    const { rows: num } = await q.query<{ n: string }>("SELECT nextval('donation_receipt_number')::text AS n");
    const info = normalizeCustomerInfo(body.customerInfo);
    const response: DonationPurchaseResponse = {
      receiptNumber: `DN${num[0]!.n}`,
      date: jerusalemToday(),
      donor: { firstName: info.firstName ?? '', lastName: info.lastName ?? '', email: info.email ?? null },
      lines: receiptLines(quote),
      total: shekels(quote.total),
      payment: { provider: s[0].provider, brand: s[0].brand, last4: s[0].last4 },
      replayed: false,
    };
    const { rows: ins } = await q.query<{ id: number }>(`
      INSERT INTO donation_orders (receipt_number, uuid, customer_id, idempotency_key, cart_hash, total_agorot, payment_session_id, customer_info, response)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb) RETURNING id`,
    [response.receiptNumber, ctx.uuid, ctx.customerId, ctx.idempotencyKey, hash, quote.total, sessionId, JSON.stringify(info), JSON.stringify(response)]);
    for (const l of quote.lines) {
      await q.query('INSERT INTO donation_order_lines (order_id, donation_id, donation_detail_id, amount_agorot, quantity) VALUES ($1, $2, $3, $4, $5)',
        [ins[0]!.id, l.donationId, l.detailId, l.unit, l.quantity]);
    }
    return response;
  });
}
