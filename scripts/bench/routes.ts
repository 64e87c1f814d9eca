import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './lib.ts';

/** What the first screen of each route waits for. */
const ROUTES: { path: string; ready: string }[] = [
  { path: '/', ready: '#index-title' },
  { path: '/order', ready: '[data-testid="presentation-link"]' },
  { path: '/customer', ready: '#login-title' },
  { path: '/membership', ready: '[data-testid="membership-list"] li' },
  { path: '/vouchers', ready: '[data-testid="voucher-list"] li' },
  { path: '/PRES-live', ready: '#staff-login-title' },
  { path: '/PRES-live/ticket-ref', ready: '#staff-login-title' },
];

/** Per route: JS bytes (raw and gzip) and requests made before the first screen is shown, on a cold cache. */
export async function benchRoutes(baseUrl: string) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const results: Record<string, unknown> = {};
  try {
    for (const route of ROUTES) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const js: Promise<{ raw: number; gzip: number }>[] = [];
      let requests = 0;
      page.on('request', () => { requests++; });
      page.on('response', (r) => {
        if (r.url().endsWith('.js')) js.push(r.body().then((b) => ({ raw: b.length, gzip: gzipSync(b).length })).catch(() => ({ raw: 0, gzip: 0 })));
      });
      const started = Date.now();
      await page.goto(`${baseUrl}${route.path}?lang=en`);
      await page.waitForSelector(route.ready, { timeout: 30_000 });
      const firstScreenMs = Date.now() - started;
      const sizes = await Promise.all(js);
      results[route.path] = {
        jsFiles: sizes.length,
        jsBytesRaw: sizes.reduce((s, x) => s + x.raw, 0),
        jsBytesGzip: sizes.reduce((s, x) => s + x.gzip, 0),
        requests,
        firstScreenMs,
      };
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
