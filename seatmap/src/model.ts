import { SEAT_FLAGS, seatKey, type SeatChangeEvent, type SeatplanV2, type SeatsStatusV2Response, type SeatingMode } from '@ticketing/shared';
import type { RuleRow, RuleRowList, RuleSeat, SeatState } from './rules';

export interface SectionInfo {
  index: number;
  id: number;
  name: string;
  isGA: boolean;
  capacity: number;
  ticketGroupId: number;
  bounds: { x: number; y: number; width: number; height: number };
  /** Row indices [rowStart, rowEnd). */
  rowStart: number;
  rowEnd: number;
  /** Places still available (free + own holds), from the seat status. */
  available: number;
  soldOut: boolean;
}

export interface RowInfo {
  index: number;
  section: number;
  groupId: number;
  name: string;
  y: number;
  /** Seat indices [start, end), sorted by x. */
  start: number;
  end: number;
  minX: number;
  maxX: number;
}

export type SeatStatusName = 'available' | 'selected' | 'unavailable' | 'blocked';

/** Derived seating mode (spec section 3). */
export function seatingModeOf(plan: Pick<SeatplanV2, 'sections'>): SeatingMode {
  const ga = plan.sections.filter((s) => s.isGA).length;
  const reserved = plan.sections.length - ga;
  if (reserved && ga) return 'mixed';
  if (reserved) return 'reserved';
  if (ga === 1) return 'singleGA';
  if (ga > 1) return 'multiGA';
  return 'none';
}

/** The plan's drawn seats (general-admission places are not drawn). */
export function drawnSeatCount(plan: Pick<SeatplanV2, 'sections'>): number {
  let n = 0;
  for (const sec of plan.sections) for (const g of sec.groups) for (const r of g.rows) n += r.seats.length;
  return n;
}

/** AllocationId from a seat status value 'ticketGroupId,allocationId' (0 when missing or not a number). */
function parseAllocation(v: string): number {
  const comma = v.indexOf(',');
  let a = 0;
  let digits = 0;
  let p = comma + 1;
  for (; p < v.length; p++, digits++) {
    const c = v.charCodeAt(p);
    if (c < 48 || c > 57) break;
    a = a * 10 + c - 48;
  }
  if (p === v.length && digits > 0 && digits < 10) return a;
  const alloc = +v.slice(comma + 1);
  return Number.isFinite(alloc) ? alloc : 0;
}

/**
 * The seat plan of one presentation in flat typed arrays, so that 20,000 seats cost little to
 * build, draw and hit-test. Mutable on purpose (seat status changes per event); React and the
 * canvas learn about changes through `subscribe` and the dirty list.
 */
export class SeatMapModel {
  readonly plan: SeatplanV2;
  readonly n: number;
  readonly x: Int32Array;
  readonly y: Int32Array;
  readonly sectionOf: Int32Array;
  readonly rowOf: Int32Array;
  readonly flags: Uint8Array;
  readonly sofa: Int32Array;
  readonly tg: Int32Array;
  readonly seatName: string[];
  /** Bitwise OR of every seat's flags (for "is there any handicap seat" without a scan). */
  readonly flagsAny: number = 0;
  readonly rows: RowInfo[] = [];
  readonly sections: SectionInfo[] = [];
  readonly sectionById = new Map<number, SectionInfo>();
  /** Spatial grid index: plan cell (x, y) → seat index + 1 (0 = empty). */
  readonly grid: Int32Array;
  readonly gridW: number;
  readonly gridH: number;

  readonly available: Uint8Array;
  readonly selected: Uint8Array;
  /** Seating policy 3's blocked seats (see recomputeBlocked); worked out when first read, not for the first drawing. */
  get blocked(): Uint8Array {
    if (this.blockedStale) this.recomputeBlocked();
    return this.blockedFlags;
  }
  private readonly blockedFlags: Uint8Array;
  /** The status changed and blocked has not been worked out since (nothing draws it: the arena's first frame need not wait). */
  private blockedStale = false;
  /** AllocationId per seat, from the seat status; read with allocationOf (parsed when first needed). */
  private readonly allocation: Int32Array;
  /** 1: the seat's AllocationId is still unparsed in allocSource. */
  private readonly allocPending: Uint8Array;
  private allocSource: Record<string, string> | null = null;
  /** Own general-admission places per section id (server-picked). */
  readonly gaHeld = new Map<number, Array<{ x: number; y: number }>>();
  /** Seating policy 3: single-seat gaps are refused and shown blocked. */
  singleSeatRule = false;
  /**
   * The seats of the order whose seats are being changed (`setCurrent`), 1 per seat; null on every other map, which
   * pays nothing for them. They are the visitor's already: shown available to them (choosing one again keeps it, with
   * no hold: the api changes only the tickets a change names) and marked on the drawing.
   */
  current: Uint8Array | null = null;
  /** The seat indices of `current`, in seat order (an order's few seats: drawn in a pass of their own). */
  currentList: number[] = [];
  /** Bumped on every change (memo key for derived views). */
  version = 0;

  private listeners = new Set<(dirty: number[] | null) => void>();
  private ruleRowCache: (RuleRow | undefined)[] = [];
  private anyGapSafe = true;
  /** Seating policy 3 bookkeeping, straight from the typed arrays: seat i can be chosen without leaving a single seat. */
  private gapSafe: Uint8Array;
  /** Gap-safe seats per row, and in all (whether any gap-free choice exists). */
  private rowSafe: Int32Array = new Int32Array(0);
  private safeTotal = 0;
  private safeReady = false;
  private runStart: Int32Array = new Int32Array(0);
  private runEnd: Int32Array = new Int32Array(0);

  constructor(plan: SeatplanV2) {
    this.plan = plan;
    let n = 0;
    for (const s of plan.sections) for (const g of s.groups) for (const r of g.rows) n += r.seats.length;
    this.n = n;
    this.x = new Int32Array(n);
    this.y = new Int32Array(n);
    this.sectionOf = new Int32Array(n);
    this.rowOf = new Int32Array(n);
    this.flags = new Uint8Array(n);
    this.sofa = new Int32Array(n);
    this.tg = new Int32Array(n);
    this.seatName = new Array<string>(n);
    this.available = new Uint8Array(n);
    this.selected = new Uint8Array(n);
    this.blockedFlags = new Uint8Array(n);
    this.allocation = new Int32Array(n);
    this.allocPending = new Uint8Array(n);
    this.gridW = Math.max(1, plan.width + 2);
    this.gridH = Math.max(1, plan.height + 2);
    this.grid = new Int32Array(this.gridW * this.gridH);

    this.gapSafe = new Uint8Array(n);

    // Plain indexed loops over the response (no per-seat objects, no iterator destructuring): 20,000 seats on the arena.
    let i = 0;
    let flagsAny = 0;
    let maxRow = 0;
    const gridW = this.gridW;
    const gridH = this.gridH;
    for (let si = 0; si < plan.sections.length; si++) {
      const sec = plan.sections[si];
      const info: SectionInfo = {
        index: si, id: sec.id, name: sec.name, isGA: sec.isGA, capacity: sec.capacity, ticketGroupId: sec.ticketGroupId,
        bounds: sec.bounds, rowStart: this.rows.length, rowEnd: this.rows.length, available: 0, soldOut: false,
      };
      for (const g of sec.groups) {
        for (const r of g.rows) {
          const src = r.seats;
          const len = src.length;
          if (!len) continue;
          // the api sends each row sorted by x; sort (stable, like before) only when it is not
          let seats = src;
          for (let k = 1; k < len; k++) if (src[k][0] < src[k - 1][0]) { seats = src.slice().sort((a, b) => a[0] - b[0]); break; }
          const ry = r.y;
          const row: RowInfo = { index: this.rows.length, section: si, groupId: g.id, name: r.name, y: ry, start: i, end: i + len, minX: Infinity, maxX: -Infinity };
          let minX = Infinity;
          let maxX = -Infinity;
          for (let k = 0; k < len; k++) {
            const seat = seats[k];
            const sx = seat[0];
            const fl = seat[2];
            this.x[i] = sx;
            this.y[i] = ry;
            this.sectionOf[i] = si;
            this.rowOf[i] = row.index;
            this.flags[i] = fl;
            this.sofa[i] = seat[3];
            this.tg[i] = seat[4];
            this.seatName[i] = seat[1];
            flagsAny |= fl;
            if (sx < minX) minX = sx;
            if (sx > maxX) maxX = sx;
            if (sx >= 0 && ry >= 0 && sx < gridW && ry < gridH) this.grid[ry * gridW + sx] = i + 1;
            i++;
          }
          row.minX = minX;
          row.maxX = maxX;
          if (len > maxRow) maxRow = len;
          this.rows.push(row);
        }
      }
      info.rowEnd = this.rows.length;
      this.sections.push(info);
      this.sectionById.set(sec.id, info);
    }
    this.flagsAny = flagsAny;
    this.rowSafe = new Int32Array(this.rows.length);
    this.runStart = new Int32Array(maxRow);
    this.runEnd = new Int32Array(maxRow);
  }

  get mode(): SeatingMode { return seatingModeOf(this.plan); }

  key(i: number): string { return seatKey(this.sections[this.sectionOf[i]].id, this.x[i], this.y[i]); }

  /** Seat index at plan coordinates (O(1) through the grid index), or -1. */
  seatAt(px: number, py: number): number {
    const cx = Math.floor(px);
    const cy = Math.floor(py);
    if (cx < 0 || cy < 0 || cx >= this.gridW || cy >= this.gridH) return -1;
    return this.grid[cy * this.gridW + cx] - 1;
  }

  indexOf(sectionId: number, x: number, y: number): number {
    const sec = this.sectionById.get(sectionId);
    if (!sec || sec.isGA) return -1;
    const i = this.seatAt(x, y);
    return i >= 0 && this.sectionOf[i] === sec.index ? i : -1;
  }

  /** Seat index of a 'section_x_y' key, or -1. */
  indexByKey(key: string): number {
    const [sec, sx, sy] = key.split('_').map(Number);
    return this.indexOf(sec, sx, sy);
  }

  has(i: number, flag: keyof typeof SEAT_FLAGS): boolean { return (this.flags[i] & SEAT_FLAGS[flag]) !== 0; }

  /** Seat indices of the sofa unit of seat i (itself when none). */
  unitOf(i: number): number[] {
    if (!this.sofa[i]) return [i];
    const row = this.rows[this.rowOf[i]];
    const out: number[] = [];
    for (let j = row.start; j < row.end; j++) if (this.sofa[j] === this.sofa[i]) out.push(j);
    return out;
  }

  /** The seat's AllocationId from the seat status (0 when none). */
  allocationOf(i: number): number {
    if (this.allocPending[i]) {
      this.allocPending[i] = 0;
      const v = this.allocSource?.[this.key(i)];
      this.allocation[i] = v === undefined ? 0 : parseAllocation(v);
    }
    return this.allocation[i];
  }

  /**
   * A seat next to a would-be gap is drawn and announced as an ordinary free seat (issue 14 point 6): the
   * single-seat rule is judged on the whole selection when the visitor continues, not per seat.
   */
  status(i: number): SeatStatusName {
    if (this.selected[i]) return 'selected';
    return this.available[i] ? 'available' : 'unavailable';
  }

  /** One of the order's current seats (seat change). */
  isCurrent(i: number): boolean { return this.current !== null && this.current[i] === 1; }

  /** The current seats chosen again (kept), in seat order. */
  keptIndices(): number[] {
    const out: number[] = [];
    for (const i of this.currentList) if (this.selected[i]) out.push(i);
    return out;
  }

  /**
   * Marks the order's current seats ('section_x_y' keys; none: an ordinary map). The status lists them as sold, so
   * they are made available here, and again after every status (applyStatus). Returns whether anything changed.
   */
  setCurrent(keys: readonly string[] | undefined): boolean {
    const next: number[] = [];
    for (const k of keys ?? []) { const i = this.indexByKey(k); if (i >= 0 && !next.includes(i)) next.push(i); }
    next.sort((a, b) => a - b);
    const prev = this.currentList;
    if (next.length === prev.length && next.every((i, k) => i === prev[k])) return false;
    for (const i of prev) if (!next.includes(i)) { this.available[i] = 0; this.selected[i] = 0; }
    this.current = next.length ? new Uint8Array(this.n) : null;
    for (const i of next) { this.current![i] = 1; this.available[i] = 1; }
    this.currentList = next;
    // the marks of both lists are redrawn (afterChange emits only a non-empty list)
    this.afterChange([...new Set([...prev, ...next])]);
    return true;
  }

  state(i: number): SeatState {
    return this.selected[i] ? 'mine' : this.available[i] ? 'free' : 'taken';
  }

  // ---------- status ----------

  /** Spec section 4: all seats start unavailable and unselected; the status marks listed seats available; own holds selected. */
  applyStatus(status: SeatsStatusV2Response): void {
    // AllocationIds of the previous status that were never read are kept, as if parsed then
    if (this.allocSource) for (let i = 0; i < this.n; i++) if (this.allocPending[i]) this.allocationOf(i);
    this.allocSource = status.seats;
    // current seats chosen again stay chosen: they are no hold, so the status's `held` does not list them
    const kept = this.current ? this.keptIndices() : null;
    this.available.fill(0);
    this.selected.fill(0);
    this.gaHeld.clear();
    const seats = status.seats;
    const keys = Object.keys(seats);
    // 'section_x_y' → seat, parsed digit by digit (no substrings: 20,000 keys on the arena); anything unusual takes the slow path
    let lastSec = NaN;
    let lastInfo: SectionInfo | undefined;
    for (let n = 0; n < keys.length; n++) {
      const k = keys[n];
      const len = k.length;
      let p = 0;
      let sec = 0;
      let sx = 0;
      let sy = 0;
      let c = 0;
      let digits = 0;
      // canonical numbers only (no leading zero), so that the key is exactly key(i) for the lazy AllocationId
      for (; p < len && (c = k.charCodeAt(p)) >= 48 && c <= 57; p++, digits++) sec = sec * 10 + c - 48;
      let ok = digits > 0 && digits < 10 && c === 95 && (digits === 1 || k.charCodeAt(0) !== 48);
      if (ok) {
        const first = ++p;
        digits = 0;
        for (; p < len && (c = k.charCodeAt(p)) >= 48 && c <= 57; p++, digits++) sx = sx * 10 + c - 48;
        ok = digits > 0 && digits < 10 && c === 95 && (digits === 1 || k.charCodeAt(first) !== 48);
      }
      if (ok) {
        const first = ++p;
        digits = 0;
        for (; p < len && (c = k.charCodeAt(p)) >= 48 && c <= 57; p++, digits++) sy = sy * 10 + c - 48;
        ok = digits > 0 && digits < 10 && p === len && (digits === 1 || k.charCodeAt(first) !== 48);
      }
      let i: number;
      if (ok) {
        if (sec !== lastSec) { lastSec = sec; lastInfo = this.sectionById.get(sec); }
        i = !lastInfo || lastInfo.isGA ? -1 : this.seatAt(sx, sy);
        if (i >= 0 && this.sectionOf[i] !== lastInfo!.index) i = -1;
      } else {
        const a = k.indexOf('_');
        const b = k.indexOf('_', a + 1);
        i = this.indexOf(+k.slice(0, a), +k.slice(a + 1, b), +k.slice(b + 1));
      }
      if (i < 0) continue;
      this.available[i] = 1;
      if (ok) this.allocPending[i] = 1;
      else { this.allocPending[i] = 0; this.allocation[i] = parseAllocation(seats[k]); }
    }
    for (const k of status.held) {
      const [sec, sx, sy] = k.split('_').map(Number);
      const info = this.sectionById.get(sec);
      if (!info) continue;
      if (info.isGA) this.addGaHeld(sec, sx, sy);
      else {
        const i = this.indexOf(sec, sx, sy);
        if (i >= 0) { this.selected[i] = 1; this.available[i] = 1; }
      }
    }
    if (kept) {
      for (const i of this.currentList) this.available[i] = 1;
      for (const i of kept) this.selected[i] = 1;
    }
    for (const sec of this.sections) {
      const a = status.sections[String(sec.id)];
      sec.available = a ? a.available : 0;
      // Sections with no seats available are sold out (spec section 4).
      sec.soldOut = sec.isGA ? sec.available - (this.gaHeld.get(sec.id)?.length ?? 0) <= 0 && !this.gaHeld.get(sec.id)?.length
        : !this.anyAvailableIn(sec);
    }
    this.ruleRowCache = [];
    this.safeReady = false;
    this.blockedStale = true;
    this.emit(null);
  }

  private anyAvailableIn(sec: SectionInfo): boolean {
    for (let r = sec.rowStart; r < sec.rowEnd; r++) {
      const row = this.rows[r];
      for (let i = row.start; i < row.end; i++) if (this.available[i]) return true;
    }
    return false;
  }

  addGaHeld(sectionId: number, x: number, y: number): void {
    const list = this.gaHeld.get(sectionId) ?? [];
    if (!list.some((p) => p.x === x && p.y === y)) list.push({ x, y });
    this.gaHeld.set(sectionId, list);
  }

  removeGaHeld(sectionId: number, x: number, y: number): void {
    const list = (this.gaHeld.get(sectionId) ?? []).filter((p) => p.x !== x || p.y !== y);
    this.gaHeld.set(sectionId, list);
  }

  /** Marks seats selected / unselected (optimistic or confirmed); returns the changed seat indices. */
  setSelected(indices: number[], on: boolean): number[] {
    const changed: number[] = [];
    for (const i of indices) {
      if (!!this.selected[i] === on) continue;
      this.selected[i] = on ? 1 : 0;
      if (on) this.available[i] = 1;
      changed.push(i);
    }
    return this.afterChange(changed);
  }

  setAvailable(indices: number[], on: boolean): number[] {
    const changed: number[] = [];
    for (const i of indices) {
      if (!!this.available[i] === on) continue;
      this.available[i] = on ? 1 : 0;
      changed.push(i);
    }
    return this.afterChange(changed);
  }

  /**
   * Live availability (server-sent events). Own selections are left alone on 'held'/'sold' (the echo of
   * our own lock); 'free' releases a seat (also our own, when our hold expired).
   */
  applyEvent(e: SeatChangeEvent, isOwnPending: (key: string) => boolean): number[] {
    const changed: number[] = [];
    for (const [sec, sx, sy] of e.seats) {
      const info = this.sectionById.get(sec);
      if (!info) continue;
      if (info.isGA) {
        if (isOwnPending(seatKey(sec, sx, sy))) continue;
        const own = this.gaHeld.get(sec)?.some((p) => p.x === sx && p.y === sy);
        if (e.status === 'free') { info.available += 1; if (own) this.removeGaHeld(sec, sx, sy); }
        else if (!own) info.available = Math.max(0, info.available - 1);
        info.soldOut = info.available - (this.gaHeld.get(sec)?.length ?? 0) <= 0 && !this.gaHeld.get(sec)?.length;
        continue;
      }
      const i = this.indexOf(sec, sx, sy);
      if (i < 0) continue;
      if (e.status === 'free') {
        if (isOwnPending(this.key(i))) continue;
        if (!this.available[i] || this.selected[i]) { this.available[i] = 1; this.selected[i] = 0; changed.push(i); }
      } else if (!this.selected[i] && this.available[i]) {
        this.available[i] = 0;
        changed.push(i);
      }
    }
    for (const sec of this.sections) if (!sec.isGA) sec.soldOut = !this.anyAvailableIn(sec);
    return this.afterChange(changed);
  }

  private afterChange(changed: number[]): number[] {
    if (!changed.length) return changed;
    const rows = new Set<number>();
    for (const i of changed) { rows.add(this.rowOf[i]); this.ruleRowCache[this.rowOf[i]] = undefined; }
    // while blocked is still to be worked out in full, the changed rows are part of that
    const extra = this.blockedStale ? [] : this.recomputeBlocked(rows);
    const all = extra.length ? [...new Set([...changed, ...extra])] : changed;
    this.emit(all);
    return all;
  }

  // ---------- rules ----------

  /** One row as rule objects (for the explaining rules in rules.ts); built on demand and cached until the row changes. */
  ruleRow(r: number): RuleRow {
    let cached = this.ruleRowCache[r];
    if (cached) return cached;
    const row = this.rows[r];
    const seats: RuleSeat[] = [];
    const secId = this.sections[row.section].id;
    for (let i = row.start; i < row.end; i++) {
      const kind = this.has(i, 'handicap') ? 'handicap' as const : this.has(i, 'companion') ? 'companion' as const : undefined;
      seats.push({ key: seatKey(secId, this.x[i], this.y[i]), x: this.x[i], state: this.state(i), tg: this.tg[i], unit: this.sofa[i] || null, ...(kind && { kind }) });
    }
    cached = { id: `${secId}:${row.name}`, name: row.name, seats };
    this.ruleRowCache[r] = cached;
    return cached;
  }

  ruleRows(): RuleRow[] { return this.rows.map((_, r) => this.ruleRow(r)); }

  /** All rows, each built only when a rule looks at it (checking a seat usually reads its own row alone). */
  ruleRowList(): RuleRowList {
    return { length: this.rows.length, at: (r: number) => (r >= 0 && r < this.rows.length ? this.ruleRow(r) : undefined) };
  }

  /** The rows holding at least one selected seat, in row order (the only rows a whole-selection check can object to). */
  selectionRuleRows(): RuleRow[] {
    const out: RuleRow[] = [];
    let last = -1;
    for (const i of this.selectedIndices()) {
      if (this.rowOf[i] === last) continue;
      last = this.rowOf[i];
      out.push(this.ruleRow(last));
    }
    return out;
  }

  private isFree(i: number): boolean { return this.available[i] === 1 && this.selected[i] === 0; }

  /**
   * gapSafeFlags (rules.ts) for one row, straight from the typed arrays: within a run of side-by-side free seats
   * [a..b], choosing [lo..hi] (the seat with its sofa unit) is safe unless exactly one seat is left on either side.
   * Writes gapSafe for the row's seats and returns how many are safe.
   */
  private computeRowSafe(r: number): number {
    const row = this.rows[r];
    const { start, end } = row;
    const rs = this.runStart;
    const re = this.runEnd;
    const x = this.x;
    const sofa = this.sofa;
    const len = end - start;
    for (let k = 0; k < len; k++) {
      const i = start + k;
      rs[k] = k > 0 && this.isFree(i) && this.isFree(i - 1) && x[i] - x[i - 1] === 1 ? rs[k - 1] : k;
    }
    for (let k = len - 1; k >= 0; k--) {
      const i = start + k;
      re[k] = k < len - 1 && this.isFree(i) && this.isFree(i + 1) && x[i + 1] - x[i] === 1 ? re[k + 1] : k;
    }
    let count = 0;
    for (let k = 0; k < len; k++) {
      const i = start + k;
      this.gapSafe[i] = 0;
      if (!this.isFree(i)) continue;
      let lo = k;
      let hi = k;
      const u = sofa[i];
      if (u) {
        // the unit must be wholly free and one unbroken stretch of its run
        let units = 0;
        let allFree = true;
        lo = len;
        hi = -1;
        for (let j = 0; j < len; j++) {
          if (sofa[start + j] !== u) continue;
          units++;
          if (j < lo) lo = j;
          if (j > hi) hi = j;
          if (!this.isFree(start + j)) allFree = false;
        }
        if (!allFree || rs[lo] !== rs[hi] || hi - lo + 1 !== units) continue;
      }
      if (lo - rs[k] !== 1 && re[k] - hi !== 1) { this.gapSafe[i] = 1; count++; }
    }
    return count;
  }

  /**
   * Seating policy 3: seats whose choice would leave a single-seat gap are shown blocked (while any
   * gap-free choice exists). Recomputes the given rows (all when omitted); returns seats whose flag changed.
   */
  recomputeBlocked(rows?: Set<number>): number[] {
    const changed: number[] = [];
    this.blockedStale = false;
    if (!this.singleSeatRule) return changed;
    const before = this.anyGapSafe;
    const all = !rows || !this.safeReady;
    // Whether a gap-free choice exists anywhere only changes with the rows that change: per-row counts keep it O(changed rows).
    if (all) {
      this.safeTotal = 0;
      for (let r = 0; r < this.rows.length; r++) { this.rowSafe[r] = this.computeRowSafe(r); this.safeTotal += this.rowSafe[r]; }
      this.safeReady = true;
    } else {
      for (const r of rows) {
        const c = this.computeRowSafe(r);
        this.safeTotal += c - this.rowSafe[r];
        this.rowSafe[r] = c;
      }
    }
    this.anyGapSafe = this.safeTotal > 0;
    const update = (r: number) => {
      const row = this.rows[r];
      for (let i = row.start; i < row.end; i++) {
        const b = this.anyGapSafe && this.isFree(i) && !this.gapSafe[i] ? 1 : 0;
        if (b !== this.blockedFlags[i]) { this.blockedFlags[i] = b; changed.push(i); }
      }
    };
    if (all || before !== this.anyGapSafe) for (let r = 0; r < this.rows.length; r++) update(r);
    else for (const r of rows) update(r);
    return changed;
  }

  selectedIndices(): number[] {
    const out: number[] = [];
    // indexOf is a native scan: cheap even before the JIT has warmed up (20,000 seats on the first render)
    for (let i = this.selected.indexOf(1); i >= 0; i = this.selected.indexOf(1, i + 1)) out.push(i);
    return out;
  }

  // ---------- change notification ----------

  subscribe(fn: (dirty: number[] | null) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** dirty = changed seat indices, or null for "everything". */
  emit(dirty: number[] | null): void {
    this.version++;
    for (const fn of this.listeners) fn(dirty);
  }

  // ---------- keyboard navigation ----------

  /** The seat to the physical left (-1) or right (+1) of i: next in its row, else the same row name in the neighbouring section. */
  neighbour(i: number, dx: -1 | 1): number {
    const row = this.rows[this.rowOf[i]];
    const j = i + dx;
    if (j >= row.start && j < row.end) return j;
    // jump across an aisle between sections: nearest row at the same y in the direction
    let best = -1;
    let bestD = Infinity;
    for (const r of this.rows) {
      if (r.index === row.index || r.y !== row.y) continue;
      const d = dx > 0 ? r.minX - row.maxX : row.minX - r.maxX;
      if (d > 0 && d < bestD) { bestD = d; best = dx > 0 ? r.start : r.end - 1; }
    }
    return best >= 0 ? best : i;
  }

  /** The seat above (-1, towards the screen) or below (+1): nearest x in the next row of the same section, else the next section. */
  vertical(i: number, dy: -1 | 1): number {
    const row = this.rows[this.rowOf[i]];
    const sec = this.sections[row.section];
    const candidates = this.rows.filter((r) => (dy > 0 ? r.y > row.y : r.y < row.y));
    const inSection = candidates.filter((r) => r.section === sec.index);
    const pool = inSection.length ? inSection : candidates;
    if (!pool.length) return i;
    const x = this.x[i];
    let target = pool[0];
    for (const r of pool) {
      const dr = Math.abs(r.y - row.y);
      const dt = Math.abs(target.y - row.y);
      const overlap = (rr: RowInfo) => (x >= rr.minX - 1 && x <= rr.maxX + 1 ? 0 : 1);
      if (dr < dt || (dr === dt && overlap(r) < overlap(target))) target = r;
    }
    let best = target.start;
    for (let j = target.start; j < target.end; j++) if (Math.abs(this.x[j] - x) < Math.abs(this.x[best] - x)) best = j;
    return best;
  }
}
