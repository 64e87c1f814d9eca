import { describe, expect, it } from 'vitest';
import {
  anyGapSafeSeat, blockedIndices, checkSelect, gapIndices, gapSafeFlags, isGapSafe, newGapsIfTaken, validateSelection,
  type RuleRow, type RuleSeat, type SelectOptions,
} from '../src/rules';

/** Row from a picture: '.' free, 'x' taken, 'm' mine, ' ' aisle; optional sofa units and price groups per position. */
function row(pic: string, name = 'A', opts: { units?: Record<number, number>; tg?: Record<number, number>; exempt?: number[]; kinds?: Record<number, 'handicap' | 'companion'> } = {}): RuleRow {
  const seats: RuleSeat[] = [];
  [...pic].forEach((c, k) => {
    if (c === ' ') return;
    const x = k + 1;
    seats.push({
      key: `${name}${x}`, x, state: c === '.' ? 'free' : c === 'm' ? 'mine' : 'taken',
      tg: opts.tg?.[x] ?? 1, unit: opts.units?.[x] ?? null, exempt: opts.exempt?.includes(x), ...(opts.kinds?.[x] && { kind: opts.kinds[x] }),
    });
  });
  return { id: name, name, seats };
}
const at = (r: RuleRow, x: number) => r.seats.findIndex((s) => s.x === x);
const strict = (over: Partial<SelectOptions> = {}): SelectOptions => ({ singleSeatRule: true, maxSeats: 10, selectedCount: 0, selectedGroups: new Set(), ...over });

describe('gaps', () => {
  it('finds free seats with no free neighbour, counting aisles and row ends', () => {
    const r = row('x.x..m. .');
    expect(gapIndices(r).map((i) => r.seats[i].x)).toEqual([2, 7, 9]);
  });
  it('skips exempt seats (left/middle/right of a special group)', () => {
    const r = row('x.x', 'A', { exempt: [2] });
    expect(gapIndices(r)).toEqual([]);
  });
  it('reports only gaps a choice creates, not the existing ones', () => {
    const r = row('x.x....');
    expect(newGapsIfTaken(r, [at(r, 4)]).map((i) => r.seats[i].x)).toEqual([]);
    expect(newGapsIfTaken(r, [at(r, 5)]).map((i) => r.seats[i].x)).toEqual([4]);
    expect(newGapsIfTaken(r, [at(r, 6)]).map((i) => r.seats[i].x)).toEqual([7]);
    expect(newGapsIfTaken(r, [at(r, 2)])).toEqual([]); // filling a gap creates none
  });
  it('fast flags agree with the reference definition on many rows', () => {
    const pics = ['..........', 'x.x.x.x', '.. ..', 'm...m', '.x..x...x', '....', '.', 'x..x'];
    for (const p of pics) {
      const r = row(p);
      const flags = gapSafeFlags(r);
      r.seats.forEach((s, i) => { if (s.state === 'free') expect(!!flags[i], `${p} @${s.x}`).toBe(isGapSafe(r, i)); });
    }
  });
});

describe('checkSelect', () => {
  it('accepts a seat that leaves no single seat', () => {
    const r = row('..........');
    expect(checkSelect([r], 0, at(r, 1), strict())).toEqual({ ok: true, keys: ['A1'] });
    expect(checkSelect([r], 0, at(r, 5), strict()).ok).toBe(true);
  });
  it('refuses a seat that leaves a single free seat and suggests the seat that closes the gap', () => {
    const r = row('..........');
    const c = checkSelect([r], 0, at(r, 2), strict());
    expect(c.ok).toBe(false);
    if (c.ok) return;
    expect(c.rule).toBe('SINGLE_SEAT_GAP');
    expect(c.gapKey).toBe('A1');
    expect(c.suggestion?.key).toBe('A1');
  });
  it('counts own selected seats as occupied (no gap between my seats)', () => {
    const r = row('..m.......');
    const c = checkSelect([r], 0, at(r, 5), strict({ selectedCount: 1, selectedGroups: new Set([1]) }));
    expect(c.ok).toBe(false);
    if (!c.ok) { expect(c.gapKey).toBe('A4'); expect(c.suggestion?.key).toBe('A4'); }
  });
  it('treats the aisle as a row end', () => {
    const r = row('..... .....');
    const c = checkSelect([r], 0, at(r, 4), strict());
    expect(c.ok).toBe(false);
    if (!c.ok) expect(c.gapKey).toBe('A5');
  });
  it('suggests the nearest valid seat when the gap seat itself is not a valid choice', () => {
    const r = row('x.x.x...x');
    // seat 7 leaves 6 and 8 alone; 8 is not valid either (leaves 6-7... no: taking 8 leaves 6,7 = fine)
    const c = checkSelect([r], 0, at(r, 7), strict());
    expect(c.ok).toBe(false);
    if (!c.ok) expect(['A6', 'A8']).toContain(c.suggestion?.key);
  });
  it('never refuses when no valid alternative exists for the quantity', () => {
    // every free seat is in a pair surrounded by taken seats: any single choice leaves a gap
    const r = row('x..x..x');
    expect(anyGapSafeSeat([r])).toBe(false);
    expect(checkSelect([r], 0, at(r, 2), strict()).ok).toBe(true);
    expect(blockedIndices(r, false)).toEqual([]);
  });
  it('looks for alternatives in other rows', () => {
    const a = row('x..x', 'A');
    const b = row('....', 'B');
    const c = checkSelect([a, b], 0, at(a, 2), strict());
    expect(c.ok).toBe(false);
    if (!c.ok) expect(c.suggestion?.rowId).toBe('B');
  });
  it('is lenient without seating policy 3', () => {
    const r = row('..........');
    expect(checkSelect([r], 0, at(r, 2), strict({ singleSeatRule: false })).ok).toBe(true);
  });
  it('refuses beyond maxSeats', () => {
    const r = row('..........');
    const c = checkSelect([r], 0, at(r, 1), strict({ maxSeats: 2, selectedCount: 2, selectedGroups: new Set([1]) }));
    expect(c).toMatchObject({ ok: false, rule: 'MAX_SEATS' });
  });
  it('counts both halves of a sofa against maxSeats', () => {
    const r = row('....', 'A', { units: { 2: 7, 3: 7 } });
    expect(checkSelect([r], 0, at(r, 2), strict({ maxSeats: 3, selectedCount: 2, selectedGroups: new Set([1]) }))).toMatchObject({ ok: false, rule: 'MAX_SEATS' });
  });
  it('refuses another price group and suggests a seat of the chosen group', () => {
    const r = row('......', 'A', { tg: { 4: 2, 5: 2, 6: 2 } });
    const c = checkSelect([r], 0, at(r, 5), strict({ selectedCount: 1, selectedGroups: new Set([1]) }));
    expect(c.ok).toBe(false);
    if (!c.ok) { expect(c.rule).toBe('PRICE_GROUP'); expect(c.suggestion && r.seats[at(r, c.suggestion.x)].tg).toBe(1); }
  });
  it('selects both halves of a sofa together', () => {
    const r = row('xx..xx', 'A', { units: { 3: 5, 4: 5 } });
    expect(checkSelect([r], 0, at(r, 4), strict())).toEqual({ ok: true, keys: ['A3', 'A4'] });
  });
  it('refuses a sofa whose other half is taken', () => {
    const r = row('..x...', 'A', { units: { 2: 9, 3: 9 } });
    expect(checkSelect([r], 0, at(r, 2), strict())).toMatchObject({ ok: false, rule: 'SOFA_UNIT' });
  });
  it('judges the gap of a sofa as one unit', () => {
    const r = row('.....', 'A', { units: { 2: 1, 3: 1 } });
    const c = checkSelect([r], 0, at(r, 2), strict());
    expect(c).toMatchObject({ ok: false, rule: 'SINGLE_SEAT_GAP', gapKey: 'A1' });
  });
  it('refuses unavailable seats', () => {
    const r = row('.x.');
    expect(checkSelect([r], 0, at(r, 2), strict())).toMatchObject({ ok: false, rule: 'UNAVAILABLE' });
  });
});

describe('blocked seats (seating policy 3)', () => {
  it('marks seats whose choice would leave a single seat', () => {
    const r = row('x......x');
    expect(blockedIndices(r, true).map((i) => r.seats[i].x)).toEqual([3, 6]);
  });
  it('does not block an existing single gap (taking it closes the gap)', () => {
    const r = row('x.x');
    expect(blockedIndices(r, true)).toEqual([]);
  });
});

describe('validateSelection', () => {
  it('reports a single free seat next to the selection with the neighbour to unselect', () => {
    const r = row('mm.m....');
    expect(validateSelection([r], 10)).toEqual([{ rule: 'SINGLE_SEAT_GAP', rowId: 'A', key: 'A3', neighbourKey: 'A2' }]);
  });
  it('ignores gaps that were there before (not next to my seats)', () => {
    const r = row('x.x..mm..');
    expect(validateSelection([r], 10)).toEqual([]);
  });
  it('accepts a pair taking two of the last three seats: no gap-free pair exists (the api accepts it too; issue 14 point 6)', () => {
    expect(validateSelection([row('xxxmm.xxx')], 10)).toEqual([]);
    expect(validateSelection([row('xxxmm.xxx'), row('.....', 'B')], 10).map((p) => p.rule)).toEqual(['SINGLE_SEAT_GAP']);
  });
  it('judges the whole selection, whatever the click order', () => {
    expect(validateSelection([row('..mm....')], 10)).toEqual([]);
    expect(validateSelection([row('.mm.....')], 10).map((p) => p.key)).toEqual(['A1']);
  });
  it('reports an incomplete sofa, mixed price groups and too many seats', () => {
    const r = row('mm..', 'A', { units: { 2: 3, 3: 3 }, tg: { 1: 2 } });
    const rules = validateSelection([r], 1).map((p) => p.rule).sort();
    expect(rules).toEqual(['MAX_SEATS', 'PRICE_GROUP', 'SOFA_UNIT']);
  });
});

describe('companion seats (issue 16 item 3)', () => {
  const kinds = { 1: 'handicap', 2: 'companion', 5: 'companion', 6: 'handicap' } as const;
  it('refuses a companion seat without the wheelchair space beside it and suggests that space', () => {
    const r = row('......', 'J', { kinds });
    expect(checkSelect([r], 0, at(r, 2), strict())).toMatchObject({ ok: false, rule: 'COMPANION', suggestion: { key: 'J1' } });
    // taken wheelchair space: refused, nothing to suggest
    const t = row('x.....', 'J', { kinds });
    const c = checkSelect([t], 0, at(t, 2), strict());
    expect(c).toMatchObject({ ok: false, rule: 'COMPANION' });
    if (!c.ok) expect(c.suggestion).toBeUndefined();
  });
  it('accepts a companion seat beside a wheelchair space of the selection', () => {
    const r = row('m.....', 'J', { kinds });
    expect(checkSelect([r], 0, at(r, 2), strict({ selectedCount: 1, selectedGroups: new Set([1]) }))).toEqual({ ok: true, keys: ['J2'] });
    // the other wheelchair space is not its partner
    expect(checkSelect([r], 0, at(r, 5), strict({ selectedCount: 1, selectedGroups: new Set([1]) }))).toMatchObject({ ok: false, rule: 'COMPANION', suggestion: { key: 'J6' } });
  });
  it('reports a companion seat left without its wheelchair space in the whole selection', () => {
    expect(validateSelection([row('mm....', 'J', { kinds })], 10)).toEqual([]);
    expect(validateSelection([row('.m....', 'J', { kinds })], 10).map((p) => [p.rule, p.key])).toContainEqual(['COMPANION', 'J2']);
  });
});
