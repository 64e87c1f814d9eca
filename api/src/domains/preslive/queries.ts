import { percentOf, type PresentationBoxRow, type SalesPoint } from '@ticketing/shared/contracts';
import type { Queryable } from '../../db/index.ts';
import type { Lang } from '../../lib/route.ts';
import { shekels, toIso } from '../../lib/time.ts';

/**
 * Dashboard figures read the pre-aggregations presentation_sales / presentation_daily_sales
 * (kept by statement triggers on reservation_tickets, migration 100), never the ticket rows,
 * so every call stays fast with hundreds of thousands of tickets.
 * Rules: only venues that are not video on demand (venue_type_id < 101); Capacity = seat plan
 * capacity; Sold = tickets 'sold'; Held = tickets 'held' (unpaid hold orders);
 * Availability = Capacity − Sold − Held (never below 0).
 */
export const NOT_VOD = 'v.venue_type_id < 101';

export const pick = (lang: Lang, he: string, en: string) => (lang === 'he' ? he : en);

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
