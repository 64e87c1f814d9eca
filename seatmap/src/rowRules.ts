/**
 * The seat rules of one row, the one engine the browser (`rules.ts`, explanations before the round trip) and the
 * api (`api/src/domains/seats/rules.ts` and `selection.ts`, the judge) both run. Pure: no React, DOM or I/O, and
 * written for the api's stricter compiler settings too (noUncheckedIndexedAccess).
 *
 * A row is its seats sorted by x; two seats are side by side when their x differ by exactly 1 (an aisle is a gap
 * in x). A "single-seat gap" is a free, non-exempt seat with no free seat beside it (taken, mine, an aisle or the
 * row's end on both sides). The api passes wheelchair and companion seats that are free as 'taken': they are sold
 * on their own terms, so one left alone is never a gap and never keeps a neighbour company.
 */

export type SeatState = 'free' | 'mine' | 'taken';

export interface GapSeat {
  x: number;
  state: SeatState;
  /** Sofa / bed unit id within the row; null for an ordinary seat. Seats of a unit are chosen together. */
  unit: number | null;
  /** May be left alone (a seat of a special group, seating policy 3 exception). */
  exempt?: boolean;
}

const sideBySide = (a: { x: number }, b: { x: number }) => b.x - a.x === 1;

/**
 * Single-seat gaps of a row: indices of free, non-exempt seats with no free neighbour.
 * `stateOf` evaluates a hypothetical state without copying the row.
 */
export function gapIndices(seats: readonly GapSeat[], stateOf: (i: number) => SeatState = (i) => seats[i]!.state): number[] {
  const out: number[] = [];
  for (let i = 0; i < seats.length; i++) {
    const s = seats[i]!;
    if (stateOf(i) !== 'free' || s.exempt) continue;
    const left = seats[i - 1];
    const right = seats[i + 1];
    const leftFree = !!left && sideBySide(left, s) && stateOf(i - 1) === 'free';
    const rightFree = !!right && sideBySide(s, right) && stateOf(i + 1) === 'free';
    if (!leftFree && !rightFree) out.push(i);
  }
  return out;
}

/** The gaps (indices, in row order) that choosing the seats `take` would create: gaps that did not exist before. Filling a gap creates none. */
export function newGapsIfTaken(seats: readonly GapSeat[], take: readonly number[]): number[] {
  const taking = new Set(take);
  const before = new Set(gapIndices(seats));
  return gapIndices(seats, (i) => (taking.has(i) ? 'mine' : seats[i]!.state)).filter((i) => !before.has(i));
}

/**
 * The first window of `size` side-by-side seats, whole sofa units only, that could be chosen without leaving a
 * new single seat, the visitor's own seats counted free (they could be given back): [first, last] index, or null.
 * The strict rule's escape: a gap is refused only while such a choice exists.
 */
export function gapFreeWindow(seats: readonly GapSeat[], size: number): [number, number] | null {
  if (size <= 0) return null;
  const open = (i: number) => seats[i]!.state !== 'taken';
  const before = (i: number): SeatState => (open(i) ? 'free' : 'taken');
  const existing = new Set(gapIndices(seats, before));
  for (let a = 0; a + size <= seats.length; a++) {
    const b = a + size - 1;
    let ok = true;
    for (let i = a; i <= b && ok; i++) ok = open(i) && (i === a || sideBySide(seats[i - 1]!, seats[i]!));
    if (!ok || cutsUnit(seats, a, b)) continue;
    const after = (i: number): SeatState => (i >= a && i <= b ? 'mine' : before(i));
    if (gapIndices(seats, after).every((g) => existing.has(g))) return [a, b];
  }
  return null;
}

/** Does the window [a, b] hold part of a sofa unit whose other seats lie outside it? */
function cutsUnit(seats: readonly GapSeat[], a: number, b: number): boolean {
  for (let i = a; i <= b; i++) {
    const u = seats[i]!.unit;
    if (u == null) continue;
    for (let j = 0; j < seats.length; j++) if ((j < a || j > b) && seats[j]!.unit === u) return true;
  }
  return false;
}

/** Indices of the seats right beside the seat at `i` (same row, x ± 1) that `pick` accepts. */
export function besideWhere<S extends { x: number }>(seats: readonly S[], i: number, pick: (s: S) => boolean): number[] {
  const s = seats[i];
  if (!s) return [];
  return [i - 1, i + 1].filter((j) => {
    const n = seats[j];
    return !!n && Math.abs(n.x - s.x) === 1 && pick(n);
  });
}
