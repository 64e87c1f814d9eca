/**
 * Release and rollback timing (issue 5 targets: a release including its build ≤ 60 s, a rollback ≤ 5 s).
 * Works on a throw-away site folder (never the developer's .site): publishes the current builds there,
 * then times, as a release manager runs them,
 *   `npm run release -- mf-vouchers` (build + gate + store + flip; RELEASE_VERSION=…-bench) and
 *   `npm run rollback -- mf-vouchers` (gate + flip), wall-clock including process start,
 * plus the in-process cost of the rollback itself. Run alone: `npx tsx scripts/bench/release.ts`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APPS, buildApp, isBuilt, ROOT } from '../lib/apps.ts';

export async function benchRelease(opts: { remote?: string; runs?: number } = {}) {
  const remote = opts.remote ?? 'mf-vouchers';
  const runs = opts.runs ?? 2;
  for (const app of APPS) if (!isBuilt(app)) await buildApp(app, { quiet: true });
  const site = mkdtempSync(path.join(os.tmpdir(), 'ticketing-bench-site-'));
  const env = { ...process.env, SITE_DIR: site, RELEASE_TEST_BREAK: '' };
  const cli = (script: string, args: string[], extra: Record<string, string> = {}) => {
    const t = performance.now();
    const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', `${script}.ts`), ...args], { cwd: ROOT, env: { ...env, ...extra }, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${script} ${args.join(' ')} failed: ${r.stderr}`);
    return { ms: Math.round(performance.now() - t), out: r.stdout };
  };
  const previousSite = process.env.SITE_DIR;
  try {
    process.env.SITE_DIR = site;
    const { ensureSite } = await import('../lib/registry.ts');
    ensureSite();
    const releases: { totalMs: number; buildMs?: number }[] = [];
    const rollbacks: number[] = [];
    const rollbackInProcess: number[] = [];
    const { rollback } = await import('../rollback.ts');
    for (let i = 0; i < runs; i++) {
      const version = `9.9.${i}-bench`;
      const r = cli('release', [remote], { RELEASE_VERSION: version });
      const build = r.out.match(/build ([\d.]+) s/);
      releases.push({ totalMs: r.ms, buildMs: build ? Math.round(Number(build[1]) * 1000) : undefined });
      rollbacks.push(cli('rollback', [remote]).ms);
      // Forward again (named version) and back in-process: the flip's own cost without process start.
      cli('rollback', [remote, version]);
      rollbackInProcess.push(Math.round((await rollback(remote)).totalMs * 10) / 10);
    }
    const max = (xs: number[]) => Math.max(...xs);
    return {
      remote,
      runs,
      releaseMs: releases.map((r) => r.totalMs),
      releaseBuildMs: releases.map((r) => r.buildMs),
      rollbackMs: rollbacks,
      rollbackInProcessMs: rollbackInProcess,
      targets: { releaseMs: 60_000, rollbackMs: 5_000 },
      withinTargets: max(releases.map((r) => r.totalMs)) <= 60_000 && max(rollbacks) <= 5_000,
    };
  } finally {
    if (previousSite === undefined) delete process.env.SITE_DIR; else process.env.SITE_DIR = previousSite;
    rmSync(site, { recursive: true, force: true });
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) console.log(JSON.stringify(await benchRelease(), null, 2));
