import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { lazy, prebuild } from '../src/contracts/lazy';

afterEach(() => { vi.useRealTimers(); });

describe('prebuild (issue 12: contracts built while the answer is on the network)', () => {
  it('builds a contract and every lazy contract it is made of, in a later task, once', async () => {
    vi.useFakeTimers();
    const built: string[] = [];
    const Seat = lazy(() => { built.push('Seat'); return z.object({ id: z.int() }); });
    const Row = lazy(() => { built.push('Row'); return z.object({ seats: z.array(Seat) }); });
    const Plan = lazy(() => { built.push('Plan'); return z.object({ rows: z.array(Row), note: z.optional(z.string()) }); });
    const Status = lazy(() => { built.push('Status'); return z.object({ held: z.array(z.string()) }); });
    prebuild(Plan, Status);
    expect(built).toEqual([]); // not in the task that starts the call
    await vi.runAllTimersAsync();
    expect(built.sort()).toEqual(['Plan', 'Row', 'Seat', 'Status']);
    prebuild(Plan);
    await vi.runAllTimersAsync();
    expect(built).toHaveLength(4);
    expect(Plan.parse({ rows: [{ seats: [{ id: 1 }] }] })).toEqual({ rows: [{ seats: [{ id: 1 }] }] });
  });
});
