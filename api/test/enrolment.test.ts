import { expect, it } from 'vitest';
import {
  EnrolOrderResponse, EnrolSeasonResponse, FeaturesResponse, LockError, PresentationResponse, EnrolSeatplanResponse, MyEnrolmentsResponse, SeatsStatusV2Response,
} from '@ticketing/shared/contracts';
import { forEachEngine, lockBody, newUuid, type Ctx } from './harness.ts';
import { newCustomer, signIn } from './customer-helpers.ts';
import { newKey, pay } from './orders-helpers.ts';

/** Season 1 (the theatre season, Jerusalem Hall 1 = venue 31, seating policy 3, section 3111). Each test uses seats of its own. */
const VENUE = 31;
const SEC = 3111;
const seatInput = (pid: number, x: number, y: number) => ({ PresentationId: pid, VenueId: VENUE, VenueSeatplanId: 311, VenueSectionId: SEC, XCoordinate: x, YCoordinate: y });

forEachEngine('enrolment: season seats, tariffs, events, ALREADY_ENROLLED, release', (get) => {
  const app = () => get().app;
  const season = async (cookie?: string) => {
    const r = await app().inject({ url: '/api/enroll/1', headers: cookie ? { cookie, 'accept-language': 'en' } : { 'accept-language': 'en' } });
    expect(r.statusCode, r.body).toBe(200);
    return EnrolSeasonResponse.parse(r.json()).season;
  };
  const lock = (uuid: string, pid: number, x: number, y: number, presentationIds?: number[]) =>
    app().inject({ method: 'PUT', url: '/api/enroll/1/lock-seat', headers: { uuid }, payload: { seat: seatInput(pid, x, y), presentationIds } });
  const expectError = (r: { statusCode: number; body: string; json(): unknown }, status: number, code: string) => {
    expect(r.statusCode, r.body).toBe(status);
    expect((r.json() as { error: string }).error).toBe(code);
  };
  /** n seats free in every event of the season (the sales seed sells some), skipping those taken by other tests. */
  const freeSeasonSeats = async (n: number) => {
    const plan = EnrolSeatplanResponse.parse((await app().inject({ url: '/api/enroll/1/seatplan', headers: { uuid: newUuid('ef') } })).json());
    const { rows } = await get().db.query<{ x: number; y: number }>(`SELECT x, y FROM seats WHERE section_id = $1 AND sofa_unit IS NULL
      AND NOT is_handicap AND NOT is_companion AND NOT is_limited_view AND NOT is_premium ORDER BY y, x`, [SEC]);
    return rows.filter((r) => plan.seats[`${SEC}_${r.x}_${r.y}`]).slice(0, n);
  };
  /** The seeded advance sales fill the season's later events at random: each test starts from a free season section. */
  const clearSeasonSection = async () => {
    const pids = (await season()).Presentations.map((p) => p.PresentationId);
    await get().db.query('DELETE FROM presentation_seats WHERE presentation_id = ANY($1::int[]) AND section_id = $2', [pids, SEC]);
  };
  const ordinaryLock = (ctx: Ctx, uuid: string, pid: number, x: number, y: number) =>
    ctx.app.inject({ method: 'PUT', url: '/api/seats/lock-seat', headers: { uuid }, payload: lockBody({ id: pid, venueId: VENUE, seatplanId: 311 }, SEC, x, y) });

  it('the seeded theatre season: fixed seats, 3 required and 3 optional events, tariffs of the regular group, the last event priced apart', async () => {
    const s = await season();
    expect(s.Name).toBe('Theatre season');
    expect(s.IsSkipMemberSeat).toBe(false);
    expect(s.IsPricingPerTicket).toBe(true);
    expect(s.DefaultTicketGroupId).toBe(311);
    expect(s.Presentations).toHaveLength(6);
    expect(s.Presentations.filter((p) => p.IsRequired)).toHaveLength(3);
    expect(s.Presentations[5]!.PresentationDetail).toEqual({ IsPriceOverride: true, Price: 150 });
    expect(s.Presentations[0]!.PresentationDetail).toEqual({ IsPriceOverride: false, Price: 120 });
    expect(s.TicketGroups[0]!.tariffs.map((t) => t.TicketId)).toEqual([3111, 3112, 3113]);
    // each tariff's price for a seat over the required events, as the quote prices it (the tariffs step showed only a share)
    const required = s.Presentations.filter((p) => p.IsRequired).map((p) => p.PresentationId);
    for (const tr of s.TicketGroups[0]!.tariffs) {
      const q = await app().inject({ method: 'POST', url: '/api/enroll/1/quote', payload: { tariffs: [{ ticketId: tr.TicketId, quantity: 1 }], presentationIds: required, seats: [] } });
      expect(q.statusCode, q.body).toBe(200);
      expect(tr.SeatPrice, tr.Name).toBe((q.json() as { total: number }).total);
      expect(tr.SeatPrice).toBeGreaterThan(0);
    }
    expect(new Set(s.TicketGroups[0]!.tariffs.map((t) => t.SeatPrice)).size).toBe(3);
    expect(s.customer).toBeNull();
    expectError(await app().inject({ url: '/api/enroll/99' }), 404, 'INVALID_ID');
    // the season's events are performances of plays in the catalog (genre theatre, stage running times), not film screenings
    const features = FeaturesResponse.parse((await app().inject({ url: '/api/features/', headers: { 'accept-language': 'en' } })).json()).features;
    for (const ev of s.Presentations) {
      const p = PresentationResponse.parse((await app().inject({ url: `/api/presentations/${ev.PresentationId}`, headers: { 'accept-language': 'en' } })).json()).presentation;
      expect(p.featureName).toBe(ev.Title);
      expect(p.venueId).toBe(VENUE);
      expect(p.seatingPolicyId).toBe(3);
      const f = features.find((x) => x.id === p.featureId);
      expect(f, ev.Title).toMatchObject({ genre: 'Theatre', isVod: false });
      expect(f!.durationMinutes).toBeGreaterThanOrEqual(90);
    }
  });

  it('a lock without a seat is the generic error; a seat outside the plan too; an event outside the season is an invalid id', async () => {
    const uuid = newUuid('el');
    const s = await season();
    expectError(await app().inject({ method: 'PUT', url: '/api/enroll/1/lock-seat', headers: { uuid }, payload: {} }), 400, 'GENERAL_ERROR');
    expectError(await lock(uuid, s.Presentations[0]!.PresentationId, 99, 99), 400, 'GENERAL_ERROR');
    const other = (await get().db.query<{ id: number }>("SELECT id FROM presentations WHERE venue_id = 31 AND id <> ALL($1::int[]) AND starts_at > now() LIMIT 1",
      [s.Presentations.map((p) => p.PresentationId)])).rows[0]!;
    expectError(await lock(uuid, other.id, 1, 3, [other.id]), 400, 'INVALID_ID');
  });

  it('100 concurrent season locks on the same seats: exactly the available number succeed, each seat once in every event', async () => {
    await clearSeasonSection();
    const s = await season();
    const pids = s.Presentations.map((p) => p.PresentationId);
    // five seats free in every event; the fifth is then sold in one event to an ordinary order, so only 4 can be season seats
    const five = await freeSeasonSeats(5);
    expect(five).toHaveLength(5);
    await get().db.query(`INSERT INTO presentation_seats (presentation_id, section_id, x, y, status, reservation_id) VALUES ($1, $2, $3, $4, 'sold', 'TEST-SOLD')`,
      [pids[3], SEC, five[4]!.x, five[4]!.y]);
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => lock(newUuid(`ec${i}`), pids[0]!, five[i % 5]!.x, five[i % 5]!.y)));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(4);
    for (const r of results) if (r.statusCode !== 200) expect((r.json() as { error: string }).error, r.body).toBe('lock_seat_error');
    const { rows } = await get().db.query<{ x: number; y: number; n: number; holders: number }>(`
      SELECT x, y, count(*)::int AS n, count(DISTINCT holder_uuid)::int AS holders FROM presentation_seats
      WHERE presentation_id = ANY($1::int[]) AND section_id = $2 AND (x, y) IN (SELECT * FROM unnest($3::int[], $4::int[])) AND status = 'held'
      GROUP BY x, y ORDER BY y, x`, [pids, SEC, five.map((f) => f.x), five.map((f) => f.y)]);
    expect(rows).toEqual(five.slice(0, 4).map(({ x, y }) => ({ x, y, n: 6, holders: 1 })));
  });

  it('enrols a signed-in customer: fixed seat, tariffs, optional events, payment; the seat is taken for ordinary booking until released for one event', async () => {
    await clearSeasonSection();
    const ctx = get();
    const mobile = await newCustomer(ctx.db, 'Enrol');
    const who = await signIn(ctx.app, mobile);
    const s = await season(who.cookie);
    expect(s.customer?.mobileNumber).toBe(mobile);
    expect(s.alreadyEnrolled).toBe(false);
    const pids = s.Presentations.map((p) => p.PresentationId);
    const uuid = newUuid('ee');
    // two fixed seats free in every event, at the start of row H (leaving no single empty seat: the hall's policy 3)
    const [a, b] = [{ x: 1, y: 10 }, { x: 2, y: 10 }];
    const k = (s: { x: number; y: number }) => `${SEC}_${s.x}_${s.y}`;
    for (const s of [a!, b!]) expect((await lock(uuid, pids[0]!, s.x, s.y)).statusCode).toBe(200);
    const plan = EnrolSeatplanResponse.parse((await app().inject({ url: '/api/enroll/1/seatplan', headers: { uuid } })).json());
    expect(plan.held.sort()).toEqual([k(a!), k(b!)].sort());
    expect(plan.seats[k(a!)]).toBeDefined();
    const otherView = EnrolSeatplanResponse.parse((await app().inject({ url: '/api/enroll/1/seatplan', headers: { uuid: newUuid('eo') } })).json());
    expect(otherView.seats[k(a!)]).toBeUndefined();

    // events: the three required ones and the last optional one; the other optional events' holds go back at commit
    const chosen = s.Presentations.filter((p) => p.IsRequired || p === s.Presentations[5]).map((p) => p.PresentationId);
    const seats = chosen.flatMap((pid) => [a!, b!].map((s) => ({ presentationId: pid, sectionId: SEC, x: s.x, y: s.y })));
    const body = { tariffs: [{ ticketId: 3111, quantity: 1 }, { ticketId: 3112, quantity: 1 }], presentationIds: chosen, seats };
    // errors with a failing case each
    expectError(await app().inject({ method: 'POST', url: '/api/enroll/1/quote', payload: { ...body, tariffs: [] } }), 400, 'MUST_SELECT');
    expectError(await app().inject({ method: 'POST', url: '/api/enroll/1/quote', payload: { ...body, presentationIds: chosen.slice(1) } }), 400, 'REQUIRED_EVENTS');
    expectError(await app().inject({ method: 'POST', url: '/api/enroll/1/quote', payload: { ...body, tariffs: [{ ticketId: 3111, quantity: 5 }] } }), 409, 'MAX_SEATS');
    const quote = await app().inject({ method: 'POST', url: '/api/enroll/1/quote', payload: body });
    expect(quote.statusCode, quote.body).toBe(200);
    // per event: regular 100 % + student 86 %; three events at ₪120, one at ₪150
    expect(quote.json()).toMatchObject({ total: 948.6, seats: 2, events: 4 }); // 3 × (120 + 103.20) + (150 + 129)
    // one line per tariff, over the chosen events, summing to the total
    expect((quote.json() as { lines: unknown[] }).lines).toEqual([
      { name: 'עונת התיאטרון · רגיל', quantity: 1, amount: 510 }, { name: 'עונת התיאטרון · סטודנט', quantity: 1, amount: 438.6 },
    ]);
    const headers = { uuid, 'idempotency-key': newKey(), cookie: who.cookie, 'x-customer-csrf': who.csrf };
    expectError(await app().inject({ method: 'POST', url: '/api/enroll/1/order', headers: { uuid, 'idempotency-key': newKey() }, payload: body }), 401, 'UNAUTHORIZED');
    expectError(await app().inject({ method: 'POST', url: '/api/enroll/1/order', headers, payload: body }), 402, 'PAYMENT_REQUIRED');
    const { sessionId } = await pay(ctx.app, uuid, (quote.json() as { total: number }).total);
    const res = await app().inject({ method: 'POST', url: '/api/enroll/1/order', headers, payload: { ...body, paymentIdentifier: sessionId } });
    expect(res.statusCode, res.body).toBe(200);
    const done = EnrolOrderResponse.parse(res.json());
    expect(done.seats).toHaveLength(8);
    expect(done.seats.map((x) => `${x.sectionId}_${x.x}_${x.y}`)).toContain(k(a!));
    // a retried commit replays; a second enrolment of the same customer is ALREADY_ENROLLED
    const again = await app().inject({ method: 'POST', url: '/api/enroll/1/order', headers, payload: { ...body, paymentIdentifier: sessionId } });
    expect(EnrolOrderResponse.parse(again.json())).toMatchObject({ enrolmentIdentifier: done.enrolmentIdentifier, replayed: true });
    expectError(await app().inject({ method: 'POST', url: '/api/enroll/1/order', headers: { ...headers, 'idempotency-key': newKey() }, payload: { ...body, paymentIdentifier: sessionId } }), 409, 'ALREADY_ENROLLED');
    expect((await season(who.cookie)).alreadyEnrolled).toBe(true);

    // ordinary booking: the season seat is sold in every chosen event; in the unchosen optional events it was given back
    for (const pid of chosen) {
      const st = SeatsStatusV2Response.parse((await app().inject({ url: `/api/seats/seats-statusV2?presentationId=${pid}&isReserved=1` })).json());
      expect(st.seats[k(a!)], `event ${pid}`).toBeUndefined();
      expectError(await ordinaryLock(ctx, newUuid('eb'), pid, a!.x, a!.y), 409, 'lock_seat_error');
    }
    const unchosen = pids.filter((p) => !chosen.includes(p));
    for (const pid of unchosen) {
      const st = SeatsStatusV2Response.parse((await app().inject({ url: `/api/seats/seats-statusV2?presentationId=${pid}&isReserved=1` })).json());
      expect(st.seats[k(a!)], `event ${pid}`).toBeDefined();
    }

    // the customer area: the enrolment, then a release of one event (that event only)
    const mine = MyEnrolmentsResponse.parse((await app().inject({ url: '/api/enroll/mine', headers: { cookie: who.cookie } })).json());
    expect(mine.manageUrl).toBe('/membership/enrolments');
    expect(mine.enrolments[0]!.events.map((e) => e.presentationId)).toEqual(chosen);
    const released = chosen[1]!;
    expectError(await app().inject({ method: 'POST', url: '/api/enroll/release', headers: { cookie: who.cookie }, payload: { enrolmentIdentifier: done.enrolmentIdentifier, presentationId: released } }), 403, 'CSRF');
    const rel = await app().inject({ method: 'POST', url: '/api/enroll/release', headers: { cookie: who.cookie, 'x-customer-csrf': who.csrf }, payload: { enrolmentIdentifier: done.enrolmentIdentifier, presentationId: released } });
    expect(rel.statusCode, rel.body).toBe(200);
    expect(rel.json()).toEqual({ released: 2 });
    expectError(await app().inject({ method: 'POST', url: '/api/enroll/release', headers: { cookie: who.cookie, 'x-customer-csrf': who.csrf }, payload: { enrolmentIdentifier: done.enrolmentIdentifier, presentationId: released } }), 409, 'NOT_RELEASABLE');
    const buyer = newUuid('eb');
    expect((await ordinaryLock(ctx, buyer, released, a!.x, a!.y)).statusCode).toBe(200);
    for (const pid of chosen.filter((p) => p !== released)) expectError(await ordinaryLock(ctx, newUuid('eb'), pid, a!.x, a!.y), 409, 'lock_seat_error');
    const after = MyEnrolmentsResponse.parse((await app().inject({ url: '/api/enroll/mine', headers: { cookie: who.cookie } })).json());
    const ev = after.enrolments[0]!.events.find((e) => e.presentationId === released)!;
    expect(ev.releasable).toBe(false);
    expect(ev.seats.every((x) => x.released)).toBe(true);
  });

  it('renewal from the customer area: the signed-in customer\'s membership by member number (its page is /membership/renew/{memberNumber})', async () => {
    const ctx = get();
    const mobile = await newCustomer(ctx.db, 'Renew');
    const num = `MR${Date.now() % 1_000_000}`;
    await ctx.db.query(`INSERT INTO customer_members (customer_id, membership_id, member_number, membership_identifier, balance, start_date, end_date)
      SELECT id, 2, $2, 'MS-' || $2, 6, (now() AT TIME ZONE 'Asia/Jerusalem')::date - 300, (now() AT TIME ZONE 'Asia/Jerusalem')::date + 3
      FROM customers WHERE mobile_number = $1`, [mobile, num]);
    expectError(await app().inject({ url: `/api/membership/renewal/${num}` }), 401, 'UNAUTHORIZED');
    const who = await signIn(ctx.app, mobile);
    const r = await app().inject({ url: `/api/membership/renewal/${num}`, headers: { cookie: who.cookie } });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ memberNumber: num, membershipCode: 'SERIES6', isExpired: false });
    // another customer's member number is not found for this one
    expectError(await app().inject({ url: '/api/membership/renewal/M1001', headers: { cookie: who.cookie } }), 404, 'MEMBER_NOT_FOUND');
  });
  const check = (uuid: string, presentationIds?: number[]) =>
    app().inject({ method: 'POST', url: '/api/enroll/1/check-selection', headers: { uuid }, payload: { presentationIds } });

  it("booking's single-seat rule on season seats: refused at Continue and at the commit with the fix, accepted once fixed", async () => {
    await clearSeasonSection();
    const ctx = get();
    const mobile = await newCustomer(ctx.db, 'Gap');
    const who = await signIn(ctx.app, mobile);
    const s = await season(who.cookie);
    const pids = s.Presentations.map((p) => p.PresentationId);
    const uuid = newUuid('eg');
    // seat 2 of row I alone leaves seat 1 (the row's end) as a single empty seat in every event
    expect((await lock(uuid, pids[0]!, 2, 11)).statusCode).toBe(200);
    const r = await check(uuid);
    expectError(r, 409, 'SINGLE_SEAT_GAP');
    expect(LockError.parse(r.json())).toMatchObject({ seat: { sectionId: SEC, x: 2, y: 11 }, suggestion: { sectionId: SEC, x: 1, y: 11 } });
    expectError(await check(uuid, [pids[1]!]), 409, 'SINGLE_SEAT_GAP');
    expectError(await app().inject({ method: 'POST', url: '/api/enroll/1/check-selection', headers: { uuid }, payload: { presentationIds: [999999] } }), 400, 'INVALID_ID');

    const chosen = s.Presentations.filter((p) => p.IsRequired).map((p) => p.PresentationId);
    const body = (xs: number[]) => ({
      tariffs: [{ ticketId: 3111, quantity: xs.length }], presentationIds: chosen,
      seats: chosen.flatMap((pid) => xs.map((x) => ({ presentationId: pid, sectionId: SEC, x, y: 11 }))),
    });
    const headers = () => ({ uuid, 'idempotency-key': newKey(), cookie: who.cookie, 'x-customer-csrf': who.csrf });
    const price = async (xs: number[]) => (await app().inject({ method: 'POST', url: '/api/enroll/1/quote', payload: body(xs) })).json() as { total: number };
    const paid1 = await pay(ctx.app, uuid, (await price([2])).total);
    const refused = await app().inject({ method: 'POST', url: '/api/enroll/1/order', headers: headers(), payload: { ...body([2]), paymentIdentifier: paid1.sessionId } });
    expectError(refused, 409, 'SINGLE_SEAT_GAP');
    expect((await season(who.cookie)).alreadyEnrolled).toBe(false);
    const { rows: held } = await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM presentation_seats WHERE holder_uuid = $1 AND status = 'held'", [uuid]);
    expect(held[0]!.n).toBe(pids.length);

    // the suggested fix: seat 1 too
    expect((await lock(uuid, pids[0]!, 1, 11)).statusCode).toBe(200);
    const ok = await check(uuid);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ ok: true, seats: 2 });
    const paid2 = await pay(ctx.app, uuid, (await price([1, 2])).total);
    const done = await app().inject({ method: 'POST', url: '/api/enroll/1/order', headers: headers(), payload: { ...body([1, 2]), paymentIdentifier: paid2.sessionId } });
    expect(done.statusCode, done.body).toBe(200);
    expect(EnrolOrderResponse.parse(done.json()).seats).toHaveLength(chosen.length * 2);
  });

  it('IsSkipMemberSeat: no season seat; a seat of its own in each chosen event, sold in that event only', async () => {
    await clearSeasonSection();
    const ctx = get();
    await ctx.db.query('UPDATE enrolment_seasons SET is_skip_member_seat = true WHERE id = 1');
    try {
      const who = await signIn(ctx.app, await newCustomer(ctx.db, 'Skip'));
      const s = await season(who.cookie);
      expect(s.IsSkipMemberSeat).toBe(true);
      const chosen = s.Presentations.filter((p) => p.IsRequired).map((p) => p.PresentationId);
      const uuid = newUuid('es');
      // each event a seat of its own (row E, seats 1, 3, 5: none leaves a single empty seat)
      const seats = chosen.map((pid, i) => ({ presentationId: pid, sectionId: SEC, x: 1 + 2 * i, y: 7 }));
      for (const x of seats) {
        const r = await lock(uuid, x.presentationId, x.x, x.y, [x.presentationId]);
        expect(r.statusCode, r.body).toBe(200);
        const c = await check(uuid, [x.presentationId]);
        expect(c.statusCode, c.body).toBe(200);
      }
      const body = { tariffs: [{ ticketId: 3112, quantity: 1 }], presentationIds: chosen, seats };
      const q = await app().inject({ method: 'POST', url: '/api/enroll/1/quote', payload: body });
      expect(q.statusCode, q.body).toBe(200);
      const { sessionId } = await pay(ctx.app, uuid, (q.json() as { total: number }).total);
      const res = await app().inject({
        method: 'POST', url: '/api/enroll/1/order', headers: { uuid, 'idempotency-key': newKey(), cookie: who.cookie, 'x-customer-csrf': who.csrf },
        payload: { ...body, paymentIdentifier: sessionId },
      });
      expect(res.statusCode, res.body).toBe(200);
      const done = EnrolOrderResponse.parse(res.json());
      expect(done.seats.map((x) => [x.presentationId, x.x])).toEqual(seats.map((x) => [x.presentationId, x.x]));
      // the seat of the first event is sold there only: still on sale in the second
      expectError(await ordinaryLock(ctx, newUuid('eb'), chosen[0]!, 1, 7), 409, 'lock_seat_error');
      const st = SeatsStatusV2Response.parse((await app().inject({ url: `/api/seats/seats-statusV2?presentationId=${chosen[1]!}&isReserved=1` })).json());
      expect(st.seats[`${SEC}_1_7`]).toBeDefined();
      expect(st.seats[`${SEC}_3_7`]).toBeUndefined();
    } finally {
      await ctx.db.query('UPDATE enrolment_seasons SET is_skip_member_seat = false WHERE id = 1');
    }
  });
});
