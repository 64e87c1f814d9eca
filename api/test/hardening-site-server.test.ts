/**
 * Issue 13 point 1: the site server of `npm start` never dies on a request and serves nothing outside
 * its folders. Runs the real handler (scripts/lib/site-server.ts) on a real socket over temporary folders.
 */
import http from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createSiteHandler, listen, safeJoin } from '../../scripts/lib/site-server.ts';

let dir: string;
let server: http.Server;
let port: number;
let apiThrows = false;

/** A raw request: the path goes on the wire exactly as written (no client-side normalisation). */
function get(p: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: p, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'site-hardening-'));
  const hostDir = path.join(dir, 'host');
  const site = path.join(dir, 'site');
  mkdirSync(hostDir, { recursive: true });
  mkdirSync(path.join(site, 'remotes', 'mf-booking', '1.0.0'), { recursive: true });
  writeFileSync(path.join(hostDir, 'index.html'), '<!doctype html><script src="/main.js"></script>');
  writeFileSync(path.join(hostDir, 'main.js'), 'console.log(1)');
  writeFileSync(path.join(site, 'remotes.json'), '{"remotes":[]}');
  writeFileSync(path.join(site, 'registry-history.json'), '{"secret":"history"}');
  writeFileSync(path.join(site, 'remotes', 'mf-booking', '1.0.0', 'remoteEntry.js'), 'var entry');
  writeFileSync(path.join(dir, 'outside.txt'), 'outside');
  const api = { routing: (_req: http.IncomingMessage, res: http.ServerResponse) => {
    if (apiThrows) throw new Error('api exploded');
    res.end('api');
  } } as unknown as FastifyInstance;
  server = await listen(createSiteHandler({ api, hostDir, site }), 0);
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
});

describe('site server hardening', () => {
  it('GET /% and other bad percent-encoding answer 4xx or the page, and the server keeps serving', async () => {
    for (const p of ['/%', '/%zz', '/remotes/%', '/remotes/%E0%A4%A', '/main.js%', '/%00', '/remotes/a%00b.js']) {
      const r = await get(p);
      expect(r.status, p).toBeLessThan(500);
    }
    expect((await get('/main.js')).status).toBe(200);
  });

  it('traversal out of the remotes folder or the host folder is refused', async () => {
    for (const p of ['/remotes/..%2fregistry-history.json', '/remotes/..%2f..%2foutside.txt', '/remotes/%2e%2e/registry-history.json',
      '/remotes/mf-booking/..%2f..%2fregistry-history.json', '/..%2foutside.txt', '/%2e%2e%2foutside.txt', '/remotes/..%5cregistry-history.json']) {
      const r = await get(p);
      expect(r.body, p).not.toContain('history');
      expect(r.body, p).not.toContain('outside');
    }
    expect((await get('/remotes/mf-booking/1.0.0/remoteEntry.js')).body).toBe('var entry');
  });

  it('safeJoin never resolves outside its base', () => {
    const base = path.join(dir, 'site', 'remotes');
    expect(safeJoin(base, '/../registry-history.json')).toBe(path.join(base, 'registry-history.json'));
    expect(safeJoin(base, '/%')).toBeUndefined();
    expect(safeJoin(base, '/a%00b')).toBeUndefined();
    expect(safeJoin(base, '/x/1.0.0/a.js')).toBe(path.join(base, 'x', '1.0.0', 'a.js'));
  });

  it('a handler that throws answers 500 for that request only', async () => {
    apiThrows = true;
    try {
      expect((await get('/api/anything')).status).toBe(500);
    } finally {
      apiThrows = false;
    }
    expect((await get('/api/anything')).body).toBe('api');
  });
});
