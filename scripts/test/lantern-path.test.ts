import { describe, expect, it } from 'vitest';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
import { forgetReplays, lcpReplays, summariseReplay } from '../bench/lanternPath.ts';

type Timings = Parameters<typeof summariseReplay>[0];
const net = (url: string, resourceType: string, transferSize: number) => ({ type: 'network', request: { url, resourceType, transferSize } });
const cpu = () => ({ type: 'cpu' });

describe("the LCP replay summary (Lighthouse's simulated load behind its LCP)", () => {
  it("finds when main.js, the last script and the last api answer came off the simulated line", () => {
    const timings = new Map([
      [net('http://x/order/1', 'Document', 4_000), { startTime: 0, endTime: 600 }],
      [net('http://x/main.6fca49d7db.js', 'Script', 83_000), { startTime: 700, endTime: 2_160 }],
      [net('http://x/remotes/mf-booking/1.0.0/394.ebef689d31.js', 'Script', 17_000), { startTime: 2_160, endTime: 2_766 }],
      [net('http://x/remotes/mf-booking/1.0.0/mf-manifest.json', 'Fetch', 1_300), { startTime: 1_000, endTime: 1_200 }],
      [net('http://x/api/presentations/1', 'Fetch', 900), { startTime: 2_500, endTime: 2_737 }],
      [net('http://x/api/config', 'Fetch', 800), { startTime: 2_500, endTime: 2_650 }],
      [cpu(), { startTime: 2_766, endTime: 2_809 }],
      [cpu(), { startTime: 2_160, endTime: 2_200 }],
    ]) as unknown as Timings;
    expect(summariseReplay(timings)).toEqual({
      endMs: 2_809, mainJsEndMs: 2_160, lastScriptEndMs: 2_766, lastApiEndMs: 2_737,
      scripts: 2, apiCalls: 2, bytesOnLine: 107_000, cpuMs: 83,
    });
  });

  it('leaves what the replay did not hold empty: a page whose largest paint needed no api answer', () => {
    const timings = new Map([
      [net('http://x/order', 'Document', 4_000), { startTime: 0, endTime: 600 }],
      [net('http://x/remotes/mf-booking/1.0.0/main.js', 'Script', 9_000), { startTime: 600, endTime: 900 }],
    ]) as unknown as Timings;
    const s = summariseReplay(timings);
    expect(s.lastApiEndMs).toBeNull();
    expect(s.mainJsEndMs).toBeNull(); // a remote's own main.js is not the host's
    expect(s.lastScriptEndMs).toBe(900);
  });

  it("reads the audit's two LCP replays from Lighthouse's table, and none after the table is emptied", () => {
    const table = Lantern.Simulation.Simulator.allNodeTimings as unknown as Map<string, Timings>;
    const replay = new Map([[net('http://x/main.abc.js', 'Script', 80_000), { startTime: 600, endTime: 2_100 }]]) as unknown as Timings;
    table.set('optimisticLargestContentfulPaint', replay);
    table.set('pessimisticLargestContentfulPaint', replay);
    expect(lcpReplays()?.pessimistic.mainJsEndMs).toBe(2_100);
    forgetReplays(); // before the next route's audit: a run without an LCP replay reports none, not this one
    expect(lcpReplays()).toBeNull();
  });
});
