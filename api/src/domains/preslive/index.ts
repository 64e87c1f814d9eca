import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import {
  ALL_CINEMAS_EXCLUDED_LOCATION, ALL_CINEMAS_ID, AttendanceByDateResponse, AttendanceByLocationResponse,
  AttendanceByShowTimeResponse, AttendanceRangeParams, AvailableFeaturesResponse, AvailablePresentationsQuery,
  AvailablePresentationsResponse, CinemaFilterDataResponse, ConcessionsResponse, DateLocationParams, DateParams,
  DateRangeQuery, FeatureDataQuery, FeatureDataResponse, FeatureDatesResponse, FeatureSalesParams, FeatureSalesQuery,
  FeatureSalesResponse, LocationDatesResponse, LocationSalesParams, LocationSalesResponse, PresentationBoxParams,
  PresentationBoxResponse, PresentationDataQuery, PresentationDataResponse, PresentationSalesResponse, ReportRangeQuery,
  SalesByPosResponse, TopFeaturesResponse, type FeatureSalesItem, type LocationSalesRow, type PresentationBoxRow,
  type SalesChangeEvent,
} from '@ticketing/shared/contracts';
import type { Db } from '../../db/index.ts';
import { ApiHttpError, HIJACKED, route, type Lang } from '../../lib/route.ts';
import { addDays, jerusalemToday, shekels, toIso } from '../../lib/time.ts';
import { staffGuard, staffOf } from '../staff/auth.ts';
import { boxRows, datesWithValue, NOT_VOD, pick, salesOverTime, totalsOf } from './queries.ts';
import { devSalesPlugin } from './dev.ts';

export const SALES_CHANNEL = 'sales_changes';
/** The dashboard's date window: 30 days back, 14 ahead (Asia/Jerusalem). */
export const WINDOW_BACK = 30;
export const WINDOW_AHEAD = 14;
const ALL_CINEMAS_NAME = { he: 'כל בתי הקולנוע', en: 'All cinemas' } as const;
const TAGS = ['preslive'];

/** PresLive (spec section 7 'Staff dashboard') and the report screens, scoped by the session's businessIds. */
export async function preslivePlugin(app: FastifyInstance, opts: { db: Db; heartbeatMs?: number }): Promise<void> {
  const { db } = opts;
  const window = () => {
    const today = jerusalemToday();
    return { today, from: addDays(today, -WINDOW_BACK), to: addDays(today, WINDOW_AHEAD) };
  };

  // Development/test-only helpers (POST /dev/simulate-sale) live outside the staff guard.
  if (process.env.NODE_ENV !== 'production') await app.register(devSalesPlugin, { db });

  await app.register(async (scope) => {
    scope.addHook('onRequest', staffGuard(db));
    const biz = (req: Parameters<typeof staffOf>[0]) => staffOf(req).businessIds;

    // ---------- sales by cinema ----------
    {
      route(scope, {
        method: 'GET', url: '/PRES-live/locationTicketSales/', summary: 'Dates with value: tickets sold for each day\'s presentations (window −30…+14 days)', tags: TAGS,
        response: LocationDatesResponse, errors: { 401: 'UNAUTHORIZED' },
        async handler({ req }) {
          const w = window();
          return { dates: await datesWithValue(db, biz(req), w.from, w.to) };
        },
      });
    }

    route(scope, {
      method: 'GET', url: '/PRES-live/locationTicketSales/data/{date}/{mode}',
      summary: 'Locations of one day: Capacity, Sold, Availability, plus the all-cinemas row (LocationId −1, location 1 excluded)', tags: TAGS,
      params: LocationSalesParams, response: LocationSalesResponse, errors: { 401: 'UNAUTHORIZED' },
      async handler({ params, req, lang }) {
        const { rows } = await db.query<{ id: number; he: string; en: string; cap: number; sold: number; held: number }>(`
          SELECT l.id, l.name_he AS he, l.name_en AS en, COALESCE(sum(sp.capacity), 0)::int AS cap,
                 COALESCE(sum(ps.sold), 0)::int AS sold, COALESCE(sum(ps.held), 0)::int AS held
          FROM locations l
          LEFT JOIN venues v ON v.location_id = l.id AND ${NOT_VOD}
          LEFT JOIN presentations p ON p.venue_id = v.id AND p.business_date = $2::date
          LEFT JOIN seatplans sp ON sp.id = p.seatplan_id
          LEFT JOIN presentation_sales ps ON ps.presentation_id = p.id
          WHERE l.business_id = ANY($1::int[])
          GROUP BY l.id ORDER BY l.id`, [biz(req), params.date]);
        const row = (LocationId: number, Name: string, cap: number, sold: number, held: number): LocationSalesRow =>
          ({ LocationId, Name, Capacity: cap, Sold: sold, Availability: Math.max(0, cap - sold - held) });
        const locations = rows.map((r) => row(r.id, pick(lang, r.he, r.en), r.cap, r.sold, r.held));
        const rest = rows.filter((r) => r.id !== ALL_CINEMAS_EXCLUDED_LOCATION);
        const sum = (k: 'cap' | 'sold' | 'held') => rest.reduce((a, r) => a + r[k], 0);
        locations.push(row(ALL_CINEMAS_ID, ALL_CINEMAS_NAME[lang], sum('cap'), sum('sold'), sum('held')));
        return { date: params.date, locations };
      },
    });

    // ---------- sales by film ----------
    route(scope, {
      method: 'GET', url: '/PRES-live/featureTicketSales', summary: 'Dates with value and the features shown in the window', tags: TAGS,
      response: FeatureDatesResponse, errors: { 401: 'UNAUTHORIZED' },
      async handler({ req, lang }) {
        const w = window();
        const dates = await datesWithValue(db, biz(req), w.from, w.to);
        const { rows } = await db.query<{ id: number; he: string; en: string }>(`
          SELECT DISTINCT f.id, f.name_he AS he, f.name_en AS en
          FROM presentations p JOIN venues v ON v.id = p.venue_id JOIN locations l ON l.id = v.location_id JOIN features f ON f.id = p.feature_id
          WHERE l.business_id = ANY($1::int[]) AND ${NOT_VOD} AND p.business_date BETWEEN $2::date AND $3::date
          ORDER BY f.id`, [biz(req), w.from, w.to]);
        return { dates, features: rows.map((r) => ({ FeatureId: r.id, FeatureName: pick(lang, r.he, r.en) })) };
      },
    });

    route(scope, {
      method: 'GET', url: '/PRES-live/featureTicketSales/data/{date}', summary: 'Sales by feature (isByLocation: by feature and location) for one day', tags: TAGS,
      params: FeatureSalesParams, query: FeatureSalesQuery, response: FeatureSalesResponse, errors: { 401: 'UNAUTHORIZED' },
      async handler({ params, query, req, lang }) {
        const rows = await boxRows(db, biz(req), `p.business_date = $2::date AND ($3::int IS NULL OR v.location_id = $3) AND ($4::int IS NULL OR p.feature_id = $4)`,
          [params.date, query.locationId ?? null, query.featureId ?? null], lang);
        const groups = new Map<string, FeatureSalesItem>();
        for (const r of rows) {
          const key = query.isByLocation ? `${r.FeatureId}:${r.LocationId}` : String(r.FeatureId);
          let g = groups.get(key);
          if (!g) {
            g = { FeatureId: r.FeatureId, FeatureName: r.FeatureName, LocationId: query.isByLocation ? r.LocationId : null,
              LocationName: query.isByLocation ? r.LocationName : null, Presentations: 0, Capacity: 0, Sold: 0, Held: 0, Availability: 0 };
            groups.set(key, g);
          }
          g.Presentations += 1; g.Capacity += r.Capacity; g.Sold += r.SoldQuantity; g.Held += r.HeldQuantity;
          g.Availability = Math.max(0, g.Capacity - g.Sold - g.Held);
        }
        const items = [...groups.values()].sort((a, b) => b.Sold - a.Sold || a.FeatureId - b.FeatureId || (a.LocationId ?? 0) - (b.LocationId ?? 0));
        return { date: params.date, isByLocation: query.isByLocation, items };
      },
    });

    // ---------- sales by date ----------
    route(scope, {
      method: 'GET', url: '/PRES-live/monitors/PresentationSales/data', summary: 'Presentation sales monitor for a date range (rows: LocationName, FeatureName, …)', tags: TAGS,
      query: DateRangeQuery, response: PresentationSalesResponse, errors: { 401: 'UNAUTHORIZED' },
      async handler({ query, req, lang }) {
        const rows = await boxRows(db, biz(req), 'p.business_date BETWEEN $2::date AND $3::date', [query.startDate, query.endDate], lang);
        return { startDate: query.startDate, endDate: query.endDate, rows };
      },
    });

    // ---------- v2 ----------
    route(scope, {
      method: 'GET', url: '/PRES-live/v2/availableFeatures', summary: 'Feature × location pairs with presentations in the window', tags: TAGS,
      response: AvailableFeaturesResponse, errors: { 401: 'UNAUTHORIZED' },
      async handler({ req, lang }) {
        const w = window();
        const { rows } = await db.query<{ fid: number; lid: number; fhe: string; fen: string; lhe: string; len: string }>(`
          SELECT DISTINCT f.id AS fid, l.id AS lid, f.name_he AS fhe, f.name_en AS fen, l.name_he AS lhe, l.name_en AS len
          FROM presentations p JOIN venues v ON v.id = p.venue_id JOIN locations l ON l.id = v.location_id JOIN features f ON f.id = p.feature_id
          WHERE l.business_id = ANY($1::int[]) AND ${NOT_VOD} AND p.business_date BETWEEN $2::date AND $3::date
          ORDER BY f.id, l.id`, [biz(req), w.from, w.to]);
        return { features: rows.map((r) => ({ FeatureId: r.fid, LocationId: r.lid, FeatureName: pick(lang, r.fhe, r.fen), LocationName: pick(lang, r.lhe, r.len) })) };
      },
    });

    route(scope, {
      method: 'GET', url: '/PRES-live/v2/featureData', summary: 'One feature at one location: totals, sales over time, presentations', tags: TAGS,
      query: FeatureDataQuery, response: FeatureDataResponse, errors: { 401: 'UNAUTHORIZED', 404: 'NOT_FOUND' },
      async handler({ query, req, lang }) {
        const w = window();
        const rows = await boxRows(db, biz(req),
          `p.feature_id = $2 AND v.location_id = $3 AND ($4::int[] IS NULL OR p.id = ANY($4::int[])) AND p.business_date BETWEEN $5::date AND $6::date`,
          [query.featureId, query.locationId, query.presentationIds ?? null, query.startDate ?? w.from, query.endDate ?? w.to], lang);
        const names = await db.query<{ fhe: string; fen: string; lhe: string; len: string }>(`
          SELECT f.name_he AS fhe, f.name_en AS fen, l.name_he AS lhe, l.name_en AS len FROM features f, locations l
          WHERE f.id = $1 AND l.id = $2 AND l.business_id = ANY($3::int[])`, [query.featureId, query.locationId, biz(req)]);
        const n = names.rows[0];
        if (!n) throw new ApiHttpError(404, 'NOT_FOUND', 'no such feature at a location of yours');
        return {
          FeatureId: query.featureId, LocationId: query.locationId,
          FeatureName: pick(lang, n.fhe, n.fen), LocationName: pick(lang, n.lhe, n.len),
          totals: totalsOf(rows),
          salesOverTime: await salesOverTime(db, rows.map((r) => r.PresentationId)),
          presentations: rows,
        };
      },
    });

    route(scope, {
      method: 'GET', url: '/PRES-live/v2/availablePresentations', summary: 'Presentations of one feature at one location in the window', tags: TAGS,
      query: AvailablePresentationsQuery, response: AvailablePresentationsResponse, errors: { 401: 'UNAUTHORIZED' },
      async handler({ query, req, lang }) {
        const w = window();
        const rows = await boxRows(db, biz(req), 'p.feature_id = $2 AND v.location_id = $3 AND p.business_date BETWEEN $4::date AND $5::date',
          [query.featureId, query.locationId, w.from, w.to], lang);
        return { presentations: rows.map((r) => ({ PresentationId: r.PresentationId, PresentationDateTime: r.PresentationDateTime, VenueName: r.VenueName })) };
      },
    });

    route(scope, {
      method: 'GET', url: '/PRES-live/v2/presentationData', summary: 'One presentation: box figures, sales over time, sales by ticket type', tags: TAGS,
      query: PresentationDataQuery, response: PresentationDataResponse, errors: { 401: 'UNAUTHORIZED', 404: 'NOT_FOUND' },
      async handler({ query, req, lang }) {
        const [presentation] = await boxRows(db, biz(req), 'p.id = $2', [query.presentationId], lang);
        if (!presentation) throw new ApiHttpError(404, 'NOT_FOUND', 'no such presentation of yours');
        const { rows } = await db.query<{ id: number; he: string; en: string; sold: number; revenue: number }>(`
          SELECT t.id, t.name_he AS he, t.name_en AS en, count(*)::int AS sold, sum(rt.price_agorot)::float8 AS revenue
          FROM reservation_tickets rt JOIN tickets t ON t.id = rt.ticket_id
          WHERE rt.presentation_id = $1 AND rt.status = 'sold'
          GROUP BY t.id ORDER BY sold DESC, t.id`, [query.presentationId]);
        return {
          presentation,
          salesOverTime: await salesOverTime(db, [query.presentationId]),
          byTicketType: rows.map((r) => ({ TicketId: r.id, TicketName: pick(lang, r.he, r.en), Sold: r.sold, Revenue: shekels(Number(r.revenue)) })),
        };
      },
    });

    // ---------- attendance reports ----------
    route(scope, {
      method: 'GET', url: '/PRES-live/attendanceByDate/{startDate}/{endDate}', summary: 'Attendance (tickets sold) per business date, every date of the range', tags: TAGS,
      params: AttendanceRangeParams, response: AttendanceByDateResponse, errors: { 401: 'UNAUTHORIZED' },
      async handler({ params, req }) {
        const { rows } = await db.query<{ d: string; sold: number; held: number; cap: number }>(`
          SELECT g.d::date::text AS d, COALESCE(a.sold, 0)::int AS sold, COALESCE(a.held, 0)::int AS held, COALESCE(a.cap, 0)::int AS cap
          FROM generate_series($2::date, $3::date, interval '1 day') AS g(d)
          LEFT JOIN (
            SELECT p.business_date, sum(ps.sold) AS sold, sum(ps.held) AS held, sum(sp.capacity) AS cap
            FROM presentations p JOIN venues v ON v.id = p.venue_id JOIN locations l ON l.id = v.location_id
            JOIN seatplans sp ON sp.id = p.seatplan_id LEFT JOIN presentation_sales ps ON ps.presentation_id = p.id
            WHERE l.business_id = ANY($1::int[]) AND ${NOT_VOD} AND p.business_date BETWEEN $2::date AND $3::date
            GROUP BY p.business_date) a ON a.business_date = g.d::date
          ORDER BY g.d`, [biz(req), params.startDate, params.endDate]);
        return { rows: rows.map((r) => ({ BusinessDate: r.d, SoldQuantity: r.sold, HeldQuantity: r.held, Capacity: r.cap })) };
      },
    });

    route(scope, {
      method: 'GET', url: '/PRES-live/getCinemaFilterData', summary: 'Report filters: locations, product classes, weekend days', tags: TAGS,
      response: CinemaFilterDataResponse, errors: { 401: 'UNAUTHORIZED' },
      async handler({ req, lang }) {
        const locs = await db.query<{ id: number; he: string; en: string; b: number }>(
          'SELECT id, name_he AS he, name_en AS en, business_id AS b FROM locations WHERE business_id = ANY($1::int[]) ORDER BY id', [biz(req)]);
        const classes = await db.query<{ category: string }>('SELECT DISTINCT category FROM products ORDER BY category');
        const CLASS_NAMES: Record<string, { he: string; en: string }> = {
          food: { he: 'מזון', en: 'Food' }, drinks: { he: 'משקאות', en: 'Drinks' }, glasses: { he: 'משקפיים', en: 'Glasses' }, gift: { he: 'מתנות', en: 'Gifts' },
        };
        return {
          locations: locs.rows.map((r) => ({ LocationId: r.id, Name: pick(lang, r.he, r.en), BusinessId: r.b })),
          productClasses: classes.rows.map((r) => ({ ProductClassId: r.category, Name: CLASS_NAMES[r.category]?.[lang] ?? r.category })),
          weekendDays: [5, 6],
        };
      },
    });

    route(scope, {
      method: 'GET', url: '/PRES-live/attendanceByDateByLocation/{date}', summary: 'Attendance of one day by location', tags: TAGS,
      params: DateParams, response: AttendanceByLocationResponse, errors: { 401: 'UNAUTHORIZED' },
      async handler({ params, req, lang }) {
        const rows = await boxRows(db, biz(req), 'p.business_date = $2::date', [params.date], lang);
        const by = new Map<number, { LocationId: number; LocationName: string; Presentations: number; Capacity: number; HeldQuantity: number; SoldQuantity: number }>();
        for (const r of rows) {
          const g = by.get(r.LocationId) ?? { LocationId: r.LocationId, LocationName: r.LocationName, Presentations: 0, Capacity: 0, HeldQuantity: 0, SoldQuantity: 0 };
          g.Presentations += 1; g.Capacity += r.Capacity; g.HeldQuantity += r.HeldQuantity; g.SoldQuantity += r.SoldQuantity;
          by.set(r.LocationId, g);
        }
        return { rows: [...by.values()].sort((a, b) => a.LocationId - b.LocationId) };
      },
    });

    const showTimes = (groupBy: 'venue' | 'feature') => async ({ params, req, lang }: { params: { date: string; locationId: number }; req: Parameters<typeof staffOf>[0]; lang: Lang }) => {
      const rows = await boxRows(db, biz(req), 'p.business_date = $2::date AND v.location_id = $3', [params.date, params.locationId], lang);
      const groups = new Map<number, { Id: number; Name: string; rows: PresentationBoxRow[] }>();
      for (const r of rows) {
        const id = groupBy === 'venue' ? r.VenueId : r.FeatureId;
        const g = groups.get(id) ?? { Id: id, Name: groupBy === 'venue' ? r.VenueName : r.FeatureName, rows: [] };
        g.rows.push(r);
        groups.set(id, g);
      }
      return { groups: [...groups.values()].sort((a, b) => a.Id - b.Id) };
    };
    route(scope, {
      method: 'GET', url: '/PRES-live/attendanceByDateByLocationByVenue/{date}/{locationId}', summary: 'Attendance by show time, grouped by venue', tags: TAGS,
      params: DateLocationParams, response: AttendanceByShowTimeResponse, errors: { 401: 'UNAUTHORIZED' }, handler: showTimes('venue'),
    });
    route(scope, {
      method: 'GET', url: '/PRES-live/attendanceByDateByLocationByFeature/{date}/{locationId}', summary: 'Attendance by show time, grouped by feature', tags: TAGS,
      params: DateLocationParams, response: AttendanceByShowTimeResponse, errors: { 401: 'UNAUTHORIZED' }, handler: showTimes('feature'),
    });

    route(scope, {
      method: 'GET', url: '/PRES-live/attendanceByDatePresentationBox/{date}/{locationId}/{drillBy}/{id}',
      summary: 'Presentation box of one venue or one feature at a location on a day (drillBy: venue | feature)', tags: TAGS,
      params: PresentationBoxParams, response: PresentationBoxResponse, errors: { 401: 'UNAUTHORIZED' },
      async handler({ params, req, lang }) {
        const col = params.drillBy === 'venue' ? 'p.venue_id' : 'p.feature_id';
        return { rows: await boxRows(db, biz(req), `p.business_date = $2::date AND v.location_id = $3 AND ${col} = $4`, [params.date, params.locationId, params.id], lang) };
      },
    });

    // ---------- sales monitors (reports) ----------
    // Dates are sale days (Asia/Jerusalem) of committed reservations. Concessions and points of sale
    // read the per-day pre-aggregations product_daily_sales / pos_daily_sales (migration 101, kept by
    // triggers on reservations, reservation_tickets and reservation_products), never the order rows.

    route(scope, {
      method: 'GET', url: '/PRES-live/reports/concessions', summary: 'Concessions: top ten most and least sold products (sale dates)', tags: TAGS,
      query: ReportRangeQuery, response: ConcessionsResponse, errors: { 401: 'UNAUTHORIZED' },
      async handler({ query, req, lang }) {
        const { rows } = await db.query<{ id: number; he: string; en: string; cat: string; qty: number; revenue: number }>(`
          SELECT pr.id, pr.name_he AS he, pr.name_en AS en, pr.category AS cat,
                 COALESCE(d.qty, 0)::int AS qty, COALESCE(d.revenue, 0)::float8 AS revenue
          FROM products pr
          LEFT JOIN (SELECT product_id, sum(quantity) AS qty, sum(revenue_agorot) AS revenue FROM product_daily_sales
                     WHERE business_id = ANY($1::int[]) AND sale_date BETWEEN $2::date AND $3::date AND ($4::int IS NULL OR location_id = $4)
                     GROUP BY product_id) d ON d.product_id = pr.id
          ORDER BY qty DESC, pr.id`, [biz(req), query.startDate, query.endDate, query.locationId ?? null]);
        const all = rows.map((r) => ({ ProductId: r.id, ProductName: pick(lang, r.he, r.en), ProductClassId: r.cat, Quantity: r.qty, Revenue: shekels(Number(r.revenue)) }));
        return { most: all.slice(0, 10), least: [...all].sort((a, b) => a.Quantity - b.Quantity || a.ProductId - b.ProductId).slice(0, 10) };
      },
    });

    route(scope, {
      method: 'GET', url: '/PRES-live/reports/salesByPointOfSale', summary: 'Committed sales by point of sale (sale dates)', tags: TAGS,
      query: ReportRangeQuery, response: SalesByPosResponse, errors: { 401: 'UNAUTHORIZED' },
      async handler({ query, req, lang }) {
        const { rows } = await db.query<{ id: number; he: string; en: string; kind: string; lid: number; lhe: string; len: string; res: number; tickets: number; revenue: number }>(`
          SELECT pos.id, pos.name_he AS he, pos.name_en AS en, pos.kind, l.id AS lid, l.name_he AS lhe, l.name_en AS len,
                 COALESCE(d.res, 0)::int AS res, COALESCE(d.tickets, 0)::int AS tickets, COALESCE(d.revenue, 0)::float8 AS revenue
          FROM points_of_sale pos JOIN locations l ON l.id = pos.location_id
          LEFT JOIN (SELECT pos_id, sum(reservations) AS res, sum(tickets) AS tickets, sum(revenue_agorot) AS revenue FROM pos_daily_sales
                     WHERE business_id = ANY($1::int[]) AND sale_date BETWEEN $2::date AND $3::date
                     GROUP BY pos_id) d ON d.pos_id = pos.id
          WHERE pos.business_id = ANY($1::int[]) AND ($4::int IS NULL OR pos.location_id = $4)
          ORDER BY revenue DESC, pos.id`, [biz(req), query.startDate, query.endDate, query.locationId ?? null]);
        return {
          rows: rows.map((r) => ({
            PosId: r.id, PosName: pick(lang, r.he, r.en), Kind: r.kind, LocationId: r.lid, LocationName: pick(lang, r.lhe, r.len),
            Reservations: r.res, Tickets: r.tickets, Revenue: shekels(Number(r.revenue)),
          })),
        };
      },
    });

    route(scope, {
      method: 'GET', url: '/PRES-live/reports/topFeatures', summary: 'Top ten features by tickets sold (sale dates)', tags: TAGS,
      query: ReportRangeQuery, response: TopFeaturesResponse, errors: { 401: 'UNAUTHORIZED' },
      async handler({ query, req, lang }) {
        const { rows } = await db.query<{ id: number; he: string; en: string; tickets: number; revenue: number }>(`
          SELECT f.id, f.name_he AS he, f.name_en AS en, sum(d.sold)::int AS tickets, sum(d.revenue_agorot)::float8 AS revenue
          FROM presentation_daily_sales d JOIN presentations p ON p.id = d.presentation_id JOIN venues v ON v.id = p.venue_id
          JOIN locations l ON l.id = v.location_id JOIN features f ON f.id = p.feature_id
          WHERE l.business_id = ANY($1::int[]) AND d.sale_date BETWEEN $2::date AND $3::date AND ($4::int IS NULL OR l.id = $4)
          GROUP BY f.id HAVING sum(d.sold) > 0 ORDER BY tickets DESC, f.id LIMIT 10`, [biz(req), query.startDate, query.endDate, query.locationId ?? null]);
        return { rows: rows.map((r) => ({ FeatureId: r.id, FeatureName: pick(lang, r.he, r.en), Tickets: r.tickets, Revenue: shekels(Number(r.revenue)) })) };
      },
    });

    // ---------- live: server-sent events ----------
    const streams = new Map<ServerResponse, number[]>();
    const unlisten = await db.listen(SALES_CHANNEL, (payload) => {
      let ev: SalesChangeEvent;
      try { ev = JSON.parse(payload) as SalesChangeEvent; } catch { return; }
      const msg = `event: sales\ndata: ${JSON.stringify({ presentationIds: ev.presentationIds, businessIds: ev.businessIds, tickets: ev.tickets, at: toIso(new Date()) })}\n\n`;
      for (const [res, businessIds] of streams) if (ev.businessIds.some((b) => businessIds.includes(b))) res.write(msg);
    });
    scope.addHook('preClose', async () => {
      for (const res of streams.keys()) res.end();
      streams.clear();
    });
    scope.addHook('onClose', async () => { await unlisten().catch(() => undefined); });

    route(scope, {
      method: 'GET', url: '/PRES-live/events', summary: 'Server-sent events: `sales` (SalesChangeEvent) when tickets of your businesses are committed, held or cancelled', tags: TAGS,
      response: z.string(), produces: 'text/event-stream', errors: { 401: 'UNAUTHORIZED' },
      async handler({ req, reply }) {
        const businessIds = biz(req);
        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive', 'x-accel-buffering': 'no',
        });
        res.write('retry: 2000\n: sales\n\n');
        streams.set(res, businessIds);
        const hb = setInterval(() => res.write(': heartbeat\n\n'), opts.heartbeatMs ?? 15000);
        hb.unref();
        const done = () => { clearInterval(hb); streams.delete(res); };
        req.raw.on('close', done);
        res.on('close', done);
        return HIJACKED;
      },
    });
  });
}
