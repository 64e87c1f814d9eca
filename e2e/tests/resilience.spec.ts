import { test, expect, type Page } from '@playwright/test';

/**
 * Failure stays local (network faults are injected with page.route, so the site folder is not
 * touched and this file can run beside others): the registry away, transient failures retried by
 * the Module Federation runtime plugin (bounded), a permanently dead remote → its fallback, and
 * the chunk-load reload rule. (A remote whose files are removed: foundation.spec.ts; a release that
 * crashes on mount or render: releases.spec.ts.)
 */
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const manifestOf = (remote: string) => new RegExp(`/remotes/${remote}/[^/]+/mf-manifest\\.json$`);
const entryOf = (remote: string) => new RegExp(`/remotes/${remote}/[^/]+/remoteEntry\\.js$`);

for (const [how, fault] of [
  ['unreachable (network error)', (page: Page) => page.route('**/remotes.json', (r) => r.abort('connectionrefused'))],
  ['failing (HTTP 503)', (page: Page) => page.route('**/remotes.json', (r) => r.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"REGISTRY_UNAVAILABLE"}' }))],
] as const) {
  test(`registry ${how}: the shell, navigation and other pages still work, with the translated notice`, async ({ page }) => {
    let registryRequests = 0;
    page.on('request', (r) => { if (r.url().endsWith('/remotes.json')) registryRequests++; });
    await fault(page);
    await page.goto('/?lang=en');
    await expect(nav(page).getByRole('link', { name: 'Movies & shows' })).toBeVisible();
    await expect(page.getByTestId('registry-notice')).toHaveText('Some parts of the site could not be loaded. Please try again in a moment.');
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('All prices in ILS including VAT');
    // Bounded: one retry, then the shell starts.
    expect(registryRequests).toBeLessThanOrEqual(2);
    // The 404 page and the language switch still work.
    await page.goto('/no-such-page?lang=en');
    await expect(page.getByTestId('not-found')).toContainText('This page could not be found.');
    await page.goto('/?lang=he');
    await expect(page.getByTestId('registry-notice')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });
}

// The registry's notice offered no button (it said to refresh) while a failing remote's area has Try again: the same
// now, and it asks for the registry again and mounts the route's remote in place, without a page load.
test('registry unreachable on a remote\'s route: Try again reads it again and mounts the remote without a reload', async ({ page }) => {
  let down = true;
  let registryRequests = 0;
  await page.route('**/remotes.json', (r) => { registryRequests++; return down ? r.abort('connectionrefused') : r.continue(); });
  await page.goto('/membership?lang=en');
  await expect(page.getByTestId('registry-notice')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Memberships', level: 1 })).toHaveCount(0);
  await page.evaluate(() => { (window as unknown as { sameDocument?: boolean }).sameDocument = true; });
  const retry = page.getByRole('button', { name: 'Try again' });

  // Still away: the notice is said again and the button keeps the focus.
  const before = registryRequests;
  await retry.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => registryRequests).toBeGreaterThan(before);
  await expect(page.getByTestId('registry-notice')).toBeVisible();
  await expect(retry).toBeFocused();

  down = false;
  await page.keyboard.press('Enter');
  const title = page.getByRole('heading', { name: 'Memberships', level: 1 });
  await expect(title).toBeVisible();
  await expect(page.getByTestId('registry-notice')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  // the focus goes to the page's heading, not to <body> with the button gone
  await expect(title).toBeFocused();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  // the other remotes start from the same answer
  await nav(page).getByRole('link', { name: 'Gift vouchers' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('fallback-mf-vouchers')).toHaveCount(0);
});

test('registry unreachable on the home page: Try again takes the notice away, the focus on the page\'s heading', async ({ page }) => {
  let down = true;
  await page.route('**/remotes.json', (r) => (down ? r.fulfill({ status: 503, body: 'down' }) : r.continue()));
  await page.goto('/?lang=he');
  await expect(page.getByTestId('registry-notice')).toHaveText('חלקים מהאתר לא נטענו. נסו שוב בעוד רגע.');
  down = false;
  await page.getByRole('button', { name: 'נסו שוב' }).click();
  await expect(page.getByTestId('registry-notice')).toHaveCount(0);
  await expect(page.locator('#index-title')).toBeFocused();
  // a remote's page now opens from the header
  await page.getByRole('navigation', { name: 'ניווט ראשי' }).getByRole('link', { name: 'מנויים' }).click();
  await expect(page.getByRole('heading', { name: 'מנויים', level: 1 })).toBeVisible();
});

// The host asks for the route's manifest and entry once ahead of the federation runtime (host/src/preloadRemote.ts),
// so the first two requests fail: whichever order they come in, the runtime's own first attempt is one of them, and
// a third request means it tried again.
test('a transient manifest failure (503 twice) is retried and the remote loads', async ({ page }) => {
  let hits = 0;
  await page.route(manifestOf('mf-memberships'), (r) => (++hits <= 2 ? r.fulfill({ status: 503, body: 'busy' }) : r.continue()));
  await page.goto('/membership?lang=en');
  await expect(page.getByRole('heading', { name: 'Memberships', level: 1 })).toBeVisible();
  await expect(page.getByTestId('fallback-mf-memberships')).toHaveCount(0);
  expect(hits).toBe(3);
});

test('a transient remoteEntry.js failure (network error twice) is retried and the remote loads', async ({ page }) => {
  let hits = 0;
  await page.route(entryOf('mf-memberships'), (r) => (++hits <= 2 ? r.abort('connectionreset') : r.continue()));
  await page.goto('/membership?lang=en');
  await expect(page.getByRole('heading', { name: 'Memberships', level: 1 })).toBeVisible();
  expect(hits).toBe(3);
});

test('a remote that stays down: bounded retries, then its fallback; the other routes keep working', async ({ page }) => {
  let hits = 0;
  await page.route(manifestOf('mf-vouchers'), (r) => { hits++; return r.fulfill({ status: 503, body: 'down' }); });
  await page.goto('/vouchers?lang=en');
  await expect(page.getByTestId('fallback-mf-vouchers')).toContainText('This part of the site is unavailable right now.');
  expect(hits).toBe(4); // the host's preload + the runtime's first attempt + MAX_RETRIES (2)
  await nav(page).getByRole('link', { name: 'Memberships' }).click();
  await expect(page.getByRole('heading', { name: 'Memberships', level: 1 })).toBeVisible();
  await expect(page.getByTestId('fallback-mf-vouchers')).toHaveCount(0);
  await nav(page).getByRole('link', { name: 'Movies & shows' }).click();
  await expect(page.getByTestId('presentation-link').first()).toBeVisible();
});

/** Counts the documents in which the vouchers remote's fallback appeared (sessionStorage outlives a reload). */
async function countFallbackDocuments(page: Page) {
  await page.addInitScript(() => {
    const seen = () => {
      if (!document.querySelector('[data-testid="fallback-mf-vouchers"]')) return false;
      sessionStorage.setItem('fallbackDocuments', String(Number(sessionStorage.getItem('fallbackDocuments') ?? 0) + 1));
      return true;
    };
    const observer = new MutationObserver(() => { if (seen()) observer.disconnect(); });
    document.addEventListener('DOMContentLoaded', () => observer.observe(document.body, { childList: true, subtree: true }));
  });
}

test('a failed chunk load reloads the page once, not again within a minute, then shows the fallback', async ({ page }) => {
  let navigations = 0;
  page.on('framenavigated', (f) => { if (f === page.mainFrame()) navigations++; });
  await countFallbackDocuments(page);
  // The manifest and entry load; the exposed module's chunk fails (as after a deploy removed it).
  await page.route(/\/remotes\/mf-vouchers\/[^/]+\/__federation_expose_spa\.[0-9a-f]+\.js$/, (r) => r.fulfill({ status: 404, body: 'gone' }));
  await page.goto('/vouchers?lang=en');
  await expect(page.getByTestId('fallback-mf-vouchers')).toBeVisible({ timeout: 20_000 });
  // Only the reloaded page shows it: the first one kept the remote's place until the reload (no flash of the notice).
  expect(await page.evaluate(() => sessionStorage.getItem('fallbackDocuments'))).toBe('1');
  const last = await page.evaluate(() => localStorage.getItem('ticketing.lastChunkReload'));
  expect(Number(last)).toBeGreaterThan(Date.now() - 60_000);
  expect(navigations).toBe(2); // the visit + exactly one reload
  // Another failure within the minute does not reload again.
  await page.reload();
  await expect(page.getByTestId('fallback-mf-vouchers')).toBeVisible();
  await page.waitForTimeout(500);
  expect(navigations).toBe(3);
});

test('a remote whose texts chunk fails while it starts: one reload, then its fallback (none before the reload), and the next remote still starts', async ({ page }) => {
  let navigations = 0;
  page.on('framenavigated', (f) => { if (f === page.mainFrame()) navigations++; });
  await countFallbackDocuments(page);
  await page.route(/\/remotes\/mf-vouchers\/[^/]+\/remote-texts-en\.[0-9a-f]+\.js$/, (r) => r.fulfill({ status: 404, body: 'gone' }));
  await page.goto('/vouchers?lang=en');
  await expect(page.getByTestId('fallback-mf-vouchers')).toBeVisible({ timeout: 20_000 });
  expect(await page.evaluate(() => sessionStorage.getItem('fallbackDocuments'))).toBe('1');
  expect(navigations).toBe(2);
  await nav(page).getByRole('link', { name: 'Movies & shows' }).click();
  await expect(page.getByTestId('presentation-link').first()).toBeVisible();
});
