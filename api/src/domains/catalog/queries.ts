import type { Queryable } from '../../db/index.ts';
import type { Lang } from '../../lib/route.ts';
import { ApiHttpError } from '../../lib/route.ts';
import { addDays, jerusalemToday, shekels, toIso } from '../../lib/time.ts';
import type { PresentationSummary, SeatingMode, TicketKind } from '@ticketing/shared/contracts';
import { pick } from '../../lib/lang.ts';

export const isVodType = (t: number) => t >= 101 && t <= 104;

/** A ticket's kind as the visitor's screens know it (ticket_options.kind; a code-only ticket is 'code', video on demand 'regular'). */
export function ticketKind(kind: string | null, byCode: boolean): TicketKind {
  if (byCode) return 'code';
  return !kind || kind === 'vod' ? 'regular' : (kind as TicketKind);
}

export function seatingModeOf(nReserved: number, nGa: number): SeatingMode {
  if (nReserved > 0 && nGa > 0) return 'mixed';
  if (nReserved > 0) return 'reserved';
  if (nGa === 1) return 'singleGA';
  if (nGa > 1) return 'multiGA';
  return 'none';
}

export interface MiniSite { id: number; location_id: number | null; feature_ids: number[] | null }

export async function findMiniSite(q: Queryable, url: string | undefined): Promise<MiniSite | null> {
  if (!url) return null;
  const { rows } = await q.query<MiniSite>('SELECT id, location_id, feature_ids FROM mini_sites WHERE url = $1', [url]);
  if (!rows[0]) throw new ApiHttpError(404, 'MINI_SITE_NOT_FOUND', `no mini-site ${url}`);
  return rows[0];
}

/** Columns shared by every presentation query (aliases used by rowToSummary). */
export const PRESENTATION_SELECT = `
  SELECT p.id, p.feature_id, f.name_he AS f_he, f.name_en AS f_en, f.duration_min, f.rating,
         p.venue_id, v.name_he AS v_he, v.name_en AS v_en, v.venue_type_id, p.seatplan_id, v.seating_policy_id,
         v.location_id, l.name_he AS l_he, l.name_en AS l_en, l.auth_profile_id, l.business_id,
         l.web_booking_offline, p.starts_at, p.business_date::text AS business_date, p.service_charge,
         p.choose_seats_s, p.choose_tickets_s, p.customer_info_s, p.choose_products_s,
         sc.n_res, sc.n_ga, sp.capacity
  FROM presentations p
  JOIN features f ON f.id = p.feature_id
  JOIN venues v ON v.id = p.venue_id
  JOIN locations l ON l.id = v.location_id
  JOIN seatplans sp ON sp.id = p.seatplan_id
  LEFT JOIN LATERAL (
    SELECT count(*) FILTER (WHERE NOT se.is_ga)::int AS n_res, count(*) FILTER (WHERE se.is_ga)::int AS n_ga
    FROM sections se WHERE se.seatplan_id = p.seatplan_id) sc ON true`;

export interface PresentationRow {
  id: number; feature_id: number; f_he: string; f_en: string; duration_min: number; rating: string;
  venue_id: number; v_he: string; v_en: string; venue_type_id: number; seatplan_id: number; seating_policy_id: number;
  location_id: number; l_he: string; l_en: string; auth_profile_id: number; business_id: number;
  web_booking_offline: boolean; starts_at: Date; business_date: string; service_charge: number;
  choose_seats_s: number; choose_tickets_s: number; customer_info_s: number; choose_products_s: number;
  n_res: number; n_ga: number; capacity: number;
}

export function rowToSummary(r: PresentationRow, lang: Lang): PresentationSummary {
  return {
    id: r.id,
    featureId: r.feature_id,
    featureName: pick(lang, r.f_he, r.f_en),
    venueId: r.venue_id,
    venueName: pick(lang, r.v_he, r.v_en),
    venueTypeId: r.venue_type_id,
    seatplanId: r.seatplan_id,
    seatingPolicyId: r.seating_policy_id,
    locationId: r.location_id,
    locationName: pick(lang, r.l_he, r.l_en),
    authProfileId: r.auth_profile_id,
    businessId: r.business_id,
    dateTime: toIso(r.starts_at),
    isReserved: r.n_res > 0,
    isGA: r.n_ga,
    seatingMode: seatingModeOf(r.n_res, r.n_ga),
    locationOffline: r.web_booking_offline,
  };
}

export async function getPresentationRow(q: Queryable, id: number): Promise<PresentationRow> {
  const { rows } = await q.query<PresentationRow>(`${PRESENTATION_SELECT} WHERE p.id = $1`, [id]);
  if (!rows[0]) throw new ApiHttpError(404, 'EVENT_DETAILS_ERROR', `no presentation ${id}`);
  return rows[0];
}

/** The presentation list window: from today (Asia/Jerusalem) to 14 days ahead. */
export function windowDates(): { from: string; to: string } {
  const today = jerusalemToday();
  return { from: today, to: addDays(today, 14) };
}

export { shekels };
