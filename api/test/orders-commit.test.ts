import { expect, it } from 'vitest';
import { CartResponse, CommitResponse, EDocumentResponse } from '@ticketing/shared/contracts';
import { forEachEngine } from './harness.ts';
import { commit, customerInfo, freeSeats, lock, login, newKey, newUuid, pay, postCart, presentation, seat, CUSTOMERS, V33 } from './orders-helpers.ts';

forEachEngine('orders: commit', (get) => {
  it('happy path: hold → price → pay with the sandbox card → commit → e-ticket; seats sold; the map is notified', async () => {
    const { app, db } = get();
    const p = await presentation(get(), V33.venue, 0);
    const uuid = newUuid('c');
    const [a, b] = await freeSeats(get(), p, V33.reserved, 2);
    await lock(app, p, uuid, V33.reserved, a!.x, a!.y);
    await lock(app, p, uuid, V33.reserved, b!.x, b!.y);
    const cart = {
      seats: [seat(p, V33.reserved, a!.x, a!.y, V33.regular), seat(p, V33.reserved, b!.x, b!.y, V33.student)],
      products: [{ id: 1, quantity: 2 }, { id: 6, quantity: 1 }],
      customerInfo: customerInfo({ mobileNumber: '+972501234567', mobileNumberVerify: '0501234567', address1: 'Herzl 1 #3' }),
    };
    const priced = await postCart(app, cart);
    expect(priced.statusCode, priced.body).toBe(200);
    const order = CartResponse.parse(priced.json()).order;
    // 45.00 + 38.70 tickets, 2 × 6.00 service charge, 2 × 18 popcorn, 5 glasses, 3.00 booking fee
    expect(order.ticketsAmount).toBe(83.7);
    expect(order.serviceCharge).toBe(12);
    expect(order.productsAmount).toBe(36);
    expect(order.glasses).toBe(5);
    expect(order.bookingFee).toBe(3);
    expect(order.totalAmount).toBe(139.7);
    expect(order.amountDue).toBe(139.7);
    expect(order.numberOfPayments).toBe(1);
    expect(order.payments).toEqual([139.7]);
    expect(order.totalTickets).toBe(2);

    const seen: string[] = [];
    const unlisten = await db.listen('seat_changes', (m) => seen.push(m));
    const { sessionId, html } = await pay(app, uuid, order.amountDue);
    expect(html).toContain('data-message');
    expect(html).toContain('&quot;approved&quot;');
    const c = await commit(app, uuid, newKey(), { ...cart, paymentIdentifier: sessionId });
    expect(c.statusCode, c.body).toBe(200);
    const res = CommitResponse.parse(c.json());
    expect(res.reservationIdentifier).toMatch(/^W\d+$/);
    expect(res.ticketIdentifiers).toHaveLength(2);
    expect(res.replayed).toBe(false);
    await new Promise((r) => setTimeout(r, 100));
    await unlisten();
    expect(seen.some((m) => JSON.parse(m).status === 'sold' && JSON.parse(m).presentationId === p.id)).toBe(true);

    const { rows } = await db.query<{ status: string; reservation_id: string }>(
      'SELECT status, reservation_id FROM presentation_seats WHERE presentation_id = $1 AND section_id = $2 AND y = $3 AND x IN ($4, $5)', [p.id, V33.reserved, a!.y, a!.x, b!.x]);
    expect(rows.map((r) => r.status)).toEqual(['sold', 'sold']);
    const { rows: info } = await db.query<{ customer_info: Record<string, unknown>; total_agorot: number }>(
      'SELECT customer_info, total_agorot FROM reservations WHERE identifier = $1', [res.reservationIdentifier]);
    expect(info[0]!.total_agorot).toBe(13970);
    expect(info[0]!.customer_info.mobileNumber).toBe('0501234567');
    expect(info[0]!.customer_info.address1).toBe('Herzl 1 3');
    expect(JSON.stringify(info[0]!.customer_info)).not.toContain('4580');
    const { rows: ps } = await db.query<{ status: string; last4: string; token: string }>('SELECT status, last4, token FROM payment_sessions WHERE id = $1', [sessionId]);
    expect(ps[0]).toMatchObject({ status: 'captured', last4: '0000' });

    const doc = await app.inject({ url: `/api/edocument/${res.documentKey}`, headers: { 'accept-language': 'en' } });
    expect(doc.statusCode, doc.body).toBe(200);
    const e = EDocumentResponse.parse(doc.json()).edocument;
    expect(e.state).toBe('valid');
    expect(e.reservationIdentifier).toBe(res.reservationIdentifier);
    expect(e.tickets.map((t) => t.RowName)).toEqual([String.fromCharCode(64 + a!.y - 2), String.fromCharCode(64 + a!.y - 2)]);
    expect(e.qrSvg?.startsWith('<svg')).toBe(true);
    expect(e.collectAtCashier).toBe(true);
  });

  it('the buyer gets one confirmation e-mail: screening, seats, products, how it was paid, total and the e-ticket link', async () => {
    // QA: vouchers and donations were confirmed by e-mail, ticket orders by nothing
    const { app, db } = get();
    const p = await presentation(get(), V33.venue, 7);
    const uuid = newUuid('mail');
    const [a] = await freeSeats(get(), p, V33.reserved, 1);
    await lock(app, p, uuid, V33.reserved, a!.x, a!.y);
    const to = `mail-${uuid.slice(0, 8)}@example.com`;
    const cart = { seats: [seat(p, V33.reserved, a!.x, a!.y, V33.regular)], products: [{ id: 1, quantity: 1 }], customerInfo: customerInfo({ email: to, emailVerify: to }) };
    const order = CartResponse.parse((await postCart(app, cart)).json()).order;
    const { sessionId } = await pay(app, uuid, order.amountDue);
    const key = newKey();
    const c = await commit(app, uuid, key, { ...cart, paymentIdentifier: sessionId });
    expect(c.statusCode, c.body).toBe(200);
    const res = CommitResponse.parse(c.json());
    await commit(app, uuid, key, { ...cart, paymentIdentifier: sessionId }); // a replay sends nothing more
    const { rows } = await db.query<{ subject: string; text_body: string; html_body: string }>('SELECT subject, text_body, html_body FROM email_outbox WHERE to_address = $1', [to]);
    expect(rows).toHaveLength(1);
    const m = rows[0]!;
    expect(m.subject).toBe(`Your tickets (order ${res.reservationIdentifier})`);
    const pres = res.order.presentations[0]!;
    const t = pres.tickets[0]!;
    expect(m.text_body).toContain('Hello Dana, thank you for your order.');
    const re = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(m.text_body).toMatch(new RegExp(`${re(pres.featureName)} · \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2} · ${re(pres.locationName)} · ${re(pres.venueName)}`));
    expect(m.text_body).toContain(`${t.SectionName}, row ${t.RowName}, seat ${t.SeatName} · ${t.ticketName} · ₪${t.price.toFixed(2)}`);
    expect(m.text_body).toContain(`Service charge: ₪${res.order.serviceCharge.toFixed(2)}`);
    expect(m.text_body).toContain(`Booking fee: ₪${res.order.bookingFee.toFixed(2)}`);
    expect(m.text_body).toContain(`${res.order.products[0]!.name} × 1: ₪${res.order.products[0]!.total.toFixed(2)}`);
    expect(m.text_body).toContain(`Paid by card: ₪${order.amountDue.toFixed(2)}`);
    expect(m.text_body).toContain(`Total: ₪${order.totalAmount.toFixed(2)}`);
    expect(m.text_body).toContain(`/edocument/${res.documentKey}`);
    expect(m.html_body).toContain(`<a href="`);
  });

  it('20 concurrent duplicate commits with one Idempotency-Key → exactly one reservation, one capture', async () => {
    const { app, db } = get();
    const p = await presentation(get(), V33.venue, 1);
    const uuid = newUuid('idem');
    const [a] = await freeSeats(get(), p, V33.reserved, 1);
    await lock(app, p, uuid, V33.reserved, a!.x, a!.y);
    const cart = { seats: [seat(p, V33.reserved, a!.x, a!.y, V33.regular)], customerInfo: customerInfo() };
    const order = CartResponse.parse((await postCart(app, cart)).json()).order;
    const { sessionId } = await pay(app, uuid, order.amountDue);
    const key = newKey();
    const all = await Promise.all(Array.from({ length: 20 }, () => commit(app, uuid, key, { ...cart, paymentIdentifier: sessionId })));
    for (const r of all) expect(r.statusCode, r.body).toBe(200);
    const ids = new Set(all.map((r) => (r.json() as { reservationIdentifier: string }).reservationIdentifier));
    expect(ids.size).toBe(1);
    expect(all.filter((r) => (r.json() as { replayed: boolean }).replayed === false)).toHaveLength(1);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM reservations WHERE idempotency_key = $1', [key]);
    expect(rows[0]!.n).toBe(1);
    const { rows: t } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM reservation_tickets WHERE presentation_id = $1 AND x = $2 AND y = $3`, [p.id, a!.x, a!.y]);
    expect(t[0]!.n).toBe(1);
    // a later retry returns the same answer
    const again = await commit(app, uuid, key, { ...cart, paymentIdentifier: sessionId });
    expect(again.json()).toMatchObject({ reservationIdentifier: [...ids][0], replayed: true });
  });

  it('the same visit paying again in another tab (its own key): 409 ORDER_ALREADY_COMPLETED naming the order, nothing charged twice', async () => {
    const { app, db } = get();
    const p = await presentation(get(), V33.venue, 5);
    const uuid = newUuid('tabs');
    const [a] = await freeSeats(get(), p, V33.reserved, 1);
    await lock(app, p, uuid, V33.reserved, a!.x, a!.y);
    const cart = { seats: [seat(p, V33.reserved, a!.x, a!.y, V33.regular)], customerInfo: customerInfo() };
    const order = CartResponse.parse((await postCart(app, cart)).json()).order;
    const first = await pay(app, uuid, order.amountDue);
    const second = await pay(app, uuid, order.amountDue);
    const done = await commit(app, uuid, newKey(), { ...cart, paymentIdentifier: first.sessionId });
    expect(done.statusCode, done.body).toBe(200);
    const again = await commit(app, uuid, newKey(), { ...cart, paymentIdentifier: second.sessionId });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ error: 'ORDER_ALREADY_COMPLETED', reservationIdentifier: done.json().reservationIdentifier, documentKey: done.json().documentKey });
    const { rows } = await db.query<{ status: string }>('SELECT status FROM payment_sessions WHERE id = $1', [second.sessionId]);
    expect(rows[0]!.status).toBe('approved'); // approved, never captured
    // another visit trying the same seats is told only that they are not held (nothing of this visit's order)
    const stranger = await commit(app, newUuid('stranger'), newKey(), { ...cart, paymentIdentifier: second.sessionId });
    expect(stranger.json().error).not.toBe('ORDER_ALREADY_COMPLETED');
  });

  it('the same Idempotency-Key with another cart → 409 IDEMPOTENCY_CONFLICT', async () => {
    const { app } = get();
    const p = await presentation(get(), V33.venue, 2);
    const uuid = newUuid('conf');
    const [a, b] = await freeSeats(get(), p, V33.reserved, 2);
    await lock(app, p, uuid, V33.reserved, a!.x, a!.y);
    await lock(app, p, uuid, V33.reserved, b!.x, b!.y);
    const cart1 = { seats: [seat(p, V33.reserved, a!.x, a!.y, V33.regular)], customerInfo: customerInfo() };
    const o1 = CartResponse.parse((await postCart(app, cart1)).json()).order;
    const s1 = await pay(app, uuid, o1.amountDue);
    const key = newKey();
    expect((await commit(app, uuid, key, { ...cart1, paymentIdentifier: s1.sessionId })).statusCode).toBe(200);
    const cart2 = { seats: [seat(p, V33.reserved, b!.x, b!.y, V33.regular)], customerInfo: customerInfo(), paymentIdentifier: s1.sessionId };
    const r = await commit(app, uuid, key, cart2);
    expect(r.statusCode).toBe(409);
    expect(r.json().error).toBe('IDEMPOTENCY_CONFLICT');
  });

  it('an expired hold cannot be committed (HOLD_EXPIRED, nothing sold, payment not captured); a live one can', async () => {
    const { app, db } = get();
    const p = await presentation(get(), V33.venue, 3);
    const uuid = newUuid('exp');
    const [a, b] = await freeSeats(get(), p, V33.reserved, 2);
    await lock(app, p, uuid, V33.reserved, a!.x, a!.y);
    const cart = { seats: [seat(p, V33.reserved, a!.x, a!.y, V33.regular)], customerInfo: customerInfo() };
    const order = CartResponse.parse((await postCart(app, cart)).json()).order;
    const { sessionId } = await pay(app, uuid, order.amountDue);
    await db.query(`UPDATE presentation_seats SET expires_at = now() - interval '1 second' WHERE presentation_id = $1 AND holder_uuid = $2`, [p.id, uuid]);
    const r = await commit(app, uuid, newKey(), { ...cart, paymentIdentifier: sessionId });
    expect(r.statusCode, r.body).toBe(409);
    expect(r.json().error).toBe('HOLD_EXPIRED');
    const { rows } = await db.query<{ status: string }>('SELECT status FROM payment_sessions WHERE id = $1', [sessionId]);
    expect(rows[0]!.status).toBe('approved');
    const { rows: t } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM reservation_tickets WHERE presentation_id = $1', [p.id]);
    expect(t[0]!.n).toBe(0);
    // another visit's hold is not mine either
    const other = newUuid('other');
    await lock(app, p, other, V33.reserved, a!.x, a!.y);
    const r2 = await commit(app, uuid, newKey(), { ...cart, paymentIdentifier: sessionId });
    expect(r2.json().error).toBe('HOLD_EXPIRED');
    // re-held by this visit: commits
    const uuid3 = newUuid('ok');
    await lock(app, p, uuid3, V33.reserved, b!.x, b!.y);
    const cart3 = { seats: [seat(p, V33.reserved, b!.x, b!.y, V33.regular)], customerInfo: customerInfo() };
    const s3 = await pay(app, uuid3, order.amountDue);
    expect((await commit(app, uuid3, newKey(), { ...cart3, paymentIdentifier: s3.sessionId })).statusCode).toBe(200);
  });

  it('payment is required, must be approved, of this visit and for the amount due', async () => {
    const { app } = get();
    const p = await presentation(get(), V33.venue, 4);
    const uuid = newUuid('payreq');
    const [a, b] = await freeSeats(get(), p, V33.reserved, 2);
    await lock(app, p, uuid, V33.reserved, a!.x, a!.y);
    const cart = { seats: [seat(p, V33.reserved, a!.x, a!.y, V33.regular)], customerInfo: customerInfo() };
    const order = CartResponse.parse((await postCart(app, cart)).json()).order;
    expect((await commit(app, uuid, newKey(), cart)).json().error).toBe('PAYMENT_REQUIRED');
    const declined = await pay(app, uuid, order.amountDue, '4000 0000 0000 0002');
    expect((await commit(app, uuid, newKey(), { ...cart, paymentIdentifier: declined.sessionId })).json().error).toBe('PAYMENT_DECLINED');
    const wrongAmount = await pay(app, uuid, order.amountDue - 1);
    expect((await commit(app, uuid, newKey(), { ...cart, paymentIdentifier: wrongAmount.sessionId })).json().error).toBe('PAYMENT_AMOUNT_MISMATCH');
    const othersPayment = await pay(app, newUuid('x'), order.amountDue);
    expect((await commit(app, uuid, newKey(), { ...cart, paymentIdentifier: othersPayment.sessionId })).json().error).toBe('PAYMENT_NOT_APPROVED');
    const good = await pay(app, uuid, order.amountDue);
    const ok = await commit(app, uuid, newKey(), { ...cart, paymentIdentifier: good.sessionId });
    expect(ok.statusCode, ok.body).toBe(200);
    // a captured payment cannot pay a second order
    await lock(app, p, uuid, V33.reserved, b!.x, b!.y);
    const cart2 = { seats: [seat(p, V33.reserved, b!.x, b!.y, V33.regular)], customerInfo: customerInfo(), paymentIdentifier: good.sessionId };
    expect((await commit(app, uuid, newKey(), cart2)).json().error).toBe('PAYMENT_NOT_APPROVED');
  });

  it('customer info is validated at commit (required, letters, email, matches, Israeli ID, terms) with field issues', async () => {
    const { app } = get();
    const p = await presentation(get(), V33.venue, 5);
    const uuid = newUuid('ci');
    const [a] = await freeSeats(get(), p, V33.reserved, 1);
    await lock(app, p, uuid, V33.reserved, a!.x, a!.y);
    const base = { seats: [seat(p, V33.reserved, a!.x, a!.y, V33.regular)] };
    const order = CartResponse.parse((await postCart(app, base)).json()).order;
    const bad = await commit(app, uuid, newKey(), {
      ...base, customerInfo: customerInfo({ firstName: 'D4na', lastName: '', ssn: '123456789', email: 'x@', emailVerify: 'y@example.com', mobileNumberVerify: '0500000000', termsConfirmed: false }),
    });
    expect(bad.statusCode).toBe(400);
    const body = bad.json() as { error: string; issues: Array<{ field: string; key: string }> };
    expect(body.error).toBe('CUSTOMER_INFO_INVALID');
    const byField = Object.fromEntries(body.issues.map((i) => [i.field, i.key]));
    expect(byField).toMatchObject({
      firstName: 'validation.lettersOnly', lastName: 'validation.required', ssn: 'validation.ssn', email: 'validation.email',
      emailVerify: 'validation.emailMatch', mobileNumberVerify: 'validation.mobileMatch', termsConfirmed: 'validation.terms',
    });
    const s = await pay(app, uuid, order.amountDue);
    expect((await commit(app, uuid, newKey(), { ...base, customerInfo: customerInfo(), paymentIdentifier: s.sessionId })).statusCode).toBe(200);
  });

  it('hold (unpaid) orders: refused without login or membership, a premium seat or a voucher; accepted for a member', async () => {
    const { app, db } = get();
    const p = await presentation(get(), V33.venue, 6);
    const uuid = newUuid('hold');
    const [a] = await freeSeats(get(), p, V33.reserved, 1);
    await lock(app, p, uuid, V33.reserved, a!.x, a!.y);
    const cart = { isHold: true, seats: [seat(p, V33.reserved, a!.x, a!.y, V33.regular)], customerInfo: customerInfo() };
    const anon = await commit(app, uuid, newKey(), cart);
    expect(anon.statusCode).toBe(403);
    expect(anon.json()).toMatchObject({ error: 'NO_MEMBERSHIP', message: 'Cannot make an unpaid booking - you have no active memberships' });
    const yossi = await login(app, CUSTOMERS.yossi);
    expect((await commit(app, uuid, newKey(), cart, { cookie: yossi })).json().error).toBe('NO_MEMBERSHIP');
    const dana = await login(app, CUSTOMERS.dana);
    // premium seat (row 5, seats 5..10 → y 7, x 5..10)
    const [pr] = await freeSeats(get(), p, V33.reserved, 1, { premium: true });
    await lock(app, p, uuid, V33.reserved, pr!.x, pr!.y);
    const premium = { ...cart, seats: [seat(p, V33.reserved, pr!.x, pr!.y, V33.premiumRegular)] };
    expect((await postCart(app, premium, { cookie: dana })).json().error).toBe('PREMIUM_HOLD');
    const withVoucher = { ...cart, voucherPayments: [{ amount: 10, systemVoucher: 'GIFT-200-DEMO' }] };
    expect((await postCart(app, withVoucher, { cookie: dana })).json().error).toBe('VOUCHER_ON_HOLD');
    const ok = await commit(app, uuid, newKey(), cart, { cookie: dana });
    expect(ok.statusCode, ok.body).toBe(200);
    const res = CommitResponse.parse(ok.json());
    expect(res.isHold).toBe(true);
    expect(res.order.amountDue).toBe(0);
    expect(res.order.bookingFee).toBe(0);
    const { rows } = await db.query<{ status: string; is_hold: boolean; customer_id: number }>('SELECT status, is_hold, customer_id FROM reservations WHERE identifier = $1', [res.reservationIdentifier]);
    expect(rows[0]).toMatchObject({ status: 'held-unpaid', is_hold: true });
    const doc = EDocumentResponse.parse((await app.inject({ url: `/api/edocument/${res.documentKey}` })).json()).edocument;
    expect(doc.isHold).toBe(true);
    expect(doc.notes).toContain('edocument.notes.holdPayAtBoxOffice');
    expect(new Date(doc.payBy!).getTime()).toBe(new Date(doc.dateTime).getTime() - 30 * 60_000);
  });
});
