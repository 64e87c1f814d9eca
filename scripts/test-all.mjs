#!/usr/bin/env node
/**
 * `npm test`: every suite of every package, then one summary line for all of them:
 *   type checks (one per package), vitest per package, the api suite on PGlite and on
 *   PostgreSQL (TEST_PG_URL, default the local server), and Playwright e2e in Chromium.
 * Usage: npm test [-- --only=unit|api|fault|e2e]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
const PACKAGES = ['shared', 'host', 'mf-booking', 'mf-customer', 'mf-memberships', 'mf-vouchers', 'mf-preslive', 'mf-ticketref', 'api'];
const pgUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const totals = { passed: 0, failed: 0 };
const lines = [];
function record(name, passed, failed) {
  totals.passed += passed;
  totals.failed += failed;
  lines.push(`${failed ? '✗' : '✓'} ${name}: ${passed} passed, ${failed} failed`);
}
function sh(cmd, args, opts = {}) {
  console.log(`\n$ ${[cmd, ...args].join(' ')}${opts.cwd ? `  (in ${path.relative(root, opts.cwd) || '.'})` : ''}`);
  return spawnSync(cmd, args, { cwd: opts.cwd ?? root, stdio: 'inherit', env: { ...process.env, ...opts.env } }).status ?? 1;
}
const readJson = (f) => (existsSync(f) ? JSON.parse(readFileSync(f, 'utf8')) : undefined);

function vitest(name, cwd, env = {}, extraArgs = []) {
  const file = path.join(out, `${name}.json`);
  const status = sh('npx', ['vitest', 'run', ...extraArgs, '--reporter=default', '--reporter=json', `--outputFile=${file}`], { cwd, env });
  const r = readJson(file);
  if (!r) return record(name, 0, 1); // crashed before reporting: count as one failure
  record(name, r.numPassedTests, r.numFailedTests + (status !== 0 && r.numFailedTests === 0 ? 1 : 0));
}

if (!only || only === 'unit') {
  for (const pkg of [...PACKAGES, 'scripts', 'e2e']) {
    const status = sh('npx', ['tsc', '--noEmit', '-p', '.'], { cwd: path.join(root, pkg) });
    record(`typecheck ${pkg}`, status === 0 ? 1 : 0, status === 0 ? 0 : 1);
  }
  for (const pkg of PACKAGES.filter((p) => p !== 'api')) vitest(pkg, path.join(root, pkg));
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
  else record('e2e (Chromium)', r.stats.expected, r.stats.unexpected + r.stats.flaky + (status !== 0 && r.stats.unexpected === 0 ? 1 : 0));
}

console.log(`\n${lines.join('\n')}\n`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed ? 1 : 0);
