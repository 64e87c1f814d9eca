import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { E2E_SITE_DIR, ROOT } from '../env';
import { takePresentationId } from './booking-flow';
import { TEXTS_CHUNK } from '../../scripts/lib/texts-chunk.ts';

/**
 * What ships is production code only (issue 12): no app's dist/ (nor the versioned remote folders the site serves)
 * contains a development build of a dependency, and no page fetches or points at a source map.
 * Development builds are recognised by the files a bundle was made from, as its (hidden) source map lists them.
 */
const APPS = ['host', 'mf-booking', 'mf-customer', 'mf-memberships', 'mf-vouchers', 'mf-preslive', 'mf-ticketref'];
const JSON_ONLY_CHUNK = /^"use strict";\(self\.\w+=self\.\w+\|\|\[\]\)\.push\(\[\[\d+\],\{\d+\((\w)\)\{\1\.exports=JSON\.parse\('(?:[^'\\]|\\.)*'\)\}\}\]\);?\s*$/;
const DEVELOPMENT_BUILD = /node_modules\/(.+?)\/(?:.*\/)?(?:development\/|[^/]*\.development\.[cm]?js$)/;

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** zod's classic API (≈ 28 KB gzip against zod/mini's ≈ 9): the contracts every browser bundle parses with are zod/mini. */
const CLASSIC_ZOD = /node_modules\/(zod\/v4\/classic|zod\/v3)\//;

/** Per bundle file: the sources its map lists that match `pattern`, or that it has no map to tell. */
function bundledFrom(dirs: string[], pattern: RegExp): string[] {
  const found: string[] = [];
  for (const file of dirs.flatMap(filesUnder).filter((f) => /\.js$/.test(f))) {
    const map = `${file}.map`;
    // A chunk of one language's texts holds one JSON module only, for which no map is written.
    if (!existsSync(map) && TEXTS_CHUNK.test(path.basename(file)) && JSON_ONLY_CHUNK.test(readFileSync(file, 'utf8'))) continue;
    if (!existsSync(map)) {
      found.push(`${path.relative(ROOT, file)}: no source map, cannot tell what it was built from`);
      continue;
    }
    const sources: string[] = JSON.parse(readFileSync(map, 'utf8')).sources ?? [];
    for (const source of sources) if (pattern.test(source)) found.push(`${path.relative(ROOT, file)}: ${source.replace(/^.*node_modules\//, '')}`);
  }
  return found;
}

test('no dist/ and no served remote folder contains a development build of a dependency', () => {
  const dirs = [...APPS.map((app) => path.join(ROOT, app, 'dist')), path.join(E2E_SITE_DIR, 'remotes')];
  const bundles = dirs.flatMap(filesUnder).filter((f) => f.endsWith('.js'));
  expect(bundles.length).toBeGreaterThan(APPS.length); // the site was built: there is something to judge
  expect(bundledFrom(dirs, DEVELOPMENT_BUILD)).toEqual([]);
});

test('no browser bundle carries zod\'s classic API', () => {
  const dirs = APPS.map((app) => path.join(ROOT, app, 'dist'));
  const maps = dirs.flatMap(filesUnder).filter((f) => f.endsWith('.js.map'));
  // zod/mini is there to be found: the pattern looks at the right files
  expect(maps.some((m) => readFileSync(m, 'utf8').includes('node_modules/zod/v4/mini/'))).toBe(true);
  expect(bundledFrom(dirs, CLASSIC_ZOD)).toEqual([]);
});

test('no page requests a source map, and no script or stylesheet it loads points at one', async ({ page }) => {
  const mapRequests: string[] = [];
  const pointers: Promise<string | undefined>[] = [];
  page.on('request', (r) => { if (/\.map(\?|$)/.test(r.url())) mapRequests.push(r.url()); });
  page.on('response', (r) => {
    if (!/\.(js|css)(\?|$)/.test(r.url())) return;
    pointers.push(r.text().then((body) => (/[#@] sourceMappingURL=/.test(body) || r.headers().sourcemap ? r.url() : undefined), () => undefined));
  });
  // One route per remote, so every app's first-screen files are loaded at least once.
  for (const route of ['/', '/order', '/customer', '/membership', '/vouchers', '/PRES-live', '/PRES-live/ticket-ref']) {
    await page.goto(route, { waitUntil: 'networkidle' });
  }
  const loaded = await Promise.all(pointers);
  expect(loaded.length).toBeGreaterThan(APPS.length);
  expect(loaded.filter(Boolean)).toEqual([]);
  expect(mapRequests).toEqual([]);
});

/**
 * Every script is compiled ahead, while it streams in (issue 12, V8's explicit compile hints: the magic comment on its
 * first line), not function by function on the main thread as the page starts: each script the seat map's page runs
 * carries the hint, except the texts (one JSON module each); the page's inlined early script is left as it is.
 */
test('every script the seat map\'s page loads is marked for eager compilation, the texts and the inline script excepted', async ({ page, request }) => {
  const scripts: Promise<{ file: string; hinted: boolean }>[] = [];
  page.on('response', (r) => {
    if (!/\.js(\?|$)/.test(r.url())) return;
    const file = new URL(r.url()).pathname.split('/').pop()!;
    scripts.push(r.text().then((body) => ({ file, hinted: body.startsWith('//# allFunctionsCalledOnLoad\n') })));
  });
  await page.goto(`/order/${await takePresentationId(request)}?lang=en`);
  await expect(page.getByRole('toolbar', { name: 'Zoom', exact: true })).toBeVisible();
  const loaded = await Promise.all(scripts);
  const texts = loaded.filter((s) => TEXTS_CHUNK.test(s.file));
  const code = loaded.filter((s) => !TEXTS_CHUNK.test(s.file));
  expect(texts.length).toBeGreaterThanOrEqual(3); // the host's, booking's and the seat map's texts
  expect(code.map((s) => s.file)).toEqual(expect.arrayContaining(['remoteEntry.js', expect.stringMatching(/^main\./), expect.stringMatching(/^order-page\./)]));
  expect(code.filter((s) => !s.hinted).map((s) => s.file)).toEqual([]);
  expect(texts.filter((s) => s.hinted).map((s) => s.file)).toEqual([]);
  const inline = await page.locator('script:not([src])').allTextContents();
  expect(inline.length).toBeGreaterThan(0);
  expect(inline.some((js) => js.includes('allFunctionsCalledOnLoad'))).toBe(false);
});

/**
 * The first localStorage access of a page loads the storage area synchronously from the browser process (1–7 ms of
 * main thread here). The site keeps nothing there that a page load needs; the federation runtime's debug switch was
 * the one reader, and the host's production build leaves it out (host/src/federationEnv.ts).
 */
test('loading a remote\'s page does not touch localStorage', async ({ page, request }) => {
  await page.addInitScript(() => {
    const own = Object.getOwnPropertyDescriptor(window, 'localStorage')!;
    const reads: string[] = [];
    (window as unknown as { __localStorageReads: string[] }).__localStorageReads = reads;
    Object.defineProperty(window, 'localStorage', { configurable: true, get() { reads.push(new Error().stack?.split('\n')[2]?.trim() ?? '?'); return own.get!.call(window); } });
  });
  for (const path of [`/order/${await takePresentationId(request)}?lang=en`, '/PRES-live?lang=en']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { __localStorageReads: string[] }).__localStorageReads), path).toEqual([]);
  }
});

/**
 * Each read of document.cookie is a synchronous trip to the browser process (7–10 ms inside one of main.js's long
 * tasks on a slow machine of this kind). The page's early script reads the customer session's cookie in a task of its
 * own while main.js downloads, and the header's first render takes that reading (host/src/earlyStart.ts): the main
 * script reads no cookie while a page loads, and a signed-in visitor is still known from the first render.
 */
test('loading a page, only the early script reads the cookie; the header knows a signed-in visitor at once', async ({ page }) => {
  await page.addInitScript(() => {
    const own = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    const reads: string[] = [];
    (window as unknown as { __cookieReads: string[] }).__cookieReads = reads;
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get() { reads.push(new Error().stack?.split('\n')[2]?.trim() ?? '?'); return own.get!.call(document); },
      set(v: string) { own.set!.call(document, v); },
    });
  });
  const cookieReads = () => page.evaluate(() => (window as unknown as { __cookieReads: string[] }).__cookieReads);
  const fromInlineScript = (read: string) => /\/order\?lang=en:\d+:\d+\)?$/.test(read);

  await page.goto('/order?lang=en');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const signedOut = await cookieReads();
  expect(signedOut.length).toBe(1);
  expect(signedOut.filter((r) => !fromInlineScript(r))).toEqual([]);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toHaveCount(0);

  await page.goto('/customer?lang=en');
  await page.getByRole('button', { name: 'Sign in with email and password' }).click();
  await page.getByLabel('Email', { exact: true }).fill('eli@example.com');
  await page.getByLabel('Password', { exact: true }).fill('demo-password-2');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Signed in: Eli' })).toBeVisible();

  // the customer's menu (account and sign-out) is in the header from the shell's first render
  await page.addInitScript(() => {
    new MutationObserver((_, obs) => {
      const signOut = [...document.querySelectorAll('header button')].find((b) => b.textContent === 'Sign out');
      if (signOut) { (window as unknown as { __accountAt: number }).__accountAt = performance.now(); obs.disconnect(); }
    }).observe(document, { subtree: true, childList: true });
  });
  await page.goto('/order?lang=en');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Signed in: Eli' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const signedIn = await cookieReads();
  expect(signedIn.length).toBe(1);
  expect(signedIn.filter((r) => !fromInlineScript(r))).toEqual([]);
  const [accountAt, brandAt] = await page.evaluate(() => [
    (window as unknown as { __accountAt?: number }).__accountAt ?? Infinity,
    performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint')?.startTime ?? -1,
  ]);
  // in the header before the page's first contentful paint, that is with the shell's first render
  expect(accountAt).toBeLessThanOrEqual(brandAt);
});

/**
 * Texts are fetched per language (issue 12, first-load bytes): the common texts and each remote's texts are one chunk
 * per locale (`texts-<locale>`, `remote-texts-<locale>`), and a page fetches the chunks of its own language only,
 * also after the visitor switches language (the new language's chunks are fetched then).
 */
test('a page fetches the texts of its own language only', async ({ page }) => {
  const texts: string[] = [];
  page.on('request', (r) => { const m = /\/(?:remote-)?texts-([a-z]{2})\.[^/]*\.js$/.exec(r.url()); if (m) texts.push(m[1]); });
  await page.goto('/order?lang=en');
  await expect(page.getByTestId('presentation-link').first()).toBeVisible();
  expect(new Set(texts)).toEqual(new Set(['en']));
  expect(texts.length).toBeGreaterThanOrEqual(2); // the common texts and the booking remote's
  texts.length = 0;
  await page.getByTestId('lang-switch').selectOption('ru');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  expect(texts).toEqual(['ru', 'ru']);
  texts.length = 0;
  await page.goto('/?lang=he');
  await expect(page.locator('#index-title')).toBeVisible();
  expect(new Set(texts)).toEqual(new Set(['he']));
});

/**
 * The seat map's texts (package seatmap, shown by booking and memberships) are one chunk per language too
 * (`seatmap-texts-<locale>`): the order page fetches its own language's, and another language's when the visitor switches.
 */
test('the seat map fetches its texts in the page\'s language only, and another language\'s when the visitor switches', async ({ page, request }) => {
  const seatmapTexts: string[] = [];
  page.on('request', (r) => { const m = /\/seatmap-texts-([a-z]{2})\.[^/]*\.js$/.exec(r.url()); if (m) seatmapTexts.push(m[1]); });
  await page.goto(`/order/${await takePresentationId(request)}?lang=en`);
  await expect(page.getByRole('toolbar', { name: 'Zoom', exact: true })).toBeVisible();
  expect(seatmapTexts).toEqual(['en']);
  await page.getByTestId('lang-switch').selectOption('ru');
  await expect(page.getByRole('toolbar', { name: 'Масштаб', exact: true })).toBeVisible();
  expect(seatmapTexts).toEqual(['en', 'ru']);
});
