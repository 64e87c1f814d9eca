/**
 * The one local address of `npm start`: the host at '/', versioned remotes under
 * /remotes/<name>/<version>/, the registry at /remotes.json (no-store) and the api at /api.
 * In production the same files go to any static host (see deploy/nginx.conf).
 */
import http from 'node:http';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { distDir, siteDir } from './apps.ts';
import { remoteOriginsOf, securityHeaders } from './security.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8', '.map': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.jpg': 'image/jpeg', '.webp': 'image/webp', '.ico': 'image/x-icon', '.txt': 'text/plain; charset=utf-8',
};
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Host files whose name carries a content hash (rspack `[contenthash:10]`): safe to cache forever. */
export const isHashed = (file: string) => /\.[0-9a-f]{10}\.(js|css|map|png|svg|jpg|webp)$/.test(file);
/** A path that names a file (an asset), as opposed to a page route such as /order/123. */
const looksLikeAsset = (p: string) => /\.(js|css|map|json|png|svg|jpg|webp|ico|txt|woff2?)$/.test(p);

/** The registry's remote origins for the CSP, re-read only when the file changes. */
function registryOrigins(site: string): string[] {
  const file = path.join(site, 'remotes.json');
  try {
    const mtime = statSync(file).mtimeMs;
    if (originCache?.file === file && originCache.mtime === mtime) return originCache.origins;
    const origins = remoteOriginsOf(JSON.parse(readFileSync(file, 'utf8')));
    originCache = { file, mtime, origins };
    return origins;
  } catch {
    return [];
  }
}
let originCache: { file: string; mtime: number; origins: string[] } | undefined;

/**
 * The file a URL path names inside `base`, or undefined: bad percent-encoding, a NUL byte, a backslash
 * or any path that resolves outside `base` (after decoding, so `..%2f` counts) names nothing.
 */
export function safeJoin(base: string, urlPath: string): string | undefined {
  let decoded: string;
  try { decoded = decodeURIComponent(urlPath); } catch { return undefined; }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const root = path.resolve(base);
  const p = path.resolve(root, '.' + path.posix.normalize('/' + decoded));
  return p.startsWith(root + path.sep) ? p : undefined;
}

const gzCache = new Map<string, { mtime: number; body: Buffer }>();

/** `<file>.br` when the build wrote one for this version of the file (not older than it), else undefined. */
function brotliCopy(file: string, mtimeMs: number): { file: string; size: number } | undefined {
  try {
    const st = statSync(`${file}.br`);
    return st.isFile() && st.mtimeMs >= mtimeMs - 1_000 ? { file: `${file}.br`, size: st.size } : undefined;
  } catch {
    return undefined;
  }
}
function sendFile(req: http.IncomingMessage, res: http.ServerResponse, file: string, cache: string) {
  const stat = statSync(file);
  const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
  res.setHeader('Content-Type', type);
  res.setHeader('Cache-Control', cache);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Access-Control-Allow-Origin', '*');
  const compressible = /javascript|css|json|html/.test(type) && stat.size > 1024;
  const accepts = String(req.headers['accept-encoding'] ?? '');
  // The build's Brotli copy (PrecompressPlugin in rspack.config.base.ts) to a browser that accepts it, as nginx's
  // brotli_static does in production; each encoding has its own ETag (a cached gzip answer is not a Brotli one).
  const br = compressible && /\bbr\b/.test(accepts) ? brotliCopy(file, stat.mtimeMs) : undefined;
  const etag = `"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}${br ? '-br' : ''}"`;
  res.setHeader('ETag', etag);
  if (compressible) res.setHeader('Vary', 'Accept-Encoding');
  if (req.headers['if-none-match'] === etag) { res.statusCode = 304; res.end(); return; }
  if (br) {
    res.setHeader('Content-Encoding', 'br');
    res.setHeader('Content-Length', br.size);
    if (req.method === 'HEAD') { res.end(); return; }
    createReadStream(br.file).on('error', () => res.destroy()).pipe(res);
    return;
  }
  if (compressible && /\bgzip\b/.test(accepts)) {
    let hit = gzCache.get(file);
    if (!hit || hit.mtime !== stat.mtimeMs) { hit = { mtime: stat.mtimeMs, body: gzipSync(readFileSync(file)) }; gzCache.set(file, hit); }
    res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Content-Length', hit.body.length);
    res.end(req.method === 'HEAD' ? undefined : hit.body);
    return;
  }
  res.setHeader('Content-Length', stat.size);
  if (req.method === 'HEAD') { res.end(); return; }
  createReadStream(file).on('error', () => res.destroy()).pipe(res);
}

export interface SiteOptions { api: FastifyInstance; hostDir?: string; site?: string }

export function createSiteHandler(opts: SiteOptions) {
  const hostDir = opts.hostDir ?? distDir('host');
  const site = opts.site ?? siteDir();
  const indexFile = path.join(hostDir, 'index.html');
  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const p = url.pathname;
    if (p === '/api' || p.startsWith('/api/')) { opts.api.routing(req, res); return; }
    if (req.method !== 'GET' && req.method !== 'HEAD') { res.statusCode = 405; res.end(); return; }
    if (p === '/remotes.json') {
      const file = path.join(site, 'remotes.json');
      if (!existsSync(file)) { res.statusCode = 503; res.setHeader('Cache-Control', 'no-store'); res.end('{"error":"REGISTRY_UNAVAILABLE"}'); return; }
      sendFile(req, res, file, 'no-store');
      return;
    }
    if (p.startsWith('/remotes/')) {
      // resolved inside the remotes folder itself: /remotes/..%2fregistry-history.json names nothing
      const file = safeJoin(path.join(site, 'remotes'), p.slice('/remotes'.length));
      if (file && existsSync(file) && statSync(file).isFile()) sendFile(req, res, file, IMMUTABLE);
      else { res.statusCode = 404; res.setHeader('Cache-Control', 'no-store'); res.end('not found'); }
      return;
    }
    const file = p !== '/' ? safeJoin(hostDir, p) : undefined;
    if (file && existsSync(file) && statSync(file).isFile() && !file.endsWith('index.html')) {
      sendFile(req, res, file, isHashed(file) ? IMMUTABLE : 'no-cache');
      return;
    }
    if (looksLikeAsset(p)) {
      // A missing chunk must fail as a chunk load (and trigger the reload rule), not receive HTML.
      res.statusCode = 404; res.setHeader('Cache-Control', 'no-store'); res.setHeader('X-Content-Type-Options', 'nosniff'); res.end('not found');
      return;
    }
    // Every page route gets the host page; it revalidates on each load and carries a fresh CSP nonce.
    const nonce = randomBytes(16).toString('base64');
    const html = readFileSync(indexFile, 'utf8').replace(/<(script|link|style) /g, `<$1 nonce="${nonce}" `);
    const headers = securityHeaders(nonce, { remoteOrigins: registryOrigins(site), paymentOrigin: process.env.PAYMENT_ORIGIN });
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    res.setHeader('Content-Type', TYPES['.html']!);
    res.setHeader('Cache-Control', 'no-cache');
    res.end(req.method === 'HEAD' ? undefined : html);
  };
  // No request can stop the server: whatever a handler throws becomes a 500 for that request alone.
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    try {
      handle(req, res);
    } catch (err) {
      console.error('[site] request failed', req.method, JSON.stringify(req.url), err);
      if (res.headersSent) { res.destroy(); return; }
      res.statusCode = err instanceof URIError ? 400 : 500;
      res.setHeader('Cache-Control', 'no-store');
      res.end(res.statusCode === 400 ? 'bad request' : 'internal error');
    }
  };
}

/**
 * Last resort for the whole process (site and api share it under `npm start`): an error that escapes
 * every handler (a stream callback, a timer) is logged and the process keeps serving.
 */
export function keepServingOnUncaught(log: (msg: string, err: unknown) => void = (m, e) => console.error(m, e)): void {
  process.on('uncaughtException', (err) => log('[site] uncaught exception (still serving)', err));
  process.on('unhandledRejection', (err) => log('[site] unhandled rejection (still serving)', err));
}

export async function listen(handler: http.RequestListener, port: number, host = '127.0.0.1'): Promise<http.Server> {
  const server = http.createServer(handler);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return server;
}
