/**
 * Pure seat rules (no I/O): the single-seat gap check of seating policy 3 and the best-available search.
 * The row rules themselves are the seat map's `rowRules.ts` (`@ticketing/seatmap/rowRules`, no React or DOM):
 * one engine, which the api runs for truth and the browser for feedback. This file adapts the api's plan seats
 * to it and adds what only the api does (best available).
 *
 * Adjacency: two seats are neighbours when they are in the same section and row (same y) and their
 * x differ by exactly 1. A missing x (an aisle) or the row's end closes a block.
 * "Special" seats (handicap and companion) are sold on their own terms: a special seat left alone is
 * never called a gap, and only accessible requests are offered them.
 */

import { gapFreeWindow, newGapsIfTaken, type GapSeat, type SeatState } from '@ticketing/seatmap/rowRules';

export type { SeatState } from '@ticketing/seatmap/rowRules';

export interface RuleSeat {
  sectionId: number;
  x: number;
  y: number;
  ticketGroupId: number;
  isHandicap: boolean;
  isCompanion: boolean;
  sofaUnit: number | null;
  rowName: string;
  seatName: string;
}

export const isSpecial = (s: Pick<RuleSeat, 'isHandicap' | 'isCompanion'>) => s.isHandicap || s.isCompanion;

/** Seats of one row, sorted by x. */
export type Row<S extends RuleSeat = RuleSeat> = S[];

/** Groups seats into rows keyed `${sectionId}_${y}`, each sorted by x. */
export function rowsOf<S extends RuleSeat>(seats: Iterable<S>): Map<string, S[]> {
  const rows = new Map<string, S[]>();
  for (const s of seats) {
    const k = `${s.sectionId}_${s.y}`;
    let r = rows.get(k);
    if (!r) rows.set(k, (r = []));
    r.push(s);
  }
  for (const r of rows.values()) r.sort((a, b) => a.x - b.x);
  return rows;
}

/**
 * The free, non-special seats that become a single-seat gap when `adding` (x values in `row`) are taken:
 * a free seat whose both neighbours (or row end / aisle) are unavailable after the change and which
 * was not already alone before it. Returns their x values.
 */
export function newSingleGaps(row: Row, stateOf: (x: number) => SeatState, adding: ReadonlySet<number>): number[] {
  const take: number[] = [];
  row.forEach((s, i) => { if (adding.has(s.x)) take.push(i); });
  return newGapsIfTaken(gapRow(row, (s) => stateOf(s.x)), take).map((i) => row[i]!.x);
}

/** A row for the shared engine: a free wheelchair or companion seat counts as taken (never a gap, never company). */
function gapRow<S extends RuleSeat>(row: Row<S>, stateOf: (s: S) => SeatState): GapSeat[] {
  return row.map((s) => {
    const state = stateOf(s);
    return { x: s.x, state: state === 'free' && isSpecial(s) ? 'taken' : state, unit: s.sofaUnit };
  });
}

/** The seats that must be held together with `seat` (its sofa / bed unit), including itself. */
export function unitOf<S extends RuleSeat>(row: Row<S>, seat: S): S[] {
  if (seat.sofaUnit === null) return [seat];
  return row.filter((s) => s.sofaUnit === seat.sofaUnit);
}

/**
 * Is there any free unit (seat or sofa unit) of `size` seats in these rows that could be taken without
 * leaving a new single-seat gap? (The "no valid alternative exists" escape of the strict rule.)
 * Returns the first such unit's seats, or null.
 */
export function gapFreeAlternative<S extends RuleSeat>(rows: Iterable<Row<S>>, stateOf: (s: S) => SeatState, size: number): S[] | null {
  for (const row of rows) {
    const w = gapFreeWindow(gapRow(row, stateOf), size);
    if (w) return row.slice(w[0], w[1] + 1);
  }
  return null;
}

// ---------- best available ----------

export interface BestOptions {
  quantity: number;
  maxMatches: number;
  accessible?: boolean;
  ticketGroupId?: number;
  sectionId?: number;
  /** Focal point (best view) in plan coordinates; default: centre of the seats, 2/3 of the way back. */
  focal?: { x: number; y: number };
}

export interface BestResult<S extends RuleSeat> {
  seats: S[];
  together: boolean;
  noSingleSeat: boolean;
  score: number;
}

/** Default focal point: horizontal centre of the seats, two thirds of the way from the front row to the back. */
export function focalPoint(seats: readonly RuleSeat[]): { x: number; y: number } {
  if (!seats.length) return { x: 0, y: 0 };
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  for (const s of seats) {
    if (s.x < minX) minX = s.x;
    if (s.x > maxX) maxX = s.x;
    if (s.y < minY) minY = s.y;
    if (s.y > maxY) maxY = s.y;
  }
  return { x: (minX + maxX) / 2, y: minY + (maxY - minY) * (2 / 3) };
}

/**
 * Best available seats: windows of `quantity` adjacent free seats in one row, nearest the focal point,
 * leaving no single free seat; then (relaxation 1) windows that do leave a single seat; then
 * (relaxation 2) one split match of the best free seats across rows. Never returns a seat that is not
 * free. Sofa units are never split; special seats only in accessible requests, which need at least
 * one handicap seat in the window (companions and ordinary seats make up the rest).
 */
export function bestAvailable<S extends RuleSeat>(seats: readonly S[], stateOf: (s: S) => SeatState, o: BestOptions): BestResult<S>[] {
  const q = o.quantity;
  const eligible = (s: S) =>
    stateOf(s) === 'free' &&
    (o.sectionId === undefined || s.sectionId === o.sectionId) &&
    (o.ticketGroupId === undefined || s.ticketGroupId === o.ticketGroupId) &&
    (o.accessible ? true : !isSpecial(s));
  const focal = o.focal ?? focalPoint(seats);
  let spanX = 1, spanY = 1;
  {
    const xs = seats.map((s) => s.x), ys = seats.map((s) => s.y);
    spanX = Math.max(1, Math.max(...xs) - Math.min(...xs));
    spanY = Math.max(1, Math.max(...ys) - Math.min(...ys));
  }
  const score = (cx: number, y: number) => Math.hypot((cx - focal.x) / spanX, (1.2 * (y - focal.y)) / spanY);

  const perfect: BestResult<S>[] = [];
  const relaxed: BestResult<S>[] = [];
  for (const row of rowsOf(seats).values()) {
    const st = (x: number): SeatState => {
      const s = row.find((r) => r.x === x);
      return s ? stateOf(s) : 'taken';
    };
    for (let i = 0; i + q <= row.length; i++) {
      const win = row.slice(i, i + q);
      if (!win.every(eligible)) continue;
      let contiguous = true;
      for (let k = 1; k < win.length; k++) if (win[k]!.x - win[k - 1]!.x !== 1) { contiguous = false; break; }
      if (!contiguous) continue;
      if (win.some((s) => s.ticketGroupId !== win[0]!.ticketGroupId)) continue;
      if (win.some((s) => s.sofaUnit !== null && row.some((r) => r.sofaUnit === s.sofaUnit && !win.includes(r)))) continue;
      if (o.accessible && !win.some((s) => s.isHandicap)) continue;
      // a companion seat only with the wheelchair space next to it in the same match (issue 16 item 3)
      if (win.some((s) => s.isCompanion && !win.some((h) => h.isHandicap && Math.abs(h.x - s.x) === 1))) continue;
      const gaps = newSingleGaps(row, st, new Set(win.map((s) => s.x)));
      const cx = (win[0]!.x + win[win.length - 1]!.x) / 2;
      const r: BestResult<S> = { seats: win, together: true, noSingleSeat: gaps.length === 0, score: score(cx, win[0]!.y) };
      (r.noSingleSeat ? perfect : relaxed).push(r);
    }
  }
  const out: BestResult<S>[] = [];
  const used = new Set<S>();
  for (const list of [perfect, relaxed]) {
    list.sort((a, b) => a.score - b.score);
    for (const r of list) {
      if (out.length >= o.maxMatches) break;
      if (r.seats.some((s) => used.has(s))) continue;
      out.push(r);
      r.seats.forEach((s) => used.add(s));
    }
  }
  if (out.length === 0 && !o.accessible) {
    // Relaxation 2: split across rows — the best free seats, whole sofa units only.
    const rows = rowsOf(seats);
    const free = seats.filter(eligible).sort((a, b) => score(a.x, a.y) - score(b.x, b.y));
    const picked: S[] = [];
    const taken = new Set<S>();
    for (const s of free) {
      if (picked.length >= q) break;
      if (taken.has(s)) continue;
      const unit = unitOf(rows.get(`${s.sectionId}_${s.y}`)!, s);
      if (picked.length + unit.length > q || !unit.every(eligible)) continue;
      unit.forEach((u) => { picked.push(u); taken.add(u); });
    }
    if (picked.length === q) {
      out.push({ seats: picked, together: false, noSingleSeat: false, score: Infinity });
    }
  }
  return out;
}
