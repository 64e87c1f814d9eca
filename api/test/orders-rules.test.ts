import { expect, it } from 'vitest';
import { CartResponse, CommitResponse, EDocumentResponse, TicketLookupResponse, VoucherPaymentResponse } from '@ticketing/shared/contracts';
import { forEachEngine } from './harness.ts';
import { commit, customerInfo, freeSeats, lock, login, newKey, newUuid, pay, postCart, presentation, seat, CUSTOMERS, V33, type P } from './orders-helpers.ts';

forEachEngine('orders: ticket lookup and cart rules', (get) => {
  const lookup = (p: P, qs: string, cookie?: string) =>
    get().app.inject({ method: 'POST', url: `/api/presentations/${p.id}/ticket`, payload: Object.fromEntries(new URLSearchParams(qs)), headers: { 'accept-language': 'en', ...(cookie ? { cookie } : {}) } });
  const err = async (r: Promise<{ json(): unknown; statusCode: number }>) => ((await r).json() as { error: string }).error;
  /** A cart of reserved seats of venue 33 (the api prices it without holds; holds are checked at commit). */
  const seats = (p: P, tickets: Array<number | [number, Record<string, unknown>]>, y = 10) =>
    tickets.map((t, i) => (Array.isArray(t) ? seat(p, V33.reserved, i + 1, y, t[0], t[1]) : seat(p, V33.reserved, i + 1, y, t)));

  it('ticket by code: code ticket, unknown code, code of another venue, offline location', async () => {
    const p = await presentation(get(), V33.venue, 10);
    const ok = TicketLookupResponse.parse((await lookup(p, 'ticketCode=cinema33&ticketGroupId=331')).json()).ticket;
    expect(ok).toMatchObject({ id: V33.code, kind: 'code', code: 'CINEMA33', price: 24.8 });
    expect(await err(lookup(p, 'ticketCode=NOPE'))).toBe('codeNotFound');
    expect(await err(lookup(p, 'ticketCode=CINEMA21'))).toBe('ticketNotFound');
    const off = await presentation(get(), 41, 5);
    expect(await err(lookup(off, 'ticketGroupId=411'))).toBe('LOCATION_OFFLINE');
  });

  it('coupons: one/N more tickets, already used, no tickets to apply to, and a valid coupon', async () => {
    const p = await presentation(get(), V33.venue, 10);
    const more = await lookup(p, 'ticketCode=FAMILY4&ticketGroupId=331&eligibleSeats=1');
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({ error: 'COUPON_MORE_TICKETS', count: 3 });
    expect((await lookup(p, 'ticketCode=FRIENDS2&ticketGroupId=331&eligibleSeats=1')).json()).toMatchObject({ error: 'COUPON_MORE_TICKETS', count: 1 });
    expect(await err(lookup(p, 'ticketCode=FRIENDS2&ticketGroupId=331&eligibleSeats=0'))).toBe('COUPON_NO_TICKETS');
    expect(await err(lookup(p, 'ticketCode=USEDUP&ticketGroupId=331&eligibleSeats=1'))).toBe('COUPON_USED');
    const t = TicketLookupResponse.parse((await lookup(p, 'ticketCode=friends2&ticketGroupId=331&eligibleSeats=2')).json()).ticket;
    expect(t).toMatchObject({ kind: 'coupon', code: 'FRIENDS2', multiplyFactor: 2, balance: 10, id: V33.code });
  });

  it('vouchers as tickets: free ticket, no balance, expired, voucher without a ticket, none on hold', async () => {
    const p = await presentation(get(), V33.venue, 10);
    const t = TicketLookupResponse.parse((await lookup(p, 'ticketCode=MOVIE-POP-DEMO&ticketGroupId=331')).json()).ticket;
    expect(t).toMatchObject({ kind: 'voucher', price: 0, oldPrice: 45, systemVoucher: 'MOVIE-POP-DEMO', voucherTickets: 2 });
    expect(await err(lookup(p, 'ticketCode=MOVIE-POP-USED'))).toBe('voucherBalance');
    expect(await err(lookup(p, 'ticketCode=MOVIE-POP-EXPIRED'))).toBe('voucherExpired');
    expect(await err(lookup(p, 'ticketCode=GIFT-100-DEMO'))).toBe('autoApplyVoucherRequired');
    expect(await err(lookup(p, 'ticketCode=MOVIE-POP-DEMO&isHold=1'))).toBe('VOUCHER_ON_HOLD');
  });

  it('member tickets: by member number, limited by balance and allowMemberSaleTickets, only for the owner', async () => {
    const p = await presentation(get(), V33.venue, 10);
    const dana = await login(get().app, CUSTOMERS.dana);
    const miriam = await login(get().app, CUSTOMERS.miriam);
    const t = TicketLookupResponse.parse((await lookup(p, `ticketId=${V33.member}&memberNumber=M1001`, dana)).json()).ticket;
    expect(t).toMatchObject({ kind: 'member', memberNumber: 'M1001', balance: 10 });
    expect(await err(lookup(p, `ticketId=${V33.member}&memberNumber=M1001&quantity=11`, dana))).toBe('memberNoneAvailable');
    expect(await err(lookup(p, 'memberNumber=M9999&ticketGroupId=331', dana))).toBe('memberNotFound');
    expect(await err(lookup(p, 'memberNumber=M1003&ticketGroupId=331', miriam))).toBe('memberExpired');
    expect(await err(lookup(p, 'memberNumber=M1004&ticketGroupId=331', miriam))).toBe('memberNotStarted');
    expect(await err(lookup(p, 'memberNumber=M1006&ticketGroupId=331', miriam))).toBe('noValidMember');
    expect(await err(lookup(p, 'memberNumber=M1002&ticketGroupId=331', dana))).toBe('memberNoneAvailable');
    expect(await err(lookup(p, `ticketId=${V33.member}`))).toBe('noValidMember');
    // another customer's member number, or none signed in: not found, and nothing of the member in the answer
    for (const cookie of [undefined, miriam]) {
      const other = await lookup(p, `ticketId=${V33.member}&memberNumber=M1001`, cookie);
      expect(other.statusCode).toBe(404);
      expect(other.json().error).toBe('memberNotFound');
      expect(other.body).not.toMatch(/balance|customerId/);
    }
  });

  it('loyalty-points tickets need a login and enough points; prompts, walk-in flag and add-ons are returned', async () => {
    const p = await presentation(get(), V33.venue, 10);
    expect(await err(lookup(p, `ticketId=${V33.loyalty}`))).toBe('LOGIN_REQUIRED');
    const dana = await login(get().app, CUSTOMERS.dana);
    const t = TicketLookupResponse.parse((await lookup(p, `ticketId=${V33.loyalty}&quantity=3`, dana)).json()).ticket;
    expect(t).toMatchObject({ kind: 'loyalty', isLoyaltyPointsRedemption: true, loyaltyPointsPrice: 150 });
    expect(await err(lookup(p, `ticketId=${V33.loyalty}&quantity=4`, dana))).toBe('LOYALTY_POINTS');
    const ref = TicketLookupResponse.parse((await lookup(p, `ticketId=${V33.employee}`)).json()).ticket;
    expect(ref).toMatchObject({ kind: 'reference', ref1prompt: 'Employee number', ref2prompt: 'Organisation code' });
    const walk = TicketLookupResponse.parse((await lookup(p, `ticketId=${V33.walkin}`)).json()).ticket;
    expect(walk).toMatchObject({ walkin: true, rules: { maxQuantity: 2, remaining: 5 } });
    const def = TicketLookupResponse.parse((await lookup(p, 'ticketGroupId=331')).json()).ticket;
    expect(def).toMatchObject({ id: V33.regular, kind: 'regular', addons: [{ id: 1, price: 15 }, { id: 2, price: 10 }] });
    expect(await err(lookup(p, `ticketGroupId=331&ignoreTicketIds=${V33.regular},${V33.student},${V33.senior},${V33.child}`))).toBe('getTicket');
    const child = TicketLookupResponse.parse((await lookup(p, `ticketId=${V33.child}`)).json()).ticket;
    expect(child.rules.requiredCompanionCodes).toContain('regular');
  });

  it('cart: only seats with a ticket; empty cart; incompatible auth profile and business; offline; max seats; price group', async () => {
    const { app } = get();
    const p = await presentation(get(), V33.venue, 11);
    const r = CartResponse.parse((await postCart(app, { seats: [...seats(p, [V33.regular]), { XCoordinate: 5, YCoordinate: 10, ticket: null }] })).json()).order;
    expect(r.totalTickets).toBe(1);
    expect(await err(postCart(app, { seats: [{ XCoordinate: 5, YCoordinate: 10, ticket: null }] }))).toBe('EMPTY_CART');
    const haifa = await presentation(get(), 23, 20);
    const mixed = [...seats(p, [V33.regular]), seat(haifa, 2311, 1, 10, 2311)];
    const inc = await postCart(app, { seats: mixed });
    expect(inc.json()).toMatchObject({ error: 'INCOMPATIBLE_AUTH_PROFILE', message: 'Incompatible AuthProfile' });
    const biz = await postCart(app, { authProfileId: 2, businessId: 1, seats: seats(p, [V33.regular]) });
    expect(biz.json()).toMatchObject({ error: 'INCOMPATIBLE_BUSINESS', message: 'Incompatible Business' });
    expect((await postCart(app, { authProfileId: 2, businessId: 2, seats: seats(p, [V33.regular]) })).statusCode).toBe(200);
    const off = await presentation(get(), 41, 5);
    expect(await err(postCart(app, { seats: [seat(off, 4111, 1, 4, 4111)] }))).toBe('LOCATION_OFFLINE');
    expect(await err(postCart(app, { seats: seats(p, Array(11).fill(V33.regular)) }))).toBe('MAX_SEATS');
    expect((await postCart(app, { seats: seats(p, Array(10).fill(V33.regular)) })).statusCode).toBe(200);
    expect(await err(postCart(app, { seats: seats(p, [V33.premiumRegular]) }))).toBe('TICKET_NOT_IN_GROUP');
  });

  it('cart: multiply factor, companion, code, min/max/multiple quantities, sold out, walk-in, references', async () => {
    const { app, db } = get();
    const p = await presentation(get(), V33.venue, 11);
    expect(await err(postCart(app, { seats: seats(p, [V33.couple]) }))).toBe('TICKET_MULTIPLIER');
    const couple = CartResponse.parse((await postCart(app, { seats: seats(p, [V33.couple, [V33.couple, { isMultiplyFactorSubTicket: true }]]) })).json()).order;
    expect(couple.presentations[0]!.tickets.map((t) => t.price)).toEqual([81.9, 0]);
    expect(couple.serviceCharge).toBe(12);
    expect(couple.totalTickets).toBe(1);

    expect(await err(postCart(app, { seats: seats(p, [V33.child]) }))).toBe('TICKET_COMPANION');
    expect((await postCart(app, { seats: seats(p, [V33.child, V33.regular]) })).statusCode).toBe(200);

    expect(await err(postCart(app, { seats: seats(p, [V33.code]) }))).toBe('codeNotFound');
    expect((await postCart(app, { seats: seats(p, [[V33.code, { code: 'CINEMA33' }]]) })).statusCode).toBe(200);
    expect(await err(postCart(app, { seats: seats(p, Array(5).fill([V33.code, { code: 'CINEMA33' }])) }))).toBe('TICKET_MAX');

    await db.query('INSERT INTO ticket_rules (ticket_id, quantity_multiple, min_quantity) VALUES ($1, 2, 0)', [V33.senior]);
    try {
      expect(await err(postCart(app, { seats: seats(p, [V33.senior]) }))).toBe('TICKET_QUANTITY');
      expect((await postCart(app, { seats: seats(p, [V33.senior, V33.senior]) })).statusCode).toBe(200);
      await db.query('UPDATE ticket_rules SET quantity_multiple = 1, min_quantity = 3 WHERE ticket_id = $1', [V33.senior]);
      expect(await err(postCart(app, { seats: seats(p, [V33.senior, V33.senior]) }))).toBe('TICKET_MIN');
      expect((await postCart(app, { seats: seats(p, [V33.senior, V33.senior, V33.senior]) })).statusCode).toBe(200);
    } finally {
      await db.query('DELETE FROM ticket_rules WHERE ticket_id = $1', [V33.senior]);
    }

    expect(await err(postCart(app, { seats: seats(p, [V33.walkin]) }))).toBe('WALKIN_REQUIRED');
    const walk = CartResponse.parse((await postCart(app, { walkin: true, seats: seats(p, [V33.walkin]) })).json()).order;
    expect(walk.walkinRequired).toBe(true);
    expect(await err(postCart(app, { walkin: true, seats: seats(p, [V33.walkin, V33.walkin, V33.walkin]) }))).toBe('TICKET_MAX');
    await db.query('UPDATE ticket_rules SET quota_per_presentation = 1 WHERE ticket_id = $1', [V33.walkin]);
    try {
      expect(await err(postCart(app, { walkin: true, seats: seats(p, [V33.walkin, V33.walkin]) }))).toBe('TICKET_SOLD_OUT');
      expect((await postCart(app, { walkin: true, seats: seats(p, [V33.walkin]) })).statusCode).toBe(200);
    } finally {
      await db.query('UPDATE ticket_rules SET quota_per_presentation = 5 WHERE ticket_id = $1', [V33.walkin]);
    }

    expect(await err(postCart(app, { seats: seats(p, [V33.employee]) }))).toBe('REF_REQUIRED');
    expect(await err(postCart(app, { seats: seats(p, [[V33.employee, { ref1: 'E-17' }]]) }))).toBe('REF_REQUIRED');
    expect((await postCart(app, { seats: seats(p, [[V33.employee, { ref1: 'E-17', ref2: 'ORG' }]]) })).statusCode).toBe(200);
    // where the ticket-reference admin allots references (venue 31's partner ticket), only those are accepted
    const j = await presentation(get(), 31, 20);
    const emp31 = 100000 + 311 * 10 + 3;
    const { rows: [opt] } = await db.query<{ reference1: string; reference2: string }>(
      'SELECT reference1, reference2 FROM ticket_ref_options WHERE price_id = $1 ORDER BY price_row_id DESC LIMIT 1', [emp31]);
    expect(await err(postCart(app, { seats: [seat(j, 3111, 1, 4, emp31, { ref1: 'E-NOPE', ref2: opt!.reference2 })] }))).toBe('refPromptOptNotFound');
    expect((await postCart(app, { seats: [seat(j, 3111, 1, 4, emp31, { ref1: opt!.reference1, ref2: opt!.reference2 })] })).statusCode).toBe(200);
  });

  it('cart: coupons, members, loyalty points and voucher tickets in the cart', async () => {
    const { app } = get();
    const p = await presentation(get(), V33.venue, 11);
    const fr = (n: number) => Array(n).fill([V33.code, { code: 'FRIENDS2' }]) as Array<[number, Record<string, unknown>]>;
    expect((await postCart(app, { seats: seats(p, fr(1)) })).json()).toMatchObject({ error: 'COUPON_MORE_TICKETS', count: 1 });
    expect(CartResponse.parse((await postCart(app, { seats: seats(p, fr(2)) })).json()).order.presentations[0]!.tickets[0]).toMatchObject({ kind: 'coupon', code: 'FRIENDS2' });
    expect(await err(postCart(app, { seats: seats(p, Array(4).fill([V33.code, { code: 'SINGLE1' }])) }))).toBe('COUPON_USED');
    expect(await err(postCart(app, { seats: seats(p, [[V33.code, { code: 'USEDUP' }]]) }))).toBe('COUPON_USED');

    const owner = await login(app, CUSTOMERS.dana), notOwner = await login(app, CUSTOMERS.miriam);
    expect((await postCart(app, { seats: seats(p, [[V33.member, { memberNumber: 'M1001' }]]) }, { cookie: owner })).statusCode).toBe(200);
    expect(await err(postCart(app, { seats: seats(p, [[V33.member, { memberNumber: 'M1001' }]]) }))).toBe('memberNotFound');
    expect(await err(postCart(app, { seats: seats(p, [[V33.member, { memberNumber: 'M1001' }]]) }, { cookie: notOwner }))).toBe('memberNotFound');
    expect(await err(postCart(app, { seats: seats(p, [[V33.member, { memberNumber: 'M1002' }]]) }, { cookie: owner }))).toBe('memberNoneAvailable');
    expect(await err(postCart(app, { seats: seats(p, [[V33.member, { memberNumber: 'M1006' }]]) }, { cookie: notOwner }))).toBe('noValidMember');

    expect(await err(postCart(app, { seats: seats(p, [V33.loyalty]) }))).toBe('LOGIN_REQUIRED');
    const dana = await login(app, CUSTOMERS.dana);
    const loy = CartResponse.parse((await postCart(app, { seats: seats(p, [V33.loyalty]) }, { cookie: dana })).json()).order;
    expect(loy.ticketsAmount).toBe(0);
    expect(await err(postCart(app, { seats: seats(p, [V33.loyalty, V33.loyalty, V33.loyalty, V33.loyalty]) }, { cookie: dana }))).toBe('LOYALTY_POINTS');

    const v = CartResponse.parse((await postCart(app, { seats: seats(p, [[V33.regular, { systemVoucher: 'MOVIE-POP-DEMO' }]]) })).json()).order;
    expect(v.ticketsAmount).toBe(0);
    expect(v.presentations[0]!.tickets[0]!.kind).toBe('voucher');
    expect(await err(postCart(app, { seats: seats(p, [[V33.regular, { systemVoucher: 'MOVIE-POP-DEMO' }], [V33.regular, { systemVoucher: 'MOVIE-POP-DEMO' }], [V33.regular, { systemVoucher: 'MOVIE-POP-DEMO' }]]) }))).toBe('voucherBalance');
  });

  it('cart: add-ons, products (numeric price, quantity > 0, delivery method), number of payments', async () => {
    const { app } = get();
    const p = await presentation(get(), V33.venue, 11);
    const a = CartResponse.parse((await postCart(app, { seats: seats(p, [[V33.regular, { selectedAddons: [1] }]]) })).json()).order;
    expect(a.addons).toBe(15);
    // a Russian visitor's summary names the hall in Russian (the venue's id lets the names hook find it)
    const ru = CartResponse.parse((await postCart(app, { seats: seats(p, [V33.regular]) }, { lang: 'ru' })).json()).order;
    expect(ru.presentations[0]!.venueName).toMatch(/[А-Яа-я]/);
    // the seat's own figure (what the tickets step shows for it): price, service charge and add-on, summed by the api
    const line = a.presentations[0]!.tickets[0]!;
    expect(line.total).toBe(line.price + line.serviceCharge + 15);
    expect(line.total).toBeGreaterThan(15);
    const first = CartResponse.parse((await postCart(app, { seats: [seat(p, V33.reserved, 1, 10, V33.regular, {}, { isFirstAddonSelected: true })] })).json()).order;
    expect(first.presentations[0]!.tickets[0]!.addons.map((x) => x.id)).toEqual([1]);
    expect(await err(postCart(app, { seats: seats(p, [[V33.student, { selectedAddons: [1] }]]) }))).toBe('ADDON_NOT_FOUND');

    const prod = CartResponse.parse((await postCart(app, {
      seats: seats(p, [V33.regular]),
      products: [{ id: 1, quantity: 0 }, { id: 2, quantity: 1, price: 'n/a' }, { id: 3, quantity: 2, price: '24' }, { id: 4, quantity: 1, price: 14 }],
    })).json()).order;
    expect(prod.products.map((x) => [x.id, x.quantity])).toEqual([[3, 2], [4, 1]]);
    expect(prod.productsAmount).toBe(62);
    expect(await err(postCart(app, { seats: seats(p, [V33.regular]), products: [{ id: 8, quantity: 1 }] }))).toBe('DELIVERY_METHOD_REQUIRED');
    const del = CartResponse.parse((await postCart(app, { deliveryMethod: 'courier', seats: seats(p, [V33.regular]), products: [{ id: 8, quantity: 1 }] })).json()).order;
    expect(del.deliveryRequired).toBe(true);
    expect(await err(postCart(app, { seats: seats(p, [V33.regular]), products: [{ id: 999, quantity: 1 }] }))).toBe('PRODUCT_NOT_FOUND');

    expect(await err(postCart(app, { numberOfPayments: 2, seats: seats(p, [V33.regular]) }))).toBe('NUMBER_OF_PAYMENTS');
    const three = CartResponse.parse((await postCart(app, { numberOfPayments: 3, seats: seats(p, [V33.regular, V33.regular, V33.regular]) })).json()).order;
    // 3 × (45 + 6) + 3 booking fee = 156 → 52 × 3
    expect(three.totalAmount).toBe(156);
    expect(three.payments).toEqual([52, 52, 52]);
    const odd = CartResponse.parse((await postCart(app, { numberOfPayments: 3, seats: seats(p, [V33.regular, V33.regular, V33.student]) })).json()).order;
    expect(odd.payments.reduce((s, x) => Math.round((s + x) * 100) / 100, 0)).toBe(odd.amountDue);
    expect(await err(postCart(app, { numberOfPayments: 4, seats: seats(p, [V33.regular, V33.regular, V33.regular]) }))).toBe('NUMBER_OF_PAYMENTS');
  });

  it('voucher payment arithmetic: lesser of total and balance, no balance, expired, one at a time, partial voucher + card', async () => {
    const { app, db } = get();
    const v = (qs: string) => app.inject({ method: 'POST', url: '/api/payment/voucher', payload: Object.fromEntries(new URLSearchParams(qs)) });
    const part = VoucherPaymentResponse.parse((await v('reference=GIFT-30-DEMO&total=100')).json());
    expect(part).toMatchObject({ payment: { amount: 30, systemVoucher: 'GIFT-30-DEMO' }, balance: 30, remaining: 70 });
    const all = VoucherPaymentResponse.parse((await v('reference=gift-200-demo&total=45.5')).json());
    expect(all).toMatchObject({ payment: { amount: 45.5 }, balance: 200, remaining: 0 });
    expect((await v('reference=GIFT-EMPTY&total=50')).json()).toMatchObject({ error: 'NO_BALANCE' });
    expect((await v('reference=GIFT-30-DEMO&total=0')).json()).toMatchObject({ error: 'NO_BALANCE' });
    expect((await v('reference=GIFT-EXPIRED&total=50')).json()).toMatchObject({ error: 'voucherExpired' });
    expect((await v('reference=NOPE&total=50')).statusCode).toBe(404);

    const p = await presentation(get(), V33.venue, 12);
    const two = { seats: seats(p, [V33.regular]), voucherPayments: [{ amount: 10, systemVoucher: 'GIFT-30-DEMO' }, { amount: 10, systemVoucher: 'GIFT-200-DEMO' }] };
    expect(await err(postCart(app, two))).toBe('ONE_VOUCHER_PAYMENT');
    const skipped = CartResponse.parse((await postCart(app, { ...two, voucherPayments: [{ amount: 0, systemVoucher: 'GIFT-EMPTY' }, { amount: 30, systemVoucher: 'GIFT-30-DEMO' }] })).json()).order;
    expect(skipped.voucherAmount).toBe(30);

    // partial voucher + card, committed
    const uuid = newUuid('vp');
    const [a] = await freeSeats(get(), p, V33.reserved, 1);
    await lock(app, p, uuid, V33.reserved, a!.x, a!.y);
    const cart = { seats: [seat(p, V33.reserved, a!.x, a!.y, V33.regular)], customerInfo: customerInfo(), voucherPayments: [{ amount: 30, systemVoucher: 'GIFT-30-DEMO' }] };
    const order = CartResponse.parse((await postCart(app, cart)).json()).order;
    expect(order).toMatchObject({ totalAmount: 54, voucherAmount: 30, amountDue: 24 });
    const { sessionId } = await pay(app, uuid, order.amountDue);
    const res = CommitResponse.parse((await commit(app, uuid, newKey(), { ...cart, paymentIdentifier: sessionId })).json());
    const { rows } = await db.query<{ balance: number }>(`SELECT balance FROM system_voucher_items WHERE reference = 'GIFT-30-DEMO'`);
    expect(rows[0]!.balance).toBe(0);
    const doc = EDocumentResponse.parse((await app.inject({ url: `/api/edocument/${res.documentKey}` })).json()).edocument;
    expect(doc.vouchers).toEqual([{ reference: '••••DEMO', amount: 30 }]);
    // the emptied voucher now has no balance
    expect(await err(postCart(app, cart))).toBe('NO_BALANCE');

    // a voucher covering the whole order: no card needed
    const uuid2 = newUuid('vfull');
    const [b] = await freeSeats(get(), p, V33.reserved, 1);
    await lock(app, p, uuid2, V33.reserved, b!.x, b!.y);
    const full = { seats: [seat(p, V33.reserved, b!.x, b!.y, V33.regular)], customerInfo: customerInfo(), voucherPayments: [{ amount: 54, systemVoucher: 'GIFT-200-DEMO' }] };
    const r2 = await commit(app, uuid2, newKey(), full);
    expect(r2.statusCode, r2.body).toBe(200);
    expect(CommitResponse.parse(r2.json()).order.amountDue).toBe(0);
    const { rows: g } = await db.query<{ balance: number }>(`SELECT balance FROM system_voucher_items WHERE reference = 'GIFT-200-DEMO'`);
    expect(g[0]!.balance).toBe(20000 - 5400);
  });
});
