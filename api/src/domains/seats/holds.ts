import type { Db, Queryable } from '../../db/index.ts';
import { ApiHttpError } from '../../lib/route.ts';
import { isVodType } from '../catalog/queries.ts';
import type { SeatChangeEvent } from '@ticketing/shared/contracts';
import type { Plan, PlanSeat, PlanSection } from './plan.ts';
import { unitOf, type SeatState } from './rules.ts';
import { admitHold, assertWithinMaxSeats, holdLimitError, type SquatLimits } from './squat.ts';
import { holdBatcher, SEAT_HOLD_ADMITTED, type HoldRow } from './holdBatch.ts';

export const SEAT_CHANNEL = 'seat_changes';

/** What the hold path needs to know about a presentation. */
export interface PresentationMeta {
  id: number; venueId: number; seatplanId: number; seatingPolicyId: number; venueTypeId: number;
  chooseSeatsS: number; offline: boolean; startsAt: Date;
}

export interface LiveRow { section_id: number; x: number; y: number; status: 'held' | 'sold'; holder_uuid: string | null; expires_at: Date | null }

/** Seats sold, or held and not expired, of a presentation (optionally one section / one row). */
export async function liveRows(q: Queryable, presentationId: number, sectionId?: number, y?: number): Promise<LiveRow[]> {
  const { rows } = await q.query<LiveRow>(`
    SELECT section_id, x, y, status, holder_uuid, expires_at FROM presentation_seats
    WHERE presentation_id = $1 AND ($2::int IS NULL OR section_id = $2::int) AND ($3::int IS NULL OR y = $3::int)
      AND (status = 'sold' OR expires_at > now())`, [presentationId, sectionId ?? null, y ?? null]);
  return rows;
}

export function stateFn(rows: LiveRow[], uuid: string | undefined): (s: { sectionId: number; x: number; y: number }) => SeatState {
  const m = new Map<string, SeatState>();
  for (const r of rows) m.set(`${r.section_id}_${r.x}_${r.y}`, r.status === 'held' && uuid && r.holder_uuid === uuid ? 'mine' : 'taken');
  return (s) => m.get(`${s.sectionId}_${s.x}_${s.y}`) ?? 'free';
}

/** Seats per notification (a SeatChangeEvent of 300 seats stays well under pg_notify's 8000 bytes). */
const NOTIFY_CHUNK = 300;

/** Notifies seat changes inside the caller's transaction, in chunks that fit pg_notify's 8000-byte limit. */
export async function notifySeats(q: Queryable, presentationId: number, status: SeatChangeEvent['status'], seats: Array<[number, number, number]>): Promise<void> {
  for (let i = 0; i < seats.length; i += NOTIFY_CHUNK) {
    const ev: SeatChangeEvent = { presentationId, status, seats: seats.slice(i, i + NOTIFY_CHUNK) };
    await q.query('SELECT pg_notify($1, $2)', [SEAT_CHANNEL, JSON.stringify(ev)], 'seats_notify');
  }
}

// Hot statements of the hold path are prepared once per connection (named statements on PostgreSQL).
const BEGIN_HOLD_PG = `SELECT set_config('synchronous_commit', 'off', true), pg_advisory_xact_lock(hashtext($1), $2)`;
const BEGIN_HOLD_LITE = 'SELECT pg_advisory_xact_lock(hashtext($1), $2)';

async function beginHoldTx(db: Db, q: Queryable, uuid: string, presentationId: number): Promise<void> {
  // A hold is ephemeral (a crash only frees a seat): commit it asynchronously on PostgreSQL (SET LOCAL,
  // folded into the lock statement so it costs no round trip).
  // One visit's holds on one presentation are taken one at a time, so maxSeats and the shared
  // expiry are exact. Different visits never wait for each other here. The lock is its own statement:
  // the statements after it take their snapshots once it is granted, so they see the visit's previous hold.
  if (db.engine === 'postgres') await q.query(BEGIN_HOLD_PG, [uuid, presentationId], 'seats_hold_begin');
  else await q.query(BEGIN_HOLD_LITE, [uuid, presentationId]);
}

/** Count and common expiry of this visit's live holds on a presentation. */
async function myHolds(q: Queryable, uuid: string, presentationId: number): Promise<{ n: number; expiresAt: Date | null }> {
  const { rows } = await q.query<{ n: number; exp: Date | null }>(MY_HOLDS, [presentationId, uuid], 'seats_my_holds');
  return { n: rows[0]!.n, expiresAt: rows[0]!.exp };
}

/** `fp` lists the visit's live holds (same text as seat_hold's p_mine in migration 003). */
const MY_HOLDS = `
  SELECT count(*)::int AS n, min(expires_at) AS exp,
         coalesce(string_agg(section_id || '_' || x || '_' || y, ',' ORDER BY section_id, x, y), '') AS fp
  FROM presentation_seats
  WHERE presentation_id = $1 AND holder_uuid = $2 AND status = 'held' AND expires_at > now()`;

/**
 * The visit's holds (count, common expiry) and, when `$5` (the gap check) or maxSeats needs them, the live
 * seats of the rows `$4` of section `$3`, in one statement: a single row with null seat columns when
 * there are none or they were not needed. Served by presentation_seats_row (migration 003).
 */
const HOLD_STATE = `
  WITH mine AS (${MY_HOLDS})
  SELECT m.n, m.exp, m.fp, r.section_id, r.x, r.y, r.status, r.holder_uuid, r.expires_at
  FROM mine m LEFT JOIN LATERAL (
    SELECT section_id, x, y, status, holder_uuid, expires_at FROM presentation_seats
    WHERE presentation_id = $1 AND section_id = $3 AND y = ANY($4::int[]) AND (status = 'sold' OR expires_at > now())
  ) r ON $5::boolean OR m.n + $6::int > $7::int`;

interface HoldState { n: number; expiresAt: Date | null; fp: string; live: LiveRow[] }

async function holdState(q: Queryable, a: { uuid: string; presentationId: number; sectionId: number; ys: number[]; checkGap: boolean; adding: number; maxSeats: number }): Promise<HoldState> {
  const { rows } = await q.query<{ n: number; exp: Date | null; fp: string } & { [K in keyof LiveRow]: LiveRow[K] | null }>(HOLD_STATE,
    [a.presentationId, a.uuid, a.sectionId, a.ys, a.checkGap, a.adding, a.maxSeats], 'seats_hold_state');
  const live = rows.filter((r) => r.section_id !== null) as unknown as LiveRow[];
  return { n: rows[0]!.n, expiresAt: rows[0]!.exp, fp: rows[0]!.fp, live };
}

/**
 * The statement that takes seats: seat_take (migration 270) is the one place the conditional upsert is written
 * (insert a hold, or take over an expired one or this visit's own; the primary key decides). Every hold path
 * calls it: seat_hold, this transactional path, general admission, season seats. scripts/bench/locks.ts runs
 * this statement as its ceiling.
 */
export const UPSERT_HOLD = `
  SELECT o_x AS x, o_y AS y, o_expires_at AS expires_at
  FROM seat_take($3, $4::timestamptz, array_fill($1::int, ARRAY[cardinality($5::int[])]), array_fill($2::int, ARRAY[cardinality($5::int[])]),
                 $5::int[], $6::int[], $7::int[])`;

/**
 * UPSERT_HOLD and its notification in one statement: when every requested seat (`$5`) was taken, tells
 * the open seat maps (`$8` channel, `$9` the SeatChangeEvent) inside the same transaction, so a refused
 * (rolled back) hold notifies nothing.
 */
const UPSERT_HOLD_NOTIFY = `
  WITH up AS (${UPSERT_HOLD}),
  ev AS (SELECT pg_notify($8::text, $9::text) FROM (SELECT count(*) AS c FROM up) n WHERE n.c = cardinality($5::int[]))
  SELECT x, y, (SELECT count(*) FROM ev)::int AS notified FROM up`;

export interface HoldResult { seats: Array<{ sectionId: number; x: number; y: number }>; expiresAt: Date }

export function assertBookable(p: PresentationMeta): void {
  if (p.offline) throw new ApiHttpError(409, 'LOCATION_OFFLINE', 'Web booking is unavailable at this cinema; try later or buy at the box office');
  // Video on demand's start is when it can first be watched: it stays on sale after it (as at commit, cartTickets.ts).
  if (!isVodType(p.venueTypeId) && p.startsAt.getTime() < Date.now()) throw new ApiHttpError(409, 'EVENT_PAST', 'The presentation has started');
}

export class LockRefused extends ApiHttpError {}

/**
 * Holds reserved seats (each with its whole sofa unit) for a visit. All or nothing.
 * Checks maxSeats (the whole-selection rules are judged at Continue and commit: selection.ts).
 */
export async function holdReserved(db: Db, args: {
  p: PresentationMeta; plan: Plan; section: PlanSection; seats: PlanSeat[]; uuid: string; maxSeats: number;
  /** End of the visit's hold window (squat.ts admitHold): the expiry of a first hold, never restarted by re-locking. */
  windowExpiresAt?: Date;
  /** Admit the hold against the squatting limits (squat.ts) in the same statement; the window then comes from there. */
  admit?: HoldAdmission;
}): Promise<HoldResult> {
  const { p, plan, section } = args;
  // whole sofa units
  const want = new Map<string, PlanSeat>();
  for (const s of args.seats) for (const u of unitOf(plan.rows.get(`${s.sectionId}_${s.y}`)!, s)) want.set(`${u.x}_${u.y}`, u);
  const h: Hold = { ...args, seats: [...want.values()], ys: [] };
  h.ys = [...new Set(h.seats.map((s) => s.y))];
  if (h.admit) assertWithinMaxSeats(h.admit.adding, h.admit.limits.maxSeats);
  if (h.seats.length <= NOTIFY_CHUNK) {
    const r = await holdFast(db, h);
    if (r) return r;
  }
  if (h.admit) h.windowExpiresAt = await admitHold(db, { p, uuid: h.uuid, ...h.admit });
  return holdTx(db, h);
}

/** The request's client address and how many seats it adds, as squat.ts admitHold counts them. */
export interface HoldAdmission { addr: string; adding: number; limits: SquatLimits }

interface Hold {
  p: PresentationMeta; plan: Plan; section: PlanSection; seats: PlanSeat[]; ys: number[]; uuid: string; maxSeats: number;
  windowExpiresAt?: Date; admit?: HoldAdmission;
}

/** The expiry a visit's first hold gets: its hold window's end when known, else a fresh timer. */
const firstExpiry = (p: PresentationMeta, windowExpiresAt?: Date): Date => windowExpiresAt ?? new Date(Date.now() + p.chooseSeatsS * 1000);

/**
 * maxSeats against `state` (read after the visit's lock). Throws the refusal. The single-seat rule is not
 * judged per hold: it applies to the whole selection (selection.ts), so any click order that ends in a
 * valid selection is accepted.
 */
function checkRules(h: Hold, state: HoldState): void {
  const { seats, uuid } = h;
  if (state.n + seats.length <= h.maxSeats) return;
  const st = stateFn(state.live, uuid);
  const already = seats.filter((s) => st(s) === 'mine').length;
  if (state.n + seats.length - already > h.maxSeats) {
    throw new LockRefused(409, 'MAX_SEATS', `At most ${h.maxSeats} seats per order`, { maxSeats: h.maxSeats });
  }
}

const seatEvent = (h: Hold): string =>
  // all or nothing, so the seats a successful hold notifies are the requested ones
  JSON.stringify({ presentationId: h.p.id, status: 'held', seats: h.seats.map((s) => [h.section.id, s.x, s.y]) } satisfies SeatChangeEvent);

/** seat_hold (migration 003, its upsert seat_take since 270): lock, maxSeats, conditional upsert and notify in one autocommit statement. */
const SEAT_HOLD = `SELECT o_outcome AS outcome, o_x AS x, o_y AS y, o_expires_at AS expires_at
  FROM seat_hold($1, $2, $3, $4, $5::int[], $6::int[], $7::int[], $8, $9, $10, $11, $12)`;

/**
 * The hold in one round trip, no explicit transaction: seat_hold takes the visit's lock, checks maxSeats and
 * upserts (other visits' seats are never locked against); with h.admit, the squatting admission runs first in
 * the same statement. Returns null when the caller should take the transactional path.
 */
async function holdFast(db: Db, h: Hold): Promise<HoldResult | null> {
  const { p, section, seats, uuid, admit } = h;
  const xs = seats.map((s) => s.x), ys = seats.map((s) => s.y), tgs = seats.map((s) => s.ticketGroupId);
  const async = db.engine === 'postgres';
  let rows: HoldRow[];
  try {
    // PostgreSQL, one seat: group commit with the process's other holds of the moment (holdBatch.ts)
    if (admit && seats.length === 1 && async) {
      rows = await holdBatcher(db, SEAT_CHANNEL).hold({
        presentationId: p.id, sectionId: section.id, uuid, addr: admit.addr, windowS: p.chooseSeatsS, maxPerAddress: admit.limits.maxPerAddress,
        adding: admit.adding, x: xs[0]!, y: ys[0]!, ticketGroupId: tgs[0]!, maxSeats: h.maxSeats, event: seatEvent(h),
      });
    } else ({ rows } = admit
      ? await db.query<HoldRow>(SEAT_HOLD_ADMITTED, [
        p.id, section.id, uuid, admit.addr, p.chooseSeatsS, admit.limits.maxPerAddress, admit.adding,
        xs, ys, tgs, h.maxSeats, SEAT_CHANNEL, seatEvent(h), async,
      ], 'seats_hold_admitted')
      : await db.query<HoldRow>(SEAT_HOLD, [
        p.id, section.id, uuid, firstExpiry(p, h.windowExpiresAt), xs, ys, tgs, h.maxSeats, null, SEAT_CHANNEL, seatEvent(h), async,
      ], 'seats_hold_fast'));
  } catch (e) {
    if ((e as { message?: unknown }).message === 'seat_hold_partial') throw new LockRefused(409, 'lock_seat_error', 'Seat no longer available');
    throw e;
  }
  const outcome = rows[0]?.outcome;
  if (outcome === 'stale') return null;
  if (outcome === 'limit') throw holdLimitError(admit!.limits.maxPerAddress);
  if (outcome === 'max') throw new LockRefused(409, 'MAX_SEATS', `At most ${h.maxSeats} seats per order`, { maxSeats: h.maxSeats });
  if (outcome !== 'ok' || rows.length !== seats.length) throw new LockRefused(409, 'lock_seat_error', 'Seat no longer available');
  return { seats: rows.map((r) => ({ sectionId: section.id, x: r.x, y: r.y })), expiresAt: rows[0]!.expires_at };
}

/** The hold as one transaction: the visit's lock, then the state read, the rules, the upsert and its notify. */
async function holdTx(db: Db, h: Hold): Promise<HoldResult> {
  const { p, section, seats, uuid } = h;
  return db.tx(async (q) => {
    await beginHoldTx(db, q, uuid, p.id);
    const state = await holdState(q, { uuid, presentationId: p.id, sectionId: section.id, ys: h.ys, checkGap: false, adding: seats.length, maxSeats: h.maxSeats });
    checkRules(h, state);
    const expiresAt = state.expiresAt ?? firstExpiry(p, h.windowExpiresAt);
    const params = [p.id, section.id, uuid, expiresAt, seats.map((s) => s.x), seats.map((s) => s.y), seats.map((s) => s.ticketGroupId)];
    // (a hold larger than one notification's worth of seats notifies in chunks, after the upsert)
    const small = seats.length <= NOTIFY_CHUNK;
    const { rows } = small
      ? await q.query<{ x: number; y: number }>(UPSERT_HOLD_NOTIFY, [...params, SEAT_CHANNEL, seatEvent(h)], 'seats_hold_upsert')
      : await q.query<{ x: number; y: number }>(UPSERT_HOLD, params);
    if (rows.length !== seats.length) throw new LockRefused(409, 'lock_seat_error', 'Seat no longer available');
    if (!small) await notifySeats(q, p.id, 'held', rows.map((r) => [section.id, r.x, r.y]));
    return { seats: rows.map((r) => ({ sectionId: section.id, x: r.x, y: r.y })), expiresAt };
  });
}

/** A random free place number of a GA section (none when full), taken by seat_take. */
const GA_TAKE = `
  WITH c AS (
    SELECT g FROM generate_series(1, $6::int) g
    WHERE NOT EXISTS (SELECT 1 FROM presentation_seats ps WHERE ps.presentation_id = $1 AND ps.section_id = $2 AND ps.x = g AND ps.y = 0
                      AND (ps.status = 'sold' OR ps.expires_at > now()))
    ORDER BY random() LIMIT 1)
  SELECT o_x AS x, o_y AS y
  FROM seat_take($3, $4::timestamptz, ARRAY(SELECT $1::int FROM c), ARRAY(SELECT $2::int FROM c), ARRAY(SELECT g FROM c),
                 ARRAY(SELECT 0 FROM c), ARRAY(SELECT $5::int FROM c))`;

/** Holds one general-admission place of a section; the database picks a free place number. */
export async function holdGeneralAdmission(db: Db, args: { p: PresentationMeta; section: PlanSection; uuid: string; maxSeats: number; windowExpiresAt?: Date }): Promise<HoldResult> {
  const { p, section, uuid } = args;
  return db.tx(async (q) => {
    await beginHoldTx(db, q, uuid, p.id);
    const mine = await myHolds(q, uuid, p.id);
    if (mine.n + 1 > args.maxSeats) throw new LockRefused(409, 'MAX_SEATS', `At most ${args.maxSeats} seats per order`, { maxSeats: args.maxSeats });
    const expiresAt = mine.expiresAt ?? firstExpiry(p, args.windowExpiresAt);
    // Each attempt is one statement with its own snapshot: a place taken by a concurrent transaction
    // makes the conditional upsert return nothing, and the next attempt sees it taken.
    for (let attempt = 0; attempt < 20; attempt++) {
      const { rows } = await q.query<{ x: number; y: number }>(GA_TAKE, [p.id, section.id, uuid, expiresAt, section.ticketGroupId, section.capacity]);
      if (rows[0]) {
        await notifySeats(q, p.id, 'held', [[section.id, rows[0].x, 0]]);
        return { seats: [{ sectionId: section.id, x: rows[0].x, y: 0 }], expiresAt };
      }
      const { rows: c } = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM presentation_seats
        WHERE presentation_id = $1 AND section_id = $2 AND (status = 'sold' OR expires_at > now())`, [p.id, section.id]);
      if (c[0]!.n >= section.capacity) break;
    }
    throw new LockRefused(409, 'NOT_ENOUGH_SEATS', 'Not enough places left in this section');
  });
}

/** Releases a visit's hold on seats (with their sofa units); refused unless this visit holds them. */
export async function unhold(db: Db, args: { p: PresentationMeta; section: PlanSection; seats: Array<{ x: number; y: number }> | null; uuid: string }): Promise<HoldResult['seats']> {
  const { p, section, uuid } = args;
  return db.tx(async (q) => {
    let rows: Array<{ x: number; y: number }>;
    if (args.seats) {
      ({ rows } = await q.query<{ x: number; y: number }>(`
        DELETE FROM presentation_seats ps USING unnest($3::int[], $4::int[]) AS u(x, y)
        WHERE ps.presentation_id = $1 AND ps.section_id = $2 AND ps.x = u.x AND ps.y = u.y
          AND ps.status = 'held' AND ps.holder_uuid = $5 AND ps.expires_at > now()
        RETURNING ps.x, ps.y`, [p.id, section.id, args.seats.map((s) => s.x), args.seats.map((s) => s.y), uuid]));
    } else {
      // general admission without a place number: give back this visit's last place in the section
      ({ rows } = await q.query<{ x: number; y: number }>(`
        DELETE FROM presentation_seats WHERE (presentation_id, section_id, x, y) = (
          SELECT presentation_id, section_id, x, y FROM presentation_seats
          WHERE presentation_id = $1 AND section_id = $2 AND status = 'held' AND holder_uuid = $3 AND expires_at > now()
          ORDER BY x DESC LIMIT 1)
        RETURNING x, y`, [p.id, section.id, uuid]));
    }
    if (!rows.length) throw new ApiHttpError(409, 'unlock_seat_error', 'Error unlocking seat');
    await notifySeats(q, p.id, 'free', rows.map((r) => [section.id, r.x, r.y]));
    return rows.map((r) => ({ sectionId: section.id, x: r.x, y: r.y }));
  });
}

/** Releases every hold of a visit on a presentation (removing the presentation from the cart). */
export async function releaseAll(db: Db, presentationId: number, uuid: string): Promise<number> {
  return db.tx((q) => releaseHeld(q, presentationId, uuid));
}

/** Deletes every hold of the visit on a presentation inside the caller's transaction and tells the open seat maps. */
export async function releaseHeld(q: Queryable, presentationId: number, uuid: string): Promise<number> {
  const { rows } = await q.query<{ section_id: number; x: number; y: number }>(`
    DELETE FROM presentation_seats WHERE presentation_id = $1 AND holder_uuid = $2 AND status = 'held'
    RETURNING section_id, x, y`, [presentationId, uuid]);
  if (rows.length) await notifySeats(q, presentationId, 'free', rows.map((r) => [r.section_id, r.x, r.y]));
  return rows.length;
}

/** Deletes expired holds and tells every open seat map. Safe to run in several processes at once. */
export async function sweepExpired(db: Db): Promise<number> {
  return db.tx(async (q) => {
    const { rows } = await q.query<{ presentation_id: number; section_id: number; x: number; y: number }>(`
      DELETE FROM presentation_seats WHERE status = 'held' AND expires_at < now()
      RETURNING presentation_id, section_id, x, y`);
    const byP = new Map<number, Array<[number, number, number]>>();
    for (const r of rows) {
      let l = byP.get(r.presentation_id);
      if (!l) byP.set(r.presentation_id, (l = []));
      l.push([r.section_id, r.x, r.y]);
    }
    for (const [pid, seats] of byP) await notifySeats(q, pid, 'free', seats);
    return rows.length;
  });
}
