/**
 * `npm run start:prod`: the production topology on one machine.
 *   nginx (Debian's, run as a non-daemon child with its own prefix in a temp folder)
 *     ├─ /                 host page (no-cache, CSP nonce per response), hashed host chunks (immutable)
 *     ├─ /remotes.json     the registry (no-store)
 *     ├─ /remotes/<n>/<v>/ versioned remote builds (immutable)
 *     └─ /api/             → API_PROCESSES stateless api processes (default 2) over one PostgreSQL
 * Environment: DATABASE_URL (required), PORT (8080), HOST (127.0.0.1), API_PROCESSES (2),
 * API_BASE_PORT (3201), SITE_DIR (.site), HOST_DIR (host/dist), PAYMENT_ORIGIN (same origin).
 * An api process that dies is restarted; SIGINT/SIGTERM drain nginx and the api processes gracefully.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APPS, buildApp, distDir, isBuilt, ROOT, siteDir } from './lib/apps.ts';
import { ensureSite, readRegistry } from './lib/registry.ts';
import { writeNginxPrefix } from './lib/nginx.ts';
import { productionApiEnv, productionRefusals } from './lib/prod-guard.ts';

const env = process.env;
// Demo shortcuts never reach production by accident: refuse before anything is built or started.
const refusals = productionRefusals(env, process.argv);
if (refusals.length) {
  console.error(`start:prod refuses to start:\n${refusals.map((r) => `  - ${r}`).join('\n')}\n` +
    'To run the production topology with the demo anyway (never on a public server): START_PROD_ALLOW_DEMO=1 npm run start:prod');
  process.exit(2);
}
const allowDemo = env.START_PROD_ALLOW_DEMO === '1' || process.argv.includes('--allow-demo');
if (!env.DATABASE_URL) {
  console.error('start:prod needs DATABASE_URL (several api processes share one PostgreSQL; PGlite is single-process). Example:\n  DATABASE_URL=postgres://postgres@127.0.0.1:5432/ticketing npm run start:prod');
  process.exit(1);
}
const port = Number(env.PORT ?? 8080);
const host = env.HOST ?? '127.0.0.1';
const processes = Math.max(1, Number(env.API_PROCESSES ?? 2));
const basePort = Number(env.API_BASE_PORT ?? 3201);
const hostDir = path.resolve(env.HOST_DIR ?? distDir('host'));
const apiPorts = Array.from({ length: processes }, (_, i) => basePort + i);

for (const app of APPS) {
  if (!isBuilt(app)) {
    process.stdout.write(`building ${app}… `);
    process.stdout.write(`${Math.round(await buildApp(app, { quiet: true }))} ms\n`);
  }
}
ensureSite();

// Migrate (and, only when allowed, seed the demo) once before the processes start.
{
  const { openDbFromEnv } = await import('../api/src/db/index.ts');
  const { migrate } = await import('../api/src/db/migrate.ts');
  const { seed } = await import('../api/src/seed/index.ts');
  const db = await openDbFromEnv();
  await migrate(db);
  if (allowDemo) await seed(db);
  await db.close();
}

let stopping = false;
const apis = new Map<number, ChildProcess>();
let nginx: ChildProcess | undefined;
let prefix = '';
function startApi(p: number, n: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api', 'src', 'main.ts')], {
    cwd: ROOT,
    // behind nginx on this machine: the client address is nginx's X-Forwarded-For (TRUST_PROXY)
    env: { ...productionApiEnv(env, allowDemo), PORT: String(p), HOST: '127.0.0.1', TRUST_PROXY: env.TRUST_PROXY ?? '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (chunk: Buffer) => chunk.toString().split('\n').filter(Boolean).map((l) => `[api${n} :${p}] ${l}`).join('\n') + '\n';
  child.stdout!.on('data', (c: Buffer) => { if (env.API_LOG !== '0') process.stdout.write(prefix(c)); });
  child.stderr!.on('data', (c: Buffer) => process.stderr.write(prefix(c)));
  child.on('exit', (code, signal) => {
    apis.delete(p);
    if (stopping) return;
    console.error(`[start:prod] api${n} (:${p}) exited (${signal ?? code}); restarting in 1 s`);
    setTimeout(() => { if (!stopping) startApi(p, n); }, 1000);
  });
  apis.set(p, child);
}
apiPorts.forEach((p, i) => startApi(p, i + 1));
// Whatever ends this process, its children do not outlive it.
process.on('exit', () => { for (const c of [nginx, ...apis.values()]) if (c && c.exitCode === null && c.signalCode === null) c.kill('SIGTERM'); });
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

async function waitReady(p: number, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const r = await fetch(`http://127.0.0.1:${p}/api/ready`);
      if (r.ok) return;
      if (r.status === 404 && (await fetch(`http://127.0.0.1:${p}/api/health`)).ok) return; // older api without /ready
    } catch { /* not listening yet */ }
    if (Date.now() > until) throw new Error(`api on :${p} not ready after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
await Promise.all(apiPorts.map((p) => waitReady(p)));

prefix = mkdtempSync(path.join(os.tmpdir(), 'ticketing-nginx-'));
const conf = writeNginxPrefix({ prefix, listen: `${host}:${port}`, hostDir, siteDir: siteDir(), apiPorts, registry: readRegistry(), paymentOrigin: env.PAYMENT_ORIGIN });
nginx = spawn('nginx', ['-p', prefix, '-c', conf], { stdio: 'inherit' });
nginx.on('exit', (code, signal) => {
  if (!stopping) { console.error(`[start:prod] nginx exited (${signal ?? code}); see ${prefix}/logs/error.log`); void shutdown(1); }
});

console.log(`\n  Ticketing (production topology) at http://${host === '0.0.0.0' ? 'localhost' : host}:${port}/`);
console.log(`  nginx prefix ${prefix}; api processes on ${apiPorts.join(', ')}; site ${siteDir()}\n`);

async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  const exited = (c: ChildProcess) => new Promise<void>((r) => (c.exitCode !== null || c.signalCode !== null ? r() : c.once('exit', () => r())));
  // nginx: QUIT = graceful (finish in-flight requests); then the api processes: TERM = graceful drain.
  if (nginx && nginx.exitCode === null) nginx.kill('SIGQUIT');
  const all = [...(nginx ? [exited(nginx)] : []), ...[...apis.values()].map((c) => { c.kill('SIGTERM'); return exited(c); })];
  const timer = setTimeout(() => { for (const c of [nginx, ...apis.values()]) c?.kill('SIGKILL'); }, 15_000);
  await Promise.all(all);
  clearTimeout(timer);
  if (prefix) rmSync(prefix, { recursive: true, force: true });
  process.exit(code);
}
