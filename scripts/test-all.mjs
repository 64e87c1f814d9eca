#!/usr/bin/env node
/**
 * `npm test`: every suite of every package, then one summary line for all of them:
 *   type checks (one per package), vitest per package, the import-circle check, the api suite on PGlite and on
 *   PostgreSQL (TEST_PG_URL, default the local server), and Playwright e2e in Chromium.
 * A preflight first makes sure the machine has what those suites need (scripts/lib/preflight.mjs).
 * Usage: npm test [-- --only=unit|api|fault|e2e]
 */
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runPreflight } from './lib/preflight.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
Object.assign(process.env, runPreflight(only)); // installs/starts what is missing, or exits with what to do
const out = path.join(root, 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const PACKAGES = ['shared', 'seatmap', 'host', 'mf-booking', 'mf-customer', 'mf-memberships', 'mf-vouchers', 'mf-preslive', 'mf-ticketref', 'api'];
const pgUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const totals = { passed: 0, failed: 0 };
const lines = [];
/** The failed tests by name with the first lines of their error, repeated above the summary so a log's tail names them. */
const failures = [];
const firstLines = (msg) => String(msg ?? '').replace(/\x1b\[[0-9;]*m/g, '').split('\n').slice(0, 4).join('\n    ');
function record(name, passed, failed) {
  totals.passed += passed;
  totals.failed += failed;
  lines.push(`${failed ? '✗' : '✓'} ${name}: ${passed} passed, ${failed} failed`);
}
function sh(cmd, args, opts = {}) {
  console.log(`\n$ ${[cmd, ...args].join(' ')}${opts.cwd ? `  (in ${path.relative(root, opts.cwd) || '.'})` : ''}`);
  return spawnSync(cmd, args, { cwd: opts.cwd ?? root, stdio: 'inherit', env: { ...process.env, ...opts.env } }).status ?? 1;
}
/** Runs `task` over `items`, at most `limit` at a time; answers [item, result] in the items' order. */
async function inParallel(items, limit, task) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => { while (next < items.length) { const i = next++; results[i] = [items[i], await task(items[i])]; } };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
const readJson = (f) => (existsSync(f) ? JSON.parse(readFileSync(f, 'utf8')) : undefined);

function vitest(name, cwd, env = {}, extraArgs = []) {
  const file = path.join(out, `${name}.json`);
  const status = sh('npx', ['vitest', 'run', ...extraArgs, '--reporter=default', '--reporter=json', `--outputFile=${file}`], { cwd, env });
  const r = readJson(file);
  if (!r) return record(name, 0, 1); // crashed before reporting: count as one failure
  for (const f of r.testResults ?? []) {
    for (const a of f.assertionResults ?? []) {
      if (a.status === 'failed') failures.push(`${name} › ${path.relative(cwd, f.name)} › ${a.fullName}\n    ${firstLines(a.failureMessages?.[0])}`);
    }
    if (f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed')) failures.push(`${name} › ${path.relative(cwd, f.name)}\n    ${firstLines(f.message)}`);
  }
  record(name, r.numPassedTests, r.numFailedTests + (status !== 0 && r.numFailedTests === 0 ? 1 : 0));
}

if (!only || only === 'unit') {
  // Type checks are independent and single-threaded: one per core, each printed whole when it ends.
  const statuses = await inParallel([...PACKAGES, 'scripts', 'e2e'], Math.max(2, os.availableParallelism()), (pkg) => new Promise((resolve) => {
    const child = spawn('npx', ['tsc', '--noEmit', '-p', '.'], { cwd: path.join(root, pkg), env: process.env });
    let output = '';
    child.stdout.on('data', (d) => { output += d; });
    child.stderr.on('data', (d) => { output += d; });
    child.on('close', (code) => { console.log(`\n$ npx tsc --noEmit -p .  (in ${pkg})\n${output}`); resolve(code ?? 1); });
  }));
  for (const [pkg, status] of statuses) record(`typecheck ${pkg}`, status === 0 ? 1 : 0, status === 0 ? 0 : 1);
  for (const pkg of [...PACKAGES.filter((p) => p !== 'api'), 'scripts']) vitest(pkg, path.join(root, pkg));
  // No import circle in any package beyond the known ones in scripts/lib/circles-allowed.json.
  const circles = sh('npx', ['tsx', 'scripts/check-circles.ts']);
  record('import circles', circles === 0 ? 1 : 0, circles === 0 ? 0 : 1);
}
if (!only || only === 'api') {
  vitest('api (PGlite)', path.join(root, 'api'));
  vitest('api (PostgreSQL)', path.join(root, 'api'), { TEST_PG_URL: pgUrl, TEST_ENGINE: 'postgres' });
}
if (!only || only === 'api' || only === 'fault') {
  // Real api processes killed with SIGKILL, PostgreSQL stopped and started (always left running).
  vitest('fault (PostgreSQL)', path.join(root, 'api'), { TEST_PG_URL: pgUrl }, ['--config', 'fault/vitest.config.ts']);
}
if (!only || only === 'e2e') {
  const status = sh('npx', ['playwright', 'test'], { cwd: path.join(root, 'e2e') });
  const r = readJson(path.join(out, 'e2e.json'));
  if (!r) record('e2e (Chromium)', 0, 1);
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'expected' || t.status === 'skipped') continue;
        const err = t.results?.at(-1)?.error?.message;
        failures.push(`e2e › ${[...trail, spec.title].join(' › ')} (${t.projectName || 'chromium'}, ${t.status})\n    ${firstLines(err)}`);
      }
    }
    for (const s of suite.suites ?? []) walk(s, [...trail, s.title]);
  };
  if (r) {
    for (const s of r.suites ?? []) walk(s, []);
    record('e2e (Chromium)', r.stats.expected, r.stats.unexpected + r.stats.flaky + (status !== 0 && r.stats.unexpected === 0 ? 1 : 0));
  }
}

if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\n${lines.join('\n')}\n`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed ? 1 : 0);
