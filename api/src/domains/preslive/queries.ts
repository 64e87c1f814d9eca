import { percentOf, type PresentationBoxRow, type SalesPoint } from '@ticketing/shared/contracts';
import type { Queryable } from '../../db/index.ts';
import type { Lang } from '../../lib/route.ts';
import { shekels, toIso } from '../../lib/time.ts';
import { pick } from '../../lib/lang.ts';

/**
 * Dashboard figures read the pre-aggregations presentation_sales / presentation_daily_sales
 * (kept by statement triggers on reservation_tickets, migration 100), never the ticket rows,
 * so every call stays fast with hundreds of thousands of tickets.
 * Rules: only venues that are not video on demand (venue_type_id < 101); Capacity = seat plan
 * capacity; Sold = tickets 'sold'; Held = tickets 'held' (unpaid hold orders);
 * Availability = Capacity − Sold − Held (never below 0).
 *
 * One rule for every screen and report (fifteenth session): a ticket count is a count of seats in halls. A
 * video-on-demand purchase (venue types 101–104) is never counted as a ticket — not in attendance, not in top ten
 * films, not in the point-of-sale tickets — so the reports agree (they disagreed by the seed's two home viewings).
 * Dates: the dashboard and the attendance reports go by screening day; the sales reports (concessions, points of
 * sale, top ten films) by sale day. Revenue: screening figures and top ten films are the ticket prices of sold
 * seats; a point of sale's revenue is its whole orders (tickets, video on demand, service charges, booking fees,
 * concessions). The screens say so under each table.
 */
export const NOT_VOD = 'v.venue_type_id < 101';

export interface BoxDbRow {
  id: number; starts_at: Date | string; business_date: string; feature_id: number; f_he: string; f_en: string;
  venue_id: number; v_he: string; v_en: string; location_id: number; l_he: string; l_en: string;
  capacity: number; sold: number; held: number; revenue: number;
}

/** Presentations of the given businesses with their sales ($1 = business ids). Append AND … conditions. */
export const BOX_SELECT = `
  SELECT p.id, p.starts_at, p.business_date::text AS business_date, p.feature_id, f.name_he AS f_he, f.name_en AS f_en,
         p.venue_id, v.name_he AS v_he, v.name_en AS v_en, v.location_id, l.name_he AS l_he, l.name_en AS l_en,
         sp.capacity, COALESCE(ps.sold, 0)::int AS sold, COALESCE(ps.held, 0)::int AS held,
         COALESCE(ps.revenue_agorot, 0)::float8 AS revenue
  FROM presentations p
  JOIN venues v ON v.id = p.venue_id
  JOIN locations l ON l.id = v.location_id
  JOIN features f ON f.id = p.feature_id
  JOIN seatplans sp ON sp.id = p.seatplan_id
  LEFT JOIN presentation_sales ps ON ps.presentation_id = p.id
  WHERE l.business_id = ANY($1::int[]) AND ${NOT_VOD}`;

export function toBox(r: BoxDbRow, lang: Lang): PresentationBoxRow {
  return {
    PresentationId: r.id,
    LocationId: r.location_id,
    LocationName: pick(lang, r.l_he, r.l_en),
    FeatureId: r.feature_id,
    FeatureName: pick(lang, r.f_he, r.f_en),
    VenueId: r.venue_id,
    VenueName: pick(lang, r.v_he, r.v_en),
    PresentationDateTime: toIso(r.starts_at),
    BusinessDate: r.business_date,
    Capacity: r.capacity,
    HeldQuantity: r.held,
    SoldQuantity: r.sold,
    Revenue: shekels(Number(r.revenue)),
    percentageHeld: percentOf(r.held, r.capacity),
    percentageSold: percentOf(r.sold, r.capacity),
  };
}

export async function boxRows(db: Queryable, businessIds: number[], where: string, params: unknown[], lang: Lang, order = 'p.starts_at, p.id'): Promise<PresentationBoxRow[]> {
  const { rows } = await db.query<BoxDbRow>(`${BOX_SELECT} ${where ? `AND ${where}` : ''} ORDER BY ${order}`, [businessIds, ...params]);
  return rows.map((r) => toBox(r, lang));
}

export function totalsOf(rows: PresentationBoxRow[]) {
  const t = rows.reduce((a, r) => ({ c: a.c + r.Capacity, s: a.s + r.SoldQuantity, h: a.h + r.HeldQuantity, m: a.m + Math.round(r.Revenue * 100) }), { c: 0, s: 0, h: 0, m: 0 });
  return {
    Capacity: t.c, SoldQuantity: t.s, HeldQuantity: t.h, Revenue: shekels(t.m),
    percentageSold: percentOf(t.s, t.c), percentageHeld: percentOf(t.h, t.c),
  };
}

/** Tickets sold per sale day for a set of presentations. */
export async function salesOverTime(db: Queryable, presentationIds: number[]): Promise<SalesPoint[]> {
  if (!presentationIds.length) return [];
  const { rows } = await db.query<{ d: string; sold: number; revenue: number }>(`
    SELECT sale_date::text AS d, sum(sold)::int AS sold, sum(revenue_agorot)::float8 AS revenue
    FROM presentation_daily_sales WHERE presentation_id = ANY($1::int[])
    GROUP BY sale_date ORDER BY sale_date`, [presentationIds]);
  return rows.map((r) => ({ Date: r.d, Sold: r.sold, Revenue: shekels(Number(r.revenue)) }));
}

/** Dates (business days of presentations) in the dashboard window, with tickets sold. */
export async function datesWithValue(db: Queryable, businessIds: number[], from: string, to: string) {
  const { rows } = await db.query<{ d: string; v: number }>(`
    SELECT p.business_date::text AS d, COALESCE(sum(ps.sold), 0)::int AS v
    FROM presentations p JOIN venues v ON v.id = p.venue_id JOIN locations l ON l.id = v.location_id
    LEFT JOIN presentation_sales ps ON ps.presentation_id = p.id
    WHERE l.business_id = ANY($1::int[]) AND ${NOT_VOD} AND p.business_date BETWEEN $2::date AND $3::date
    GROUP BY p.business_date ORDER BY p.business_date`, [businessIds, from, to]);
  return rows.map((r) => ({ Date: r.d, Value: r.v }));
}

/** Named rows in both languages, as the queries below return them. */
interface Named { id: number; he: string; en: string }

/** Locations of the businesses with one day's capacity, sold and held (VOD venues left out). */
export async function locationDay(db: Queryable, businessIds: number[], date: string) {
  const { rows } = await db.query<Named & { cap: number; sold: number; held: number }>(`
    SELECT l.id, l.name_he AS he, l.name_en AS en, COALESCE(sum(sp.capacity), 0)::int AS cap,
           COALESCE(sum(ps.sold), 0)::int AS sold, COALESCE(sum(ps.held), 0)::int AS held
    FROM locations l
    LEFT JOIN venues v ON v.location_id = l.id AND ${NOT_VOD}
    LEFT JOIN presentations p ON p.venue_id = v.id AND p.business_date = $2::date
    LEFT JOIN seatplans sp ON sp.id = p.seatplan_id
    LEFT JOIN presentation_sales ps ON ps.presentation_id = p.id
    WHERE l.business_id = ANY($1::int[])
    GROUP BY l.id ORDER BY l.id`, [businessIds, date]);
  return rows;
}

/** Features with presentations between two business days. */
export async function featuresShown(db: Queryable, businessIds: number[], from: string, to: string) {
  const { rows } = await db.query<Named>(`
    SELECT DISTINCT f.id, f.name_he AS he, f.name_en AS en
    FROM presentations p JOIN venues v ON v.id = p.venue_id JOIN locations l ON l.id = v.location_id JOIN features f ON f.id = p.feature_id
    WHERE l.business_id = ANY($1::int[]) AND ${NOT_VOD} AND p.business_date BETWEEN $2::date AND $3::date
    ORDER BY f.id`, [businessIds, from, to]);
  return rows;
}

/** Feature × location pairs with presentations between two business days. */
export async function featureLocationPairs(db: Queryable, businessIds: number[], from: string, to: string) {
  const { rows } = await db.query<{ fid: number; lid: number; fhe: string; fen: string; lhe: string; len: string }>(`
    SELECT DISTINCT f.id AS fid, l.id AS lid, f.name_he AS fhe, f.name_en AS fen, l.name_he AS lhe, l.name_en AS len
    FROM presentations p JOIN venues v ON v.id = p.venue_id JOIN locations l ON l.id = v.location_id JOIN features f ON f.id = p.feature_id
    WHERE l.business_id = ANY($1::int[]) AND ${NOT_VOD} AND p.business_date BETWEEN $2::date AND $3::date
    ORDER BY f.id, l.id`, [businessIds, from, to]);
  return rows;
}

/** The names of a feature and of a location of the businesses (undefined when the location is not theirs). */
export async function featureAtLocationNames(db: Queryable, businessIds: number[], featureId: number, locationId: number) {
  const { rows } = await db.query<{ fhe: string; fen: string; lhe: string; len: string }>(`
    SELECT f.name_he AS fhe, f.name_en AS fen, l.name_he AS lhe, l.name_en AS len FROM features f, locations l
    WHERE f.id = $1 AND l.id = $2 AND l.business_id = ANY($3::int[])`, [featureId, locationId, businessIds]);
  return rows[0];
}

/** Tickets sold of one presentation by ticket type, most sold first. */
export async function ticketTypeSales(db: Queryable, presentationId: number) {
  const { rows } = await db.query<Named & { sold: number; revenue: number }>(`
    SELECT t.id, t.name_he AS he, t.name_en AS en, count(*)::int AS sold, sum(rt.price_agorot)::float8 AS revenue
    FROM reservation_tickets rt JOIN tickets t ON t.id = rt.ticket_id
    WHERE rt.presentation_id = $1 AND rt.status = 'sold'
    GROUP BY t.id ORDER BY sold DESC, t.id`, [presentationId]);
  return rows;
}

/** Sold, held and capacity of every business day of a range (zero on days without presentations). */
export async function attendanceByDate(db: Queryable, businessIds: number[], startDate: string, endDate: string) {
  const { rows } = await db.query<{ d: string; sold: number; held: number; cap: number }>(`
    SELECT g.d::date::text AS d, COALESCE(a.sold, 0)::int AS sold, COALESCE(a.held, 0)::int AS held, COALESCE(a.cap, 0)::int AS cap
    FROM generate_series($2::date, $3::date, interval '1 day') AS g(d)
    LEFT JOIN (
      SELECT p.business_date, sum(ps.sold) AS sold, sum(ps.held) AS held, sum(sp.capacity) AS cap
      FROM presentations p JOIN venues v ON v.id = p.venue_id JOIN locations l ON l.id = v.location_id
      JOIN seatplans sp ON sp.id = p.seatplan_id LEFT JOIN presentation_sales ps ON ps.presentation_id = p.id
      WHERE l.business_id = ANY($1::int[]) AND ${NOT_VOD} AND p.business_date BETWEEN $2::date AND $3::date
      GROUP BY p.business_date) a ON a.business_date = g.d::date
    ORDER BY g.d`, [businessIds, startDate, endDate]);
  return rows;
}

/** The report filters' locations (of the businesses) and product classes. */
export async function filterData(db: Queryable, businessIds: number[]) {
  const locations = await db.query<Named & { b: number }>(
    'SELECT id, name_he AS he, name_en AS en, business_id AS b FROM locations WHERE business_id = ANY($1::int[]) ORDER BY id', [businessIds]);
  const classes = await db.query<{ category: string }>('SELECT DISTINCT category FROM products ORDER BY category');
  return { locations: locations.rows, categories: classes.rows.map((r) => r.category) };
}

/** Report ranges are sale days of committed reservations, optionally one location. */
export interface SaleRange { startDate: string; endDate: string; locationId?: number }

/** Every product with its quantity and revenue in a sale-day range (product_daily_sales), most sold first. */
export async function productSales(db: Queryable, businessIds: number[], r: SaleRange) {
  const { rows } = await db.query<Named & { cat: string; qty: number; revenue: number }>(`
    SELECT pr.id, pr.name_he AS he, pr.name_en AS en, pr.category AS cat,
           COALESCE(d.qty, 0)::int AS qty, COALESCE(d.revenue, 0)::float8 AS revenue
    FROM products pr
    LEFT JOIN (SELECT product_id, sum(quantity) AS qty, sum(revenue_agorot) AS revenue FROM product_daily_sales
               WHERE business_id = ANY($1::int[]) AND sale_date BETWEEN $2::date AND $3::date AND ($4::int IS NULL OR location_id = $4)
               GROUP BY product_id) d ON d.product_id = pr.id
    ORDER BY qty DESC, pr.id`, [businessIds, r.startDate, r.endDate, r.locationId ?? null]);
  return rows;
}

/**
 * Every point of sale with its reservations, tickets and revenue in a sale-day range (pos_daily_sales). Orders and
 * revenue are whole committed orders; tickets are seats in halls: pos_daily_sales counts every sold ticket of an
 * order, so the video-on-demand ones (a few: the titles bought to watch at home) are taken off. They are found from
 * the few video-on-demand presentations through the tickets' presentation index, then their orders by id (`vt`
 * materialized, the order looked up per ticket): joined plainly, the planner scanned every reservation (≈ 125 ms on
 * the seed instead of ≈ 1 ms).
 */
export async function pointOfSaleSales(db: Queryable, businessIds: number[], r: SaleRange) {
  const { rows } = await db.query<Named & { kind: string; lid: number; lhe: string; len: string; res: number; tickets: number; revenue: number }>(`
    WITH vt AS MATERIALIZED (
      SELECT rt.reservation_id FROM reservation_tickets rt
      WHERE rt.presentation_id = ANY(ARRAY(SELECT p.id FROM venues v JOIN presentations p ON p.venue_id = v.id WHERE NOT (${NOT_VOD})))
        AND rt.status = 'sold'),
    vod AS (
      SELECT o.pos_id, count(*) AS n FROM vt
      CROSS JOIN LATERAL (SELECT r.pos_id FROM reservations r WHERE r.id = vt.reservation_id AND r.status = 'committed'
        AND r.business_id = ANY($1::int[]) AND (r.created_at AT TIME ZONE 'Asia/Jerusalem')::date BETWEEN $2::date AND $3::date OFFSET 0) o
      GROUP BY o.pos_id)
    SELECT pos.id, pos.name_he AS he, pos.name_en AS en, pos.kind, l.id AS lid, l.name_he AS lhe, l.name_en AS len,
           COALESCE(d.res, 0)::int AS res, (COALESCE(d.tickets, 0) - COALESCE(vod.n, 0))::int AS tickets, COALESCE(d.revenue, 0)::float8 AS revenue
    FROM points_of_sale pos JOIN locations l ON l.id = pos.location_id
    LEFT JOIN (SELECT pos_id, sum(reservations) AS res, sum(tickets) AS tickets, sum(revenue_agorot) AS revenue FROM pos_daily_sales
               WHERE business_id = ANY($1::int[]) AND sale_date BETWEEN $2::date AND $3::date
               GROUP BY pos_id) d ON d.pos_id = pos.id
    LEFT JOIN vod ON vod.pos_id = pos.id
    WHERE pos.business_id = ANY($1::int[]) AND ($4::int IS NULL OR pos.location_id = $4)
    ORDER BY revenue DESC, pos.id`, [businessIds, r.startDate, r.endDate, r.locationId ?? null]);
  return rows;
}

/** The ten features with most tickets (seats in halls) sold in a sale-day range (presentation_daily_sales). */
export async function topFeatures(db: Queryable, businessIds: number[], r: SaleRange) {
  const { rows } = await db.query<Named & { tickets: number; revenue: number }>(`
    SELECT f.id, f.name_he AS he, f.name_en AS en, sum(d.sold)::int AS tickets, sum(d.revenue_agorot)::float8 AS revenue
    FROM presentation_daily_sales d JOIN presentations p ON p.id = d.presentation_id JOIN venues v ON v.id = p.venue_id
    JOIN locations l ON l.id = v.location_id JOIN features f ON f.id = p.feature_id
    WHERE l.business_id = ANY($1::int[]) AND ${NOT_VOD} AND d.sale_date BETWEEN $2::date AND $3::date AND ($4::int IS NULL OR l.id = $4)
    GROUP BY f.id HAVING sum(d.sold) > 0 ORDER BY tickets DESC, f.id LIMIT 10`, [businessIds, r.startDate, r.endDate, r.locationId ?? null]);
  return rows;
}
