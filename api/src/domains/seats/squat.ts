import type { Db } from '../../db/index.ts';
import { ApiHttpError } from '../../lib/route.ts';

/**
 * Squatting limits of the hold path (issue 13). The visit id is the client's own choice, so maxSeats per
 * visit alone bounds nothing: a fresh id per request would block a hall. Every hold also counts against
 * the client address (req.ip: behind nginx the X-Forwarded-For of a trusted proxy only, see TRUST_PROXY),
 * and a visit's hold window starts at its first hold and is never restarted by releasing and re-locking.
 */
export interface SquatLimits {
  /** Seats one visit may hold on one presentation (maxSeats). */
  maxSeats: number;
  /** Seats all visits of one client address may hold on one presentation at once. */
  maxPerAddress: number;
}

export const defaultMaxPerAddress = (maxSeats: number, env: NodeJS.ProcessEnv = process.env): number =>
  Number(env.MAX_HELD_PER_ADDRESS) > 0 ? Math.trunc(Number(env.MAX_HELD_PER_ADDRESS)) : maxSeats * 4;

/** maxSeats before any per-seat work: a request for more seats than a visit may hold is refused at once. */
export function assertWithinMaxSeats(adding: number, maxSeats: number): void {
  if (adding > maxSeats) throw new ApiHttpError(409, 'MAX_SEATS', `At most ${maxSeats} seats per order`, { maxSeats });
}

/**
 * Admits a hold of `adding` seats by visit `uuid` from `addr`, or throws 429 HOLD_LIMIT. Returns the end of
 * the visit's hold window: the expiry new holds get (an open window is kept; a closed one starts afresh).
 * The address count is read before the hold, so concurrent requests of one address can pass it together:
 * the excess is bounded by that address's requests in flight, each at most maxSeats. seat_admit (migration
 * 271) does the work; seat_hold_admitted runs it in the hold's own statement (holds.ts holdFast).
 */
export async function admitHold(db: Db, a: AdmitArgs): Promise<Date> {
  assertWithinMaxSeats(a.adding, a.limits.maxSeats);
  const { rows } = await db.query<{ window_expires_at: Date; admitted: boolean }>(
    'SELECT o_window AS window_expires_at, o_admitted AS admitted FROM seat_admit($1, $2, $3, $4, $5, $6)',
    [a.p.id, a.uuid, a.addr, a.p.chooseSeatsS, a.limits.maxPerAddress, a.adding], 'seats_admit');
  const r = rows[0]!;
  if (!r.admitted) throw holdLimitError(a.limits.maxPerAddress);
  return new Date(r.window_expires_at);
}

export interface AdmitArgs { p: { id: number; chooseSeatsS: number }; uuid: string; addr: string; adding: number; limits: SquatLimits }

export const holdLimitError = (maxPerAddress: number) =>
  new ApiHttpError(429, 'HOLD_LIMIT', 'Too many seats are held from this address; finish or release an order first', { maxPerAddress });
