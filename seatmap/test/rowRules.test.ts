import { describe, expect, it } from 'vitest';
import { besideWhere, gapFreeWindow, gapIndices, newGapsIfTaken, type GapSeat } from '../src/rowRules';

/** Row from a picture: '.' free, 'x' taken, 'm' mine, ' ' aisle; digits are seats of that sofa unit (free). */
const row = (pic: string): GapSeat[] => [...pic].flatMap((c, k) => (c === ' ' ? [] : [{
  x: k + 1, state: c === 'x' ? 'taken' as const : c === 'm' ? 'mine' as const : 'free' as const, unit: /\d/.test(c) ? Number(c) : null,
}]));
const xs = (r: GapSeat[], idx: number[] | [number, number] | null) => idx && idx.map((i) => r[i]!.x);

describe('row rules (the engine the browser and the api share)', () => {
  it('gaps count mine, taken, aisles and row ends as not free', () => {
    const r = row('.m.x.. .');
    expect(xs(r, gapIndices(r))).toEqual([1, 3, 8]);
  });
  it('new gaps are only the choice\'s doing', () => {
    const r = row('x.....');
    expect(xs(r, newGapsIfTaken(r, [1]))).toEqual([]);
    expect(xs(r, newGapsIfTaken(r, [2]))).toEqual([2]);
    expect(xs(r, newGapsIfTaken(r, [4]))).toEqual([6]);
  });
  it('the strict escape finds a gap-free window of the size, own seats counted free, whole sofa units only', () => {
    expect(xs(row('x....x'), gapFreeWindow(row('x....x'), 2))).toEqual([2, 3]);
    expect(gapFreeWindow(row('x...x'), 2)).toBeNull();
    expect(gapFreeWindow(row('x..x..x'), 1)).toBeNull();
    expect(xs(row('xm.x'), gapFreeWindow(row('xm.x'), 2))).toEqual([2, 3]);
    // a window never cuts the sofa 11
    expect(xs(row('x11..x'), gapFreeWindow(row('x11..x'), 2))).toEqual([2, 3]);
    expect(gapFreeWindow(row('x11x'), 1)).toBeNull();
  });
  it('seats beside are side by side in x, not across an aisle', () => {
    const r = row('.. .');
    expect(besideWhere(r, 1, () => true)).toEqual([0]);
    expect(besideWhere(r, 0, (s) => s.x > 5)).toEqual([]);
  });
});
