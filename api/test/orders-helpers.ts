/** Helpers of the orders suites: hold seats, build carts, pay with the sandbox card, log a customer in. */
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CartResponse, type CartInput, type CartSeat } from '@ticketing/shared/contracts';
import { futurePresentation, lockBody, newUuid, type Ctx } from './harness.ts';

export type P = { id: number; venueId: number; seatplanId: number };

/** Venue 33 (Jerusalem, mixed hall, no single-seat rule): section 3311 reserved (8 rows × 14, y = 3..10), 3312 standing (80). */
export const V33 = {
  venue: 33, reserved: 3311, ga: 3312,
  regular: 3311, student: 3312, senior: 3313, child: 3314, couple: 3315, code: 3316, premiumRegular: 3321, gaRegular: 3331,
  member: 103311, loyalty: 103312, employee: 103313, walkin: 103314,
  serviceCharge: 600, regularPrice: 4500, premiumPrice: 6500,
} as const;

export const CUSTOMERS = { dana: '0501234567', yossi: '0527654321', miriam: '0541112223' } as const;
export const VALID_SSN = '000000018';

export async function lock(app: FastifyInstance, p: P, uuid: string, sectionId: number, x: number | null, y: number | null) {
  const r = await app.inject({ method: 'PUT', url: '/api/seats/lock-seat', headers: { uuid }, payload: lockBody(p, sectionId, x, y) });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { lockedSeat: { x: number; y: number } };
}

export function seat(p: P, sectionId: number, x: number | null, y: number | null, ticketId: number, extra: Partial<NonNullable<CartSeat['ticket']>> = {}, seatExtra: Partial<CartSeat> = {}) {
  return {
    XCoordinate: x, YCoordinate: y, ...seatExtra,
    ticket: { prsntId: p.id, venueId: p.venueId, seatplanId: p.seatplanId, sectionId: x === null ? null : sectionId, ticketId, ...extra },
  };
}

export const customerInfo = (over: Record<string, unknown> = {}) => ({
  firstName: 'Dana', lastName: 'Levi', ssn: VALID_SSN, email: 'dana@example.com', emailVerify: 'dana@example.com',
  mobileNumber: '0501234567', mobileNumberVerify: '0501234567', termsConfirmed: true, isMailingAllowed: true, ...over,
});

/** n side-by-side free ordinary seats (not premium, handicap, companion, limited view or sofa) of one row of a section. */
export async function freeSeats(ctx: Ctx, p: P, sectionId: number, n: number, opts: { premium?: boolean; skip?: number } = {}): Promise<Array<{ x: number; y: number }>> {
  const { rows } = await ctx.db.query<{ x: number; y: number }>(`
    SELECT s.x, s.y FROM seats s
    WHERE s.section_id = $2 AND s.is_premium = $3 AND NOT s.is_handicap AND NOT s.is_companion AND NOT s.is_limited_view AND s.sofa_unit IS NULL
      AND NOT EXISTS (SELECT 1 FROM presentation_seats ps WHERE ps.presentation_id = $1 AND ps.section_id = s.section_id AND ps.x = s.x AND ps.y = s.y
                      AND (ps.status = 'sold' OR ps.expires_at > now()))
    ORDER BY s.y, s.x`, [p.id, sectionId, opts.premium ?? false]);
  let skip = opts.skip ?? 0;
  for (let i = 0; i + n <= rows.length; i++) {
    const run = rows.slice(i, i + n);
    if (run.every((r, k) => r.y === run[0]!.y && r.x === run[0]!.x + k)) {
      if (skip-- > 0) { i += n - 1; continue; }
      return run;
    }
  }
  throw new Error(`no ${n} free seats together in section ${sectionId} of presentation ${p.id}`);
}

/** The n-th future presentation of a venue (ordered by time) that is at most a quarter taken (the sales seed sells some out). */
export async function presentation(ctx: Ctx, venueId: number, n: number): Promise<P> {
  const { rows } = await ctx.db.query<{ id: number; venue_id: number; seatplan_id: number }>(`
    SELECT p.id, p.venue_id, p.seatplan_id FROM presentations p JOIN seatplans sp ON sp.id = p.seatplan_id
    WHERE p.venue_id = $1 AND p.starts_at > now() + interval '1 hour'
      AND (SELECT count(*) FROM presentation_seats ps WHERE ps.presentation_id = p.id) * 4 <= sp.capacity
    ORDER BY p.starts_at, p.id OFFSET $2 LIMIT 1`, [venueId, n]);
  const r = rows[0];
  if (!r) return futurePresentation(ctx.db, venueId, n);
  return { id: r.id, venueId: r.venue_id, seatplanId: r.seatplan_id };
}

/**
 * The first presentation from the `n`-th on (as `presentation`) with `count` free seats together in the section: which
 * presentation is the `n`-th moves with the clock, and the seeded sales fill some sections' rows.
 */
export async function presentationWithSeats(ctx: Ctx, venueId: number, n: number, sectionId: number, count: number): Promise<{ p: P; seats: Array<{ x: number; y: number }> }> {
  for (let k = n; k < n + 20; k++) {
    const p = await presentation(ctx, venueId, k);
    try { return { p, seats: await freeSeats(ctx, p, sectionId, count) }; } catch { /* the next one */ }
  }
  throw new Error(`no presentation of venue ${venueId} with ${count} free seats together in section ${sectionId}`);
}

export const postCart = (app: FastifyInstance, cart: CartInput, opts: { cookie?: string; lang?: string; miniSiteUrl?: string } = {}) =>
  app.inject({
    method: 'POST', url: '/api/cart', payload: { cart, miniSiteUrl: opts.miniSiteUrl },
    headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), 'accept-language': opts.lang ?? 'en' },
  });

export const commit = (app: FastifyInstance, uuid: string, key: string, cart: CartInput, opts: { cookie?: string; miniSiteUrl?: string } = {}) =>
  app.inject({
    method: 'POST', url: '/api/payment/commit', payload: { cart, miniSiteUrl: opts.miniSiteUrl, recaptchaToken: 't' },
    headers: { uuid, 'idempotency-key': key, 'accept-language': 'en', ...(opts.cookie ? { cookie: opts.cookie } : {}) },
  });

/** Opens a sandbox payment form for `total` shekels and submits a card; returns the session id. */
export async function pay(app: FastifyInstance, uuid: string, total: number, card = '4580 0000 0000 0000', provider?: string): Promise<{ sessionId: string; html: string }> {
  const f = await app.inject({ url: `/api/payment/form/en?total=${total}${provider ? `&provider=${provider}` : ''}`, headers: { uuid, origin: 'http://localhost:8181' } });
  expect(f.statusCode, f.body).toBe(200);
  const { sessionId, paymentFormURL } = f.json() as { sessionId: string; paymentFormURL: string };
  const r = await app.inject({
    method: 'POST', url: paymentFormURL, headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ cardNumber: card, expiry: '12/39', cvv: '123', holderId: VALID_SSN, action: 'pay' }).toString(),
  });
  expect(r.statusCode, r.body).toBe(200);
  return { sessionId, html: r.body };
}

/** Logs a seeded customer in through the SMS outbox; returns the cookie header value. */
/** Sessions already opened per app and number: codes per number are rate limited (3 per 15 minutes), so suites share one. */
const sessions = new WeakMap<FastifyInstance, Map<string, string>>();
export async function login(app: FastifyInstance, mobile: string): Promise<string> {
  const known = sessions.get(app)?.get(mobile);
  if (known && (await app.inject({ method: 'POST', url: '/api/customer/refresh', headers: { cookie: known } })).statusCode === 200) return known;
  const s = await app.inject({ method: 'POST', url: '/api/customer/mobile-login', payload: { mobileNumber: mobile } });
  expect(s.statusCode, s.body).toBe(200);
  const box = (await app.inject({ url: `/api/dev/sms-outbox?mobileNumber=${mobile}` })).json() as { messages: Array<{ code: string | null }> };
  const code = box.messages[0]!.code!;
  const v = await app.inject({ method: 'POST', url: '/api/customer/mobile-login-validation-area', payload: { smsCode: code, mobileNumber: mobile } });
  expect(v.statusCode, v.body).toBe(200);
  const set = v.headers['set-cookie'];
  const list = Array.isArray(set) ? set : [String(set)];
  const c = list.find((x) => x.startsWith('tx_customer='))!.split(';')[0]!;
  if (!sessions.has(app)) sessions.set(app, new Map());
  sessions.get(app)!.set(mobile, c);
  return c;
}

export { newUuid };
let keySeq = 0;
export const newKey = () => `key-${process.pid}-${Date.now().toString(36)}-${(keySeq++).toString(36)}`;

/**
 * A paid order of `n` reserved seats of venue 33 (its `nth` screening, Regular tickets) for a signed-in customer:
 * held, priced, paid with the sandbox card and committed. Returns the reservation's row and the seats.
 */
export async function bookForCustomer(ctx: Ctx, who: { cookie: string }, n: number, nth: number, tag: string) {
  const { app, db } = ctx;
  const p = await presentation(ctx, V33.venue, nth);
  const uuid = newUuid(tag);
  const places = await freeSeats(ctx, p, V33.reserved, n);
  for (const s of places) await lock(app, p, uuid, V33.reserved, s.x, s.y);
  const cart = { seats: places.map((s) => seat(p, V33.reserved, s.x, s.y, V33.regular)), customerInfo: customerInfo() };
  const order = CartResponse.parse((await postCart(app, cart, { cookie: who.cookie })).json()).order;
  const { sessionId } = await pay(app, uuid, order.amountDue);
  const r = await commit(app, uuid, newKey(), { ...cart, paymentIdentifier: sessionId }, { cookie: who.cookie });
  expect(r.statusCode, r.body).toBe(200);
  const documentKey = r.json().documentKey as string;
  const { rows } = await db.query<{ id: number; business_id: number; total_agorot: number }>(
    'SELECT id, business_id, total_agorot FROM reservations WHERE document_key = $1', [documentKey]);
  return { ...rows[0]!, documentKey, p, places };
}
