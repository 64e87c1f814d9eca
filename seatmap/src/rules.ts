/**
 * Seat selection rules (spec sections 4 and 5) for feedback in the browser: they explain a refusal before the
 * round trip and suggest a fix. The row rules themselves (single-seat gaps, the strict rule's escape, seats
 * beside) are `rowRules.ts`, the engine the api judges with too; this adds what only the map needs (price
 * groups, max seats, suggestions, blocked seats). Nothing here knows about canvas, React or the network.
 *
 * A seat's state is:
 *   free  – available to this visit and not selected
 *   mine  – selected (held) by this visit
 *   taken – unavailable (sold, held by someone else, not on sale)
 */
import { besideWhere, gapFreeWindow, gapIndices as rowGapIndices, newGapsIfTaken as rowNewGaps, type GapSeat, type SeatState } from './rowRules';

export type { SeatState } from './rowRules';

export interface RuleSeat extends GapSeat {
  /** Identity (for example 'section_x_y'). */
  key: string;
  /** Price group (TicketGroupId). */
  tg: number;
  /** A wheelchair space, or the companion seat that goes only with the wheelchair space next to it. */
  kind?: 'handicap' | 'companion';
}

export interface RuleRow {
  /** Row id (for example 'section:rowName'). */
  id: string;
  name: string;
  seats: RuleSeat[];
}

/**
 * Rows by index, for the rules that may look beyond the seat's own row (alternatives). An array is one; the seat
 * map passes a list that builds each row only when it is read, so checking a seat does not touch 20,000 seats.
 */
export interface RuleRowList {
  readonly length: number;
  at(index: number): RuleRow | undefined;
}

export type RuleCode = 'UNAVAILABLE' | 'MAX_SEATS' | 'PRICE_GROUP' | 'SOFA_UNIT' | 'SINGLE_SEAT_GAP' | 'COMPANION';

export interface Suggestion { rowId: string; key: string; x: number }

export type SelectCheck =
  | { ok: true; keys: string[] }
  | {
      ok: false;
      rule: RuleCode;
      /** Seats (keys) the requested choice would have taken. */
      keys: string[];
      /** SINGLE_SEAT_GAP: the seat that would be left alone. */
      gapKey?: string;
      /** A seat that satisfies every rule, nearest first (the one closing the gap when it is valid). */
      suggestion?: Suggestion;
    };

export interface SelectOptions {
  /**
   * Refuse a single click that leaves a single-seat gap. The seat map passes false: under seating policy 3 the
   * rule is judged on the whole selection when the visitor continues (validateSelection, and the api).
   */
  singleSeatRule: boolean;
  maxSeats: number;
  /** How many seats this visit already has selected in the presentation (all sections, GA included). */
  selectedCount: number;
  /** Price groups of the seats already selected (empty when none). */
  selectedGroups: ReadonlySet<number>;
}

/** Indices (into row.seats) of the seats of the unit the seat at `i` belongs to (itself when no unit). */
export function unitIndices(row: RuleRow, i: number): number[] {
  const u = row.seats[i].unit;
  if (u == null) return [i];
  const out: number[] = [];
  row.seats.forEach((s, j) => { if (s.unit === u) out.push(j); });
  return out;
}

const adjacent = (a: RuleSeat, b: RuleSeat) => b.x - a.x === 1;

/** Indices of the wheelchair spaces right beside the seat at `i` (same row, x ± 1). */
export const wheelchairBeside = (row: RuleRow, i: number) => besideWhere(row.seats, i, (s) => s.kind === 'handicap');

/** Indices of the companion seats right beside the seat at `i` (same row, x ± 1). */
export const companionsBeside = (row: RuleRow, i: number) => besideWhere(row.seats, i, (s) => s.kind === 'companion');

/** Single-seat gaps of a row (rowRules.gapIndices). */
export const gapIndices = (row: RuleRow, stateOf?: (i: number) => SeatState) => rowGapIndices(row.seats, stateOf);

/** The gaps that choosing the seats `take` (indices) would create (rowRules.newGapsIfTaken). */
export const newGapsIfTaken = (row: RuleRow, take: number[]) => rowNewGaps(row.seats, take);

/** Can the seat at `i` (with its unit) be chosen without breaking the unit, group or gap rules? Fast path for scans. */
function unitFree(row: RuleRow, idx: number[]): boolean {
  return idx.every((j) => row.seats[j].state === 'free');
}

/**
 * For every seat of the row: can it (with its unit) be chosen without creating a single-seat gap?
 * One pass over the row: within a run of side-by-side free seats [a..b], choosing [s1..s2] leaves
 * s1−a free seats on one side and b−s2 on the other; exactly one (not exempt) is a new gap.
 */
export function gapSafeFlags(row: RuleRow): Uint8Array {
  const s = row.seats;
  const n = s.length;
  const out = new Uint8Array(n);
  const runStart = new Int32Array(n);
  const runEnd = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    runStart[i] = s[i].state === 'free' && i > 0 && s[i - 1].state === 'free' && adjacent(s[i - 1], s[i]) ? runStart[i - 1] : i;
  }
  for (let i = n - 1; i >= 0; i--) {
    runEnd[i] = s[i].state === 'free' && i < n - 1 && s[i + 1].state === 'free' && adjacent(s[i], s[i + 1]) ? runEnd[i + 1] : i;
  }
  for (let i = 0; i < n; i++) {
    if (s[i].state !== 'free') continue;
    let lo = i;
    let hi = i;
    if (s[i].unit != null) {
      const idx = unitIndices(row, i);
      lo = Math.min(...idx);
      hi = Math.max(...idx);
      // a unit must be wholly free and inside one run
      if (!idx.every((j) => s[j].state === 'free') || runStart[lo] !== runStart[hi] || hi - lo + 1 !== idx.length) continue;
    }
    const a = runStart[i];
    const b = runEnd[i];
    const leftGap = lo - a === 1 && !s[a].exempt;
    const rightGap = b - hi === 1 && !s[b].exempt;
    if (!leftGap && !rightGap) out[i] = 1;
  }
  return out;
}

/** Can the seat at `i` (with its unit) be chosen without breaking the sofa unit or leaving a single-seat gap? */
export function isGapSafe(row: RuleRow, i: number): boolean {
  const idx = unitIndices(row, i);
  return unitFree(row, idx) && newGapsIfTaken(row, idx).length === 0;
}

/** Finds the nearest valid alternative: first in the same row by distance in x, then other rows by row distance. */
export function findAlternative(
  rows: RuleRowList, rowIndex: number, x: number, accept: (s: RuleSeat) => boolean, prefer?: string,
): Suggestion | undefined {
  const order = Array.from({ length: rows.length }, (_, r) => r).sort((a, b) => Math.abs(a - rowIndex) - Math.abs(b - rowIndex) || a - b);
  for (const r of order) {
    const row = rows.at(r)!;
    let best: { i: number; d: number } | undefined;
    const safe = gapSafeFlags(row);
    for (let i = 0; i < row.seats.length; i++) {
      const s = row.seats[i];
      if (!safe[i] || !accept(s)) continue;
      const d = s.key === prefer ? -1 : Math.abs(s.x - x);
      if (!best || d < best.d) best = { i, d };
    }
    if (best) return { rowId: row.id, key: row.seats[best.i].key, x: row.seats[best.i].x };
  }
  return undefined;
}

/**
 * Checks choosing the seat at `rows[rowIndex].seats[seatIndex]`.
 * Order of checks: unavailable, max seats, price group, sofa unit, single-seat gap.
 * The gap rule never refuses when no seat of the wanted price group can be chosen without a gap
 * (seats.io strict mode: a booking is never blocked for lack of a valid alternative).
 */
export function checkSelect(rows: RuleRowList, rowIndex: number, seatIndex: number, opt: SelectOptions): SelectCheck {
  const row = rows.at(rowIndex)!;
  const seat = row.seats[seatIndex];
  const idx = unitIndices(row, seatIndex);
  const keys = idx.map((j) => row.seats[j].key);
  if (seat.state !== 'free') return { ok: false, rule: 'UNAVAILABLE', keys };

  if (opt.selectedCount + idx.length > opt.maxSeats) return { ok: false, rule: 'MAX_SEATS', keys };

  const group = opt.selectedGroups.size ? [...opt.selectedGroups][0] : undefined;
  const accept = (s: RuleSeat) => group === undefined || s.tg === group;
  if (group !== undefined && (opt.selectedGroups.size > 1 || seat.tg !== group)) {
    return { ok: false, rule: 'PRICE_GROUP', keys, suggestion: findAlternative(rows, rowIndex, seat.x, accept) };
  }

  if (!unitFree(row, idx)) {
    return { ok: false, rule: 'SOFA_UNIT', keys, suggestion: findAlternative(rows, rowIndex, seat.x, accept) };
  }

  // A companion seat goes only with the wheelchair space next to it, chosen first (issue 16 item 3).
  if (seat.kind === 'companion' && !wheelchairBeside(row, seatIndex).some((j) => row.seats[j].state === 'mine')) {
    const free = wheelchairBeside(row, seatIndex).find((j) => row.seats[j].state === 'free');
    const h = free === undefined ? undefined : row.seats[free];
    return { ok: false, rule: 'COMPANION', keys, suggestion: h ? { rowId: row.id, key: h.key, x: h.x } : undefined };
  }

  if (opt.singleSeatRule) {
    const gaps = newGapsIfTaken(row, idx);
    if (gaps.length) {
      const gapKey = row.seats[gaps[0]].key;
      // Prefer the seat that would have been left alone (taking it closes the gap instead of making one).
      const suggestion = findAlternative(rows, rowIndex, seat.x, accept, gapKey);
      if (suggestion) return { ok: false, rule: 'SINGLE_SEAT_GAP', keys, gapKey, suggestion };
    }
  }
  return { ok: true, keys };
}

/**
 * Seats shown as "blocked (single-seat gap)" under seating policy 3: free seats whose choice would create a gap,
 * while a gap-free choice exists somewhere in the plan. `anyGapSafe` is computed once over all rows.
 */
export function blockedIndices(row: RuleRow, anyGapSafe: boolean): number[] {
  if (!anyGapSafe) return [];
  const out: number[] = [];
  const safe = gapSafeFlags(row);
  for (let i = 0; i < row.seats.length; i++) {
    if (row.seats[i].state === 'free' && !safe[i]) out.push(i);
  }
  return out;
}

/** True when at least one seat of any row (of `group`, when given) can be chosen without a gap. */
export function anyGapSafeSeat(rows: readonly RuleRow[], group?: number): boolean {
  for (const row of rows) {
    const safe = gapSafeFlags(row);
    for (let i = 0; i < row.seats.length; i++) {
      if (safe[i] && (group === undefined || row.seats[i].tg === group)) return true;
    }
  }
  return false;
}

/**
 * Could `size` side-by-side seats be chosen somewhere without leaving a single free seat, the visitor's
 * own seats counted as free (they could be given back)? Whole sofa units only.
 */
export function gapFreeChoiceExists(rows: readonly RuleRow[], size: number): boolean {
  return size <= 0 || rows.some((row) => gapFreeWindow(row.seats, size) !== null);
}

export interface SelectionProblem {
  rule: 'SINGLE_SEAT_GAP' | 'SOFA_UNIT' | 'PRICE_GROUP' | 'MAX_SEATS' | 'COMPANION';
  rowId: string;
  /** The seat concerned: the lone free seat, or the incomplete sofa seat. */
  key: string;
  /** SINGLE_SEAT_GAP: a selected neighbour; unselecting it (or selecting `key`) fixes the gap. */
  neighbourKey?: string;
}

/**
 * Whole-selection check before continuing (spec section 5): no single free seat left next to the
 * selection, every sofa unit complete, every companion seat beside a chosen wheelchair space, one price
 * group, at most maxSeats. Continue is never disabled for a gap: the api judges it (POST /seats/check-selection). Gaps that were there
 * before (not bordered by a selected seat) are not the visitor's doing and are not reported.
 */
export function validateSelection(rows: readonly RuleRow[], maxSeats: number, selectedCount?: number): SelectionProblem[] {
  const problems: SelectionProblem[] = [];
  const gaps: SelectionProblem[] = [];
  const groups = new Set<number>();
  let count = 0;
  let firstMine: { rowId: string; key: string } | undefined;
  for (const row of rows) {
    const s = row.seats;
    for (let i = 0; i < s.length; i++) {
      if (s[i].state !== 'mine') continue;
      count++;
      groups.add(s[i].tg);
      firstMine ??= { rowId: row.id, key: s[i].key };
      if (s[i].unit != null && unitIndices(row, i).some((j) => s[j].state !== 'mine')) {
        problems.push({ rule: 'SOFA_UNIT', rowId: row.id, key: s[i].key });
      }
      if (s[i].kind === 'companion' && !wheelchairBeside(row, i).some((j) => s[j].state === 'mine')) {
        problems.push({ rule: 'COMPANION', rowId: row.id, key: s[i].key });
      }
    }
    for (const g of gapIndices(row)) {
      const left = g > 0 && adjacent(s[g - 1], s[g]) && s[g - 1].state === 'mine' ? s[g - 1] : undefined;
      const right = g < s.length - 1 && adjacent(s[g], s[g + 1]) && s[g + 1].state === 'mine' ? s[g + 1] : undefined;
      const n = left ?? right;
      if (n) gaps.push({ rule: 'SINGLE_SEAT_GAP', rowId: row.id, key: s[g].key, neighbourKey: n.key });
    }
  }
  // Like the api (seats.io strict mode): a gap is refused only when a gap-free choice of the same size exists.
  if (gaps.length && gapFreeChoiceExists(rows, count)) problems.push(...gaps);
  if (groups.size > 1 && firstMine) problems.push({ rule: 'PRICE_GROUP', ...firstMine });
  if ((selectedCount ?? count) > maxSeats && firstMine) problems.push({ rule: 'MAX_SEATS', ...firstMine });
  return problems;
}
