/**
 * Issue 12: `npm start`'s site server sends the build's Brotli copy (`<file>.br`, PrecompressPlugin) to a browser that
 * accepts it, gzip to one that accepts only gzip, the file itself otherwise. Real handler, real socket, temporary folders.
 */
import http from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createSiteHandler, listen } from '../../scripts/lib/site-server.ts';

let dir: string;
let server: http.Server;
let port: number;
const script = `console.log(${JSON.stringify('seat map '.repeat(400))});`; // over the 1 KB threshold

function get(p: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: p, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'site-encoding-'));
  const hostDir = path.join(dir, 'host');
  const remote = path.join(dir, 'site', 'remotes', 'mf-booking', '1.0.0');
  mkdirSync(hostDir, { recursive: true });
  mkdirSync(remote, { recursive: true });
  writeFileSync(path.join(hostDir, 'index.html'), '<!doctype html>');
  writeFileSync(path.join(dir, 'site', 'remotes.json'), '{"remotes":[]}');
  for (const folder of [hostDir, remote]) {
    writeFileSync(path.join(folder, 'main.0123456789.js'), script);
    writeFileSync(path.join(folder, 'main.0123456789.js.br'), brotliCompressSync(script));
  }
  // a Brotli copy older than its file (the file changed after the build): never sent
  writeFileSync(path.join(hostDir, 'stale.0123456789.js'), script);
  writeFileSync(path.join(hostDir, 'stale.0123456789.js.br'), brotliCompressSync('old'));
  const old = new Date(Date.now() - 60_000);
  utimesSync(path.join(hostDir, 'stale.0123456789.js.br'), old, old);
  const api = { routing: (_req: http.IncomingMessage, res: http.ServerResponse) => res.end('api') } as unknown as FastifyInstance;
  server = await listen(createSiteHandler({ api, hostDir, site: path.join(dir, 'site') }), 0);
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
});

describe('site server: content encoding of the builds\' files', () => {
  for (const p of ['/main.0123456789.js', '/remotes/mf-booking/1.0.0/main.0123456789.js']) {
    it(`${p}: Brotli to a browser that accepts it, gzip to one that accepts only gzip, the file otherwise`, async () => {
      const br = await get(p, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toBe('Accept-Encoding');
      expect(brotliDecompressSync(br.body).toString()).toBe(script);
      expect(Number(br.headers['content-length'])).toBe(br.body.length);
      const gz = await get(p, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body).toString()).toBe(script);
      const plain = await get(p);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(script);
      // each encoding its own validator: a cached gzip answer never revalidates as the Brotli one
      expect(new Set([br.headers.etag, gz.headers.etag]).size).toBe(2);
      expect((await get(p, { 'accept-encoding': 'br', 'if-none-match': br.headers.etag! })).status).toBe(304);
      expect((await get(p, { 'accept-encoding': 'br', 'if-none-match': gz.headers.etag! })).status).toBe(200);
    });
  }

  it('HEAD answers the Brotli copy\'s length and no body', async () => {
    const head = await get('/main.0123456789.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe(brotliCompressSync(script).length);
    expect(head.body.length).toBe(0);
  });

  it('a Brotli copy older than its file is not sent (gzip instead)', async () => {
    const r = await get('/stale.0123456789.js', { 'accept-encoding': 'gzip, br' });
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(r.body).toString()).toBe(script);
  });
});
