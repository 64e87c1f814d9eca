/**
 * `npm run bench`: builds each app (timed), starts the composed site, measures each route's
 * first-screen JS and requests, then runs every other benchmark module present, writing
 * bench-results/bench.json. Benchmarks never assert: they record.
 */
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { APPS, ROOT, buildApp } from '../lib/apps.ts';
import { startSite } from './lib.ts';
import { benchRoutes } from './routes.ts';

const out: Record<string, unknown> = { at: new Date().toISOString(), machine: { cpus: (await import('node:os')).cpus().length, node: process.version } };

const buildMs: Record<string, number> = {};
for (const app of APPS) buildMs[app] = Math.round(await buildApp(app, { quiet: true }));
out.buildMs = buildMs;

const site = await startSite();
try {
  out.routes = await benchRoutes(site.baseUrl);
  // Benchmarks added by later work: each module exports one async function.
  const extra: [string, string, (m: Record<string, (...a: unknown[]) => Promise<unknown>>) => Promise<unknown>][] = [
    ['seatmap', 'seatmap.ts', (m) => m.benchSeatmap(site.baseUrl)],
    ['firstScreen', 'firstScreen.ts', (m) => m.benchFirstScreen(site.baseUrl)],
    ['locks', 'locks.ts', (m) => m.benchLocks()],
    ['orderSteps', 'orderSteps.ts', (m) => m.benchOrderSteps(site.baseUrl)],
    ['commit', 'commit.ts', (m) => m.benchCommit()],
    ['staff', 'staff.ts', (m) => m.benchStaff(site.baseUrl)],
    ['release', 'release.ts', (m) => m.benchRelease()],
    ['liveCommit', 'liveCommit.ts', (m) => m.benchLiveCommit(site.baseUrl)],
    ['lighthouse', 'lighthouse.ts', (m) => m.benchLighthouse(site.baseUrl)],
    ['singleBundle', 'singleBundle.ts', (m) => m.benchSingleBundle(site.baseUrl)],
  ];
  for (const [name, file, run] of extra) {
    const full = path.join(ROOT, 'scripts', 'bench', file);
    if (!existsSync(full)) continue;
    try {
      console.log(`bench: ${name}…`);
      out[name] = await run(await import(full));
    } catch (error) {
      out[name] = { error: String(error) };
    }
  }
} finally {
  site.stop();
}

mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
const file = path.join(ROOT, 'bench-results', 'bench.json');
writeFileSync(file, JSON.stringify(out, null, 2));
console.log(JSON.stringify(out, null, 2));
console.log(`\nwritten to ${path.relative(ROOT, file)}`);
process.exit(0);
