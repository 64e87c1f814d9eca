/**
 * Seat selection rules (spec sections 4 and 5), as pure functions for feedback in the browser.
 * The api enforces the same rules; these only explain a refusal before the round trip and
 * suggest a fix. Nothing here knows about canvas, React or the network.
 *
 * Model: a row is a list of seats sorted by x. Two seats are side by side when their x differ
 * by exactly 1 (an aisle is a gap in x). A seat's state is:
 *   free  – available to this visit and not selected
 *   mine  – selected (held) by this visit
 *   taken – unavailable (sold, held by someone else, not on sale)
 * A "single-seat gap" is one free seat whose neighbours on both sides are not free
 * (taken, mine, an aisle or the row's end). Seats of a sofa unit move together.
 */

export type SeatState = 'free' | 'mine' | 'taken';

export interface RuleSeat {
  /** Identity (for example 'section_x_y'). */
  key: string;
  x: number;
  state: SeatState;
  /** Price group (TicketGroupId). */
  tg: number;
  /** Sofa / bed unit id within the row's section; null for an ordinary seat. */
  unit: number | null;
  /** Left, middle or right seat of a special group: may be left alone (seating policy 3 exception). */
  exempt?: boolean;
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

export type RuleCode = 'UNAVAILABLE' | 'MAX_SEATS' | 'PRICE_GROUP' | 'SOFA_UNIT' | 'SINGLE_SEAT_GAP';

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
  /** Seating policy 3: refuse choices that leave a single-seat gap (strict). Otherwise gaps only warn. */
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

/**
 * Single-seat gaps of a row: indices of free, non-exempt seats with no free neighbour.
 * `stateOf` lets callers evaluate a hypothetical state without copying the row.
 */
export function gapIndices(row: RuleRow, stateOf: (i: number) => SeatState = (i) => row.seats[i].state): number[] {
  const out: number[] = [];
  const s = row.seats;
  for (let i = 0; i < s.length; i++) {
    if (stateOf(i) !== 'free' || s[i].exempt) continue;
    const leftFree = i > 0 && adjacent(s[i - 1], s[i]) && stateOf(i - 1) === 'free';
    const rightFree = i < s.length - 1 && adjacent(s[i], s[i + 1]) && stateOf(i + 1) === 'free';
    if (!leftFree && !rightFree) out.push(i);
  }
  return out;
}

/**
 * The gaps that choosing the seats `take` (indices) would create — gaps that did not exist before.
 * O(row length). Filling an existing gap creates none.
 */
export function newGapsIfTaken(row: RuleRow, take: number[]): number[] {
  const taking = new Set(take);
  const before = new Set(gapIndices(row));
  return gapIndices(row, (i) => (taking.has(i) ? 'mine' : row.seats[i].state)).filter((i) => !before.has(i));
}

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

export interface SelectionProblem {
  rule: 'SINGLE_SEAT_GAP' | 'SOFA_UNIT' | 'PRICE_GROUP' | 'MAX_SEATS';
  rowId: string;
  /** The seat concerned: the lone free seat, or the incomplete sofa seat. */
  key: string;
  /** SINGLE_SEAT_GAP: a selected neighbour; unselecting it (or selecting `key`) fixes the gap. */
  neighbourKey?: string;
}

/**
 * Whole-selection check before continuing (spec section 5): no single free seat left next to the
 * selection, every sofa unit complete, one price group, at most maxSeats. Gaps that were there
 * before (not bordered by a selected seat) are not the visitor's doing and are not reported.
 */
export function validateSelection(rows: readonly RuleRow[], maxSeats: number, selectedCount?: number): SelectionProblem[] {
  const problems: SelectionProblem[] = [];
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
    }
    for (const g of gapIndices(row)) {
      const left = g > 0 && adjacent(s[g - 1], s[g]) && s[g - 1].state === 'mine' ? s[g - 1] : undefined;
      const right = g < s.length - 1 && adjacent(s[g], s[g + 1]) && s[g + 1].state === 'mine' ? s[g + 1] : undefined;
      const n = left ?? right;
      if (n) problems.push({ rule: 'SINGLE_SEAT_GAP', rowId: row.id, key: s[g].key, neighbourKey: n.key });
    }
  }
  if (groups.size > 1 && firstMine) problems.push({ rule: 'PRICE_GROUP', ...firstMine });
  if ((selectedCount ?? count) > maxSeats && firstMine) problems.push({ rule: 'MAX_SEATS', ...firstMine });
  return problems;
}
