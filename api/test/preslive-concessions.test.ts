import { describe, expect, it } from 'vitest';
import { mostAndLeast } from '../src/domains/preslive/routes/reports.ts';

/** Products as the concessions query returns them: most sold first (quantity, then id). */
const products = (quantities: number[]) =>
  quantities.map((Quantity, i) => ({ ProductId: i + 1, Quantity })).sort((a, b) => b.Quantity - a.Quantity || a.ProductId - b.ProductId);
const ids = (rows: Array<{ ProductId: number }>) => rows.map((r) => r.ProductId);

describe('concessions report: most and least sold', () => {
  // QA: with the demo's 8 products the least sold list was the most sold list reversed.
  it('lists no product in both lists: with ten products or fewer the least sold list is empty', () => {
    const all = products([1975, 6347, 5059, 7931, 3930, 1989, 2044, 5063]);
    const { most, least } = mostAndLeast(all);
    expect(ids(most)).toEqual([4, 2, 8, 3, 5, 7, 6, 1]);
    expect(least).toEqual([]);
    expect(mostAndLeast(products([5, 4, 3, 2, 1, 6, 7, 8, 9, 10])).least).toEqual([]);
  });

  it('takes the least sold ten, least first, from the products after the top ten', () => {
    // 25 products: product k sold k units (ties broken by id)
    const all = products(Array.from({ length: 25 }, (_, i) => i + 1));
    const { most, least } = mostAndLeast(all);
    expect(ids(most)).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16]);
    expect(ids(least)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // 13 products: the three after the top ten, least first (products 2 and 3 tie at 3 units: 2 is tenth, 3 is not)
    const few = mostAndLeast(products([0, 3, 3, 9, 8, 7, 6, 5, 4, 12, 11, 10, 1]));
    expect(ids(few.most).at(-1)).toBe(2);
    expect(ids(few.least)).toEqual([1, 13, 3]);
    expect(few.most.some((p) => few.least.includes(p))).toBe(false);
  });
});
