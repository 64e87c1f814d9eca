/**
 * npm run start:prod as an operator meets it: a taken port is refused before anything starts (it used to
 * proxy to whichever process held an api port: another instance's database and sandbox payments), a missing
 * or unreachable database is said in one line, the guard refuses every sandbox the api knows (blik
 * included), and `npm start` / `npm run start:prod` exec node so a SIGTERM to npm reaches the script.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { APPS, isBuilt, ROOT } from '../lib/apps.ts';
import { productionRefusals } from '../lib/prod-guard.ts';
import { databaseHint } from '../lib/db-hint.ts';
import { SANDBOX_PROVIDERS } from '../../api/src/lib/demo.ts';

/** n consecutive free loopback ports. */
async function freePorts(n: number): Promise<number[]> {
  for (;;) {
    const base = 20000 + Math.floor(Math.random() * 30000);
    const ports = Array.from({ length: n }, (_, i) => base + i);
    const free = await Promise.all(ports.map((p) => new Promise<boolean>((r) => {
      const s = net.createServer().once('error', () => r(false)).listen(p, '127.0.0.1', () => s.close(() => r(true)));
    })));
    if (free.every(Boolean)) return ports;
  }
}
/** Another stack's api on a port: answers /api/ready and /api/health as a healthy api would. */
function foreignApi(port: number): Promise<http.Server> {
  const server = http.createServer((_req, res) => res.setHeader('content-type', 'application/json').end(JSON.stringify({ ok: true, engine: 'postgres', pid: 1, dbMs: 1, uptimeS: 1 })));
  return new Promise((r) => server.listen(port, '127.0.0.1', () => r(server)));
}
const servers: http.Server[] = [];
afterAll(() => { for (const s of servers) s.close(); });

function startProd(env: Record<string, string>) {
  const base = { ...process.env };
  for (const k of ['START_PROD_ALLOW_DEMO', 'DEMO_MODE', 'SEED_DEMO', 'ALLOW_SANDBOX_PAYMENTS']) delete base[k];
  return spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'start-prod.ts')], {
    cwd: ROOT, encoding: 'utf8', timeout: 60_000,
    // port 1: nothing listens there, so a start that got past the port check would fail on the database
    env: { ...base, PAYMENT_PROVIDERS: 'none', DATABASE_URL: 'postgres://postgres@127.0.0.1:1/ticketing', API_LOG: '0', ...env },
  });
}

describe('start:prod refuses a taken port', () => {
  it('an api port held by another process: exit 1, one line naming the port, nothing started', async () => {
    const [site, api1, api2] = await freePorts(3);
    servers.push(await foreignApi(api2));
    const r = startProd({ PORT: String(site), API_BASE_PORT: String(api1) });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe(`start:prod refuses to start: api2 (API_BASE_PORT + 1) port ${api2} (127.0.0.1) is already in use by another process; stop it or choose another PORT / API_BASE_PORT`);
    expect(r.stdout).not.toMatch(/Ticketing \(production topology\) at/);
  }, 70_000);
  it('the site port held by another process', async () => {
    const [site, api1] = await freePorts(3);
    servers.push(await foreignApi(site));
    const r = startProd({ PORT: String(site), API_BASE_PORT: String(api1) });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^start:prod refuses to start: site \\(PORT\\) port ${site} \\(127\\.0\\.0\\.1\\) is already in use`));
  }, 70_000);
  it('a database that does not answer: one line, no stack trace', async () => {
    const [site, api1] = await freePorts(3);
    const r = startProd({ PORT: String(site), API_BASE_PORT: String(api1) });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe('start:prod refuses to start: no PostgreSQL server answers at 127.0.0.1:1 (connection refused): start it, or correct DATABASE_URL');
  }, 70_000);
});

describe('database hints', () => {
  it('a missing database names createdb with the URL\'s host, port, user and name', () => {
    expect(databaseHint({ code: '3D000', message: 'database "ticketing" does not exist' }, 'postgres://app@db.local:5433/ticketing'))
      .toBe('the database "ticketing" does not exist on db.local:5433: create it first (createdb -h db.local -p 5433 -U app ticketing), then start again');
    // pg reports a refused connection to localhost as an AggregateError (one error per address tried)
    expect(databaseHint({ errors: [{ code: 'ECONNREFUSED' }, { code: 'ECONNREFUSED' }] }, 'postgres://localhost/x')).toMatch(/^no PostgreSQL server answers at localhost:5432/);
    expect(databaseHint(new Error('syntax error'))).toBeUndefined();
  });
});

describe('start:prod guard', () => {
  it('refuses every payment provider the api treats as a sandbox (blik was missing)', () => {
    expect(SANDBOX_PROVIDERS).toContain('blik');
    for (const p of SANDBOX_PROVIDERS) expect(productionRefusals({ PAYMENT_PROVIDERS: p }).join(' ')).toContain(`sandbox payment providers (${p})`);
    expect(productionRefusals({ PAYMENT_PROVIDERS: 'none' })).toEqual([]);
  });
});

describe('signals through npm', () => {
  const scripts = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
  it('start and start:prod exec node: npm → node, no sh or tsx CLI between to swallow the signal', () => {
    // npm forwards SIGTERM/SIGINT to its child, the `sh -c`; dash dies of it without passing it on, and the
    // tsx CLI and the script were re-parented to PID 1, still serving.
    expect(scripts.start).toBe('exec node --import tsx scripts/start.ts');
    expect(scripts['start:prod']).toBe('exec node --import tsx scripts/start-prod.ts');
  });
  const built = APPS.every((a) => isBuilt(a));
  it.skipIf(!built)('kill -TERM <npm pid> of a running `npm start` stops the server', async () => {
    const [port] = await freePorts(1);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'start-signal-'));
    const npm = spawn('npm', ['start'], {
      cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PORT: String(port), SITE_DIR: path.join(dir, 'site'), API_DATA_DIR: path.join(dir, 'data') },
    });
    let out = '';
    npm.stdout!.on('data', (c) => { out += c; });
    npm.stderr!.on('data', (c) => { out += c; });
    const health = async () => {
      try { return ((await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as { pid: number }).pid; } catch { return undefined; }
    };
    let pid: number | undefined;
    try {
      for (const until = Date.now() + 150_000; !pid && Date.now() < until;) {
        pid = await health();
        if (!pid) await new Promise((r) => setTimeout(r, 500));
      }
      expect(pid, out).toBeTypeOf('number');
      const npmExit = new Promise<void>((r) => npm.once('exit', () => r()));
      npm.kill('SIGTERM');
      await npmExit;
      const alive = (p: number) => { try { process.kill(p, 0); return !/^Z/.test(readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1] ?? ''); } catch { return false; } };
      for (const until = Date.now() + 20_000; alive(pid!) && Date.now() < until;) await new Promise((r) => setTimeout(r, 200));
      expect(alive(pid!), `server ${pid} still runs after npm exited`).toBe(false);
      expect(await health()).toBeUndefined();
    } finally {
      if (npm.exitCode === null) npm.kill('SIGKILL');
      if (pid) try { process.kill(pid, 'SIGTERM'); } catch { /* stopped, as it should */ }
      rmSync(dir, { recursive: true, force: true });
    }
  }, 200_000);
  const hasNginx = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).status === 0;
  // (not skipped on a clean clone: start:prod builds what is not built, as an operator's first start does)
  it.skipIf(!hasNginx)('start:prod killed with SIGKILL: its nginx stops too and frees the site port (it served on, with no api behind it)', async () => {
    const [site, api1] = await freePorts(3);
    const admin = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const dbName = `start_prod_kill_${process.pid}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${dbName}`);
    await client.query(`CREATE DATABASE ${dbName}`);
    const dbUrl = new URL(admin);
    dbUrl.pathname = `/${dbName}`;
    const logs = mkdtempSync(path.join(os.tmpdir(), 'start-prod-kill-'));
    const base = { ...process.env };
    for (const k of ['START_PROD_ALLOW_DEMO', 'DEMO_MODE', 'SEED_DEMO', 'ALLOW_SANDBOX_PAYMENTS']) delete base[k];
    const script = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'start-prod.ts')], {
      cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...base, PORT: String(site), API_BASE_PORT: String(api1), PAYMENT_PROVIDERS: 'none', DATABASE_URL: dbUrl.href, LOG_DIR: logs, API_LOG: '0' },
    });
    let out = '';
    script.stdout!.on('data', (c) => { out += c; });
    script.stderr!.on('data', (c) => { out += c; });
    const answers = async () => { try { return (await fetch(`http://127.0.0.1:${site}/api/health`)).status; } catch { return 0; } };
    try {
      for (const until = Date.now() + 240_000; !/nginx prefix (\S+)/.test(out) && script.exitCode === null && Date.now() < until;) await new Promise((r) => setTimeout(r, 300));
      const prefix = /nginx prefix (\S+)/.exec(out)?.[1];
      expect(prefix, out).toBeTruthy();
      expect(await answers()).toBe(200);
      const nginxPid = Number(readFileSync(path.join(prefix!, 'nginx.pid'), 'utf8'));
      const exited = new Promise<void>((r) => script.once('exit', () => r()));
      script.kill('SIGKILL');
      await exited;
      const alive = (p: number) => { try { process.kill(p, 0); return !/^Z/.test(readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1] ?? ''); } catch { return false; } };
      for (const until = Date.now() + 15_000; (alive(nginxPid) || existsSync(prefix!)) && Date.now() < until;) await new Promise((r) => setTimeout(r, 200));
      expect(alive(nginxPid), `nginx ${nginxPid} still runs after start:prod was killed`).toBe(false);
      expect(await answers()).toBe(0); // nothing listens on the site port any more
      expect(existsSync(prefix!), 'its temporary prefix is removed').toBe(false);
    } finally {
      if (script.exitCode === null) script.kill('SIGKILL');
      const prefix = /nginx prefix (\S+)/.exec(out)?.[1];
      if (prefix && existsSync(path.join(prefix, 'nginx.pid'))) try { process.kill(Number(readFileSync(path.join(prefix, 'nginx.pid'), 'utf8')), 'SIGQUIT'); } catch { /* gone */ }
      await new Promise((r) => setTimeout(r, 1000)); // the api processes leave with their parent's IPC channel
      await client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
      await client.end();
      rmSync(logs, { recursive: true, force: true });
    }
  }, 300_000);
});
