import { expect, it } from 'vitest';
import {
  CancelQuoteResponse, CancelReservationResponse, CartResponse, CustomerAreaDataResponse, RefundResendResponse, RefundsResponse,
  SystemVouchersResponse, VoucherHistoryResponse, VoucherPaymentResponse, type CartSeat,
} from '@ticketing/shared/contracts';
import { STAFF_USERS } from '../src/seed/sales.ts';
import { jerusalemToday, addDays } from '../src/lib/time.ts';
import { retryDueCardRefunds } from '../src/domains/customerarea/cardRefunds.ts';
import { forEachEngine } from './harness.ts';
import { commit, customerInfo, lock, newKey, newUuid, pay, postCart, presentationWithSeats, seat, V33 } from './orders-helpers.ts';
import { newCustomer, signIn, type SignedIn } from './customer-helpers.ts';

/**
 * A tester following the money (eighteenth session): "Refund to my account credit" promised "₪19.80 to your account
 * credit" and no credit existed anywhere (the money was gone); the card part of every refund was a number nobody sent to
 * the payment provider, and no screen showed what was owed; a ₪0 member ticket cancelled with a paid one cost ₪5 more
 * than cancelling them one at a time.
 */
forEachEngine('cancellation refunds: account credit is a voucher that pays, card refunds go to the provider, free tickets add no fee', (get) => {
  const cents = (n: number) => Math.round(n * 100);

  async function book(who: SignedIn, nth: number, tickets: Array<[number, Partial<NonNullable<CartSeat['ticket']>>?]>, opts: { voucher?: { ref: string; amount: number } } = {}) {
    const { app, db } = get();
    const { p, seats: places } = await presentationWithSeats(get(), V33.venue, nth, V33.reserved, tickets.length);
    const uuid = newUuid('credit');
    for (const s of places) await lock(app, p, uuid, V33.reserved, s.x, s.y);
    const cart = {
      seats: places.map((s, i) => seat(p, V33.reserved, s.x, s.y, tickets[i]![0], tickets[i]![1] ?? {})), customerInfo: customerInfo(),
      voucherPayments: opts.voucher ? [{ systemVoucher: opts.voucher.ref, amount: opts.voucher.amount }] : undefined,
    };
    const priced = await postCart(app, cart, { cookie: who.cookie });
    expect(priced.statusCode, priced.body).toBe(200);
    const order = CartResponse.parse(priced.json()).order;
    const paymentIdentifier = order.amountDue > 0 ? (await pay(app, uuid, order.amountDue)).sessionId : undefined;
    const r = await commit(app, uuid, newKey(), { ...cart, paymentIdentifier }, { cookie: who.cookie });
    expect(r.statusCode, r.body).toBe(200);
    const { rows } = await db.query<{ id: number; identifier: string; payment_session_id: string | null; business_id: number }>(
      'SELECT id, identifier, payment_session_id, business_id FROM reservations WHERE document_key = $1', [r.json().documentKey]);
    const res = rows[0]!;
    const area = await areaData(who);
    return { ...res, order, tickets: [...area.upcoming, ...area.past].find((x) => x.id === res.id)!.tickets };
  }
  const areaData = async (who: SignedIn) => CustomerAreaDataResponse.parse((await get().app.inject({
    url: '/api/customer-area/customerAreaData', headers: { 'accept-language': 'en', cookie: who.cookie } })).json()).customerAreaData;
  const quote = async (who: SignedIn, id: number, items: number[]) => {
    const r = await get().app.inject({ url: `/api/reservations/${id}/cancel-quote?items=${items.join(',')}`, headers: { cookie: who.cookie } });
    expect(r.statusCode, r.body).toBe(200);
    return CancelQuoteResponse.parse(r.json());
  };
  const cancel = async (who: SignedIn, id: number, items: number[], refundToTransactionCredit = false) => {
    const r = await get().app.inject({
      method: 'POST', url: `/api/reservations/${id}/cancel`, payload: { itemsToCancel: items, refundToTransactionCredit },
      headers: { cookie: who.cookie, 'x-customer-csrf': who.csrf },
    });
    expect(r.statusCode, r.body).toBe(200);
    return CancelReservationResponse.parse(r.json());
  };
  let logins = 0;
  async function staff(businessId: number, other = false) {
    const u = STAFF_USERS.find((s) => (s.businessIds as readonly number[]).includes(businessId) !== other)!;
    const login = await get().app.inject({ method: 'POST', url: '/api/staff/login', payload: { username: u.username, password: u.password }, remoteAddress: `10.34.0.${++logins}` });
    expect(login.statusCode, login.body).toBe(200);
    const jar = ([] as string[]).concat(login.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!);
    const csrf = jar.find((c) => /csrf/i.test(c))?.split('=')[1] ?? '';
    return { cookie: jar.join('; '), csrf };
  }
  const refundsList = async (s: { cookie: string }, show: 'all' | 'open' = 'all') => {
    const today = jerusalemToday();
    const r = await get().app.inject({ url: `/api/PRES-live/refunds?startDate=${addDays(today, -1)}&endDate=${addDays(today, 1)}&show=${show}`, headers: { cookie: s.cookie } });
    expect(r.statusCode, r.body).toBe(200);
    return RefundsResponse.parse(r.json());
  };
  const cardRefundOf = async (reservationId: number) => (await get().db.query<{
    id: number; status: string; reason: string | null; attempts: number; amount_agorot: number; idempotency_key: string; provider: string | null;
  }>('SELECT id, status, reason, attempts, amount_agorot, idempotency_key, provider FROM card_refunds WHERE reservation_id = $1 ORDER BY id', [reservationId])).rows;
  const providerRefunds = async (key: string) => (await get().db.query<{ amount: number; session_id: string }>(
    'SELECT amount, session_id FROM provider_refunds WHERE idempotency_key = $1', [key])).rows;

  it('refund to account credit: a voucher of the customer\'s (code, balance, five years), in the area, and it pays the next order', async () => {
    const { app, db } = get();
    const who = await signIn(app, await newCustomer(db, 'Credit'));
    const b = await book(who, 22, [[V33.regular], [V33.regular], [V33.regular]]);
    const [t1, t2, t3] = b.tickets;

    const done = await cancel(who, b.id, [t1!.id], true);
    expect(done.split!.card).toBe(done.refund);
    expect(done.credit, 'the credit is a real voucher').toBeDefined();
    const credit = done.credit!;
    expect(credit).toMatchObject({ amount: done.refund, balance: done.refund });
    expect(credit.reference).toMatch(/^CR-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(credit.validUntil >= addDays(jerusalemToday(), 5 * 365)).toBe(true);
    expect(await cardRefundOf(b.id), 'nothing goes to the card').toEqual([]);

    // the customer area's vouchers show it, with its balance; its history says where it came from
    let area = await areaData(who);
    const v = area.systemVouchers.find((x) => x.reference === credit.reference)!;
    expect(v).toMatchObject({ isAccountCredit: true, balance: done.refund, status: 'active', name: 'Account credit', canCancel: false });
    expect(v.expirationDate).toBe(credit.validUntil);
    const history = VoucherHistoryResponse.parse((await app.inject({ url: `/api/system-vouchers/${credit.reference}/history`, headers: { cookie: who.cookie } })).json()).history;
    expect(history.find((e) => e.kind === 'refunded')).toMatchObject({ amount: done.refund, reservationIdentifier: b.identifier });

    // a second cancellation to credit tops the same voucher up (one voucher pays an order: two could not be spent together)
    const again = await cancel(who, b.id, [t2!.id], true);
    expect(again.credit).toMatchObject({ reference: credit.reference, amount: again.refund, balance: cents(done.refund + again.refund) / 100 });
    area = await areaData(who);
    expect(area.systemVouchers.filter((x) => x.isAccountCredit)).toHaveLength(1);

    // the card part left of the order is what the card paid less what already came back (to credit counts too)
    const last = await cancel(who, b.id, [t3!.id]);
    expect(cents(last.split!.card)).toBe(cents(last.refund));
    const { rows: [paid] } = await db.query<{ amount: number }>('SELECT amount FROM payment_sessions WHERE id = $1', [b.payment_session_id]);
    expect(cents(done.refund) + cents(again.refund) + cents(last.refund)).toBeLessThanOrEqual(paid!.amount);

    // it is not for sale in the gift voucher catalog
    const catalog = SystemVouchersResponse.parse((await app.inject({ url: '/api/system-vouchers' })).json());
    expect(catalog.vouchers.some((x) => x.Name === 'Account credit')).toBe(false);
    expect(catalog.superClasses.some((x) => x.name === 'Account credit')).toBe(false);

    // "Pay with a voucher": the code pays a new order like any voucher
    const balance = cents(again.credit!.balance);
    const pv = await app.inject({ method: 'POST', url: '/api/payment/voucher', payload: { reference: credit.reference, total: 500 } });
    expect(pv.statusCode, pv.body).toBe(200);
    expect(VoucherPaymentResponse.parse(pv.json()).payment.amount).toBe(balance / 100);
    // two tickets cost more than the credit: it pays all it holds, the card the rest
    const next = await book(who, 23, [[V33.regular], [V33.regular]], { voucher: { ref: credit.reference, amount: balance / 100 } });
    expect(next.order.amountDue).toBeGreaterThan(0);
    expect(cents(next.order.voucherAmount)).toBe(balance);
    area = await areaData(who);
    expect(area.systemVouchers.find((x) => x.reference === credit.reference)).toMatchObject({ balance: 0, redeemed: balance / 100 });

    // PresLive: the credits are listed as owed (credited), with the voucher masked and what is left on it
    const s = await staff(b.business_id);
    const list = await refundsList(s);
    const mine = list.rows.filter((r) => r.ReservationId === b.id);
    expect(mine.filter((r) => r.Kind === 'credit').map((r) => r.Amount).sort()).toEqual([done.refund, again.refund].sort());
    expect(mine.find((r) => r.Kind === 'credit')).toMatchObject({ Status: 'credited', CreditVoucher: `••••${credit.reference.slice(-4)}`, CreditBalance: 0, CanResend: false });
    expect(mine.find((r) => r.Kind === 'card')).toMatchObject({ Status: 'sent', Amount: last.refund });
  });

  it('a card refund is sent to the provider after the commit, once (its idempotency key), and PresLive lists it as sent', async () => {
    const { app, db } = get();
    const who = await signIn(app, await newCustomer(db, 'Card'));
    const b = await book(who, 24, [[V33.regular], [V33.regular]]);
    const done = await cancel(who, b.id, [b.tickets[0]!.id]);
    const [cr] = await cardRefundOf(b.id);
    expect(cr).toMatchObject({ status: 'sent', attempts: 1, amount_agorot: cents(done.split!.card), provider: 'sandbox', reason: null });
    expect(await providerRefunds(cr!.idempotency_key)).toEqual([{ amount: cents(done.split!.card), session_id: b.payment_session_id }]);
    // the housekeeping finds nothing to do for it
    await retryDueCardRefunds(db);
    expect(await providerRefunds(cr!.idempotency_key)).toHaveLength(1);
    const list = await refundsList(await staff(b.business_id));
    expect(list.rows.find((r) => r.Kind === 'card' && r.Id === cr!.id)).toMatchObject({
      Status: 'sent', Amount: done.split!.card, ReservationIdentifier: b.identifier, Provider: 'sandbox', Reason: null,
    });
    // another business's staff sees none of it
    const stranger = await refundsList(await staff(b.business_id, true));
    expect(stranger.rows.some((r) => r.ReservationId === b.id)).toBe(false);
  });

  it('the provider unavailable: the refund stays pending with its reason, and the housekeeping sends it later — from two processes, once', async () => {
    const { app, db } = get();
    const who = await signIn(app, await newCustomer(db, 'Pending'));
    const b = await book(who, 25, [[V33.regular], [V33.regular]]);
    process.env.SANDBOX_REFUND_OUTCOME = 'unavailable';
    let done;
    try {
      done = await cancel(who, b.id, b.tickets.map((t) => t.id));
    } finally {
      delete process.env.SANDBOX_REFUND_OUTCOME;
    }
    const [cr] = await cardRefundOf(b.id);
    expect(cr).toMatchObject({ status: 'pending', reason: 'PROVIDER_UNAVAILABLE', attempts: 1 });
    expect(await providerRefunds(cr!.idempotency_key)).toEqual([]);
    const open = await refundsList(await staff(b.business_id), 'open');
    const row = open.rows.find((r) => r.Kind === 'card' && r.Id === cr!.id)!;
    expect(row).toMatchObject({ Status: 'pending', Reason: 'PROVIDER_UNAVAILABLE', Amount: done.split!.card, CanResend: false });
    expect(row.NextAttemptAt).not.toBeNull();
    expect(open.totals.pending).toBeGreaterThanOrEqual(done.split!.card);

    // not due yet: the housekeeping leaves it; due: it is sent, by one of two processes at once
    await retryDueCardRefunds(db);
    expect((await cardRefundOf(b.id))[0]!.status).toBe('pending');
    await db.query(`UPDATE card_refunds SET next_attempt_at = now() - interval '1 second' WHERE id = $1`, [cr!.id]);
    const other = await get().openAnother();
    try {
      const runs = await Promise.all([retryDueCardRefunds(db), retryDueCardRefunds(other ?? db)]);
      expect(runs.reduce((a, r) => a + r.sent, 0)).toBeGreaterThanOrEqual(1);
    } finally {
      await other?.close();
    }
    expect((await cardRefundOf(b.id))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await providerRefunds(cr!.idempotency_key), 'refunded once').toHaveLength(1);
  });

  it('the provider refuses: failed with its reason for the operator, who sends it again from PresLive', async () => {
    const { app, db } = get();
    const who = await signIn(app, await newCustomer(db, 'Declined'));
    const b = await book(who, 26, [[V33.regular]]);
    process.env.SANDBOX_REFUND_OUTCOME = 'decline';
    try {
      await cancel(who, b.id, [b.tickets[0]!.id]);
    } finally {
      delete process.env.SANDBOX_REFUND_OUTCOME;
    }
    const [cr] = await cardRefundOf(b.id);
    expect(cr).toMatchObject({ status: 'failed', reason: 'DECLINED' });
    // failed for good: the housekeeping does not send it
    await db.query(`UPDATE card_refunds SET next_attempt_at = now() - interval '1 hour' WHERE id = $1`, [cr!.id]);
    await retryDueCardRefunds(db);
    expect((await cardRefundOf(b.id))[0]!.status).toBe('failed');
    const s = await staff(b.business_id);
    const row = (await refundsList(s, 'open')).rows.find((r) => r.Kind === 'card' && r.Id === cr!.id)!;
    expect(row).toMatchObject({ Status: 'failed', Reason: 'DECLINED', CanResend: true });
    expect(row.Detail).toContain('refused');
    // the operator sends it again (another business's staff cannot)
    const stranger = await staff(b.business_id, true);
    expect((await app.inject({ method: 'POST', url: `/api/PRES-live/refunds/${cr!.id}/resend`, headers: { cookie: stranger.cookie, 'x-csrf-token': stranger.csrf } })).statusCode).toBe(404);
    const r = await app.inject({ method: 'POST', url: `/api/PRES-live/refunds/${cr!.id}/resend`, headers: { cookie: s.cookie, 'x-csrf-token': s.csrf } });
    expect(r.statusCode, r.body).toBe(200);
    expect(RefundResendResponse.parse(r.json()).refund).toMatchObject({ Status: 'sent', Reason: null, CanResend: false });
    expect(await providerRefunds(cr!.idempotency_key)).toHaveLength(1);
  });

  it('an order with no card payment on record: its card part is failed at once (NO_PAYMENT_SESSION), never silently owed', async () => {
    const { app, db } = get();
    const who = await signIn(app, await newCustomer(db, 'Legacy'));
    const b = await book(who, 27, [[V33.regular]]);
    // as the demo's seeded site orders: paid on the site, no payment session recorded
    await db.query('UPDATE reservations SET payment_session_id = NULL WHERE id = $1', [b.id]);
    const done = await cancel(who, b.id, [b.tickets[0]!.id]);
    expect(done.split!.card).toBeGreaterThan(0);
    expect((await cardRefundOf(b.id))[0]).toMatchObject({ status: 'failed', reason: 'NO_PAYMENT_SESSION', provider: null });
    const row = (await refundsList(await staff(b.business_id), 'open')).rows.find((r) => r.ReservationId === b.id)!;
    expect(row).toMatchObject({ Status: 'failed', Reason: 'NO_PAYMENT_SESSION', CanResend: false });
  });

  it('a ₪0 member ticket adds no fee: together or one at a time the same; cancelling it alone refunds nothing and withholds nothing', async () => {
    const { app, db } = get();
    const mobile = await newCustomer(db, 'Member');
    const { rows: [c] } = await db.query<{ id: number }>('SELECT id FROM customers WHERE mobile_number = $1', [mobile]);
    const member = `MZ${Date.now().toString(36)}`.toUpperCase().slice(0, 20);
    await db.query(`INSERT INTO customer_members (customer_id, membership_id, member_number, membership_identifier, balance, used_balance, points_balance, start_date, end_date)
      VALUES ($1, 1, $2, $2, 3, 0, 0, current_date - 10, current_date + 300)`, [c!.id, member]);
    const who = await signIn(app, mobile);
    const b = await book(who, 28, [[V33.regular], [V33.member, { memberNumber: member }]]);
    const [paid, free] = b.tickets;
    expect(free!.price).toBe(0);
    const both = await quote(who, b.id, [paid!.id, free!.id]);
    const paidAlone = await quote(who, b.id, [paid!.id]);
    const freeAlone = await quote(who, b.id, [free!.id]);
    expect(freeAlone).toMatchObject({ fee: 0, refund: 0 });
    expect(freeAlone.split).toMatchObject({ card: 0, memberTickets: 1 });
    expect(both.fee, 'the ₪0 ticket cost ₪5 more (QA)').toBe(paidAlone.fee);
    expect(both.refund).toBe(paidAlone.refund);

    const done = await cancel(who, b.id, [free!.id]);
    expect(done).toMatchObject({ fee: 0, refund: 0, split: { card: 0, vouchers: [], memberTickets: 1 } });
    expect(await cardRefundOf(b.id), 'nothing to send to a card').toEqual([]);
    const { rows: [m] } = await db.query<{ used: number }>('SELECT used_balance AS used FROM customer_members WHERE member_number = $1', [member]);
    expect(m!.used).toBe(0);
  });
});
