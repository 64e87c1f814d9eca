/**
 * The logs of the production topology: e-ticket keys (and the other bearer paths) masked in the api's log
 * and in nginx's access log; and nginx in front of the api processes: the api's own 503 passes through and
 * marks no process dead (http_503 in proxy_next_upstream turned a database outage into nginx's HTML 502
 * for every /api call, /api/health included), a process that is gone is still skipped.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../lib/apps.ts';
import { renderNginxConf, writeNginxPrefix } from '../lib/nginx.ts';
import { redactUrl } from '../../api/src/lib/logging.ts';

const KEY = 'BWllv2l9Qk3zT0pYvR7m8Xq'; // the shape of a document key: 18 random bytes, base64url
const SAMPLES: [string, string][] = [
  [`/api/edocument/${KEY}`, '/api/edocument/…8Xq'],
  [`/api/edocument/${KEY}/seat-change?lang=en`, '/api/edocument/…8Xq/seat-change?lang=en'],
  [`/api/edocument/${KEY}/calendar.ics`, '/api/edocument/…8Xq/calendar.ics'],
  ['/api/edocument/short', '/api/edocument/…'],
  ['/api/waiting-list/offer/0f8e2c1a-5b7d-4e3f-9a6b-2d4c8e1f7a90', '/api/waiting-list/offer/…a90'],
  [`/api/payment/session/${KEY}`, '/api/payment/session/…8Xq'],
  // every provider's hosted page, the card pages as well as PayPal's (a session id alone opens it)
  ['/api/payment/sandbox/page/ps_S3c_kjMGssTIDdiErXmo_zpT/3ds', '/api/payment/sandbox/page/…zpT/3ds'],
  ['/api/payment/paypal/page/ps_S3c_kjMGssTIDdiErXmo_zpT', '/api/payment/paypal/page/…zpT'],
  ['/api/payment/sandbox/page.js', '/api/payment/sandbox/page.js'],
  [`/edocument/${KEY}/seats`, '/edocument/…8Xq/seats'],
  ['/customer/offer/0f8e2c1a-5b7d-4e3f-9a6b-2d4c8e1f7a90', '/customer/offer/…a90'],
  ['/api/features?x=1', '/api/features?x=1'],
  ['/api/edocumentation', '/api/edocumentation'],
];

describe('redactUrl', () => {
  it.each(SAMPLES)('%s → %s', (url, logged) => expect(redactUrl(url)).toBe(logged));
});

describe('the api\'s log', () => {
  it('an e-ticket request logs its url masked (the request serializer and a handler\'s own `url`)', () => {
    // The real app with its logger (pino writes to fd 1): run in a child, read what it printed.
    const code = `
      const { openPglite } = await import(${JSON.stringify(path.join(ROOT, 'api/src/db/index.ts'))});
      const { migrate } = await import(${JSON.stringify(path.join(ROOT, 'api/src/db/migrate.ts'))});
      const { buildApp } = await import(${JSON.stringify(path.join(ROOT, 'api/src/app.ts'))});
      const db = await openPglite('memory://');
      await migrate(db);
      const app = await buildApp({ db, logger: true, sweepIntervalMs: 0, housekeepingIntervalMs: 0 });
      await app.inject({ url: '/api/edocument/${KEY}' });
      await app.inject({ url: '/api/edocument/${KEY}/seats?lang=en' });
      app.log.warn({ url: '/api/edocument/${KEY}/seat-change' }, 'statement timeout');
      await app.close(); await db.close();`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
    expect(r.status, r.stderr).toBe(0);
    const urls = r.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { req?: { url: string }; url?: string }).map((l) => l.req?.url ?? l.url).filter(Boolean);
    expect(urls).toEqual(['/api/edocument/…8Xq', '/api/edocument/…8Xq/seats?lang=en', '/api/edocument/…8Xq/seat-change']);
    expect(r.stdout).not.toContain(KEY.slice(0, 8));
  }, 130_000);
});

const template = readFileSync(path.join(ROOT, 'deploy', 'nginx.conf.template'), 'utf8');
describe('nginx template', () => {
  it('retries only a process that could not be reached: never on an answer (the api\'s 503 passes through)', () => {
    const lines = template.split('\n').filter((l) => /^\s*proxy_next_upstream\s/.test(l));
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(l.trim()).toBe('proxy_next_upstream error timeout;');
  });
  it('logs under LOG_DIR, outside the prefix removed at stop, with the masking format', () => {
    const conf = renderNginxConf({ prefix: '/tmp/p', logDir: '/var/log/ticketing', listen: '127.0.0.1:1', hostDir: '/h', siteDir: '/s', apiPorts: [1] });
    expect(conf).toMatch(/error_log \/var\/log\/ticketing\/error\.log warn;/);
    expect(conf).toMatch(/access_log \/var\/log\/ticketing\/access\.log redacted;/);
    expect(conf).not.toMatch(/\/tmp\/p\/logs/);
  });
});

const hasNginx = spawnSync('nginx', ['-v']).status === 0;
if (!hasNginx) console.warn('nginx is not installed: the nginx checks of log-redaction.test.ts are skipped (npm test installs it)');
describe.skipIf(!hasNginx)('nginx in front of the api processes (a real nginx)', () => {
  let dir = '';
  let listen = 0;
  let nginx: ChildProcess | undefined;
  let api: http.Server | undefined;
  let apiPort = 0;
  const freePort = () => new Promise<number>((r) => { const s = net.createServer().listen(0, '127.0.0.1', () => { const p = (s.address() as net.AddressInfo).port; s.close(() => r(p)); }); });
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'nginx-logs-'));
    for (const d of ['host', 'site', 'logs']) mkdirSync(path.join(dir, d));
    writeFileSync(path.join(dir, 'host', 'index.html'), '<!doctype html><title>t</title>');
    // One api process whose database is down (/api/ready: its 503), and one that is gone (nothing listens).
    api = http.createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/api/ready') return res.writeHead(503, { 'retry-after': '1' }).end('{"error":"DB_UNAVAILABLE","message":"the database is unavailable; retry shortly"}');
      res.end(JSON.stringify({ ok: true, pid: process.pid }));
    });
    apiPort = await new Promise<number>((r) => api!.listen(0, '127.0.0.1', () => r((api!.address() as net.AddressInfo).port)));
    const dead = await freePort();
    listen = await freePort();
    const prefix = path.join(dir, 'prefix');
    const conf = writeNginxPrefix({ prefix, logDir: path.join(dir, 'logs'), listen: `127.0.0.1:${listen}`, hostDir: path.join(dir, 'host'), siteDir: path.join(dir, 'site'), apiPorts: [dead, apiPort] });
    nginx = spawn('nginx', ['-e', path.join(dir, 'logs', 'error.log'), '-p', prefix, '-c', conf], { stdio: 'inherit' });
    const pidFile = path.join(prefix, 'nginx.pid');
    for (const until = Date.now() + 10_000; !existsSync(pidFile) && Date.now() < until;) await new Promise((r) => setTimeout(r, 50));
  }, 20_000);
  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((r) => nginx!.once('exit', r));
      nginx.kill('SIGTERM');
      await exited;
    }
    api?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const get = (p: string, headers: Record<string, string> = {}) => fetch(`http://127.0.0.1:${listen}${p}`, { headers });

  it('the api\'s 503 reaches the client as it is, and /api/health keeps answering 200 through it', async () => {
    for (let i = 0; i < 4; i++) {
      const r = await get('/api/ready');
      expect(r.status).toBe(503);
      expect(r.headers.get('retry-after')).toBe('1');
      expect(await r.json()).toMatchObject({ error: 'DB_UNAVAILABLE' });
    }
    // Every call went to the live process although the other is gone: the gone one is skipped.
    for (let i = 0; i < 4; i++) expect((await get('/api/health')).status).toBe(200);
  });
  it('the request line and the Referer are logged with the key masked', async () => {
    await get(`/api/edocument/${KEY}/seat-change?lang=en`, { referer: `http://127.0.0.1:${listen}/edocument/${KEY}/seats` });
    await get(`/edocument/${KEY}`);
    await new Promise((r) => setTimeout(r, 300)); // access log lines are written when the request ends
    const log = readFileSync(path.join(dir, 'logs', 'access.log'), 'utf8');
    expect(log).not.toContain(KEY.slice(0, 8));
    expect(log).toContain(`"GET /api/edocument/…8Xq/seat-change?lang=en HTTP/1.1" 200`);
    expect(log).toContain(`"http://127.0.0.1:${listen}/edocument/…8Xq/seats"`);
    expect(log).toContain('"GET /edocument/…8Xq HTTP/1.1"');
    for (const [url, logged] of SAMPLES) {
      await get(url);
      await new Promise((r) => setTimeout(r, 100));
      expect(readFileSync(path.join(dir, 'logs', 'access.log'), 'utf8').trim().split('\n').at(-1)).toContain(`"GET ${logged} HTTP/1.1"`);
    }
  });
  it('no process answering at all: a JSON 503 with Retry-After, not nginx\'s HTML page', async () => {
    await new Promise((r) => api!.close(r));
    api!.closeAllConnections();
    const r = await get('/api/health');
    expect(r.status).toBe(503);
    expect(r.headers.get('content-type')).toMatch(/application\/json/);
    expect(r.headers.get('retry-after')).toBe('5');
    expect(await r.json()).toMatchObject({ error: 'API_UNAVAILABLE' });
  });
});
