/** Helpers of the fault suite: databases cloned from the run's template, real api processes, the PostgreSQL server. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
const API_MAIN = path.resolve(here, '..', 'src', 'main.ts');
const ROOT = path.resolve(here, '..', '..');

/** The server's admin URL (a database that always exists). */
export const baseUrl = () => process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export function dbUrl(name: string): string {
  const u = new URL(baseUrl());
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminQuery<T extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params: unknown[] = [], url = baseUrl()): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try { return (await c.query<T>(sql, params)).rows; } finally { await c.end(); }
}

export async function cloneDb(template: string, tag: string): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `fault_${tag}_${process.pid}_${Date.now().toString(36)}`;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  return { name, url: dbUrl(name), drop: async () => { await ensureServerUp(); await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`); } };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => { const p = (s.address() as net.AddressInfo).port; s.close(() => resolve(p)); });
    s.on('error', reject);
  });
}

export interface ApiProcess { port: number; url: string; proc: ChildProcess; log: string[]; exited: Promise<number | null>; stop(signal?: NodeJS.Signals): Promise<void> }

/** Starts api/src/main.ts as its own process on DATABASE_URL and waits until /api/ready answers 200. */
export async function startApi(databaseUrl: string, env: Record<string, string> = {}): Promise<ApiProcess> {
  const port = await freePort();
  const log: string[] = [];
  const proc = spawn(process.execPath, ['--import', 'tsx', API_MAIN], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'test', PG_CONNECT_TIMEOUT_MS: '2000',
      // the simulated visitors all come from this machine's address: no per-address hold limit (issue 13)
      MAX_HELD_PER_ADDRESS: '1000000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (c: Buffer) => log.push(c.toString()));
  proc.stderr!.on('data', (c: Buffer) => log.push(c.toString()));
  const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 120_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`api exited (${proc.exitCode}) before ready:\n${log.join('').slice(-3000)}`);
    try { if ((await fetch(`${url}/api/ready`)).ok) break; } catch { /* not listening yet */ }
    if (Date.now() > until) { proc.kill('SIGKILL'); throw new Error(`api not ready:\n${log.join('').slice(-3000)}`); }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    port, url, proc, log, exited,
    async stop(signal = 'SIGTERM') { if (proc.exitCode === null && proc.signalCode === null) { proc.kill(signal); await exited; } },
  };
}

// ---------- the PostgreSQL server ----------

function cluster(): { version: string; name: string } {
  const version = readdirSync('/etc/postgresql').sort().pop();
  if (!version) throw new Error('no PostgreSQL cluster under /etc/postgresql');
  return { version, name: 'main' };
}
function ctl(action: 'start' | 'stop' | 'restart') {
  const { version, name } = cluster();
  const args = ['--skip-systemctl-redirect', version, name, action, ...(action === 'start' ? [] : ['-m', 'fast'])];
  const r = spawnSync('pg_ctlcluster', args, { encoding: 'utf8' });
  if (r.status !== 0 && !(action === 'start' && /already running/i.test(r.stderr))) throw new Error(`pg_ctlcluster ${args.join(' ')}: ${r.stderr}`);
}
export const isServerUp = () => spawnSync('pg_isready', ['-h', new URL(baseUrl()).hostname, '-p', new URL(baseUrl()).port || '5432', '-t', '2']).status === 0;

export async function waitServer(up: boolean, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (isServerUp() !== up) {
    if (Date.now() > until) throw new Error(`PostgreSQL did not become ${up ? 'ready' : 'unavailable'}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
export async function stopServer() { ctl('stop'); await waitServer(false); }
export async function startServer() { ctl('start'); await waitServer(true); }
/** Always leaves the server running (CI machines and other suites need it). */
export async function ensureServerUp() { if (!isServerUp()) { try { ctl('start'); } catch { /* maybe starting */ } await waitServer(true); } }
