import type { Db, Queryable } from '../../db/index.ts';
import { ApiHttpError } from '../../lib/route.ts';
import { notifySeats } from '../seats/holds.ts';

/**
 * Season seats: one seat held in several events of a season at once, all or nothing. Uses the seat state of the
 * seats domain (presentation_seats) and its one hold statement, seat_take (migration 270): a held or sold row
 * is taken for ordinary booking too; seat_take writes rows in presentation order, so concurrent season holds
 * never deadlock.
 */
const UPSERT_SEASON_HOLD = `
  SELECT o_presentation AS presentation_id, o_expires_at AS expires_at
  FROM seat_take($5, $6::timestamptz, $1::int[], array_fill($2::int, ARRAY[cardinality($1::int[])]),
                 array_fill($3::int, ARRAY[cardinality($1::int[])]), array_fill($4::int, ARRAY[cardinality($1::int[])]),
                 array_fill($7::int, ARRAY[cardinality($1::int[])]))`;

export interface SeasonSeat { sectionId: number; x: number; y: number }

/** The plan seat (reserved seating only) in the season's seat plan, or GENERAL_ERROR. */
export async function planSeat(q: Queryable, seatplanId: number, s: SeasonSeat): Promise<{ ticketGroupId: number }> {
  const { rows } = await q.query<{ ticket_group_id: number }>(`SELECT s.ticket_group_id FROM seats s JOIN sections se ON se.id = s.section_id
    WHERE se.seatplan_id = $1 AND s.section_id = $2 AND s.x = $3 AND s.y = $4`, [seatplanId, s.sectionId, s.x, s.y]);
  if (!rows[0]) throw new ApiHttpError(400, 'GENERAL_ERROR', 'not a seat of this season');
  return { ticketGroupId: rows[0].ticket_group_id };
}

/** Holds one seat in every listed event for a visit; refused (nothing held) when it is taken in any of them. */
export async function holdSeasonSeat(db: Db, a: {
  seasonId: number; presentationIds: number[]; seat: SeasonSeat; ticketGroupId: number; uuid: string; maxSeats: number; holdSeconds: number;
}): Promise<Date> {
  const pids = [...new Set(a.presentationIds)].sort((x, y) => x - y);
  try {
    return await db.tx(async (q) => {
      // one visit's season holds are taken one at a time, so maxSeats and the common expiry are exact
      await q.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', [`enrol:${a.uuid}`, a.seasonId]);
      const { rows: mine } = await q.query<{ n: number; mine_here: boolean; exp: Date | null }>(`
        SELECT count(DISTINCT (section_id, x, y))::int AS n, bool_or(section_id = $3 AND x = $4 AND y = $5) AS mine_here, min(expires_at) AS exp
        FROM presentation_seats WHERE presentation_id = ANY($1::int[]) AND holder_uuid = $2 AND status = 'held' AND expires_at > now()`,
      [pids, a.uuid, a.seat.sectionId, a.seat.x, a.seat.y]);
      const m = mine[0]!;
      if (!m.mine_here && m.n + 1 > a.maxSeats) throw new ApiHttpError(409, 'MAX_SEATS', `At most ${a.maxSeats} seats`, { maxSeats: a.maxSeats });
      const expiresAt = m.exp ?? new Date(Date.now() + a.holdSeconds * 1000);
      const { rows } = await q.query<{ presentation_id: number }>(UPSERT_SEASON_HOLD,
        [pids, a.seat.sectionId, a.seat.x, a.seat.y, a.uuid, expiresAt, a.ticketGroupId]);
      if (rows.length !== pids.length) throw new ApiHttpError(409, 'lock_seat_error', 'Seat no longer available');
      for (const pid of pids) await notifySeats(q, pid, 'held', [[a.seat.sectionId, a.seat.x, a.seat.y]]);
      return expiresAt;
    });
  } catch (e) {
    // a deadlock with an ordinary booking hold (which takes one event at a time) is a lost race, not a fault
    if ((e as { code?: string }).code === '40P01') throw new ApiHttpError(409, 'lock_seat_error', 'Seat no longer available');
    throw e;
  }
}

/** Releases this visit's hold of a seat in the listed events; unlock_seat_error when it held none. */
export async function unholdSeasonSeat(db: Db, a: { presentationIds: number[]; seat: SeasonSeat | null; uuid: string }): Promise<number> {
  return db.tx(async (q) => {
    const { rows } = await q.query<{ presentation_id: number; section_id: number; x: number; y: number }>(`
      DELETE FROM presentation_seats WHERE presentation_id = ANY($1::int[]) AND holder_uuid = $2 AND status = 'held'
        AND ($3::int IS NULL OR (section_id = $3 AND x = $4 AND y = $5))
      RETURNING presentation_id, section_id, x, y`, [a.presentationIds, a.uuid, a.seat?.sectionId ?? null, a.seat?.x ?? null, a.seat?.y ?? null]);
    if (a.seat && !rows.length) throw new ApiHttpError(409, 'unlock_seat_error', 'Error unlocking seat');
    const byP = new Map<number, Array<[number, number, number]>>();
    for (const r of rows) byP.set(r.presentation_id, [...(byP.get(r.presentation_id) ?? []), [r.section_id, r.x, r.y]]);
    for (const [pid, seats] of byP) await notifySeats(q, pid, 'free', seats);
    return rows.length;
  });
}

/**
 * Fixed-seat availability: a seat is offered when, in every listed event, it is free or held by this visit;
 * it shows as this visit's when the visit holds it in every one of them.
 */
export async function seasonSeatState(q: Queryable, presentationIds: number[], uuid: string | undefined): Promise<{
  taken: Set<string>; held: Set<string>; holdExpiresAt: Date | null;
}> {
  const { rows } = await q.query<{ section_id: number; x: number; y: number; mine: number; total: number; exp: Date | null }>(`
    SELECT section_id, x, y, count(*) FILTER (WHERE status = 'held' AND holder_uuid = $2)::int AS mine, count(*)::int AS total,
           min(expires_at) FILTER (WHERE status = 'held' AND holder_uuid = $2) AS exp
    FROM presentation_seats WHERE presentation_id = ANY($1::int[]) AND (status = 'sold' OR expires_at > now())
    GROUP BY section_id, x, y`, [presentationIds, uuid ?? '']);
  const taken = new Set<string>(), held = new Set<string>();
  let holdExpiresAt: Date | null = null;
  for (const r of rows) {
    const key = `${r.section_id}_${r.x}_${r.y}`;
    if (r.mine < r.total) taken.add(key);
    else if (r.mine === presentationIds.length) {
      held.add(key);
      if (r.exp && (!holdExpiresAt || r.exp < holdExpiresAt)) holdExpiresAt = r.exp;
    } // held by this visit in some of the events only: still offered (locking it again completes the set)
  }
  return { taken, held, holdExpiresAt };
}
