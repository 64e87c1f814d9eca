import type { Db, Queryable } from '../../db/index.ts';
import { ApiHttpError } from '../../lib/route.ts';
import { notifySeats } from './holds.ts';
import { assertSelection, type SeatRef } from './selection.ts';

export interface SoldSeat { section_id: number; x: number; y: number }

/**
 * The sale every seated order ends with (tickets, memberships, enrolment), inside the caller's transaction:
 * the visit's whole selection is judged again (single-seat rule, companion seats: what it holds in the
 * presentation), then its held, unexpired seats become sold for the reservation in one conditional statement.
 * A seat no longer held by the visit is 409 HOLD_EXPIRED. Live seat maps hear of the sale.
 */
export async function sellHeldSeats(db: Db, q: Queryable, a: { presentationId: number; uuid: string; reservation: string; seats: readonly SeatRef[] }): Promise<SoldSeat[]> {
  await assertSelection(db, q, a.presentationId, a.uuid);
  const { rows } = await q.query<SoldSeat>(`
    UPDATE presentation_seats ps SET status = 'sold', reservation_id = $6, expires_at = NULL
    FROM unnest($2::int[], $3::int[], $4::int[]) AS s(sec, x, y)
    WHERE ps.presentation_id = $1 AND ps.section_id = s.sec AND ps.x = s.x AND ps.y = s.y
      AND ps.status = 'held' AND ps.holder_uuid = $5 AND ps.expires_at > now()
    RETURNING ps.section_id, ps.x, ps.y`,
  [a.presentationId, a.seats.map((s) => s.sectionId), a.seats.map((s) => s.x), a.seats.map((s) => s.y), a.uuid, a.reservation]);
  if (rows.length !== a.seats.length) throw new ApiHttpError(409, 'HOLD_EXPIRED', 'the seat hold expired or is not yours');
  await notifySeats(q, a.presentationId, 'sold', rows.map((r) => [r.section_id, r.x, r.y]));
  return rows;
}
