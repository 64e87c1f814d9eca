/**
 * Where Lighthouse's simulated LCP comes from (issue 12, item 3). Lighthouse does not time the page on a slow phone:
 * it loads it unthrottled and replays the load on a simulated line (Lantern: 150 ms round trips, 1.6 Mbit/s, 4× CPU).
 * Its LCP is the mean of two such replays (optimistic, pessimistic) of what the page fetched and ran before its
 * largest paint. This reads those replays back (`Simulator.allNodeTimings`, the table Lighthouse's own
 * `LANTERN_DEBUG` traces are written from) and records, per replay, when the host's `main.js` came off the simulated
 * line, when the last script and the last api answer did, the bytes on the line, and the replay's end: it tells a
 * route bound by its bytes (main.js late because every first-screen file shares the line) from one bound by a chain
 * of calls or by script evaluation. Call `forgetReplays` before each audit and `lcpReplays` right after it: the table
 * is Lighthouse's module state and holds the latest run only.
 */
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';

type Timings = Map<Lantern.Graph.Node, { startTime: number; endTime: number }>;

export interface ReplaySummary {
  endMs: number;
  mainJsEndMs: number | null;
  lastScriptEndMs: number | null;
  lastApiEndMs: number | null;
  scripts: number;
  apiCalls: number;
  bytesOnLine: number;
  cpuMs: number;
}

export function summariseReplay(timings: Timings): ReplaySummary {
  let endMs = 0, mainJsEndMs: number | null = null, lastScriptEndMs: number | null = null, lastApiEndMs: number | null = null;
  let scripts = 0, apiCalls = 0, bytesOnLine = 0, cpuMs = 0;
  const later = (a: number | null, b: number) => (a === null || b > a ? b : a);
  for (const [node, t] of timings) {
    endMs = Math.max(endMs, t.endTime);
    if (node.type === 'cpu') { cpuMs += t.endTime - t.startTime; continue; }
    const { url, resourceType, transferSize } = node.request;
    bytesOnLine += transferSize ?? 0;
    const pathname = new URL(url).pathname;
    if (resourceType === 'Script') {
      scripts++;
      lastScriptEndMs = later(lastScriptEndMs, t.endTime);
      if (/^\/main\.[\w]+\.js$/.test(pathname)) mainJsEndMs = t.endTime;
    } else if (pathname.startsWith('/api/')) {
      apiCalls++;
      lastApiEndMs = later(lastApiEndMs, t.endTime);
    }
  }
  const r = (n: number | null) => (n === null ? null : Math.round(n));
  return { endMs: Math.round(endMs), mainJsEndMs: r(mainJsEndMs), lastScriptEndMs: r(lastScriptEndMs), lastApiEndMs: r(lastApiEndMs), scripts, apiCalls, bytesOnLine, cpuMs: Math.round(cpuMs) };
}

const replayTable = () => Lantern.Simulation.Simulator.allNodeTimings as unknown as Map<string, Timings>;

/** Empties the table before an audit, so that a run without an LCP replay never reports the previous route's. */
export function forgetReplays(): void {
  replayTable().clear();
}

/** The two LCP replays of the audit that just ran, or null when this Lighthouse keeps none. */
export function lcpReplays(): { optimistic: ReplaySummary; pessimistic: ReplaySummary } | null {
  const all = replayTable();
  const optimistic = all.get('optimisticLargestContentfulPaint');
  const pessimistic = all.get('pessimisticLargestContentfulPaint');
  if (!optimistic || !pessimistic) return null;
  return { optimistic: summariseReplay(optimistic), pessimistic: summariseReplay(pessimistic) };
}
