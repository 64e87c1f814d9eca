/**
 * The composed site beside a single-bundle build of the same code (issue 12 item 2). The single bundle is the
 * host's own build configuration without Module Federation: the host's bootstrap runs unchanged and each
 * remote's `spa` module is an ordinary lazy chunk (single-bundle/federation-stub.ts), so every library exists
 * once and is tree-shaken once, and each route still loads only its own app. It is served on its own port;
 * `/api`, `/remotes.json` and `/remotes/…` go to the composed site, so both read the same data.
 * Compared per route: the JS fetched before the first screen (gzip -6 of each script) and Lighthouse (mobile
 * defaults). Target: composed ≤ 1.10× single on both. Part of `npm run bench`; alone:
 * `npx tsx scripts/bench/singleBundle.ts [composedBaseUrl]` → bench-results/single-bundle.json.
 */
import http from 'node:http';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { rspack, type Configuration, type RuleSetRule } from '@rspack/core';
import { chromium, type Browser } from '@playwright/test';
import { createConfig, EarlyStartPlugin } from '../../rspack.config.base.ts';
import { REMOTES, ROOT } from '../lib/apps.ts';
import { CHROMIUM_ARGS, chromiumPath, round, startSite } from './lib.ts';
import { benchLighthouse } from './lighthouse.ts';
import { findPresentation } from './seatmap.ts';

const HERE = path.join(ROOT, 'scripts', 'bench', 'single-bundle');
export const SINGLE_DIST = path.join(ROOT, 'bench-results', 'single-bundle');

/** The host's production configuration, minus federation, with every app's source compiled in. */
export function singleBundleConfig(): Configuration {
  const config = createConfig({ name: 'host', port: 0, isHost: true }, { production: true });
  const sources = REMOTES.map((r) => path.join(ROOT, r, 'src'));
  const rules = (config.module!.rules as RuleSetRule[]).map((rule) =>
    rule.loader === 'builtin:swc-loader' ? { ...rule, include: [...(rule.include as string[]), ...sources, HERE] } : rule);
  return {
    ...config,
    output: { ...config.output, path: SINGLE_DIST, uniqueName: 'single' },
    module: { ...config.module, rules: [{ test: /[\\/]src[\\/]definition\.ts$/, enforce: 'pre', loader: path.join(HERE, 'app-name-loader.cjs') }, ...rules] },
    plugins: [
      ...(config.plugins ?? []).filter((p) => (p as object)?.constructor?.name !== 'HostRequirementsPlugin')
        // The page's early script asks for the registry and texts as in the composed site, but hints no remote files.
        .map((p) => (p instanceof EarlyStartPlugin ? new EarlyStartPlugin({ remoteHints: false }) : p)),
      // The host's federation module becomes the stub that imports each app's source.
      new rspack.NormalModuleReplacementPlugin(/^\.\/federation$/, path.join(HERE, 'federation-stub.ts')),
      new rspack.NormalModuleReplacementPlugin(/^\.\/preloadRemote$/, path.join(HERE, 'preload-stub.ts')),
    ],
  };
}

export async function buildSingleBundle(): Promise<number> {
  const started = performance.now();
  const compiler = rspack(singleBundleConfig());
  await new Promise<void>((resolve, reject) => compiler.run((err, stats) => {
    compiler.close(() => {});
    if (err) reject(err);
    else if (stats?.hasErrors()) reject(new Error(stats.toString({ all: false, errors: true })));
    else resolve();
  }));
  return performance.now() - started;
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html; charset=utf-8', '.svg': 'image/svg+xml' };

/** Serves the single bundle; everything that is not one of its files or pages goes to the composed site. */
export async function serveSingleBundle(composedBaseUrl: string, port: number): Promise<{ baseUrl: string; stop: () => void }> {
  const upstream = new URL(composedBaseUrl);
  const server = http.createServer((req, res) => {
    const p = new URL(req.url ?? '/', 'http://local').pathname;
    const file = path.join(SINGLE_DIST, path.normalize(p));
    if (p !== '/' && file.startsWith(SINGLE_DIST) && existsSync(file) && statSync(file).isFile()) {
      res.setHeader('Content-Type', TYPES[path.extname(file)] ?? 'application/octet-stream');
      res.end(readFileSync(file));
      return;
    }
    const page = !p.startsWith('/api') && !p.startsWith('/remotes') && !/\.[a-z0-9]+$/i.test(p);
    if (page) {
      res.setHeader('Content-Type', TYPES['.html']);
      res.end(readFileSync(path.join(SINGLE_DIST, 'index.html')));
      return;
    }
    const proxied = http.request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    proxied.on('error', () => { res.statusCode = 502; res.end(); });
    req.pipe(proxied);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${port}`, stop: () => server.close() };
}

/** The JS a cold load fetches until the route's first screen is shown: files, raw and gzip bytes. */
async function firstScreenJs(browser: Browser, url: string, ready: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const js: Promise<{ raw: number; gzip: number }>[] = [];
  page.on('response', (r) => {
    if (/\.js(\?|$)/.test(r.url())) js.push(r.body().then((b) => ({ raw: b.length, gzip: gzipSync(b).length }), () => ({ raw: 0, gzip: 0 })));
  });
  try {
    await page.goto(url);
    await page.waitForSelector(ready, { timeout: 60_000 });
    const sizes = await Promise.all(js);
    return { jsFiles: sizes.length, jsBytesRaw: sizes.reduce((s, x) => s + x.raw, 0), jsBytesGzip: sizes.reduce((s, x) => s + x.gzip, 0) };
  } finally {
    await context.close();
  }
}

export async function benchSingleBundle(composedBaseUrl: string, opts: { port?: number; lighthouse?: boolean } = {}) {
  const buildMs = Math.round(await buildSingleBundle());
  const single = await serveSingleBundle(composedBaseUrl, opts.port ?? Number(process.env.SINGLE_PORT ?? 8297));
  const hall = await findPresentation(composedBaseUrl, 11);
  const routes: Record<string, { path: string; ready: string }> = {
    '/': { path: '/', ready: '#index-title' },
    '/order': { path: '/order', ready: '[data-testid="presentation-link"]' },
    '/order/{id} hall 200': { path: `/order/${hall}`, ready: '[data-testid="seatmap"]' },
    '/PRES-live': { path: '/PRES-live', ready: '#staff-login-title' },
  };
  const out: Record<string, unknown> = { singleBundleBuildMs: buildMs, loadAverage: loadavg().map((x) => round(x, 1)) };
  try {
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    const bytes: Record<string, unknown> = {};
    try {
      for (const [name, r] of Object.entries(routes)) {
        const composed = await firstScreenJs(browser, `${composedBaseUrl}${r.path}?lang=he`, r.ready);
        const alone = await firstScreenJs(browser, `${single.baseUrl}${r.path}?lang=he`, r.ready);
        bytes[name] = { composed, single: alone, ratioGzip: round(composed.jsBytesGzip / alone.jsBytesGzip, 2) };
      }
    } finally {
      await browser.close();
    }
    out.firstScreenJs = bytes;
    if (opts.lighthouse !== false) {
      const paths = Object.fromEntries(Object.entries(routes).map(([k, r]) => [k, r.path]));
      const composed = await benchLighthouse(composedBaseUrl, paths);
      const alone = await benchLighthouse(single.baseUrl, paths);
      const lcp: Record<string, unknown> = {};
      for (const name of Object.keys(routes)) {
        const c = composed[name] as { lcpMs?: number; performance?: number }, s = alone[name] as { lcpMs?: number; performance?: number };
        lcp[name] = { composedLcpMs: c?.lcpMs, singleLcpMs: s?.lcpMs, ratioLcp: c?.lcpMs && s?.lcpMs ? round(c.lcpMs / s.lcpMs, 2) : null, composedPerformance: c?.performance, singlePerformance: s?.performance };
      }
      out.lighthouse = { composed, single: alone, lcp };
    }
  } finally {
    single.stop();
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const given = process.argv.slice(2).find((a) => a.startsWith('http'));
  const site = given ? undefined : await startSite(Number(process.env.PORT ?? 8284));
  try {
    const out = { at: new Date().toISOString(), ...(await benchSingleBundle(given ?? site!.baseUrl, { lighthouse: !process.argv.includes('--bytes-only') })) };
    mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
    writeFileSync(path.join(ROOT, 'bench-results', 'single-bundle.json'), JSON.stringify(out, null, 2));
    console.log(JSON.stringify(out, null, 2));
  } finally {
    site?.stop();
  }
  process.exit(0);
}
