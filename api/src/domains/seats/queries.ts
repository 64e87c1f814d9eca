import type { Queryable } from '../../db/index.ts';
import { getPresentationRow, PRESENTATION_SELECT, type PresentationRow } from '../catalog/queries.ts';
import type { PresentationMeta } from './holds.ts';

/** What the hold path needs of a presentation, read through the catalog's presentation query. */
export async function presentationMeta(q: Queryable, id: number): Promise<PresentationMeta> {
  const r = await getPresentationRow(q, id);
  return {
    id: r.id, venueId: r.venue_id, seatplanId: r.seatplan_id, seatingPolicyId: r.seating_policy_id, venueTypeId: r.venue_type_id,
    chooseSeatsS: r.choose_seats_s, offline: r.web_booking_offline, startsAt: new Date(r.starts_at),
  };
}

/** Presentations of one business date (optionally one location) with their live taken-seat counts. */
export async function dayPresentations(q: Queryable, date: string, locationId: number | null): Promise<Array<PresentationRow & { taken: number }>> {
  const { rows } = await q.query<PresentationRow & { taken: number }>(`
    SELECT * FROM (${PRESENTATION_SELECT}
      WHERE p.business_date = $1::date AND ($2::int IS NULL OR v.location_id = $2::int)) x
    LEFT JOIN LATERAL (SELECT count(*)::int AS taken FROM presentation_seats ps
                       WHERE ps.presentation_id = x.id AND (ps.status = 'sold' OR ps.expires_at > now())) t ON true
    ORDER BY x.starts_at, x.id`, [date, locationId]);
  return rows;
}
