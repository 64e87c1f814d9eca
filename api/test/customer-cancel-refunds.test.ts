import { expect, it } from 'vitest';
import {
  CancelQuoteResponse, CancelReservationResponse, CartResponse, ConcessionsResponse, CustomerAreaDataResponse, SalesByPosResponse, VoucherHistoryResponse,
  type CartSeat,
} from '@ticketing/shared/contracts';
import { STAFF_USERS } from '../src/seed/sales.ts';
import { addDays } from '../src/lib/time.ts';
import { forEachEngine } from './harness.ts';
import { commit, customerInfo, lock, newKey, newUuid, pay, postCart, presentationWithSeats, seat, V33 } from './orders-helpers.ts';
import { newCustomer, signIn, type SignedIn } from './customer-helpers.ts';

/**
 * Testers on the demo (each twice): a customer-area cancellation reckoned the refund from ticket prices only and
 * promised it all "to your card" — Dana paid ₪118 = gift voucher ₪100 + card ₪18 and was promised ₪95 to the card,
 * the voucher stayed at ₪0; Yossi paid wholly by voucher and never got it back; member tickets, loyalty points and
 * coupons stayed spent. And the reports: a partial cancellation left revenue unchanged, a full one dropped the whole
 * order though fees and an unrefunded popcorn were kept.
 */
forEachEngine('a cancellation refunds what was paid, where it was paid from, and the reports follow', (get) => {
  let seq = 0;
  const uniq = () => `${process.pid}${Date.now().toString(36)}${seq++}`.toUpperCase();
  async function voucher(balance: number, tickets = 0, systemVoucherId = 1) {
    const ref = `T-REFUND-${uniq()}`;
    await get().db.query(`INSERT INTO system_voucher_items (reference, system_voucher_id, balance, ticket_balance, start_date, end_date)
      VALUES ($1, $2, $3, $4, current_date - 1, current_date + 100)`, [ref, systemVoucherId, balance, tickets]);
    return ref;
  }
  const balanceOf = async (ref: string) => (await get().db.query<{ balance: number; ticket_balance: number }>(
    'SELECT balance, ticket_balance FROM system_voucher_items WHERE reference = $1', [ref])).rows[0]!;
  /** A product any order may add (no delivery, not glasses). */
  const product = async () => (await get().db.query<{ id: number; price: number }>(
    `SELECT id, price FROM products WHERE NOT is_delivery_required AND category <> 'glasses' AND price > 0 ORDER BY id LIMIT 1`)).rows[0]!;

  /** Books venue 33 seats (one per ticket) for `who`, paying with `voucher` first and the card for the rest. */
  async function book(who: SignedIn, nth: number, tickets: Array<[number, Partial<NonNullable<CartSeat['ticket']>>?]>, opts: {
    voucher?: { ref: string; amount: number }; products?: Array<{ id: number; quantity: number }>;
  } = {}) {
    const { app, db } = get();
    const { p, seats: places } = await presentationWithSeats(get(), V33.venue, nth, V33.reserved, tickets.length);
    const uuid = newUuid('refund');
    for (const s of places) await lock(app, p, uuid, V33.reserved, s.x, s.y);
    const cart = {
      seats: places.map((s, i) => seat(p, V33.reserved, s.x, s.y, tickets[i]![0], tickets[i]![1] ?? {})), customerInfo: customerInfo(),
      products: opts.products, voucherPayments: opts.voucher ? [{ systemVoucher: opts.voucher.ref, amount: opts.voucher.amount }] : undefined,
    };
    const priced = await postCart(app, cart, { cookie: who.cookie });
    expect(priced.statusCode, priced.body).toBe(200);
    const order = CartResponse.parse(priced.json()).order;
    const paymentIdentifier = order.amountDue > 0 ? (await pay(app, uuid, order.amountDue)).sessionId : undefined;
    const r = await commit(app, uuid, newKey(), { ...cart, paymentIdentifier }, { cookie: who.cookie });
    expect(r.statusCode, r.body).toBe(200);
    const { rows } = await db.query<{ id: number; identifier: string }>('SELECT id, identifier FROM reservations WHERE document_key = $1', [r.json().documentKey]);
    const area = await areaRes(who, rows[0]!.id);
    return { id: rows[0]!.id, identifier: rows[0]!.identifier, order, tickets: area.tickets, p };
  }
  async function areaRes(who: SignedIn, id: number) {
    const r = await get().app.inject({ url: '/api/customer-area/customerAreaData', headers: { 'accept-language': 'en', cookie: who.cookie } });
    const d = CustomerAreaDataResponse.parse(r.json()).customerAreaData;
    return [...d.upcoming, ...d.past].find((x) => x.id === id)!;
  }
  const quote = (who: SignedIn, id: number, items: number[]) =>
    get().app.inject({ url: `/api/reservations/${id}/cancel-quote?items=${items.join(',')}`, headers: { cookie: who.cookie } });
  const cancel = (who: SignedIn, id: number, items: number[]) => get().app.inject({
    method: 'POST', url: `/api/reservations/${id}/cancel`, payload: { itemsToCancel: items }, headers: { cookie: who.cookie, 'x-customer-csrf': who.csrf },
  });
  /** Quote then cancel: both must say the same; returns the cancel's answer. */
  async function quoteThenCancel(who: SignedIn, id: number, items: number[]) {
    const q = await quote(who, id, items);
    expect(q.statusCode, q.body).toBe(200);
    const c = await cancel(who, id, items);
    expect(c.statusCode, c.body).toBe(200);
    const done = CancelReservationResponse.parse(c.json());
    const quoted = CancelQuoteResponse.parse(q.json());
    expect({ fee: done.fee, refund: done.refund, split: done.split }).toEqual({ fee: quoted.fee, refund: quoted.refund, split: quoted.split });
    return done;
  }
  const cents = (n: number) => Math.round(n * 100);

  it('voucher and card (Dana: ₪100 voucher + the rest by card): the card gets back at most what it was charged, the voucher the rest; its history says so', async () => {
    const { app, db } = get();
    const dana = await signIn(app, await newCustomer(db, 'Dana'));
    const ref = await voucher(10000);
    const pop = await product();
    const b = await book(dana, 16, [[V33.regular], [V33.regular]], { voucher: { ref, amount: 100 }, products: [{ id: pop.id, quantity: 1 }] });
    expect(b.order.voucherAmount).toBe(100);
    expect(b.order.amountDue).toBeGreaterThan(0);
    expect((await balanceOf(ref)).balance).toBe(0);
    const prices = b.tickets.reduce((s, t) => s + cents(t.price), 0);
    const refund = prices - 1000;
    const toCard = Math.min(refund, cents(b.order.amountDue));
    expect(toCard, 'the card was charged less than the refund (the case the testers found)').toBeLessThan(refund);

    const done = await quoteThenCancel(dana, b.id, b.tickets.map((t) => t.id));
    expect(cents(done.refund)).toBe(refund);
    expect(done.split).toEqual({ card: toCard / 100, vouchers: [{ reference: ref, amount: (refund - toCard) / 100 }], voucherTickets: 0, memberTickets: 0, loyaltyPoints: 0, couponUses: 0 });
    // the voucher has it back, and its history shows where from
    expect((await balanceOf(ref)).balance).toBe(refund - toCard);
    await db.query('UPDATE system_voucher_items SET customer_id = (SELECT customer_id FROM reservations WHERE id = $2) WHERE reference = $1', [ref, b.id]);
    const h = VoucherHistoryResponse.parse((await app.inject({ url: `/api/system-vouchers/${ref}/history`, headers: { cookie: dana.cookie } })).json()).history;
    expect(h.find((e) => e.kind === 'refunded')).toMatchObject({ amount: (refund - toCard) / 100, reservationIdentifier: b.identifier });
    // the order card: what was paid in all, and what came back
    const card = await areaRes(dana, b.id);
    expect(card).toMatchObject({ status: 'cancelled', total: b.order.totalAmount, refunded: refund / 100, products: pop.price / 100 });
    expect(cents(card.fees!)).toBe(cents(b.order.serviceCharge) + cents(b.order.bookingFee));
    const { rows: [cc] } = await db.query<{ card_agorot: number; voucher_agorot: number }>('SELECT card_agorot, voucher_agorot FROM customer_cancellations WHERE reservation_id = $1', [b.id]);
    expect(cc).toEqual({ card_agorot: toCard, voucher_agorot: refund - toCard });
  });

  it('voucher only, partial then full (Yossi): each refund goes back to the voucher, none to the card; the reports count what was kept', async () => {
    const { app, db } = get();
    const yossi = await signIn(app, await newCustomer(db, 'Yossi'));
    const ref = await voucher(50000);
    const pop = await product();
    const b = await book(yossi, 17, [[V33.regular], [V33.regular]], { voucher: { ref, amount: 500 }, products: [{ id: pop.id, quantity: 1 }] });
    expect(b.order.amountDue).toBe(0);
    const total = cents(b.order.totalAmount);
    const [t1, t2] = b.tickets;

    // the order alone on a sale day of its own, so the reports' figures for that day are its own
    const day = addDays('2003-01-01', Math.floor(Math.random() * 3000));
    await db.query(`UPDATE reservations SET created_at = ($2::date + time '10:00') AT TIME ZONE 'Asia/Jerusalem' WHERE id = $1`, [b.id, day]);
    const { rows: [where] } = await db.query<{ pos_id: number; business_id: number; location_id: number }>('SELECT pos_id, business_id, location_id FROM reservations WHERE id = $1', [b.id]);
    const staff = STAFF_USERS.find((u) => (u.businessIds as readonly number[]).includes(where!.business_id))!;
    const login = await app.inject({ method: 'POST', url: '/api/staff/login', payload: { username: staff.username, password: staff.password }, remoteAddress: '10.31.0.7' });
    expect(login.statusCode, login.body).toBe(200);
    const staffCookie = ([] as string[]).concat(login.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!).join('; ');
    const report = async () => {
      const range = `startDate=${day}&endDate=${day}&locationId=${where!.location_id}`;
      const pos = SalesByPosResponse.parse((await app.inject({ url: `/api/PRES-live/reports/salesByPointOfSale?${range}`, headers: { cookie: staffCookie } })).json());
      const con = ConcessionsResponse.parse((await app.inject({ url: `/api/PRES-live/reports/concessions?${range}`, headers: { cookie: staffCookie } })).json());
      const row = pos.rows.find((r) => r.PosId === where!.pos_id)!;
      const popcorn = [...con.most, ...con.least].find((r) => r.ProductId === pop.id)!;
      return { reservations: row.Reservations, tickets: row.Tickets, revenue: cents(row.Revenue), popcorn: popcorn.Quantity };
    };
    /** The live dashboard's figure for the screening agrees with its tickets: sold prices plus fees kept. */
    const screeningAgrees = async () => {
      const { rows: [s] } = await db.query<{ summary: string; rows: string }>(`
        SELECT (SELECT revenue_agorot FROM presentation_sales WHERE presentation_id = $1)::text AS summary,
               (SELECT sum(CASE WHEN status = 'sold' THEN price_agorot WHEN status = 'cancelled' THEN cancel_fee_agorot ELSE 0 END)
                FROM reservation_tickets WHERE presentation_id = $1)::text AS rows`, [b.p.id]);
      expect(s!.summary).toBe(s!.rows);
    };
    expect(await report()).toEqual({ reservations: 1, tickets: 2, revenue: total, popcorn: 1 });

    const one = await quoteThenCancel(yossi, b.id, [t1!.id]);
    const r1 = cents(t1!.price) - 500;
    expect(one.split).toEqual({ card: 0, vouchers: [{ reference: ref, amount: r1 / 100 }], voucherTickets: 0, memberTickets: 0, loyaltyPoints: 0, couponUses: 0 });
    expect(await report(), 'a partial cancellation takes its refund off the revenue').toEqual({ reservations: 1, tickets: 1, revenue: total - r1, popcorn: 1 });
    await screeningAgrees();

    const two = await quoteThenCancel(yossi, b.id, [t2!.id]);
    const r2 = cents(t2!.price) - 500;
    expect(two.split!.vouchers).toEqual([{ reference: ref, amount: r2 / 100 }]);
    expect(two.split!.card).toBe(0);
    // the order is gone from the live figures; what was kept (fees, service charges, booking fee, the popcorn) stays revenue
    expect(await report()).toEqual({ reservations: 0, tickets: 0, revenue: total - r1 - r2, popcorn: 1 });
    await screeningAgrees();
    expect((await balanceOf(ref)).balance).toBe(50000 - total + r1 + r2);
  });

  it('card only: back to the card, never more than it was charged; a part nothing can take is BALANCE_IS_DUE, not a promise', async () => {
    const { app, db } = get();
    const eli = await signIn(app, await newCustomer(db, 'Eli'));
    const b = await book(eli, 18, [[V33.regular], [V33.regular]]);
    const [t1, t2] = b.tickets;
    const one = await quoteThenCancel(eli, b.id, [t1!.id]);
    expect(one.split).toMatchObject({ card: one.refund, vouchers: [] });
    // the card was charged less than is left to refund (as if part had been paid another way): refused, nothing changes
    await db.query(`UPDATE payment_sessions SET amount = $2 WHERE id = (SELECT payment_session_id FROM reservations WHERE id = $1)`, [b.id, cents(one.refund) + 1000]);
    const q = await quote(eli, b.id, [t2!.id]);
    expect(q.statusCode).toBe(409);
    expect(q.json()).toMatchObject({ error: 'BALANCE_IS_DUE', due: one.refund - 10 });
    expect((await cancel(eli, b.id, [t2!.id])).json().error).toBe('BALANCE_IS_DUE');
    expect((await areaRes(eli, b.id)).tickets.find((t) => t.id === t2!.id)!.status).toBe('sold');
  });

  it('member tickets, loyalty points, a voucher\'s free tickets and coupon uses come back with the cancelled tickets', async () => {
    const { app, db } = get();
    const mobile = await newCustomer(db, 'Noa');
    const { rows: [c] } = await db.query<{ id: number }>('UPDATE customers SET loyalty_points = 1000 WHERE mobile_number = $1 RETURNING id', [mobile]);
    const member = `MR${uniq()}`.slice(0, 20);
    await db.query(`INSERT INTO customer_members (customer_id, membership_id, member_number, membership_identifier, balance, used_balance, points_balance, start_date, end_date)
      VALUES ($1, 1, $2, $2, 3, 0, 0, current_date - 10, current_date + 300)`, [c!.id, member]);
    const { rows: [kind] } = await db.query<{ code: string }>('SELECT code FROM tickets WHERE id = $1', [V33.code]);
    const coupon = `CR${uniq()}`.slice(0, 20);
    await db.query(`INSERT INTO coupons (code, ticket_code, multiply_factor, balance) VALUES ($1, $2, 1, 5)`, [coupon, kind!.code]);
    const free = await voucher(0, 2, 4);
    const noa = await signIn(app, mobile);
    const b = await book(noa, 19, [[V33.member, { memberNumber: member }], [V33.loyalty], [V33.code, { code: coupon }], [V33.regular, { systemVoucher: free }]]);
    const state = async () => (await db.query<{ used: number; points: number; coupon: number; free: number }>(`
      SELECT (SELECT used_balance FROM customer_members WHERE member_number = $1) AS used, (SELECT loyalty_points FROM customers WHERE id = $2) AS points,
             (SELECT used FROM coupons WHERE code = $3) AS coupon, (SELECT ticket_balance FROM system_voucher_items WHERE reference = $4) AS free`,
    [member, c!.id, coupon, free])).rows[0]!;
    const spent = await state();
    expect(spent.used).toBe(1);
    expect(spent.points).toBeLessThan(1000);
    expect(spent.coupon).toBe(1);
    expect(spent.free).toBe(1);

    const done = await quoteThenCancel(noa, b.id, b.tickets.map((t) => t.id));
    expect(done.split).toMatchObject({ memberTickets: 1, loyaltyPoints: 1000 - spent.points, couponUses: 1, voucherTickets: 1 });
    expect(await state()).toEqual({ used: 0, points: 1000, coupon: 0, free: 2 });
  });
});
