import { expect, it } from 'vitest';
import { CustomerInfoResponse, LockError, MembershipOrderResponse, MembershipSeatplanResponse, SeatsStatusV2Response } from '@ticketing/shared/contracts';
import { forEachEngine, type Ctx } from './harness.ts';
import { customerInfo, login, newKey, newUuid, pay } from './orders-helpers.ts';
import { israeliIdFrom } from '../src/seed/orders.ts';

let mobileSeq = 0;
const newMobile = () => `058${String((process.pid * 7 + Date.now() + mobileSeq++ * 7919) % 10_000_000).padStart(7, '0')}`;

forEachEngine('memberships: purchase, seats, section-8 errors', (get) => {
  const info = (mobile: string) => customerInfo({ mobileNumber: mobile, mobileNumberVerify: mobile, firstName: 'Noa', lastName: 'Bar' });
  const body = (over: Record<string, unknown> = {}) => ({
    membershipId: 1, lines: [{ membershipPriceId: 11, quantity: 1 }], termsAccepted: true, customerInfo: info(newMobile()), seats: [], ...over,
  });
  const order = (uuid: string, key: string, b: Record<string, unknown>) =>
    get().app.inject({ method: 'POST', url: '/api/membership/order', headers: { uuid, 'idempotency-key': key }, payload: b });
  const quote = (b: Record<string, unknown>) => get().app.inject({ method: 'POST', url: '/api/membership/quote', payload: b });
  const expectError = async (res: Promise<{ statusCode: number; json(): unknown; body: string }>, status: number, code: string) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(status);
    expect((r.json() as { error: string }).error).toBe(code);
  };

  it('section 8 errors, each with a failing case', async () => {
    // the quote's lines, named in the visitor's language, priced by the api (the payment step lists them)
    const priced = await get().app.inject({ method: 'POST', url: '/api/membership/quote', payload: body({ lines: [{ membershipPriceId: 12, quantity: 2 }] }), headers: { 'accept-language': 'en' } });
    expect(priced.json()).toMatchObject({ total: 400, quantity: 2, lines: [{ name: 'Cinema Club · Couple', quantity: 2, amount: 400, kind: 'new' }] });
    await expectError(quote(body({ membershipId: 999 })), 404, 'INVALID_ID');
    await get().db.query('UPDATE memberships SET is_for_sale = false WHERE id = 4');
    await expectError(quote(body({ membershipId: 4, lines: [{ membershipPriceId: 41, quantity: 1 }] })), 409, 'NONE_FOR_SALE');
    await get().db.query('UPDATE memberships SET is_for_sale = true WHERE id = 4');
    await expectError(quote(body({ lines: [{ membershipPriceId: 11, quantity: 0 }] })), 400, 'MUST_SELECT');
    await expectError(quote(body({ lines: [{ priceCode: 'no spaces!', quantity: 1 }] })), 400, 'PRICE_BY_CODE_ERROR');
    await expectError(quote(body({ lines: [{ priceCode: 'NOPE', quantity: 1 }] })), 404, 'PRICE_NOT_FOUND');
    await expectError(quote(body({ lines: [{ membershipPriceId: 21, quantity: 1 }] })), 404, 'PRICE_NOT_FOUND');
    await expectError(quote(body({ lines: [{ priceCode: 'SINGLE', quantity: 1 }, { membershipPriceId: 11, quantity: 2 }] })), 409, 'CODE_ALREADY_ENTERED');
    await expectError(quote(body({ lines: [{ membershipPriceId: 11, quantity: 11 }] })), 400, 'VALIDATION_ERROR');
    await expectError(order(newUuid('mv'), newKey(), body({ termsAccepted: false })), 400, 'VALIDATION_ERROR');
    await expectError(order(newUuid('mv'), newKey(), body({ customerInfo: { ...info('0581234567'), email: 'not-an-email' } })), 400, 'VALIDATION_ERROR');
    await expectError(quote(body({ lines: [{ membershipPriceId: 11, quantity: 1, memberNumber: 'NOBODY' }] })), 404, 'MEMBER_NOT_FOUND');
    // Miriam's M1006 (CLUB) is valid; M1003 (GOLD) expired yesterday: a top-up is refused, a renewal is not
    await expectError(quote(body({ membershipId: 4, lines: [{ membershipPriceId: 41, quantity: 1, memberNumber: 'M1003' }] })), 409, 'MEMBER_EXPIRED');
    const renew = await quote(body({ membershipId: 4, lines: [{ membershipPriceId: 41, quantity: 1, memberNumber: 'M1003', renew: true }] }));
    expect(renew.statusCode, renew.body).toBe(200);
    expect(renew.json()).toMatchObject({ total: 90, quantity: 1, lines: [{ quantity: 1, amount: 90, kind: 'renewal' }] });
    // a price by code, case-insensitive
    const byCode = await quote(body({ lines: [{ priceCode: 'club-friends', quantity: 2 }] }));
    expect(byCode.json()).toMatchObject({ total: 300, quantity: 2 });
  });

  it('a lock without selections is the generic error; a seat outside the membership\'s events is an invalid id', async () => {
    const uuid = newUuid('ml');
    await expectError(get().app.inject({ method: 'PUT', url: '/api/membership/lock-seat', headers: { uuid }, payload: { membershipId: 2, selections: [] } }), 400, 'GENERAL_ERROR');
    const other = (await get().db.query<{ id: number; venue_id: number; seatplan_id: number }>(
      "SELECT id, venue_id, seatplan_id FROM presentations WHERE venue_id = 11 AND starts_at > now() + interval '1 day' LIMIT 1")).rows[0]!;
    await expectError(get().app.inject({
      method: 'PUT', url: '/api/membership/lock-seat', headers: { uuid },
      payload: { membershipId: 2, selections: [{ PresentationId: other.id, VenueId: other.venue_id, VenueSeatplanId: other.seatplan_id, VenueSectionId: 211, XCoordinate: 1, YCoordinate: 3 }] },
    }), 400, 'INVALID_ID');
  });

  it('pays, commits once per Idempotency-Key, and the new membership is active at once', async () => {
    const uuid = newUuid('mp');
    const mobile = newMobile();
    const b = body({ lines: [{ membershipPriceId: 12, quantity: 2 }], customerInfo: info(mobile) });
    await expectError(order(uuid, newKey(), b), 402, 'PAYMENT_REQUIRED');
    const { sessionId } = await pay(get().app, uuid, 400);
    const key = newKey();
    const [a, c] = await Promise.all([order(uuid, key, { ...b, paymentIdentifier: sessionId }), order(uuid, key, { ...b, paymentIdentifier: sessionId })]);
    expect(a.statusCode, a.body).toBe(200);
    expect(c.statusCode, c.body).toBe(200);
    const ra = MembershipOrderResponse.parse(a.json());
    const rc = MembershipOrderResponse.parse(c.json());
    expect(ra.orderIdentifier).toBe(rc.orderIdentifier);
    expect([ra.replayed, rc.replayed].sort()).toEqual([false, true]);
    expect(ra.total).toBe(400);
    expect(ra.members).toHaveLength(2);
    const { rows } = await get().db.query<{ n: number }>('SELECT count(*)::int AS n FROM membership_orders WHERE idempotency_key = $1', [key]);
    expect(rows[0]!.n).toBe(1);
    // usable at once: the customer has an active membership (member tickets, hold orders)
    const cookie = await login(get().app, mobile);
    const me = CustomerInfoResponse.parse((await get().app.inject({ method: 'POST', url: '/api/customer/refresh', headers: { cookie } })).json());
    expect(me.customerInfo.hasActiveMembership).toBe(true);
    expect(me.customerInfo.Members.map((m) => m.memberNumber)).toEqual(expect.arrayContaining(ra.members.map((m) => m.memberNumber)));
  });

  it('what /membership says the Cinema Club gives is what a member gets: its member tickets, each free, no discount', async () => {
    const { rows: [club] } = await get().db.query<{ n: number }>('SELECT member_tickets AS n FROM memberships WHERE id = 1');
    const { rows: [member] } = await get().db.query<{ max: number }>("SELECT max(price)::int AS max FROM tickets WHERE code = 'member'");
    expect(member!.max).toBe(0); // the booking's "Member ticket": ₪0 (plus the service charge)
    const described = async (lang: string) => ((await get().app.inject({ url: '/api/memberships?code=CLUB', headers: { 'accept-language': lang } }))
      .json() as { memberships: Array<{ Description: string }> }).memberships[0]!.Description;
    const en = await described('en');
    const he = await described('he');
    expect(en).toContain(`${club!.n} member tickets`);
    expect(en).toContain('free of charge');
    expect(he).toContain(`${club!.n} כרטיסי מנוי`);
    expect(he).toContain('ללא תשלום');
    for (const d of [en, he]) expect(d).not.toMatch(/%|discount|off every|הנחה/);
    // and where: the member ticket is in the regular ticket groups only, never a premium one
    const { rows: groups } = await get().db.query<{ code: string }>("SELECT DISTINCT g.code FROM tickets t JOIN ticket_groups g ON g.id = t.ticket_group_id WHERE t.code = 'member'");
    expect(groups.map((g) => g.code)).toEqual(['regular']);
    expect(en).toContain('on regular seats (not premium)');
    expect(he).toContain('במושבים רגילים (לא פרימיום)');
    // and a bought one holds that many member tickets (the customer area's "tickets left")
    const uuid = newUuid('mc');
    const { sessionId } = await pay(get().app, uuid, 120);
    const r = await order(uuid, newKey(), body({ paymentIdentifier: sessionId }));
    expect(r.statusCode, r.body).toBe(200);
    expect(MembershipOrderResponse.parse(r.json()).members[0]!.balance).toBe(club!.n);
  });

  it("keeps the buyer's ID number for their later checkouts, unless another customer has it", async () => {
    const ssn = israeliIdFrom(String(10_000_000 + Math.floor(Math.random() * 89_999_999)).slice(0, 8));
    const buy = async (mobile: string) => {
      const uuid = newUuid('ms');
      const b = body({ lines: [{ membershipPriceId: 12, quantity: 1 }], customerInfo: customerInfo({ mobileNumber: mobile, mobileNumberVerify: mobile, firstName: 'Noa', lastName: 'Bar', ssn }) });
      const { sessionId } = await pay(get().app, uuid, 200);
      const r = await order(uuid, newKey(), { ...b, paymentIdentifier: sessionId });
      expect(r.statusCode, r.body).toBe(200);
      const cookie = await login(get().app, mobile);
      return CustomerInfoResponse.parse((await get().app.inject({ method: 'POST', url: '/api/customer/refresh', headers: { cookie } })).json()).customerInfo;
    };
    expect((await buy(newMobile())).SSN).toBe(ssn);
    expect((await buy(newMobile())).SSN).toBeFalsy(); // the same ID for another mobile: not taken from its owner, no error
  });

  it('a series: seats held through /membership/lock-seat in each event are sold by the commit', async () => {
    const ctx: Ctx = get();
    const plan = MembershipSeatplanResponse.parse((await ctx.app.inject({ url: '/api/membership/seatplan?membershipId=2' })).json());
    expect(plan.events.length).toBe(6);
    const uuid = newUuid('ms');
    const seats: Array<{ presentationId: number; sectionId: number; x: number; y: number }> = [];
    for (const e of plan.events.slice(0, 2)) {
      const p = (await ctx.db.query<{ venue_id: number; seatplan_id: number }>('SELECT venue_id, seatplan_id FROM presentations WHERE id = $1', [e.presentationId])).rows[0]!;
      const free = (await ctx.db.query<{ section_id: number; x: number; y: number }>(`
        SELECT s.section_id, s.x, s.y FROM seats s JOIN sections sec ON sec.id = s.section_id
        WHERE sec.seatplan_id = $2 AND NOT s.is_handicap AND NOT s.is_companion AND NOT s.is_limited_view AND s.sofa_unit IS NULL
          AND NOT EXISTS (SELECT 1 FROM presentation_seats ps WHERE ps.presentation_id = $1 AND ps.section_id = s.section_id AND ps.x = s.x AND ps.y = s.y)
        ORDER BY s.y DESC, s.x LIMIT 1`, [e.presentationId, p.seatplan_id])).rows[0]!;
      const r = await ctx.app.inject({
        method: 'PUT', url: '/api/membership/lock-seat', headers: { uuid },
        payload: { membershipId: 2, selections: [{ PresentationId: e.presentationId, VenueId: p.venue_id, VenueSeatplanId: p.seatplan_id, VenueSectionId: free.section_id, XCoordinate: free.x, YCoordinate: free.y }] },
      });
      expect(r.statusCode, r.body).toBe(200);
      seats.push({ presentationId: e.presentationId, sectionId: free.section_id, x: free.x, y: free.y });
    }
    // more seats in one event than memberships selected
    await expectError(quote(body({ membershipId: 2, lines: [{ membershipPriceId: 21, quantity: 1 }], seats: [seats[0], { ...seats[0]!, x: seats[0]!.x + 1 }] })), 400, 'VALIDATION_ERROR');
    const { sessionId } = await pay(ctx.app, uuid, 210);
    const r = await order(uuid, newKey(), body({ membershipId: 2, lines: [{ membershipPriceId: 21, quantity: 1 }], seats, paymentIdentifier: sessionId }));
    expect(r.statusCode, r.body).toBe(200);
    expect(MembershipOrderResponse.parse(r.json())).toMatchObject({ seats: 2, members: [{ balance: 6, kind: 'new' }] });
    const st = SeatsStatusV2Response.parse((await ctx.app.inject({ url: `/api/seats/seats-statusV2?presentationId=${seats[0]!.presentationId}&isReserved=1`, headers: { uuid: newUuid('other') } })).json());
    expect(st.seats[`${seats[0]!.sectionId}_${seats[0]!.x}_${seats[0]!.y}`]).toBeUndefined();
  });

  it('renewal extends an expiring membership by its validity; a top-up adds member tickets', async () => {
    const ctx = get();
    const before = (await ctx.db.query<{ end: string; balance: number }>("SELECT to_char(end_date, 'YYYY-MM-DD') AS end, balance FROM customer_members WHERE member_number = 'M1002'")).rows[0]!;
    const uuid = newUuid('mr');
    const { sessionId } = await pay(ctx.app, uuid, 210);
    const r = await order(uuid, newKey(), body({ membershipId: 2, lines: [{ membershipPriceId: 21, quantity: 1, memberNumber: 'M1002', renew: true }], paymentIdentifier: sessionId }));
    expect(r.statusCode, r.body).toBe(200);
    const m = MembershipOrderResponse.parse(r.json()).members[0]!;
    expect(m.kind).toBe('renewal');
    expect(Date.parse(m.endDate) - Date.parse(before.end)).toBe(365 * 86_400_000);
    // top-up of Dana's valid CLUB membership M1001: 10 more member tickets, same end date
    const club = (await ctx.db.query<{ balance: number }>("SELECT balance FROM customer_members WHERE member_number = 'M1001'")).rows[0]!;
    const uuid2 = newUuid('mt');
    const paid = await pay(ctx.app, uuid2, 120);
    const t = await order(uuid2, newKey(), body({ lines: [{ membershipPriceId: 11, quantity: 1, memberNumber: 'M1001' }], paymentIdentifier: paid.sessionId }));
    expect(t.statusCode, t.body).toBe(200);
    expect(MembershipOrderResponse.parse(t.json()).members[0]).toMatchObject({ kind: 'topUp', balance: club.balance + 10 });
  });
  it("booking's single-seat rule on a membership's seats: refused at Continue and at the commit with the fix, accepted once fixed", async () => {
    const ctx = get();
    const plan = MembershipSeatplanResponse.parse((await ctx.app.inject({ url: '/api/membership/seatplan?membershipId=2' })).json());
    const pid = plan.events[5]!.presentationId;
    // the series' hall under seating policy 3 for this test (the seeded hall has policy 1), row I of the event cleared
    await ctx.db.query('UPDATE venues SET seating_policy_id = 3 WHERE id = 21');
    try {
      await ctx.db.query('DELETE FROM presentation_seats WHERE presentation_id = $1 AND section_id = 2111 AND y = 11', [pid]);
      const uuid = newUuid('mg');
      const lockSeat = (x: number) => ctx.app.inject({
        method: 'PUT', url: '/api/membership/lock-seat', headers: { uuid },
        payload: { membershipId: 2, selections: [{ PresentationId: pid, VenueId: 21, VenueSeatplanId: 211, VenueSectionId: 2111, XCoordinate: x, YCoordinate: 11 }] },
      });
      const check = (presentationId: number) => ctx.app.inject({ method: 'POST', url: '/api/membership/check-selection', headers: { uuid }, payload: { membershipId: 2, presentationId } });
      expect((await lockSeat(2)).statusCode).toBe(200);
      const r = await check(pid);
      await expectError(Promise.resolve(r), 409, 'SINGLE_SEAT_GAP');
      expect(LockError.parse(r.json())).toMatchObject({ seat: { sectionId: 2111, x: 2, y: 11 }, suggestion: { sectionId: 2111, x: 1, y: 11 } });
      const other = (await ctx.db.query<{ id: number }>("SELECT id FROM presentations WHERE venue_id = 11 AND starts_at > now() LIMIT 1")).rows[0]!;
      await expectError(check(other.id), 400, 'INVALID_ID');

      const seats = (xs: number[]) => xs.map((x) => ({ presentationId: pid, sectionId: 2111, x, y: 11 }));
      const lines = [{ membershipPriceId: 21, quantity: 2 }];
      const paid = await pay(ctx.app, uuid, 420);
      await expectError(order(uuid, newKey(), body({ membershipId: 2, lines, seats: seats([2]), paymentIdentifier: paid.sessionId })), 409, 'SINGLE_SEAT_GAP');
      const { rows } = await ctx.db.query<{ status: string }>('SELECT status FROM presentation_seats WHERE presentation_id = $1 AND section_id = 2111 AND x = 2 AND y = 11', [pid]);
      expect(rows[0]!.status).toBe('held'); // nothing sold, the hold kept for the fix

      // the suggested fix: seat 1 too
      expect((await lockSeat(1)).statusCode).toBe(200);
      const ok = await check(pid);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({ ok: true, seats: 2 });
      const paid2 = await pay(ctx.app, uuid, 420);
      const done = await order(uuid, newKey(), body({ membershipId: 2, lines, seats: seats([1, 2]), paymentIdentifier: paid2.sessionId }));
      expect(done.statusCode, done.body).toBe(200);
      expect(MembershipOrderResponse.parse(done.json()).seats).toBe(2);
    } finally {
      await ctx.db.query('UPDATE venues SET seating_policy_id = 1 WHERE id = 21');
    }
  });
});
