import {
  normalizeCustomerInfo, validateCustomerInfo, type CustomerFormConfig, type MembershipOrderBody, type MembershipOrderResponse,
} from '@ticketing/shared/contracts';
import type { Db, Queryable } from '../../db/index.ts';
import { ApiHttpError, type Lang } from '../../lib/route.ts';
import { addDays, jerusalemToday } from '../../lib/time.ts';
import { captureSession } from '../payments/providers/sessions.ts';
import { sellHeldSeats } from '../seats/sale.ts';
import { pick } from '../../lib/lang.ts';
import type { EmailProvider } from '../../lib/email.ts';
import { publicBaseUrl } from '../../lib/publicUrl.ts';
import { membershipConfirmationMessage, type MembershipMailFacts } from './confirmationEmail.ts';

/** Spec section 9: at most 10 memberships in one purchase. */
export const MAX_MEMBERSHIP_QUANTITY = 10;
const PRICE_CODE = /^[A-Za-z0-9_-]{1,40}$/;

interface MembershipRow {
  id: number; type_id: number; name_he: string; name_en: string; is_for_sale: boolean; member_tickets: number; validity_days: number;
  series_size: number | null; description_he: string; description_en: string;
}

export async function findMembership(q: Queryable, id: number): Promise<MembershipRow> {
  const { rows } = await q.query<MembershipRow>('SELECT * FROM memberships WHERE id = $1', [id]);
  if (!rows[0]) throw new ApiHttpError(404, 'INVALID_ID', `no membership ${id}`);
  return rows[0];
}

export async function eventsOf(q: Queryable, membershipId: number): Promise<Array<{ presentationId: number; ordinal: number }>> {
  const { rows } = await q.query<{ presentation_id: number; ordinal: number }>(`
    SELECT e.presentation_id, e.ordinal FROM membership_events e JOIN presentations p ON p.id = e.presentation_id
    WHERE e.membership_id = $1 AND p.starts_at > now() ORDER BY e.ordinal`, [membershipId]);
  return rows.map((r) => ({ presentationId: r.presentation_id, ordinal: r.ordinal }));
}

interface MemberRow { id: number; membership_id: number; member_number: string; end_date: string; balance: number; customer_id: number }
interface PricedLine { priceId: number; name: string; quantity: number; unit: number; member: MemberRow | null; renew: boolean }
export interface PricedMembershipOrder { membership: MembershipRow; lines: PricedLine[]; quantity: number; total: number }

/**
 * Every check of spec section 8 "Membership purchase", in the order a visitor meets them, and the total (agorot).
 * The api is the one source of the price: the browser shows this total.
 */
export async function priceOrder(
  db: Db, q: Queryable, body: MembershipOrderBody, form: CustomerFormConfig, lang: Lang, opts: { skipCustomer?: boolean } = {},
): Promise<PricedMembershipOrder> {
  const membership = await findMembership(q, body.membershipId);
  const { rows: prices } = await q.query<{ id: number; price_code: string; price: number; name_he: string; name_en: string }>(
    'SELECT id, price_code, price, name_he, name_en FROM membership_prices WHERE membership_id = $1', [membership.id]);
  if (!membership.is_for_sale || !prices.length) throw new ApiHttpError(409, 'NONE_FOR_SALE', 'this membership is not for sale');
  const chosen = body.lines.filter((l) => l.quantity > 0);
  if (!chosen.length) throw new ApiHttpError(400, 'MUST_SELECT', 'choose at least one membership');

  const seen = new Set<string>();
  const lines: PricedLine[] = [];
  for (const l of chosen) {
    if (l.priceCode !== undefined && !PRICE_CODE.test(l.priceCode)) throw new ApiHttpError(400, 'PRICE_BY_CODE_ERROR', 'malformed price code');
    if (l.priceCode === undefined && l.membershipPriceId === undefined) throw new ApiHttpError(400, 'MUST_SELECT', 'choose a price');
    const price = prices.find((p) => (l.membershipPriceId !== undefined ? p.id === l.membershipPriceId : p.price_code.toLowerCase() === l.priceCode!.toLowerCase()));
    if (!price) throw new ApiHttpError(404, 'PRICE_NOT_FOUND', 'no such price for this membership');
    const key = l.memberNumber ? `member:${l.memberNumber}` : `price:${price.id}`;
    if (seen.has(key)) throw new ApiHttpError(409, 'CODE_ALREADY_ENTERED', 'this code is already in the cart');
    seen.add(key);
    let member: MemberRow | null = null;
    if (l.memberNumber) {
      const { rows } = await q.query<MemberRow>(`SELECT id, membership_id, member_number, to_char(end_date, 'YYYY-MM-DD') AS end_date, balance, customer_id
        FROM customer_members WHERE member_number = $1 AND NOT is_cancelled`, [l.memberNumber]);
      member = rows[0] ?? null;
      if (!member || member.membership_id !== membership.id) throw new ApiHttpError(404, 'MEMBER_NOT_FOUND', 'no such member of this membership');
      // a top-up needs a valid membership; a renewal is what an expiring or expired one is for
      if (!l.renew && member.end_date < jerusalemToday()) throw new ApiHttpError(409, 'MEMBER_EXPIRED', 'the membership has expired: renew it');
    }
    lines.push({ priceId: price.id, name: `${pick(lang, membership.name_he, membership.name_en)} · ${pick(lang, price.name_he, price.name_en)}`, quantity: l.quantity, unit: price.price, member, renew: !!l.renew });
  }
  const quantity = lines.reduce((s, l) => s + l.quantity, 0);
  if (quantity > MAX_MEMBERSHIP_QUANTITY) throw new ApiHttpError(400, 'VALIDATION_ERROR', `at most ${MAX_MEMBERSHIP_QUANTITY} memberships`, { max: MAX_MEMBERSHIP_QUANTITY });
  // never more seats in an event than memberships selected
  const perEvent = new Map<number, number>();
  for (const s of body.seats) perEvent.set(s.presentationId, (perEvent.get(s.presentationId) ?? 0) + 1);
  if ([...perEvent.values()].some((n) => n > quantity)) throw new ApiHttpError(400, 'VALIDATION_ERROR', 'more seats than memberships selected');
  if (!opts.skipCustomer) {
    if (!body.termsAccepted) throw new ApiHttpError(400, 'VALIDATION_ERROR', 'accept the terms', { issues: [{ field: 'terms', rule: 'required' }] });
    const issues = validateCustomerInfo(body.customerInfo, form);
    if (issues.length) throw new ApiHttpError(400, 'VALIDATION_ERROR', 'customer info is not valid', { issues });
  }
  void db;
  return { membership, lines, quantity, total: lines.reduce((s, l) => s + l.unit * l.quantity, 0) };
}

async function customerFor(q: Queryable, body: MembershipOrderBody): Promise<number> {
  const info = normalizeCustomerInfo(body.customerInfo);
  // The ID number the buyer gave is kept (every later checkout asked for it again), unless another customer has it
  // (unique): an existing customer's own, when they have none yet, likewise.
  const { rows } = await q.query<{ id: number }>(`
    WITH free AS (SELECT CASE WHEN $3::text IS NULL OR EXISTS (SELECT 1 FROM customers c WHERE c.ssn = $3::text) THEN NULL ELSE $3::text END AS ssn)
    INSERT INTO customers (first_name, last_name, ssn, email, mobile_number, address1, city, postal_code, is_mailing_allowed)
    SELECT $1, $2, free.ssn, $4, $5, $6, $7, $8, $9 FROM free
    ON CONFLICT (mobile_number) DO UPDATE SET ssn = COALESCE(customers.ssn, EXCLUDED.ssn)
    RETURNING id`,
  [info.firstName ?? '', info.lastName ?? '', info.ssn || null, info.email ?? null, info.mobileNumber!, info.address1 ?? null, info.city ?? null,
    info.postalCode ?? null, info.isMailingAllowed ?? true]);
  return rows[0]!.id;
}

/**
 * Commit: idempotent by Idempotency-Key (a retried or concurrent duplicate gets the stored answer), atomic (payment
 * captured, seats held by this visit → sold (booking's single-seat and companion rules judged first), memberships created or extended in one transaction). The new membership
 * is a customer_members row at once, so member tickets and hold orders accept it in the same visit.
 */
export async function commitMembershipOrder(db: Db, a: {
  body: MembershipOrderBody; uuid: string; idempotencyKey: string; form: CustomerFormConfig; lang: Lang;
  /** The buyer's confirmation goes out through it once the order is committed (the other purchases' outbox). */
  email?: EmailProvider;
  /** The sign-in also takes a member number (the confirmation says so). */
  memberNumberSignIn?: boolean;
}): Promise<MembershipOrderResponse> {
  let facts: MembershipMailFacts | null = null;
  const response = await db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`membership-order:${a.idempotencyKey}`]);
    const prior = await q.query<{ uuid: string; response: MembershipOrderResponse }>(
      'SELECT uuid, response FROM membership_orders WHERE idempotency_key = $1', [a.idempotencyKey]);
    if (prior.rows[0]) {
      if (prior.rows[0].uuid !== a.uuid) throw new ApiHttpError(409, 'IDEMPOTENCY_KEY_REUSED', 'this key belongs to another visit');
      return { ...prior.rows[0].response, replayed: true };
    }
    const order = await priceOrder(db, q, a.body, a.form, a.lang);
    const { rows: num } = await q.query<{ n: string }>("SELECT nextval('membership_order_number')::text AS n");
    const identifier = `MO${num[0]!.n}`;

    let paymentSessionId: string | null = null;
    if (order.total > 0) {
      paymentSessionId = a.body.paymentIdentifier ?? null;
      if (!paymentSessionId) throw new ApiHttpError(402, 'PAYMENT_REQUIRED', 'the order needs an approved payment');
      const { rows } = await q.query<{ provider: string }>('SELECT provider FROM payment_sessions WHERE id = $1', [paymentSessionId]);
      if (!rows[0]) throw new ApiHttpError(402, 'PAYMENT_NOT_APPROVED', 'unknown payment');
      await captureSession(q, rows[0].provider, { sessionId: paymentSessionId, uuid: a.uuid, amount: order.total });
    }

    // seats held by this visit → sold, per event
    const byP = new Map<number, MembershipOrderBody['seats']>();
    for (const s of a.body.seats) byP.set(s.presentationId, [...(byP.get(s.presentationId) ?? []), s]);
    // booking's whole-selection rules again inside the commit (what the visit holds in the event)
    for (const [pid, ss] of byP) await sellHeldSeats(db, q, { presentationId: pid, uuid: a.uuid, reservation: identifier, seats: ss });

    const customerId = await customerFor(q, a.body);
    const m = order.membership;
    const name = pick(a.lang, m.name_he, m.name_en);
    const tickets = m.series_size ?? m.member_tickets;
    const today = jerusalemToday();
    const members: MembershipOrderResponse['members'] = [];
    for (const l of order.lines) {
      if (l.member) {
        const { rows } = await q.query<{ member_number: string; membership_identifier: string; balance: number; start: string; end: string }>(`
          UPDATE customer_members SET balance = balance + $2,
            end_date = CASE WHEN $3 THEN GREATEST(end_date, $4::date) + $5::int ELSE end_date END
          WHERE id = $1
          RETURNING member_number, membership_identifier, balance, to_char(start_date, 'YYYY-MM-DD') AS start, to_char(end_date, 'YYYY-MM-DD') AS end`,
        [l.member.id, l.renew ? 0 : tickets * l.quantity, l.renew, today, m.validity_days]);
        const r = rows[0]!;
        members.push({ memberNumber: r.member_number, membershipIdentifier: r.membership_identifier, name, balance: r.balance, startDate: r.start, endDate: r.end, kind: l.renew ? 'renewal' : 'topUp' });
        continue;
      }
      for (let k = 0; k < l.quantity; k++) {
        const memberNumber = `M${num[0]!.n}${String(members.length + 1).padStart(2, '0')}`;
        const end = addDays(today, m.validity_days);
        await q.query(`INSERT INTO customer_members (customer_id, membership_id, member_number, membership_identifier, balance, start_date, end_date)
          VALUES ($1, $2, $3, $4, $5, $6::date, $7::date)`, [customerId, m.id, memberNumber, `MS-${memberNumber}`, tickets, today, end]);
        members.push({ memberNumber, membershipIdentifier: `MS-${memberNumber}`, name, balance: tickets, startDate: today, endDate: end, kind: 'new' });
      }
    }
    const response: MembershipOrderResponse = { orderIdentifier: identifier, total: order.total / 100, members, seats: a.body.seats.length, replayed: false };
    await q.query(`INSERT INTO membership_orders (identifier, uuid, idempotency_key, customer_id, membership_id, total_agorot, payment_session_id, customer_info, response)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb)`,
    [identifier, a.uuid, a.idempotencyKey, customerId, m.id, order.total, paymentSessionId, JSON.stringify(normalizeCustomerInfo(a.body.customerInfo)), JSON.stringify(response)]);
    facts = await mailFacts(q, a, order, paymentSessionId);
    return response;
  });
  // The confirmation by e-mail, once (not on a replay); the purchase stands even if the mail cannot go out now.
  const to = typeof a.body.customerInfo.email === 'string' ? a.body.customerInfo.email.trim() : '';
  if (!response.replayed && facts && a.email && to) {
    await a.email.send(membershipConfirmationMessage(response, facts, to, a.lang)).catch(() => undefined);
  }
  return response;
}

/** What the confirmation says beside the order's answer: the buyer as typed, the membership's description, the priced lines, the card. */
async function mailFacts(q: Queryable, a: { body: MembershipOrderBody; lang: Lang; memberNumberSignIn?: boolean }, order: PricedMembershipOrder,
  paymentSessionId: string | null): Promise<MembershipMailFacts> {
  const info = normalizeCustomerInfo(a.body.customerInfo);
  const m = order.membership;
  const last4 = paymentSessionId
    ? (await q.query<{ last4: string | null }>('SELECT last4 FROM payment_sessions WHERE id = $1', [paymentSessionId])).rows[0]?.last4 ?? null : null;
  let customerAreaUrl: string | null = null;
  try { customerAreaUrl = `${publicBaseUrl()}/customer`; } catch { /* no public address: no link */ }
  return {
    firstName: info.firstName ?? '', holder: `${info.firstName ?? ''} ${info.lastName ?? ''}`.trim(),
    membership: pick(a.lang, m.name_he, m.name_en), grants: pick(a.lang, m.description_he, m.description_en),
    lines: order.lines.map((l) => ({ name: l.name, quantity: l.quantity, amount: (l.unit * l.quantity) / 100 })),
    last4, mobileEnd: (info.mobileNumber ?? '').slice(-3), memberNumberSignIn: !!a.memberNumberSignIn, customerAreaUrl,
  };
}
