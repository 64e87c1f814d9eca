import type { Db, Queryable } from '../../db/index.ts';
import { ApiHttpError } from '../../lib/route.ts';
import { liveRows, stateFn } from './holds.ts';
import { PlanCache, type Plan, type PlanSeat } from './plan.ts';
import { besideWhere } from '@ticketing/seatmap/rowRules';
import { gapFreeAlternative, newSingleGaps, type SeatState } from './rules.ts';

/**
 * Whole-selection rules (issue 14 point 6, issue 16 item 3), judged on everything a visit holds in a
 * presentation — at Continue (POST /seats/check-selection) and again inside the commit — rather than
 * per click, so any click order that ends in a valid selection is accepted.
 * - A companion seat goes only with a wheelchair space next to it in the same selection.
 * - Seating policy 3: the selection may not leave a single free seat beside it, unless no gap-free
 *   choice of the same size exists in the section (seats.io's strict-mode escape).
 */

export interface SeatRef { sectionId: number; x: number; y: number }
export interface SelectionRefusal {
  code: 'COMPANION_ALONE' | 'SINGLE_SEAT_GAP';
  /** The selected seat concerned (the lone companion seat, or the selected neighbour of the gap). */
  seat: SeatRef;
  /** The fix: the wheelchair space to add, or the seat left alone (select it too). */
  suggestion: SeatRef | null;
}

export const SINGLE_SEAT_POLICY = 3;

const ref = (s: SeatRef): SeatRef => ({ sectionId: s.sectionId, x: s.x, y: s.y });
function beside(plan: Plan, s: PlanSeat, pick: (n: PlanSeat) => boolean): PlanSeat[] {
  const row = plan.rows.get(`${s.sectionId}_${s.y}`) ?? [];
  return besideWhere(row, row.findIndex((r) => r.x === s.x), pick).map((j) => row[j]!);
}

/** The wheelchair spaces next to a seat (same row, x ± 1). */
export const wheelchairsBeside = (plan: Plan, s: PlanSeat) => beside(plan, s, (n) => n.isHandicap);
/** The companion seats next to a seat (same row, x ± 1). */
export const companionsBeside = (plan: Plan, s: PlanSeat) => beside(plan, s, (n) => n.isCompanion);

/** A companion seat may be held only beside a wheelchair space this visit holds (or takes in the same request). */
export function companionRefusal(plan: Plan, seat: PlanSeat, st: (s: SeatRef) => SeatState, alsoTaking: readonly PlanSeat[] = []): SelectionRefusal | null {
  if (!seat.isCompanion) return null;
  const w = wheelchairsBeside(plan, seat);
  if (w.some((h) => st(h) === 'mine' || alsoTaking.includes(h))) return null;
  const free = w.find((h) => st(h) === 'free');
  return { code: 'COMPANION_ALONE', seat: ref(seat), suggestion: free ? ref(free) : null };
}

/** The first rule the visit's whole selection breaks, or null. `st` gives the live state ('mine' = this visit's holds). */
export function judgeSelection(plan: Plan, st: (s: SeatRef) => SeatState, singleSeatRule: boolean): SelectionRefusal | null {
  const mine = plan.seats.filter((s) => st(s) === 'mine');
  for (const s of mine) {
    const r = companionRefusal(plan, s, st);
    if (r) return r;
  }
  if (!singleSeatRule || !mine.length) return null;
  // The visitor's own seats count as free before the selection (they could be given back).
  const before = (s: SeatRef): SeatState => (st(s) === 'taken' ? 'taken' : 'free');
  const bySection = new Map<number, PlanSeat[]>();
  for (const s of mine) bySection.set(s.sectionId, [...(bySection.get(s.sectionId) ?? []), s]);
  for (const [sectionId, seats] of bySection) {
    for (const y of new Set(seats.map((s) => s.y))) {
      const row = plan.rows.get(`${sectionId}_${y}`)!;
      const xState = (x: number): SeatState => before({ sectionId, x, y });
      const adding = new Set(seats.filter((s) => s.y === y).map((s) => s.x));
      const gaps = newSingleGaps(row, xState, adding);
      if (!gaps.length) continue;
      const sectionRows = [...plan.rows.entries()].filter(([k]) => k.startsWith(`${sectionId}_`)).map(([, r]) => r);
      if (!gapFreeAlternative(sectionRows, before, seats.length)) continue;
      const g = gaps[0]!;
      const n = seats.find((s) => s.y === y && Math.abs(s.x - g) === 1) ?? seats[0]!;
      return { code: 'SINGLE_SEAT_GAP', seat: ref(n), suggestion: { sectionId, x: g, y } };
    }
  }
  return null;
}

export function refusalError(r: SelectionRefusal): ApiHttpError {
  const message = r.code === 'COMPANION_ALONE'
    ? 'A companion seat is sold only with the wheelchair space next to it'
    : 'This selection would leave a single empty seat';
  return new ApiHttpError(409, r.code, message, { seat: r.seat, suggestion: r.suggestion });
}

const caches = new WeakMap<Db, PlanCache>();

/**
 * Judges what the visit holds in a presentation, reading through `q` (inside the caller's transaction at
 * commit). Throws the refusal (409 COMPANION_ALONE | SINGLE_SEAT_GAP); returns how many seats were judged.
 */
export async function assertSelection(db: Db, q: Queryable, presentationId: number, uuid: string, plans?: PlanCache): Promise<number> {
  const { rows } = await q.query<{ seatplan_id: number; seating_policy_id: number }>(`
    SELECT p.seatplan_id, v.seating_policy_id FROM presentations p JOIN venues v ON v.id = p.venue_id WHERE p.id = $1`, [presentationId]);
  if (!rows[0]) throw new ApiHttpError(404, 'EVENT_DETAILS_ERROR', `no presentation ${presentationId}`);
  let cache = plans ?? caches.get(db);
  if (!cache) caches.set(db, (cache = new PlanCache(db)));
  const plan = await cache.get(rows[0].seatplan_id, q);
  if (!plan) return 0;
  const live = await liveRows(q, presentationId);
  const st = stateFn(live, uuid);
  const r = judgeSelection(plan, st, rows[0].seating_policy_id === SINGLE_SEAT_POLICY);
  if (r) throw refusalError(r);
  return live.filter((l) => l.status === 'held' && l.holder_uuid === uuid).length;
}
