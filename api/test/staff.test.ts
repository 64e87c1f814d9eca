import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import {
  ALL_CINEMAS_ID, AttendanceByDateResponse, ConcessionsResponse, FeatureSalesResponse, LocationDatesResponse, LocationSalesResponse,
  PresentationBoxResponse, PresentationDataResponse, PresentationSalesResponse, PromptAdminResponse, PromptDetailResponse,
  PromptTicketSalesResponse, SalesByPosResponse, StaffUser, TicketRefAgentsResponse, TopFeaturesResponse,
} from '@ticketing/shared/contracts';
import { buildApp } from '../src/app.ts';
import { addDays, jerusalemToday } from '../src/lib/time.ts';
import { STAFF_USERS } from '../src/seed/sales.ts';
import { forEachEngine, type Ctx } from './harness.ts';
import type { Queryable } from '../src/db/index.ts';

const [TLV, JLM] = STAFF_USERS;

interface Session { cookie: string; csrf: string; user: StaffUser }
async function login(ctx: Ctx, u: { username: string; password: string }, ip = '10.1.0.1'): Promise<Session> {
  const r = await ctx.app.inject({ method: 'POST', url: '/api/staff/login', payload: { username: u.username, password: u.password }, remoteAddress: ip });
  expect(r.statusCode).toBe(200);
  const cookies = ([] as string[]).concat(r.headers['set-cookie'] ?? []);
  const pairs = cookies.map((c) => c.split(';')[0]!);
  return { cookie: pairs.join('; '), csrf: pairs.find((p) => p.startsWith('csrf='))!.slice(5), user: StaffUser.parse(r.json()) };
}

forEachEngine('staff: auth, scoping, PresLive figures, ticket reference admin', (get) => {
  let tlv: Session;
  let jlm: Session;
  const today = jerusalemToday();
  const call = (s: Session | null, url: string, init: { method?: 'GET' | 'POST'; payload?: unknown; csrf?: boolean } = {}) =>
    get().app.inject({
      method: init.method ?? 'GET', url, payload: init.payload as Record<string, unknown> | undefined,
      headers: { 'accept-language': 'en', ...(s ? { cookie: s.cookie } : {}), ...(s && init.csrf !== false && init.method === 'POST' ? { 'x-csrf-token': s.csrf } : {}) },
    });
  const q = async <T>(sql: string, params: unknown[] = []) => (await get().db.query<T>(sql, params)).rows;

  it('signs in with bcrypt-checked passwords and sets httpOnly SameSite=Strict session + csrf cookies', async () => {
    const bad = await get().app.inject({ method: 'POST', url: '/api/staff/login', payload: { username: TLV.username, password: 'wrong-password' }, remoteAddress: '10.9.9.9' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ error: 'LOGIN_FAILED' });
    const r = await get().app.inject({ method: 'POST', url: '/api/staff/login', payload: { username: TLV.username, password: TLV.password } });
    const cookies = ([] as string[]).concat(r.headers['set-cookie'] ?? []);
    expect(cookies.find((c) => c.startsWith('staff_session='))).toMatch(/HttpOnly/);
    expect(cookies.find((c) => c.startsWith('staff_session='))).toMatch(/SameSite=Strict/);
    expect(cookies.find((c) => c.startsWith('csrf='))).not.toMatch(/HttpOnly/);
    const hash = await q<{ h: string }>('SELECT password_hash AS h FROM staff_users WHERE username = $1', [TLV.username]);
    expect(hash[0]!.h).toMatch(/^\$2[aby]\$10\$/);
    tlv = await login(get(), TLV);
    jlm = await login(get(), JLM);
    expect(tlv.user.businessIds).toEqual([1]);
    expect(jlm.user.businessIds).toEqual([2]);
    const me = await call(tlv, '/api/staff/me');
    expect(StaffUser.parse(me.json())).toEqual(tlv.user);
  });

  it('answers 401 without a session, on every staff domain', async () => {
    for (const url of ['/api/staff/me', '/api/PRES-live/locationTicketSales/', `/api/PRES-live/locationTicketSales/data/${today}/0`,
      '/api/PRES-live/events', '/api/pres-live/getTicketRefAgents?userId=1', `/api/PRES-live/attendanceByDate/${today}/${today}`]) {
      const r = await call(null, url);
      expect(r.statusCode, url).toBe(401);
      expect(r.json()).toMatchObject({ error: 'UNAUTHORIZED' });
    }
    const bogus = await get().app.inject({ url: '/api/PRES-live/v2/availableFeatures', headers: { cookie: 'staff_session=forged-token' } });
    expect(bogus.statusCode).toBe(401);
  });

  it('refuses state-changing calls without the CSRF header (403 CSRF)', async () => {
    const opt = (await q<{ price_type: number; price_id: number; price_row_id: number; reference1: string; quantity: number }>(
      `SELECT o.* FROM ticket_ref_options o JOIN ticket_ref_prompts p ON p.id = o.prompt_id WHERE p.business_id = 1 ORDER BY o.price_row_id LIMIT 1`))[0]!;
    const url = `/api/pres-live/editReferencePromptOptionQuantity/1/${opt.price_type}/${opt.price_id}/${opt.price_row_id}`;
    const noHeader = await call(tlv, url, { method: 'POST', payload: { reference: opt.reference1, quantity: 9 }, csrf: false });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json()).toMatchObject({ error: 'CSRF' });
    const wrong = await get().app.inject({ method: 'POST', url, payload: { reference: opt.reference1, quantity: 9 }, headers: { cookie: tlv.cookie, 'x-csrf-token': 'x'.repeat(43) } });
    expect(wrong.statusCode).toBe(403);
    const out = await call(tlv, '/api/staff/logout', { method: 'POST', payload: {}, csrf: false });
    expect(out.statusCode).toBe(403);
    expect((await q<{ quantity: number }>('SELECT quantity FROM ticket_ref_options WHERE price_row_id = $1 AND price_id = $2', [opt.price_row_id, opt.price_id]))[0]!.quantity).toBe(opt.quantity);
  });

  it('rejects bad query parameters with 400 and an error code', async () => {
    for (const url of [
      '/api/PRES-live/locationTicketSales/data/2026-13-45/0', '/api/PRES-live/locationTicketSales/data/yesterday/0', `/api/PRES-live/locationTicketSales/data/${today}/7`,
      `/api/PRES-live/monitors/PresentationSales/data?startDate=${today}&endDate=${addDays(today, -1)}`, '/api/PRES-live/monitors/PresentationSales/data?startDate=2020-01-01&endDate=2024-01-01',
      '/api/PRES-live/v2/featureData?locationId=1', '/api/PRES-live/v2/presentationData?presentationId=abc',
      `/api/PRES-live/attendanceByDatePresentationBox/${today}/1/seat/11`, `/api/PRES-live/featureTicketSales/data/${today}?isByLocation=maybe`,
      '/api/pres-live/monitors/TicketReferencePromptAdminTicketSales/data?ticketId=1&pricePolicyId=1&detailLevel=3',
    ]) {
      const r = await call(tlv, url);
      expect(r.statusCode, url).toBe(400);
      expect(r.json(), url).toMatchObject({ error: 'BAD_REQUEST' });
    }
  });

  it('rate-limits failed sign-ins per username and IP (429 RATE_LIMITED), other IPs unaffected', async () => {
    const name = `ratelimit.${get().engine}`;
    for (let i = 0; i < 5; i++) {
      const r = await get().app.inject({ method: 'POST', url: '/api/staff/login', payload: { username: name, password: 'nope-nope' }, remoteAddress: '10.7.7.7' });
      expect(r.statusCode).toBe(401);
    }
    const blocked = await get().app.inject({ method: 'POST', url: '/api/staff/login', payload: { username: name, password: 'nope-nope' }, remoteAddress: '10.7.7.7' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ error: 'RATE_LIMITED' });
    const other = await get().app.inject({ method: 'POST', url: '/api/staff/login', payload: { username: name, password: 'nope-nope' }, remoteAddress: '10.7.7.8' });
    expect(other.statusCode).toBe(401);
  });

  // ---------- figures = plain SQL over the ticket rows ----------

  /** Sold/held/capacity per location for one presentation day, straight from reservation_tickets. */
  async function plainLocations(date: string, businessIds: number[]) {
    return q<{ id: number; cap: number; sold: number; held: number }>(`
      SELECT l.id,
        (SELECT COALESCE(sum(sp.capacity), 0)::int FROM presentations p JOIN venues v ON v.id = p.venue_id JOIN seatplans sp ON sp.id = p.seatplan_id
          WHERE v.location_id = l.id AND v.venue_type_id < 101 AND p.business_date = $1::date) AS cap,
        (SELECT count(*)::int FROM reservation_tickets rt JOIN presentations p ON p.id = rt.presentation_id JOIN venues v ON v.id = p.venue_id
          WHERE v.location_id = l.id AND v.venue_type_id < 101 AND p.business_date = $1::date AND rt.status = 'sold') AS sold,
        (SELECT count(*)::int FROM reservation_tickets rt JOIN presentations p ON p.id = rt.presentation_id JOIN venues v ON v.id = p.venue_id
          WHERE v.location_id = l.id AND v.venue_type_id < 101 AND p.business_date = $1::date AND rt.status = 'held') AS held
      FROM locations l WHERE l.business_id = ANY($2::int[]) ORDER BY l.id`, [date, businessIds]);
  }

  it('seeds at least 100,000 tickets with held tickets, concessions and several points of sale', async () => {
    const [c] = await q<{ t: number; held: number; prod: number; pos: number; days: number }>(`SELECT
      (SELECT count(*)::int FROM reservation_tickets) AS t, (SELECT count(*)::int FROM reservation_tickets WHERE status = 'held') AS held,
      (SELECT count(*)::int FROM reservation_products) AS prod, (SELECT count(DISTINCT pos_id)::int FROM reservations) AS pos,
      (SELECT count(DISTINCT (created_at AT TIME ZONE 'Asia/Jerusalem')::date)::int FROM reservations) AS days`);
    expect(c!.t).toBeGreaterThanOrEqual(100_000);
    expect(c!.held).toBeGreaterThan(0);
    expect(c!.prod).toBeGreaterThan(0);
    expect(c!.pos).toBeGreaterThanOrEqual(8);
    expect(c!.days).toBeGreaterThanOrEqual(28);
  });

  it('locationTicketSales: each location and the all-cinemas row (location 1 excluded) equal plain SQL', async () => {
    for (const date of [today, addDays(today, -3), addDays(today, 4)]) {
      const r = LocationSalesResponse.parse((await call(tlv, `/api/PRES-live/locationTicketSales/data/${date}/0`)).json());
      const plain = await plainLocations(date, [1]);
      for (const p of plain) {
        const row = r.locations.find((l) => l.LocationId === p.id)!;
        expect(row, `location ${p.id} ${date}`).toMatchObject({ Capacity: p.cap, Sold: p.sold, Availability: Math.max(0, p.cap - p.sold - p.held) });
      }
      const rest = plain.filter((p) => p.id !== 1);
      const all = r.locations.find((l) => l.LocationId === ALL_CINEMAS_ID)!;
      const cap = rest.reduce((a, p) => a + p.cap, 0), sold = rest.reduce((a, p) => a + p.sold, 0), held = rest.reduce((a, p) => a + p.held, 0);
      expect(all).toMatchObject({ Name: 'All cinemas', Capacity: cap, Sold: sold, Availability: Math.max(0, cap - sold - held) });
      expect(r.locations.at(-1)!.LocationId).toBe(ALL_CINEMAS_ID);
    }
    const dates = LocationDatesResponse.parse((await call(tlv, '/api/PRES-live/locationTicketSales/')).json());
    const plainDates = await q<{ d: string; v: number }>(`
      SELECT p.business_date::text AS d, count(rt.id) FILTER (WHERE rt.status = 'sold')::int AS v
      FROM presentations p JOIN venues v ON v.id = p.venue_id JOIN locations l ON l.id = v.location_id
      LEFT JOIN reservation_tickets rt ON rt.presentation_id = p.id
      WHERE l.business_id = 1 AND v.venue_type_id < 101 AND p.business_date BETWEEN $1::date AND $2::date
      GROUP BY 1 ORDER BY 1`, [addDays(today, -30), addDays(today, 14)]);
    expect(dates.dates).toEqual(plainDates.map((d) => ({ Date: d.d, Value: d.v })));
  });

  it('featureTicketSales, PresentationSales monitor, presentation box and v2 presentationData equal plain SQL', async () => {
    const f = FeatureSalesResponse.parse((await call(tlv, `/api/PRES-live/featureTicketSales/data/${today}?isByLocation=true`)).json());
    const plainF = await q<{ fid: number; lid: number; sold: number }>(`
      SELECT p.feature_id AS fid, v.location_id AS lid, count(rt.id) FILTER (WHERE rt.status = 'sold')::int AS sold
      FROM presentations p JOIN venues v ON v.id = p.venue_id JOIN locations l ON l.id = v.location_id
      LEFT JOIN reservation_tickets rt ON rt.presentation_id = p.id
      WHERE l.business_id = 1 AND v.venue_type_id < 101 AND p.business_date = $1::date GROUP BY 1, 2`, [today]);
    expect(f.items.length).toBe(plainF.length);
    for (const p of plainF) expect(f.items.find((i) => i.FeatureId === p.fid && i.LocationId === p.lid)!.Sold).toBe(p.sold);

    const m = PresentationSalesResponse.parse((await call(tlv, `/api/PRES-live/monitors/PresentationSales/data?startDate=${addDays(today, -2)}&endDate=${addDays(today, 2)}`)).json());
    const plainP = await q<{ id: number; cap: number; sold: number; held: number }>(`
      SELECT p.id, sp.capacity AS cap, count(rt.id) FILTER (WHERE rt.status = 'sold')::int AS sold, count(rt.id) FILTER (WHERE rt.status = 'held')::int AS held
      FROM presentations p JOIN venues v ON v.id = p.venue_id JOIN locations l ON l.id = v.location_id JOIN seatplans sp ON sp.id = p.seatplan_id
      LEFT JOIN reservation_tickets rt ON rt.presentation_id = p.id
      WHERE l.business_id = 1 AND v.venue_type_id < 101 AND p.business_date BETWEEN $1::date AND $2::date GROUP BY p.id, sp.capacity`, [addDays(today, -2), addDays(today, 2)]);
    expect(m.rows.length).toBe(plainP.length);
    for (const p of plainP) {
      expect(m.rows.find((r) => r.PresentationId === p.id)).toMatchObject({
        Capacity: p.cap, SoldQuantity: p.sold, HeldQuantity: p.held,
        percentageSold: Math.round((p.sold * 100) / p.cap), percentageHeld: Math.round((p.held * 100) / p.cap),
      });
    }
    const some = m.rows.find((r) => r.SoldQuantity > 0)!;
    const box = PresentationBoxResponse.parse((await call(tlv, `/api/PRES-live/attendanceByDatePresentationBox/${some.BusinessDate}/${some.LocationId}/venue/${some.VenueId}`)).json());
    expect(box.rows.map((r) => r.PresentationId).sort()).toEqual(
      m.rows.filter((r) => r.BusinessDate === some.BusinessDate && r.VenueId === some.VenueId).map((r) => r.PresentationId).sort());
    const pd = PresentationDataResponse.parse((await call(tlv, `/api/PRES-live/v2/presentationData?presentationId=${some.PresentationId}`)).json());
    expect(pd.presentation.SoldQuantity).toBe(some.SoldQuantity);
    expect(pd.byTicketType.reduce((a, r) => a + r.Sold, 0)).toBe(some.SoldQuantity);
    expect(pd.salesOverTime.reduce((a, r) => a + r.Sold, 0)).toBe(some.SoldQuantity);
  });

  it('reports (attendance by date, concessions, points of sale, top features) equal plain SQL', async () => {
    const start = addDays(today, -10), end = today;
    const att = AttendanceByDateResponse.parse((await call(tlv, `/api/PRES-live/attendanceByDate/${start}/${end}`)).json());
    expect(att.rows.length).toBe(11);
    const plainAtt = await q<{ d: string; sold: number }>(`
      SELECT p.business_date::text AS d, count(*)::int AS sold FROM reservation_tickets rt JOIN presentations p ON p.id = rt.presentation_id
      JOIN venues v ON v.id = p.venue_id JOIN locations l ON l.id = v.location_id
      WHERE rt.status = 'sold' AND l.business_id = 1 AND v.venue_type_id < 101 AND p.business_date BETWEEN $1::date AND $2::date GROUP BY 1`, [start, end]);
    for (const r of att.rows) expect(r.SoldQuantity, r.BusinessDate).toBe(plainAtt.find((p) => p.d === r.BusinessDate)?.sold ?? 0);

    const range = `startDate=${start}&endDate=${end}`;
    const inRange = `r.created_at >= ($1::date::timestamp AT TIME ZONE 'Asia/Jerusalem') AND r.created_at < (($2::date + 1)::timestamp AT TIME ZONE 'Asia/Jerusalem')`;
    // Concessions and points of sale are served from pre-aggregations (migration 101): every product and
    // every point of sale must equal plain SQL over reservations / reservation_products / reservation_tickets,
    // for all locations and for one location.
    for (const loc of [null, 2]) {
      const locQ = loc ? `&locationId=${loc}` : '';
      const con = ConcessionsResponse.parse((await call(tlv, `/api/PRES-live/reports/concessions?${range}${locQ}`)).json());
      const plainCon = await q<{ id: number; qty: number; revenue: number }>(`
        SELECT pr.id, COALESCE(sum(x.quantity), 0)::int AS qty, COALESCE(sum(x.quantity * x.price_agorot), 0)::float8 AS revenue
        FROM products pr LEFT JOIN (SELECT rp.* FROM reservation_products rp JOIN reservations r ON r.id = rp.reservation_id
          WHERE r.status = 'committed' AND r.business_id = 1 AND ${inRange} AND ($3::int IS NULL OR r.location_id = $3)) x ON x.product_id = pr.id
        GROUP BY pr.id ORDER BY qty DESC, pr.id`, [start, end, loc]);
      expect(plainCon[0]!.qty).toBeGreaterThan(0);
      expect(con.most.map((p) => [p.ProductId, p.Quantity, p.Revenue])).toEqual(plainCon.slice(0, 10).map((p) => [p.id, p.qty, p.revenue / 100]));
      // the least sold ten are taken from the products not in the most sold ten (none with ten products or fewer)
      const least = plainCon.slice(10).sort((a, b) => a.qty - b.qty || a.id - b.id).slice(0, 10);
      expect(con.least.map((p) => [p.ProductId, p.Quantity, p.Revenue])).toEqual(least.map((p) => [p.id, p.qty, p.revenue / 100]));

      const pos = SalesByPosResponse.parse((await call(tlv, `/api/PRES-live/reports/salesByPointOfSale?${range}${locQ}`)).json());
      const plainPos = await q<{ id: number; res: number; revenue: number; tickets: number }>(`
        SELECT pos.id, count(r.id)::int AS res, COALESCE(sum(r.total_agorot), 0)::float8 AS revenue,
               COALESCE(sum((SELECT count(*) FROM reservation_tickets rt JOIN presentations p ON p.id = rt.presentation_id JOIN venues v ON v.id = p.venue_id
                             WHERE rt.reservation_id = r.id AND rt.status = 'sold' AND v.venue_type_id < 101)), 0)::int AS tickets
        FROM points_of_sale pos LEFT JOIN reservations r ON r.pos_id = pos.id AND r.status = 'committed' AND r.business_id = 1 AND ${inRange}
        WHERE pos.business_id = 1 AND ($3::int IS NULL OR pos.location_id = $3)
        GROUP BY pos.id ORDER BY revenue DESC, pos.id`, [start, end, loc]);
      expect(plainPos.some((p) => p.tickets > 0)).toBe(true);
      expect(pos.rows.map((r) => [r.PosId, r.Reservations, r.Tickets, r.Revenue])).toEqual(plainPos.map((p) => [p.id, p.res, p.tickets, p.revenue / 100]));
      if (loc) expect(pos.rows.every((r) => r.LocationId === loc)).toBe(true);
    }

    const top = TopFeaturesResponse.parse((await call(tlv, `/api/PRES-live/reports/topFeatures?${range}`)).json());
    const plainTop = await q<{ id: number; n: number }>(`
      SELECT p.feature_id AS id, count(*)::int AS n FROM reservation_tickets rt JOIN presentations p ON p.id = rt.presentation_id
      JOIN venues v ON v.id = p.venue_id JOIN locations l ON l.id = v.location_id
      WHERE rt.status = 'sold' AND l.business_id = 1 AND v.venue_type_id < 101 AND (rt.created_at AT TIME ZONE 'Asia/Jerusalem')::date BETWEEN $1::date AND $2::date
      GROUP BY 1 ORDER BY n DESC, id LIMIT 10`, [start, end]);
    expect(top.rows.map((r) => [r.FeatureId, r.Tickets])).toEqual(plainTop.map((r) => [r.id, r.n]));
  });

  it('scopes every call by the session\'s businesses: business 2 sees nothing of business 1', async () => {
    const r = LocationSalesResponse.parse((await call(jlm, `/api/PRES-live/locationTicketSales/data/${today}/0`)).json());
    expect(r.locations.map((l) => l.LocationId)).toEqual([3, ALL_CINEMAS_ID]);
    const [p1] = await q<{ id: number }>(`SELECT p.id FROM presentations p JOIN venues v ON v.id = p.venue_id WHERE v.location_id = 1 AND v.venue_type_id < 101 LIMIT 1`);
    expect((await call(jlm, `/api/PRES-live/v2/presentationData?presentationId=${p1!.id}`)).statusCode).toBe(404);
    const m = PresentationSalesResponse.parse((await call(jlm, `/api/PRES-live/monitors/PresentationSales/data?startDate=${addDays(today, -5)}&endDate=${today}`)).json());
    expect(m.rows.length).toBeGreaterThan(0);
    expect(m.rows.every((x) => x.LocationId === 3)).toBe(true);
    const venue = await call(jlm, `/api/PRES-live/attendanceByDateByLocationByVenue/${today}/1`);
    expect(venue.json()).toEqual({ groups: [] });
    const pos = SalesByPosResponse.parse((await call(jlm, `/api/PRES-live/reports/salesByPointOfSale?startDate=${addDays(today, -5)}&endDate=${today}`)).json());
    expect(pos.rows.every((x) => x.LocationId === 3)).toBe(true);
    const agents = TicketRefAgentsResponse.parse((await call(jlm, `/api/pres-live/getTicketRefAgents?userId=${jlm.user.userId}`)).json());
    expect(agents.agents.map((a) => a.CustomerId)).toEqual([9003]);
    expect((await call(jlm, `/api/pres-live/getTicketRefAgents?userId=${tlv.user.userId}`)).statusCode).toBe(403);
    const prompts = PromptAdminResponse.parse((await call(jlm, `/api/pres-live/monitors/TicketReferencePromptAdmin/data?customerId=9001&userId=${jlm.user.userId}`)).json());
    expect(prompts.rows).toEqual([]);
    const [opt] = await q<{ price_type: number; price_id: number; price_row_id: number; reference1: string }>(
      `SELECT o.* FROM ticket_ref_options o JOIN ticket_ref_prompts p ON p.id = o.prompt_id WHERE p.business_id = 1 LIMIT 1`);
    const edit = await call(jlm, `/api/pres-live/editReferencePromptOptionQuantity/1/${opt!.price_type}/${opt!.price_id}/${opt!.price_row_id}`,
      { method: 'POST', payload: { reference: opt!.reference1, quantity: 1 } });
    expect(edit.statusCode).toBe(404);
    const [res1] = await q<{ identifier: string }>(`SELECT identifier FROM reservations WHERE business_id = 1 AND status = 'committed' LIMIT 1`);
    expect((await call(jlm, `/api/pres-live/reservations/${res1!.identifier}/sendTickets`, { method: 'POST', payload: { mobileNumber: '0501234567' } })).statusCode).toBe(404);
  });

  it('ticket reference admin: list, detail, history defaults, edit quantity (200) and resend by SMS', async () => {
    const agents = TicketRefAgentsResponse.parse((await call(tlv, `/api/pres-live/getTicketRefAgents?userId=${tlv.user.userId}`)).json());
    expect(agents.agents.map((a) => a.CustomerId)).toEqual([9001, 9002]);
    const list = PromptAdminResponse.parse((await call(tlv, `/api/pres-live/monitors/TicketReferencePromptAdmin/data?customerId=9001&userId=${tlv.user.userId}&businessIds=1`)).json());
    const p = list.rows[0]!;
    const [plainRedeemed] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM reservation_tickets WHERE ticket_id = $1 AND status = 'sold'
      AND ref1 IN (SELECT reference1 FROM ticket_ref_options WHERE prompt_id = $2)`, [p.TicketId, p.PromptId]);
    expect(p.Redeemed).toBe(plainRedeemed!.n);
    expect(p.Redeemed).toBeGreaterThan(0);
    const params = `ticketId=${p.TicketId}&pricePolicyId=${p.PricePolicyId}&featureId=${p.FeatureId ?? ''}&presentationId=&featureCategoryId=${p.FeatureCategoryId ?? ''}&businessIds=1`;
    const detail = PromptDetailResponse.parse((await call(tlv, `/api/pres-live/monitors/TicketReferencePromptAdminDetail/data?data=&isDetail=true&${params}`)).json());
    expect(detail.items.length).toBe(p.Options);
    expect(detail.items.reduce((a, i) => a + i.Redeemed, 0)).toBe(p.Redeemed);

    const hist = PromptTicketSalesResponse.parse((await call(tlv, `/api/pres-live/monitors/TicketReferencePromptAdminTicketSales/data?${params}`)).json());
    expect(hist).toMatchObject({ detailLevel: 1, dateType: 2, endDate: today, startDate: addDays(today, -30) });
    expect(hist.rows.length).toBeGreaterThan(0);

    const item = detail.items[0]!;
    const edit = await call(tlv, `/api/pres-live/editReferencePromptOptionQuantity/1/${item.PriceType}/${item.PriceId}/${item.PriceRowId}`,
      { method: 'POST', payload: { reference: item.Reference1, reference2: item.Reference2, quantity: item.Quantity + 5 } });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ success: true, item: { Quantity: item.Quantity + 5 } });
    const wrongRef = await call(tlv, `/api/pres-live/editReferencePromptOptionQuantity/1/${item.PriceType}/${item.PriceId}/${item.PriceRowId}`,
      { method: 'POST', payload: { reference: 'NOT-' + item.Reference1, quantity: 1 } });
    expect(wrongRef.statusCode).toBe(404);
    expect(wrongRef.json()).toMatchObject({ error: 'refPromptOptNotFound' });

    const row = hist.rows[0]!;
    const before = (await q<{ n: number }>('SELECT count(*)::int AS n FROM sms_outbox WHERE to_number = $1', ['0529998877']))[0]!.n;
    const send = await call(tlv, `/api/pres-live/reservations/${row.ReservationIdentifier}/sendTickets`, { method: 'POST', payload: { mobileNumber: '+972529998877' } });
    expect(send.statusCode).toBe(200);
    expect(send.json()).toEqual({ success: true });
    const sms = await q<{ body: string }>('SELECT body FROM sms_outbox WHERE to_number = $1 ORDER BY id', ['0529998877']);
    expect(sms.length).toBe(before + 1);
    expect(sms.at(-1)!.body).toContain(row.ReservationIdentifier);
    const bad = await call(tlv, `/api/pres-live/reservations/${row.ReservationIdentifier}/sendTickets`, { method: 'POST', payload: { mobileNumber: '12345' } });
    expect(bad.statusCode).toBe(400);
  });

  // ---------- report pre-aggregations (pos_daily_sales, product_daily_sales) = plain SQL ----------

  /** Rows of the pre-aggregations that differ from a full recomputation over the raw tables (empty = equal). */
  async function summaryDrift(run: (sql: string) => Promise<unknown[]> = (sql) => q(sql)) {
    const pos = await run(`
      WITH raw AS (
        SELECT r.pos_id, r.business_id, (r.created_at AT TIME ZONE 'Asia/Jerusalem')::date AS sale_date, count(*)::int AS reservations,
               COALESCE(sum((SELECT count(*) FROM reservation_tickets rt WHERE rt.reservation_id = r.id AND rt.status = 'sold')), 0)::int AS tickets,
               sum(r.total_agorot)::bigint AS revenue_agorot
        FROM reservations r WHERE r.status = 'committed' GROUP BY 1, 2, 3),
      agg AS (SELECT pos_id, business_id, sale_date, reservations, tickets, revenue_agorot FROM pos_daily_sales
              WHERE reservations <> 0 OR tickets <> 0 OR revenue_agorot <> 0)
      (SELECT 'missing' AS k, * FROM (TABLE raw EXCEPT TABLE agg) a) UNION ALL (SELECT 'extra', * FROM (TABLE agg EXCEPT TABLE raw) b)`);
    const products = await run(`
      WITH raw AS (
        SELECT rp.product_id, r.business_id, r.location_id, (r.created_at AT TIME ZONE 'Asia/Jerusalem')::date AS sale_date,
               sum(rp.quantity)::bigint AS quantity, sum(rp.quantity * rp.price_agorot)::bigint AS revenue_agorot
        FROM reservation_products rp JOIN reservations r ON r.id = rp.reservation_id WHERE r.status = 'committed' GROUP BY 1, 2, 3, 4),
      agg AS (SELECT product_id, business_id, location_id, sale_date, quantity, revenue_agorot FROM product_daily_sales
              WHERE quantity <> 0 OR revenue_agorot <> 0)
      (SELECT 'missing' AS k, * FROM (TABLE raw EXCEPT TABLE agg) a) UNION ALL (SELECT 'extra', * FROM (TABLE agg EXCEPT TABLE raw) b)`);
    return { pos, products };
  }
  const NO_DRIFT = { pos: [], products: [] };

  it('report pre-aggregations equal a full recomputation after the seed and follow commits, holds, refunds, cancellations, edits and deletes', async () => {
    expect(await summaryDrift()).toEqual(NO_DRIFT);
    const [{ n }] = await q<{ n: number }>('SELECT count(*)::int AS n FROM pos_daily_sales') as [{ n: number }];
    expect(n).toBeGreaterThan(0);
    const rollback = new Error('rollback');
    await expect(get().db.tx(async (tx) => {
      const one = async <T>(sql: string, params: unknown[] = []) => (await tx.query<T>(sql, params)).rows[0]!;
      const [p] = (await tx.query<{ id: number; section_id: number }>(`
        SELECT p.id, se.id AS section_id FROM presentations p JOIN venues v ON v.id = p.venue_id JOIN sections se ON se.seatplan_id = p.seatplan_id
        WHERE v.location_id = 2 AND v.venue_type_id < 101 AND p.starts_at < now() ORDER BY p.starts_at DESC LIMIT 1`)).rows;
      const ticket = (await one<{ id: number }>('SELECT id FROM tickets ORDER BY id LIMIT 1')).id;
      const addTickets = (resId: number, xs: number[], status = 'sold') => tx.query(`
        INSERT INTO reservation_tickets (reservation_id, presentation_id, section_id, x, y, ticket_id, price_agorot, status)
        SELECT $1, $2, $3, x, 9999, $4, 4000, $5 FROM unnest($6::int[]) x`, [resId, p!.id, p!.section_id, ticket, status, xs]);
      const newRes = async (ident: string, createdAt: string) => (await one<{ id: number }>(`
        INSERT INTO reservations (identifier, location_id, business_id, pos_id, status, total_agorot, created_at)
        VALUES ($1, 2, 1, 202, 'committed', 0, $2::timestamptz) RETURNING id`, [ident, createdAt])).id;

      // The booking path: reservation first (total 0), tickets and products, then the total.
      const r1 = await newRes('T-SUM-1', `${addDays(today, -2)}T21:30:00Z`); // 23:30 or 00:30 in Jerusalem: a day boundary
      await addTickets(r1, [1, 2, 3]);
      await tx.query('INSERT INTO reservation_products (reservation_id, product_id, quantity, price_agorot) VALUES ($1, 1, 2, 1500), ($1, 4, 1, 900)', [r1]);
      await tx.query('UPDATE reservations SET total_agorot = 17100 WHERE id = $1', [r1]);
      expect(await summaryDrift((sql) => tx.query(sql).then((r) => r.rows))).toEqual(NO_DRIFT);
      // A hold order: committed at first, then 'held-unpaid' with held tickets and a product.
      const r2 = await newRes('T-SUM-2', new Date().toISOString());
      await addTickets(r2, [4, 5], 'held');
      await tx.query('INSERT INTO reservation_products (reservation_id, product_id, quantity, price_agorot) VALUES ($1, 2, 1, 1200)', [r2]);
      await tx.query(`UPDATE reservations SET status = 'held-unpaid', total_agorot = 9200 WHERE id = $1`, [r2]);
      // A refund of one ticket, a product edit, a sale moved to another day and point of sale.
      await tx.query(`UPDATE reservation_tickets SET status = 'refunded' WHERE reservation_id = $1 AND x = 2`, [r1]);
      await tx.query('UPDATE reservation_products SET quantity = 5 WHERE reservation_id = $1 AND product_id = 1', [r1]);
      await tx.query(`UPDATE reservations SET created_at = created_at - interval '1 day', pos_id = 203 WHERE id = $1`, [r1]);
      expect(await summaryDrift((sql) => tx.query(sql).then((r) => r.rows))).toEqual(NO_DRIFT);
      // Seeded committed orders with tickets and products: one cancelled, one deleted (tickets and products cascade).
      const seeded = (await tx.query<{ id: number }>(`
        SELECT r.id FROM reservations r WHERE r.status = 'committed' AND r.identifier LIKE 'S%' AND r.business_id = 1
          AND EXISTS (SELECT 1 FROM reservation_products rp WHERE rp.reservation_id = r.id)
          AND EXISTS (SELECT 1 FROM reservation_tickets rt WHERE rt.reservation_id = r.id AND rt.status = 'sold')
        ORDER BY r.id LIMIT 2`)).rows;
      expect(seeded.length).toBe(2);
      await tx.query(`UPDATE reservations SET status = 'cancelled' WHERE id = $1`, [seeded[0]!.id]);
      await tx.query('DELETE FROM reservations WHERE id = $1', [seeded[1]!.id]);
      // Ticket moved to another reservation, and a ticket deleted on its own.
      await tx.query('UPDATE reservation_tickets SET reservation_id = $2 WHERE reservation_id = $1 AND x = 3', [r1, r2]);
      await tx.query('DELETE FROM reservation_tickets WHERE reservation_id = $1 AND x = 1', [r1]);
      expect(await summaryDrift((sql) => tx.query(sql).then((r) => r.rows))).toEqual(NO_DRIFT);
      throw rollback;
    })).rejects.toBe(rollback);
    expect(await summaryDrift()).toEqual(NO_DRIFT);
  });

  it('report pre-aggregations stay exact when a cancellation and a ticket insert of the same order commit concurrently (PostgreSQL)', async () => {
    const other = await get().openAnother();
    if (!other) return; // PGlite: one connection, transactions are serialized
    try {
      const [r] = await q<{ id: number; pid: number; section_id: number; ticket_id: number }>(`
        SELECT r.id, rt.presentation_id AS pid, rt.section_id, rt.ticket_id FROM reservations r JOIN reservation_tickets rt ON rt.reservation_id = r.id
        WHERE r.status = 'committed' AND r.identifier LIKE 'S%' AND rt.status = 'sold' ORDER BY r.id DESC LIMIT 1`);
      const insertTicket = (db: Queryable, x: number) => db.query(`
        INSERT INTO reservation_tickets (reservation_id, presentation_id, section_id, x, y, ticket_id, price_agorot, status)
        VALUES ($1, $2, $3, $4, 9998, $5, 4000, 'sold')`, [r!.id, r!.pid, r!.section_id, x, r!.ticket_id]);
      const gate = () => { let open!: () => void; const p = new Promise<void>((res) => { open = res; }); return { p, open }; };
      const race = async (first: (q: Queryable) => Promise<unknown>, second: (q: Queryable) => Promise<unknown>) => {
        const started = gate(), release = gate();
        const a = get().db.tx(async (tx) => { await first(tx); started.open(); await release.p; });
        await started.p;
        const b = other.tx(async (tx) => { await second(tx); }); // blocks on the reservation until a commits
        await new Promise((res) => setTimeout(res, 300));
        release.open();
        await a;
        await b;
      };
      // Cancellation first, ticket insert waiting: the ticket must not be counted.
      await race((tx) => tx.query(`UPDATE reservations SET status = 'cancelled' WHERE id = $1`, [r!.id]), (tx) => insertTicket(tx, 1));
      expect(await summaryDrift()).toEqual(NO_DRIFT);
      // Ticket insert first, re-commit waiting: the new commit must count it.
      await race((tx) => insertTicket(tx, 2), (tx) => tx.query(`UPDATE reservations SET status = 'committed' WHERE id = $1`, [r!.id]));
      expect(await summaryDrift()).toEqual(NO_DRIFT);
      await get().db.query('DELETE FROM reservation_tickets WHERE reservation_id = $1 AND y = 9998', [r!.id]);
      expect(await summaryDrift()).toEqual(NO_DRIFT);
    } finally {
      await other.close();
    }
  });

  it('a committed sale reaches an open SSE stream of another api instance and the pre-aggregations stay equal to plain SQL', async () => {
    // A second api on the same database (on PostgreSQL: its own connections and LISTEN).
    const other = (await get().openAnother()) ?? get().db;
    const app2 = await buildApp({ db: other, sweepIntervalMs: 0, heartbeatMs: 15000 });
    await app2.listen({ port: 0, host: '127.0.0.1' });
    const port = (app2.server.address() as AddressInfo).port;
    try {
      const events: string[] = [];
      const req = http.get({ host: '127.0.0.1', port, path: '/api/PRES-live/events', headers: { cookie: tlv.cookie } });
      const res = await new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
      expect(res.statusCode).toBe(200);
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => events.push(chunk));
      await new Promise((r) => setTimeout(r, 200));
      const sale = await call(null, '/api/dev/simulate-sale', { method: 'POST', payload: { quantity: 2 } });
      expect(sale.statusCode).toBe(200);
      const { presentationId, locationId } = sale.json() as { presentationId: number; locationId: number };
      const t0 = Date.now();
      while (!events.join('').includes('event: sales') && Date.now() - t0 < 3000) await new Promise((r) => setTimeout(r, 25));
      expect(events.join('')).toContain('event: sales');
      expect(events.join('')).toContain(`${presentationId}`);
      req.destroy();

      const [date] = await q<{ d: string }>('SELECT business_date::text AS d FROM presentations WHERE id = $1', [presentationId]);
      const r = LocationSalesResponse.parse((await call(tlv, `/api/PRES-live/locationTicketSales/data/${date!.d}/0`)).json());
      const plain = await plainLocations(date!.d, [1]);
      expect(r.locations.find((l) => l.LocationId === locationId)!.Sold).toBe(plain.find((p) => p.id === locationId)!.sold);
    } finally {
      await app2.close();
      if (other !== get().db) await other.close();
    }
  });

  it('logout ends the session (CSRF header required)', async () => {
    const s = await login(get(), TLV, '10.1.0.9');
    const out = await call(s, '/api/staff/logout', { method: 'POST', payload: {} });
    expect(out.statusCode).toBe(200);
    expect((await call(s, '/api/staff/me')).statusCode).toBe(401);
  });
});
