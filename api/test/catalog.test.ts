import { expect, it } from 'vitest';
import {
  DayPresentationsResponse, DonationsResponse, FeaturesResponse, MembershipsResponse, PresentationResponse,
  PresentationsResponse, SeatplanResponse, SeatplanV2Response, SeatsStatusResponse, SeatsStatusV2Response,
  SystemVouchersResponse, TicketGroupsResponse, ApiError, VodResponse,
} from '@ticketing/shared/contracts';
import { forEachEngine, futurePresentation } from './harness.ts';
import { jerusalemToday } from '../src/lib/time.ts';

forEachEngine('catalog', (get) => {
  const getJson = async (url: string, lang = 'en') => {
    const r = await get().app.inject({ url, headers: { 'accept-language': lang } });
    return { status: r.statusCode, body: r.json() as unknown };
  };

  it('seeds the demo catalog deterministically', async () => {
    const { db } = get();
    const counts = (await db.query<Record<string, number>>(`SELECT
      (SELECT count(*)::int FROM locations) AS locations, (SELECT count(*)::int FROM features) AS features,
      (SELECT count(*)::int FROM seats s JOIN sections se ON se.id = s.section_id WHERE se.seatplan_id = 141) AS arena,
      (SELECT count(*)::int FROM seats WHERE section_id = 1111) AS hall,
      (SELECT count(DISTINCT business_date)::int FROM presentations) AS days,
      (SELECT count(*)::int FROM presentations p JOIN venues v ON v.id = p.venue_id WHERE v.venue_type_id BETWEEN 101 AND 104) AS vod`)).rows[0]!;
    expect(counts.locations).toBeGreaterThanOrEqual(3);
    expect(counts.features).toBeGreaterThanOrEqual(12);
    expect(counts.arena).toBe(20000);
    expect(counts.hall).toBe(200);
    expect(counts.days).toBe(29);
    expect(counts.vod).toBeGreaterThan(0);
  });

  it('GET /features/ in English and Hebrew', async () => {
    const en = await getJson('/api/features/');
    expect(en.status).toBe(200);
    const f = FeaturesResponse.parse(en.body);
    expect(f.features.length).toBeGreaterThanOrEqual(12);
    const he = FeaturesResponse.parse((await getJson('/api/features/', 'he-IL,he;q=0.9')).body);
    expect(he.features.find((x) => x.id === 1)!.name).toBe('הים השקט');
    expect(f.features.find((x) => x.id === 1)!.name).toBe('The Quiet Sea');
    // no Accept-Language → Hebrew
    const none = FeaturesResponse.parse((await get().app.inject({ url: '/api/features/' })).json());
    expect(none.features.find((x) => x.id === 1)!.name).toBe('הים השקט');
    const filtered = FeaturesResponse.parse((await getJson('/api/features/?featureIds=1,3&locationId=1')).body);
    expect(filtered.features.map((x) => x.id).sort()).toEqual([1, 3].filter((id) => filtered.features.some((x) => x.id === id)));
  });

  it('GET /presentations/ with filters and mini-site', async () => {
    const all = PresentationsResponse.parse((await getJson('/api/presentations/')).body);
    expect(all.presentations.length).toBeGreaterThan(50);
    expect(all.hasReserved).toBe(true);
    expect(all.hasGA).toBe(true);
    const loc = PresentationsResponse.parse((await getJson('/api/presentations/?locationId=2&featureIds=1,2,3')).body);
    expect(loc.presentations.every((p) => p.locationId === 2 && [1, 2, 3].includes(p.featureId))).toBe(true);
    const mini = PresentationsResponse.parse((await getJson('/api/presentations/?miniSiteUrl=tel-aviv-film-club')).body);
    expect(mini.presentations.every((p) => p.locationId === 1 && [1, 3, 7, 9].includes(p.featureId))).toBe(true);
    const modes = new Set(all.presentations.map((p) => p.seatingMode));
    expect([...modes]).toEqual(expect.arrayContaining(['reserved', 'singleGA', 'mixed']));
    expect((await getJson('/api/presentations/?miniSiteUrl=nope')).status).toBe(404);
    expect((await getJson('/api/presentations?locationId=2')).status).toBe(200);
  });

  it('GET /presentations/{id} has every field; unknown → 404 EVENT_DETAILS_ERROR', async () => {
    const p0 = await futurePresentation(get().db, 13);
    const r = await getJson(`/api/presentations/${p0.id}`);
    expect(r.status).toBe(200);
    const { presentation: p } = PresentationResponse.parse(r.body);
    expect(p).toMatchObject({ id: p0.id, venueId: 13, seatplanId: p0.seatplanId, isReserved: true, isGA: 1, seatingMode: 'mixed', locationOffline: false });
    expect(p.lockTimer).toEqual({ chooseSeatsInSeconds: 600, chooseTicketsInSeconds: 600, customerInfoInSeconds: 300, chooseProductsInSeconds: 300 });
    expect(p.products.some((x) => x.isDeliveryRequired)).toBe(true);
    expect(p.serviceCharge).toBe(5);
    expect(new Date(p.dateTime).toISOString()).toBe(p.dateTime);
    const miss = await getJson('/api/presentations/999999');
    expect(miss.status).toBe(404);
    expect(ApiError.parse(miss.body).error).toBe('EVENT_DETAILS_ERROR');
    const off = await futurePresentation(get().db, 41);
    expect(PresentationResponse.parse((await getJson(`/api/presentations/${off.id}`)).body).presentation.locationOffline).toBe(true);
  });

  it('GET /presentations/{id}/ticketGroups: prices in shekels, couple and code tickets', async () => {
    const p = await futurePresentation(get().db, 11);
    const r = await getJson(`/api/presentations/${p.id}/ticketGroups?timestamp=123`);
    const tg = TicketGroupsResponse.parse(r.body);
    expect(tg.ticketGroups.map((g) => g.code)).toEqual(['regular', 'premium']);
    const regular = tg.ticketGroups[0]!.tickets;
    expect(regular.find((t) => t.multiplyFactor === 2)).toBeTruthy();
    expect(regular.find((t) => t.isByCodeEnabled)!.code).toBeNull();
    expect(regular[0]!.price).toBe(45);
    // each ticket's kind (the tickets step looks up only what the visitor can use) and its spec fields from ticket_options
    expect(regular[0]!.kind).toBe('regular');
    expect(regular.find((t) => t.isByCodeEnabled)!.kind).toBe('code');
    expect(regular.find((t) => t.kind === 'member')).toBeTruthy();
    expect(regular.find((t) => t.kind === 'loyalty')!.loyaltyPointsPrice).toBe(150);
    expect(regular.find((t) => t.kind === 'walkin')!.walkin).toBe(true);
    const withCode = TicketGroupsResponse.parse((await getJson(`/api/presentations/${p.id}/ticketGroups?ticketCodes=CINEMA11`)).body);
    expect(withCode.ticketGroups[0]!.tickets.find((t) => t.isByCodeEnabled)!.code).toBe('CINEMA11');
    expect((await getJson('/api/presentations/999999/ticketGroups')).status).toBe(404);
  });

  it('GET /seats/seatplan and seatplanV2: kinds, sofa units, GA sections', async () => {
    const v1 = SeatplanResponse.parse((await getJson('/api/seats/seatplan?venueId=11&seatplanId=111')).body).seatplan;
    const seats = v1.sections.flatMap((s) => s.groups.flatMap((g) => g.rows.flatMap((r) => r.seats)));
    expect(seats).toHaveLength(200);
    expect(seats.filter((s) => s.isHandicap)).toHaveLength(2);
    expect(seats.filter((s) => s.isCompanion)).toHaveLength(2);
    expect(seats.filter((s) => s.isLimitedView).length).toBeGreaterThan(0);
    expect(seats.filter((s) => s.isPremium).length).toBeGreaterThan(0);
    const units = new Map<number, number>();
    for (const s of seats) if (s.sofaUnit !== null) units.set(s.sofaUnit, (units.get(s.sofaUnit) ?? 0) + 1);
    expect(units.size).toBeGreaterThan(0);
    expect([...units.values()].every((n) => n === 2)).toBe(true);
    const v2 = SeatplanV2Response.parse((await getJson('/api/seats/seatplanV2?venueId=13&seatplanId=131', 'he')).body).seatplan;
    expect(v2.sections.map((s) => s.isGA)).toEqual([false, true]);
    expect(v2.sections[1]!.capacity).toBe(80);
    expect(v2.stage.label).toBe('מסך');
    const arena = SeatplanV2Response.parse((await getJson('/api/seats/seatplanV2?venueId=14&seatplanId=141')).body).seatplan;
    expect(arena.sections.reduce((n, s) => n + s.groups.reduce((m, g) => m + g.rows.reduce((k, r) => k + r.seats.length, 0), 0), 0)).toBe(20000);
    expect((await getJson('/api/seats/seatplan?venueId=12&seatplanId=111')).status).toBe(404);
  });

  it('GET /seats/seats-statusV2: section_x_y → ticketGroup,allocation map; GA places; list form', async () => {
    const p = await futurePresentation(get().db, 13, 1);
    const r = await getJson(`/api/seats/seats-statusV2?presentationId=${p.id}&venueTypeId=3&isReserved=1`);
    const st = SeatsStatusV2Response.parse(r.body);
    expect(Object.keys(st.seats)).toHaveLength(112 + 80);
    for (const [k, v] of Object.entries(st.seats)) {
      expect(k).toMatch(/^\d+_\d+_\d+$/);
      expect(v).toMatch(/^\d+,\d+$/);
    }
    expect(st.seats['1312_1_0']).toBe('133,1');
    expect(st.held).toEqual([]);
    expect(st.sections['1312']).toEqual({ available: 80, capacity: 80 });
    const one = SeatsStatusV2Response.parse((await getJson(`/api/seats/seats-statusV2?presentationId=${p.id}&isReserved=0&sectionId=1312`)).body);
    expect(Object.keys(one.seats)).toHaveLength(80);
    const v1 = SeatsStatusResponse.parse((await getJson(`/api/seats/seats-status?presentationId=${p.id}&venueTypeId=3&isReserved=1`)).body);
    expect(v1.seats).toHaveLength(192);
  });

  it('GET /seats/presentations?date: the day in Asia/Jerusalem with availability', async () => {
    const today = jerusalemToday();
    const r = DayPresentationsResponse.parse((await getJson(`/api/seats/presentations?date=${today}`)).body);
    expect(r.presentations.length).toBeGreaterThan(5);
    for (const p of r.presentations) {
      expect(p.time).toMatch(/^\d\d:\d\d$/);
      expect(p.available).toBeLessThanOrEqual(p.capacity);
    }
    expect(r.presentations.some((p) => p.isVod)).toBe(true);
  });

  it('lists: memberships, system vouchers, donations', async () => {
    const m = MembershipsResponse.parse((await getJson('/api/memberships')).body);
    expect(m.memberships.some((x) => x.MembershipTypeId === 2)).toBe(true);
    expect(m.memberships[0]!.prices[0]!.currency.CurrencyCode).toBe('ILS');
    const v = SystemVouchersResponse.parse((await getJson('/api/system-vouchers')).body);
    expect(v.superClasses.length).toBeGreaterThanOrEqual(2);
    const v2 = SystemVouchersResponse.parse((await getJson('/api/system-vouchers?superClassId=2')).body);
    expect(v2.vouchers.length).toBeGreaterThan(0);
    expect(v2.vouchers.every((x) => x.SystemVoucherSuperClassId === 2)).toBe(true);
    const d = DonationsResponse.parse((await getJson('/api/donations', 'he')).body);
    expect(d.donations[0]!.donationDetails.some((x) => x.customAmount)).toBe(true);
  });

  it('GET /vod: one offering per title and venue, named by its venue, a title\'s offerings together', async () => {
    const en = VodResponse.parse((await getJson('/api/vod')).body).titles;
    const he = VodResponse.parse((await getJson('/api/vod', 'he')).body).titles;
    expect(en.length).toBeGreaterThan(0);
    const keys = en.map((v) => `${v.featureId}/${v.venueName}`);
    expect(new Set(keys).size).toBe(keys.length);
    // the demo sells some titles both standard and premium: the venue's name tells them apart, in the visitor's language
    const twice = en.filter((v) => en.filter((w) => w.featureId === v.featureId).length > 1);
    expect(new Set(twice.map((v) => v.venueName))).toEqual(new Set(['Watch at home', 'Watch at home premium']));
    expect(new Set(he.filter((v) => twice.some((w) => w.presentationId === v.presentationId)).map((v) => v.venueName)))
      .toEqual(new Set(['צפייה ביתית', 'צפייה ביתית פרימיום']));
    // each title's offerings are adjacent (the page shows one card per title)
    const order = en.map((v) => v.featureId).filter((id, k, a) => a[k - 1] !== id);
    expect(new Set(order).size).toBe(order.length);
  });

  it('bad input → 400 with a code (never 500); unknown routes → 404 JSON', async () => {
    const bad = [
      '/api/presentations/abc', '/api/presentations/-1', '/api/features/?featureIds=1,,x', '/api/presentations/?locationId=zz',
      '/api/seats/seatplan?venueId=11', '/api/seats/seatplanV2?venueId=a&seatplanId=b', '/api/seats/seats-statusV2?presentationId=1&isReserved=2',
      '/api/seats/seats-statusV2', '/api/seats/presentations?date=2024-13', '/api/seats/best-available?presentationId=1&quantity=0',
      '/api/system-vouchers?superClassId=x',
    ];
    for (const url of bad) {
      const r = await getJson(url);
      expect(r.status, url).toBe(400);
      const e = ApiError.parse(r.body);
      expect(e.error).toBe('BAD_REQUEST');
      expect(e.issues!.length).toBeGreaterThan(0);
    }
    const puts: Array<[string, unknown, Record<string, string>]> = [
      ['/api/seats/lock-seat', { seat: { PresentationId: 'x' } }, { uuid: 'abcdefgh1' }],
      ['/api/seats/lock-seat', { seat: { PresentationId: 1, VenueId: 11, VenueSeatplanId: 111, VenueSectionId: 1111, XCoordinate: 1, YCoordinate: 3 } }, {}],
      ['/api/seats/unlock-seat', 'not json', { uuid: 'abcdefgh1', 'content-type': 'application/json' }],
      ['/api/seats/extend', {}, { uuid: 'abcdefgh1' }],
    ];
    for (const [url, payload, headers] of puts) {
      const r = await get().app.inject({ method: 'PUT', url, payload: payload as string, headers });
      expect(r.statusCode, url).toBe(400);
      expect(r.json().error).toBe('BAD_REQUEST');
    }
    const nf = await getJson('/api/no/such/route');
    expect(nf.status).toBe(404);
    expect(ApiError.parse(nf.body).error).toBe('NOT_FOUND');
  });

  it('serves an OpenAPI 3.1 document of every route', async () => {
    const r = await getJson('/api/openapi.json');
    const doc = r.body as { openapi: string; paths: Record<string, Record<string, { parameters: Array<{ name: string }> }>> };
    expect(doc.openapi).toBe('3.1.0');
    for (const p of ['/api/features/', '/api/presentations/{id}', '/api/seats/lock-seat', '/api/seats/seats-statusV2', '/api/seats/best-available', '/api/memberships']) {
      expect(doc.paths[p], p).toBeTruthy();
    }
    expect(doc.paths['/api/seats/seats-statusV2']!.get!.parameters.map((x) => x.name)).toContain('presentationId');
  });
});
