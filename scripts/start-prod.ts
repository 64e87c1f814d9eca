/**
 * `npm run start:prod`: the production topology on one machine.
 *   nginx (Debian's, run as a non-daemon child with its own prefix in a temp folder)
 *     ├─ /                 host page (no-cache, CSP nonce per response), hashed host chunks (immutable)
 *     ├─ /remotes.json     the registry (no-store)
 *     ├─ /remotes/<n>/<v>/ versioned remote builds (immutable)
 *     └─ /api/             → API_PROCESSES stateless api processes (default 2) over one PostgreSQL
 * Environment: DATABASE_URL (required), PORT (8080), HOST (127.0.0.1), API_PROCESSES (2),
 * API_BASE_PORT (3201), SITE_DIR (.site), HOST_DIR (host/dist), PAYMENT_ORIGIN (same origin),
 * LOG_DIR (.data/logs: nginx's access.log and error.log, kept across restarts).
 * It refuses to start when the site port or an api port is taken, and serves only through api processes
 * it started itself (each proves it by its pid on /api/health). An api process that dies after it was
 * ready is restarted; SIGINT/SIGTERM/SIGHUP (to this process or to the npm that runs it) drain nginx and
 * the api processes gracefully.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APPS, buildApp, distDir, isBuilt, ROOT, siteDir } from './lib/apps.ts';
import { ensureSite, readRegistry } from './lib/registry.ts';
import { API_HOST, writeNginxPrefix } from './lib/nginx.ts';
import { productionApiEnv, productionRefusals } from './lib/prod-guard.ts';
import { firstUnavailablePort } from './lib/ports.ts';
import { databaseHint } from './lib/db-hint.ts';
import { EXIT_WITH_PARENT, stopNginxWhenGone, whenParentGone } from './lib/lifecycle.ts';

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
const logDir = path.resolve(env.LOG_DIR || path.join(ROOT, '.data', 'logs'));
const readyTimeoutMs = Number(env.API_READY_TIMEOUT_MS || 120_000);
const fail = (reason: string): never => {
  console.error(`start:prod refuses to start: ${reason}`);
  process.exit(1);
};

// A taken port is refused before anything starts: nginx would fail to listen, or (an api port) proxy
// to whichever process holds it — another instance, with its own database and payment providers.
{
  const taken = await firstUnavailablePort([
    { port, host, role: 'site (PORT)' },
    ...apiPorts.map((p, i) => ({ port: p, host: API_HOST, role: `api${i + 1} (API_BASE_PORT${i ? ` + ${i}` : ''})` })),
  ]);
  if (taken) fail(`${taken}; stop it or choose another PORT / API_BASE_PORT`);
}

// Migrate (and, only when allowed, seed the demo) once before the processes start; first, so a database
// that is missing or down is said in one line before minutes of building.
{
  const { openDbFromEnv } = await import('../api/src/db/index.ts');
  const { migrate } = await import('../api/src/db/migrate.ts');
  const { seed } = await import('../api/src/seed/index.ts');
  try {
    const db = await openDbFromEnv();
    await migrate(db);
    if (allowDemo) await seed(db);
    await db.close();
  } catch (e) {
    const hint = databaseHint(e);
    if (!hint) throw e;
    fail(hint);
  }
}

for (const app of APPS) {
  if (!isBuilt(app)) {
    process.stdout.write(`building ${app}… `);
    process.stdout.write(`${Math.round(await buildApp(app, { quiet: true }))} ms\n`);
  }
}
ensureSite();

let stopping = false;
const apis = new Map<number, ChildProcess>();
let nginx: ChildProcess | undefined;
let watchdog: ChildProcess | undefined;
let prefix = '';
/**
 * Starts the api process of port p; resolves when that very process answers there (its pid on
 * /api/health, then /api/ready), rejects when it exits first — with "port taken" for EADDRINUSE.
 * Children run in their own process group (detached): a terminal's Ctrl-C reaches this process only,
 * which stops nginx and the api processes in order; they stop with it even if it is killed (IPC channel).
 */
function startApi(p: number, n: number): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', EXIT_WITH_PARENT, path.join(ROOT, 'api', 'src', 'main.ts')], {
    cwd: ROOT,
    // behind nginx on this machine: the client address is nginx's X-Forwarded-For (TRUST_PROXY)
    env: { ...productionApiEnv(env, allowDemo), PORT: String(p), HOST: API_HOST, TRUST_PROXY: env.TRUST_PROXY ?? '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    detached: true,
  });
  let portTaken = false;
  const tag = (chunk: Buffer) => chunk.toString().split('\n').filter(Boolean).map((l) => `[api${n} :${p}] ${l}`).join('\n') + '\n';
  child.stdout!.on('data', (c: Buffer) => { if (env.API_LOG !== '0') process.stdout.write(tag(c)); });
  child.stderr!.on('data', (c: Buffer) => {
    if (c.includes('EADDRINUSE')) portTaken = true;
    process.stderr.write(tag(c));
  });
  apis.set(p, child);
  const exited = new Promise<never>((_, reject) => child.once('exit', (code, signal) => {
    apis.delete(p);
    reject(new Error(portTaken
      ? `api${n} port ${p} is already in use by another process`
      : `api${n} (:${p}) exited (${signal ?? code}) before it was ready`));
  }));
  exited.catch(() => undefined);
  const ready = Promise.race([waitReady(child, p), exited]);
  // After it was ready: restarted 1 s after it dies, until the port is taken from it.
  ready.then(() => child.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[start:prod] api${n} (:${p}) exited (${signal ?? code}); restarting in 1 s`);
    setTimeout(() => {
      if (stopping) return;
      startApi(p, n).catch((e: Error) => {
        if (stopping) return;
        // Someone else took the port meanwhile: nginx would proxy to them. Stop rather than serve their site.
        if (/already in use/.test(e.message)) { console.error(`[start:prod] ${e.message}; stopping`); void shutdown(1); return; }
        console.error(`[start:prod] ${e.message}`);
      });
    }, 1000);
  }), () => undefined);
  return ready;
}

/** Waits until the process answering on :p is `child` itself (pid on /api/health), then for its /api/ready. */
async function waitReady(child: ChildProcess, p: number) {
  const until = Date.now() + readyTimeoutMs;
  let own = false;
  while (child.exitCode === null && child.signalCode === null) {
    try {
      if (!own) own = ((await (await fetch(`http://${API_HOST}:${p}/api/health`)).json()) as { pid?: number }).pid === child.pid;
      if (own && (await fetch(`http://${API_HOST}:${p}/api/ready`)).ok) return;
    } catch { /* not listening yet */ }
    if (Date.now() > until) {
      child.kill('SIGTERM');
      throw new Error(`api on :${p} not ready after ${readyTimeoutMs} ms${own ? ' (/api/ready does not answer 200)' : ''}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await new Promise(() => undefined); // exited: the caller's race reports it
}

// Whatever ends this process, its children do not outlive it.
process.on('exit', () => { for (const c of [watchdog, nginx, ...apis.values()]) if (c && c.exitCode === null && c.signalCode === null) c.kill('SIGTERM'); });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(0));
// npm killed outright (SIGKILL is not forwarded): this process is re-parented; stop rather than serve on unsupervised.
whenParentGone(() => { console.error('[start:prod] the process that started this one is gone; stopping'); void shutdown(0); });

try {
  await Promise.all(apiPorts.map((p, i) => startApi(p, i + 1)));
} catch (e) {
  console.error(`start:prod refuses to start: ${(e as Error).message}`);
  await shutdown(1);
}

prefix = mkdtempSync(path.join(os.tmpdir(), 'ticketing-nginx-'));
const conf = writeNginxPrefix({ prefix, logDir, listen: `${host}:${port}`, hostDir, siteDir: siteDir(), apiPorts, registry: readRegistry(), paymentOrigin: env.PAYMENT_ORIGIN });
// -e: nginx's own start-up errors go to LOG_DIR too (not /var/log/nginx, which a non-root user cannot write).
nginx = spawn('nginx', ['-e', path.join(logDir, 'error.log'), '-p', prefix, '-c', conf], { stdio: 'inherit', detached: true });
const nginxStarted = new Promise<void>((resolve, reject) => {
  nginx!.once('exit', (code, signal) => reject(new Error(`nginx exited (${signal ?? code}) before it listened on ${host}:${port}; see ${path.join(logDir, 'error.log')}`)));
  // nginx writes its pid file after it opened its listening sockets: the pid file with its pid is the proof.
  const pidFile = path.join(prefix, 'nginx.pid');
  const poll = setInterval(() => {
    if (existsSync(pidFile) && Number(readFileSync(pidFile, 'utf8').trim()) === nginx!.pid) { clearInterval(poll); resolve(); }
  }, 100);
  nginx!.once('exit', () => clearInterval(poll));
});
try {
  await nginxStarted;
} catch (e) {
  console.error(`start:prod refuses to start: ${(e as Error).message}`);
  await shutdown(1);
}
watchdog = stopNginxWhenGone(process.pid, nginx.pid!, prefix);
nginx.on('exit', (code, signal) => {
  if (!stopping) { console.error(`[start:prod] nginx exited (${signal ?? code}); see ${path.join(logDir, 'error.log')}`); void shutdown(1); }
});

console.log(`\n  Ticketing (production topology) at http://${host === '0.0.0.0' ? 'localhost' : host}:${port}/`);
console.log(`  api processes on ${apiPorts.join(', ')}; site ${siteDir()}`);
console.log(`  nginx logs (access.log, error.log) in ${logDir} (LOG_DIR); nginx prefix ${prefix}\n`);

async function shutdown(code = 0) {
  if (stopping) return new Promise<never>(() => undefined);
  stopping = true;
  watchdog?.kill(); // this stop drains nginx itself
  const exited = (c: ChildProcess) => new Promise<void>((r) => (c.exitCode !== null || c.signalCode !== null ? r() : c.once('exit', () => r())));
  // nginx: QUIT = graceful (finish in-flight requests); then the api processes: TERM = graceful drain.
  if (nginx && nginx.exitCode === null) nginx.kill('SIGQUIT');
  const all = [...(nginx ? [exited(nginx)] : []), ...[...apis.values()].map((c) => { c.kill('SIGTERM'); return exited(c); })];
  const timer = setTimeout(() => { for (const c of [nginx, ...apis.values()]) c?.kill('SIGKILL'); }, 15_000);
  await Promise.all(all);
  clearTimeout(timer);
  // The prefix holds only the generated config, pid file and temp bodies; the logs live in LOG_DIR.
  if (prefix) rmSync(prefix, { recursive: true, force: true });
  process.exit(code);
}
