import { expect, it } from 'vitest';
import { CartResponse, CommitResponse, VoucherPurchaseResponse, VoucherQuoteResponse } from '@ticketing/shared/contracts';
import { forEachEngine } from './harness.ts';
import { commit, customerInfo, freeSeats, lock, newKey, newUuid, pay, postCart, presentation, seat, V33 } from './orders-helpers.ts';

/** Seeded offers (api/src/seed/data.ts): price 1 = Gift card ₪100 (voucher 1), price 3 = open amount ₪50–₪1000 (voucher 3). */
const FIXED = { systemVoucherId: 1, systemVoucherPriceId: 1 };
const OPEN = { systemVoucherId: 3, systemVoucherPriceId: 3 };
const buyer = { firstName: 'Dana', lastName: 'Levi', email: 'dana@example.com', mobileNumber: '0501234567', recipientName: 'Noa', greeting: 'Happy birthday' };

forEachEngine('vouchers: buying gift vouchers', (get) => {
  const quote = (lines: unknown[]) => get().app.inject({ method: 'POST', url: '/api/vouchers/quote', payload: { lines } });
  const purchase = (uuid: string, key: string, body: Record<string, unknown>) =>
    get().app.inject({ method: 'POST', url: '/api/vouchers/purchase', headers: { uuid, 'idempotency-key': key }, payload: { buyer, ...body } });

  it('open price: the chosen amount between min and max, refused outside with the range', async () => {
    for (const amount of [50, 275.5, 1000]) {
      const r = await quote([{ ...OPEN, amount, quantity: 1 }]);
      expect(r.statusCode, r.body).toBe(200);
      expect(VoucherQuoteResponse.parse(r.json()).total).toBe(amount);
    }
    for (const amount of [49.99, 1000.01]) {
      const r = await quote([{ ...OPEN, amount, quantity: 1 }]);
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({ error: 'VOUCHER_AMOUNT_RANGE', min: 50, max: 1000 });
    }
    expect((await quote([{ ...OPEN, quantity: 1 }])).json()).toMatchObject({ error: 'VOUCHER_AMOUNT_RANGE' });
    // Whole agorot only: 55.555 is refused, not rounded to 55.56 behind the buyer's back.
    for (const amount of [55.555, 100.001]) expect((await quote([{ ...OPEN, amount, quantity: 1 }])).statusCode).toBe(400);
    expect(VoucherQuoteResponse.parse((await quote([{ ...OPEN, amount: 55.56, quantity: 1 }])).json()).total).toBe(55.56);
    // A fixed price ignores any amount sent: the api is the one source of the price.
    expect(VoucherQuoteResponse.parse((await quote([{ ...FIXED, amount: 1, quantity: 2 }])).json()).total).toBe(200);
  });

  it('quantity: none chosen is "must select", more than 10 in all is refused, an unknown offer is "none available"', async () => {
    expect((await quote([])).json()).toMatchObject({ error: 'VOUCHER_MUST_SELECT' });
    expect((await quote([{ ...FIXED, quantity: 10 }])).statusCode).toBe(200);
    const over = await quote([{ ...FIXED, quantity: 6 }, { ...OPEN, amount: 60, quantity: 5 }]);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ error: 'VOUCHER_MAX_QUANTITY', max: 10 });
    expect((await quote([{ ...FIXED, quantity: 11 }])).statusCode).toBe(400);
    expect((await quote([{ systemVoucherId: 2, systemVoucherPriceId: 1, quantity: 1 }])).json()).toMatchObject({ error: 'VOUCHER_NONE_AVAILABLE' });
    expect((await quote([{ systemVoucherId: 99, systemVoucherPriceId: 99, quantity: 1 }])).statusCode).toBe(404);
  });

  it('purchase needs an approved payment for exactly the total, is idempotent, and the voucher pays a ticket order at once', async () => {
    const { app } = get();
    const uuid = newUuid('v');
    const lines = [{ ...OPEN, amount: 60, quantity: 2 }];
    expect((await purchase(uuid, newKey(), { lines })).json()).toMatchObject({ error: 'PAYMENT_REQUIRED' });
    const wrong = await pay(app, uuid, 100);
    expect((await purchase(uuid, newKey(), { lines, paymentIdentifier: wrong.sessionId })).json()).toMatchObject({ error: 'PAYMENT_AMOUNT_MISMATCH' });

    const { sessionId } = await pay(app, uuid, 120);
    const key = newKey();
    const r = await purchase(uuid, key, { lines, paymentIdentifier: sessionId });
    expect(r.statusCode, r.body).toBe(200);
    const bought = VoucherPurchaseResponse.parse(r.json());
    expect(bought.total).toBe(120);
    expect(bought.vouchers).toHaveLength(2);
    expect(new Set(bought.vouchers.map((v) => v.reference)).size).toBe(2);
    for (const v of bought.vouchers) expect(v).toMatchObject({ amount: 60, reference: expect.stringMatching(/^GV-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/) });

    const again = VoucherPurchaseResponse.parse((await purchase(uuid, key, { lines, paymentIdentifier: sessionId })).json());
    expect(again.replayed).toBe(true);
    expect(again.vouchers.map((v) => v.reference)).toEqual(bought.vouchers.map((v) => v.reference));
    // The buyer gets the codes by e-mail through the outbox, once (the replay sent nothing more).
    const mails = await get().db.query<{ to_address: string; text_body: string }>('SELECT to_address, text_body FROM email_outbox WHERE subject LIKE $1', [`%${bought.purchaseIdentifier}%`]);
    expect(mails.rows).toHaveLength(1);
    expect(mails.rows[0]!.to_address).toBe(buyer.email);
    for (const v of bought.vouchers) expect(mails.rows[0]!.text_body).toContain(v.reference);
    expect((await purchase(uuid, key, { lines: [{ ...OPEN, amount: 70, quantity: 1 }], paymentIdentifier: sessionId })).json()).toMatchObject({ error: 'IDEMPOTENCY_CONFLICT' });

    // Redemption as a voucher payment in a ticket order, right away.
    const reference = bought.vouchers[0]!.reference;
    const check = await app.inject({ method: 'POST', url: '/api/payment/voucher', payload: { reference, total: 500 } });
    expect(check.statusCode, check.body).toBe(200);
    const p = await presentation(get(), V33.venue, 3);
    const tUuid = newUuid('t');
    const [a, b] = await freeSeats(get(), p, V33.reserved, 2);
    await lock(app, p, tUuid, V33.reserved, a!.x, a!.y);
    await lock(app, p, tUuid, V33.reserved, b!.x, b!.y);
    const cart = {
      seats: [seat(p, V33.reserved, a!.x, a!.y, V33.regular), seat(p, V33.reserved, b!.x, b!.y, V33.regular)],
      customerInfo: customerInfo(), voucherPayments: [{ amount: 60, systemVoucher: reference }],
    };
    const order = CartResponse.parse((await postCart(app, cart)).json()).order;
    expect(order.voucherAmount).toBe(60);
    expect(order.amountDue).toBeCloseTo(order.totalAmount - 60, 2);
    const paid = await pay(app, tUuid, order.amountDue);
    const c = await commit(app, tUuid, newKey(), { ...cart, paymentIdentifier: paid.sessionId });
    expect(c.statusCode, c.body).toBe(200);
    expect(CommitResponse.parse(c.json()).order.voucherAmount).toBe(60);
    // Used up: the next order is refused NO_BALANCE (the booking drops it with a message).
    const after = await postCart(app, { ...cart, voucherPayments: [{ amount: 10, systemVoucher: reference }] });
    expect(after.json()).toMatchObject({ error: 'NO_BALANCE' });
  });

  it('buyer and recipient names follow the letters-only rule of ticket orders; bidi controls are stripped from the greeting', async () => {
    const { app, db } = get();
    const uuid = newUuid('vnames');
    const lines = [{ ...FIXED, quantity: 1 }];
    for (const bad of [
      { firstName: '=HYPERLINK("http://evil.example","x")' }, { lastName: 'Test<img src=x onerror=alert(1)>' }, { recipientName: 'Noa\u202Eevil' },
    ]) {
      const r = await purchase(uuid, newKey(), { lines, buyer: { ...buyer, ...bad } });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().issues).toEqual([expect.objectContaining({ path: ['buyer', Object.keys(bad)[0]], message: 'lettersOnly' })]);
    }
    // names as people write them pass: Hebrew with geresh and maqaf, an apostrophe, a hyphen, "Jr."
    const { sessionId } = await pay(app, uuid, 100);
    const names = { firstName: 'ג׳ני', lastName: "O'Neil-Smith Jr.", recipientName: 'בן־דוד' };
    const r = await purchase(uuid, newKey(), { lines, paymentIdentifier: sessionId, buyer: { ...buyer, ...names, greeting: '\u202EHappy birthday\u2066 ya\u2069\u202C ' } });
    expect(r.statusCode, r.body).toBe(200);
    const { rows: [stored] } = await db.query<{ buyer: Record<string, unknown> }>(
      'SELECT buyer FROM voucher_purchases WHERE identifier = $1', [VoucherPurchaseResponse.parse(r.json()).purchaseIdentifier]);
    expect(stored!.buyer).toMatchObject({ ...names, greeting: 'Happy birthday ya' });
  });

  it('sign-in before buying is off by default (spec 6: auth not required)', async () => {
    const r = await get().app.inject({ url: '/api/vouchers/settings' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ authRequired: false });
  });
});
