import { describe, expect, it } from 'vitest';
import { bestAvailable, gapFreeAlternative, newSingleGaps, rowsOf, type RuleSeat, type SeatState } from '../src/domains/seats/rules.ts';

const seat = (x: number, y = 1, extra: Partial<RuleSeat> = {}): RuleSeat => ({
  sectionId: 1, x, y, ticketGroupId: 1, isHandicap: false, isCompanion: false, sofaUnit: null, rowName: String(y), seatName: String(x), ...extra,
});
const row = (xs: number[], y = 1) => xs.map((x) => seat(x, y));
const states = (m: Record<number, SeatState>) => (x: number): SeatState => m[x] ?? 'free';

describe('seat rules (pure)', () => {
  it('newSingleGaps: row end, between selections, aisles, pre-existing gaps, special seats', () => {
    const r = row([1, 2, 3, 4, 5, 6]);
    expect(newSingleGaps(r, states({}), new Set([2]))).toEqual([1]);
    expect(newSingleGaps(r, states({}), new Set([1]))).toEqual([]);
    expect(newSingleGaps(r, states({ 2: 'mine' }), new Set([4]))).toEqual([3]);
    expect(newSingleGaps(r, states({ 4: 'taken' }), new Set([2]))).toEqual([1, 3]);
    // already alone before: not blamed on this selection
    expect(newSingleGaps(r, states({ 2: 'taken' }), new Set([3]))).toEqual([]);
    // aisle between 3 and 5 (x = 4 missing)
    const aisle = row([1, 2, 3, 5, 6, 7]);
    expect(newSingleGaps(aisle, states({}), new Set([2]))).toEqual([1, 3]);
    // a lone handicap seat is not a gap
    const sp = [seat(1, 1, { isHandicap: true }), seat(2), seat(3), seat(4)];
    expect(newSingleGaps(sp, states({}), new Set([2]))).toEqual([]);
  });

  it('gapFreeAlternative: finds a choice that leaves no gap, or none', () => {
    const r = row([1, 2, 3, 4]);
    expect(gapFreeAlternative([r], (s) => states({})(s.x), 1)!.map((s) => s.x)).toEqual([1]);
    const two = row([1, 2]);
    expect(gapFreeAlternative([two], (s) => states({})(s.x), 1)).toBeNull();
  });

  it('bestAvailable: sofa units stay whole, a split match only as the last resort', () => {
    const sofa = [seat(1), seat(2, 1, { sofaUnit: 7 }), seat(3, 1, { sofaUnit: 7 }), seat(4)];
    const r = bestAvailable(sofa, () => 'free', { quantity: 1, maxMatches: 5 });
    for (const m of r) expect(m.seats.every((s) => s.sofaUnit === null)).toBe(true);
    const two = bestAvailable(sofa, () => 'free', { quantity: 2, maxMatches: 5 });
    expect(two[0]!.seats.map((s) => s.x)).toEqual([2, 3]);
    const split = [...row([1, 2], 1), ...row([1, 2], 2)];
    const s = bestAvailable(split, (x) => (x.x === 2 && x.y === 1 ? 'taken' : 'free'), { quantity: 3, maxMatches: 5 });
    expect(s).toHaveLength(1);
    expect(s[0]!.together).toBe(false);
    expect(rowsOf(split).size).toBe(2);
  });
});
