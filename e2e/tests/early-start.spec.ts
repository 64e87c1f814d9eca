import { expect, test } from '@playwright/test';

/**
 * Issue 12: the host page's inline early script (host/src/early.ts) asks for the registry, the host's texts and the
 * route's remote while main.js is still downloading. The page asks for the registry once, hints only the files of its
 * own language and remote, and still starts when that early request fails (the main script asks again).
 */
test('the host page carries the early script ahead of its stylesheet and main.js, and ships no file of its own for it', async ({ request }) => {
  const html = await (await request.get('/order')).text();
  const at = (pattern: RegExp) => html.search(pattern);
  const early = at(/<script [^>]*id="early-start"/);
  expect(early).toBeGreaterThan(0);
  expect(html.match(/id="early-start"/g)).toHaveLength(1);
  expect(early).toBeLessThan(at(/<link [^>]*rel="stylesheet"/));
  expect(early).toBeLessThan(at(/<script [^>]*src="\/main\./));
  expect(html).not.toMatch(/src="\/early\b/);
});

test('/order in English: one registry request, the English texts and the booking remote hinted, no other language', async ({ page }) => {
  const registry: string[] = [];
  const texts: string[] = [];
  page.on('request', (r) => {
    const p = new URL(r.url()).pathname;
    if (p === '/remotes.json') registry.push(p);
    if (/\/(remote-)?texts-[a-z]{2}\.[0-9a-f]+\.js$/.test(p)) texts.push(p.replace(/\.[0-9a-f]+\.js$/, ''));
  });
  await page.goto('/order?lang=en');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('presentation-link').first()).toBeVisible();
  const hinted = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel=preload]')].map((l) => new URL(l.href).pathname));
  expect(hinted.some((h) => /^\/texts-en\./.test(h))).toBe(true);
  expect(hinted.some((h) => h === '/remotes/mf-booking/' + h.split('/')[3] + '/remoteEntry.js')).toBe(true);
  expect(hinted.filter((h) => /^\/remotes\/(?!mf-booking\/)/.test(h))).toEqual([]);
  expect(registry).toHaveLength(1);
  expect(texts.length).toBeGreaterThan(0);
  expect(texts.filter((t) => !t.endsWith('texts-en'))).toEqual([]);
});

test('the shell\'s own page hints no remote: / fetches neither the federation runtime nor a remote', async ({ page }) => {
  const remoteFiles: string[] = [];
  page.on('request', (r) => { if (/\/remotes\//.test(new URL(r.url()).pathname)) remoteFiles.push(r.url()); });
  await page.goto('/?lang=en');
  await expect(page.locator('#index-title')).toBeVisible();
  const hinted = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel=preload]')].map((l) => new URL(l.href).pathname));
  expect(hinted.filter((h) => !/^\/texts-en\./.test(h))).toEqual([]);
  expect(remoteFiles).toEqual([]);
});

test('a failed early registry request: the main script asks again and the page starts', async ({ page }) => {
  let calls = 0;
  await page.route('**/remotes.json', (route) => (++calls === 1 ? route.fulfill({ status: 503, body: 'down' }) : route.continue()));
  await page.goto('/order?lang=en');
  await expect(page.getByTestId('presentation-link').first()).toBeVisible();
  expect(calls).toBe(2);
});

test('the early request and the main script\'s retry both fail: the notice\'s Try again asks once more and the page starts in place', async ({ page }) => {
  let calls = 0;
  await page.route('**/remotes.json', (route) => (++calls <= 2 ? route.fulfill({ status: 503, body: 'down' }) : route.continue()));
  await page.goto('/order?lang=en');
  await expect(page.getByTestId('registry-notice')).toBeVisible();
  expect(calls).toBe(2);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('presentation-link').first()).toBeVisible();
  await expect(page.getByTestId('registry-notice')).toHaveCount(0);
  expect(calls).toBe(3);
});

test('the page\'s first date formatter (the browser\'s locale and time-zone data) is made by the early script, in Israel\'s time, before main.js runs', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __firstFormatter?: { stack: string; timeZone?: string } };
    const note = (args: unknown[]) => { w.__firstFormatter ??= { stack: new Error().stack ?? '', timeZone: (args[1] as Intl.DateTimeFormatOptions | undefined)?.timeZone }; };
    Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
      construct: (target, args) => { note(args); return Reflect.construct(target, args) as object; },
      apply: (target, self, args) => { note(args); return Reflect.apply(target, self, args) as unknown; },
    });
  });
  await page.goto('/order?lang=en');
  await expect(page.getByTestId('presentation-link').first()).toBeVisible();
  const first = await page.evaluate(() => (window as unknown as { __firstFormatter?: { stack: string; timeZone?: string } }).__firstFormatter);
  expect(first?.timeZone).toBe('Asia/Jerusalem');
  // The inline script's frames are the page's own address; main.js's would name its file.
  expect(first?.stack).toMatch(/\/order\?lang=en:\d+:\d+/);
  expect(first?.stack).not.toMatch(/\/main\.[0-9a-f]+\.js/);
});
