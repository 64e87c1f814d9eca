/**
 * First-screen JS of the seat-map routes: `/order/{id}` (the order page with its seat map) and `/membership`
 * (and a membership's own page), cold cache, bytes raw and gzip. Used for the seat-map package decision
 * (docs/seatmap-package.md). `npx tsx scripts/bench/firstScreen.ts http://127.0.0.1:8080` measures any running site.
 */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './lib.ts';

async function firstPresentation(baseUrl: string): Promise<number> {
  for (let d = 1; d < 14; d++) {
    const date = new Date(Date.now() + d * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Jerusalem' });
    const res = await fetch(`${baseUrl}/api/seats/presentations?date=${date}`);
    if (!res.ok) continue;
    const body = (await res.json()) as { presentations: Array<{ id: number; isReserved?: boolean; capacity: number }> };
    const p = body.presentations.find((x) => x.capacity > 100 && x.capacity < 400);
    if (p) return p.id;
  }
  throw new Error('no presentation with a reserved hall');
}

export async function benchFirstScreen(baseUrl: string, extra: { path: string; ready: string }[] = []) {
  const id = await firstPresentation(baseUrl);
  const routes = [
    { path: `/order/${id}`, ready: '[data-testid="seatmap"]' },
    { path: '/membership', ready: '[data-testid="membership-list"] li' },
    ...extra,
  ];
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const results: Record<string, unknown> = {};
  try {
    for (const route of routes) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const js: Promise<{ url: string; raw: number; gzip: number }>[] = [];
      page.on('response', (r) => {
        if (r.url().endsWith('.js')) js.push(r.body().then((b) => ({ url: r.url(), raw: b.length, gzip: gzipSync(b).length })).catch(() => ({ url: r.url(), raw: 0, gzip: 0 })));
      });
      try {
        await page.goto(`${baseUrl}${route.path}?lang=en`);
        await page.waitForSelector(route.ready, { timeout: 30_000 });
        const sizes = await Promise.all(js);
        results[route.path.replace(/\/\d+$/, '/{id}')] = {
          jsFiles: sizes.length, jsBytesRaw: sizes.reduce((s, x) => s + x.raw, 0), jsBytesGzip: sizes.reduce((s, x) => s + x.gzip, 0),
        };
      } catch (error) {
        results[route.path] = { error: String(error) };
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const extra = process.argv[3] ? [{ path: process.argv[3], ready: process.argv[4] ?? 'main' }] : [];
  console.log(JSON.stringify(await benchFirstScreen(process.argv[2] ?? 'http://127.0.0.1:8080', extra), null, 2));
}
