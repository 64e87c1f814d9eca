import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { takePresentationId as takePresentation } from './booking-flow';

/**
 * Issue 12: the page frame is reserved before the remotes mount, so nothing visible moves while they
 * arrive. Layout shifts are read from the browser's own Layout Instability API (what Lighthouse's CLS
 * sums), and the footer's position is compared before and after the remote's screen is there.
 */
declare global { interface Window { __shifts: number[]; __footerTops: number[] } }

/**
 * Nothing may move at all once painted (the bound is CLS ≤ 0.05, but on a phone a shift of any size is
 * something a finger can miss); below this is sub-pixel rounding.
 */
const NO_SHIFT = 0.001;

async function shiftsOf(page: Page): Promise<number> {
  const shifts = await page.evaluate(() => window.__shifts);
  return shifts.reduce((a, b) => a + b, 0);
}

/** The arena's venue (api/src/seed: 20,000 seats, drawn with a minimap), as in scripts/bench/lighthouse.ts. */
const ARENA_VENUE = 14;

/** The first presentation in the arena in the next two weeks. */
async function arenaPresentation(request: APIRequestContext): Promise<number> {
  for (let d = 1; d < 14; d++) {
    const date = new Date(Date.now() + d * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Jerusalem' });
    const body = await (await request.get(`/api/seats/presentations?date=${date}`)).json() as { presentations: Array<{ id: number; venueId: number; isVod: boolean; locationOffline: boolean }> };
    const p = body.presentations.find((x) => x.venueId === ARENA_VENUE && !x.isVod && !x.locationOffline);
    if (p) return p.id;
  }
  throw new Error('no arena presentation in the next two weeks');
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    window.__shifts = [];
    window.__footerTops = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!e.hadRecentInput) window.__shifts.push(e.value);
    }).observe({ type: 'layout-shift', buffered: true });
    // The footer's top edge at every frame until the test reads it.
    const watch = () => { const f = document.querySelector('footer'); if (f) window.__footerTops.push(Math.round(f.getBoundingClientRect().top)); requestAnimationFrame(watch); };
    requestAnimationFrame(watch);
  });
});

for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('/: nothing shifts while the films on show arrive', async ({ page }) => {
      await page.goto('/?lang=he');
      await expect(page.getByTestId('home-film').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const { tops } = await page.evaluate(() => ({ tops: window.__footerTops }));
      expect(tops.length).toBeGreaterThan(0);
      expect(Math.min(...tops)).toBeGreaterThanOrEqual(viewport.height);
      // the placeholder cards fill a screen: the next section was pushed out of view at 1280 × 800 (0.036)
      expect(await shiftsOf(page)).toBeLessThanOrEqual(NO_SHIFT);
    });

    test('/order: the footer stays below the fold and nothing shifts while the event list mounts', async ({ page }) => {
      await page.goto('/order?lang=en');
      await expect(page.getByTestId('event-list')).toBeVisible();
      await page.waitForLoadState('networkidle');
      const { tops } = await page.evaluate(() => ({ tops: window.__footerTops }));
      expect(tops.length).toBeGreaterThan(0);
      expect(Math.min(...tops)).toBeGreaterThanOrEqual(viewport.height);
      expect(await shiftsOf(page)).toBeLessThanOrEqual(NO_SHIFT);
    });

    test('/order/{id}: the seat map page mounts without moving what is already on screen', async ({ page, request }) => {
      const id = await takePresentation(request);
      await page.goto(`/order/${id}?lang=he`);
      await expect(page.getByTestId('order-page')).toBeVisible();
      // the map drawn and its legend there (the legend mounting after the map pushed the side panel down on a phone)
      await expect(page.getByRole('gridcell').first()).toBeAttached();
      await expect(page.getByRole('list', { name: 'מקרא' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const { tops } = await page.evaluate(() => ({ tops: window.__footerTops }));
      expect(tops.length).toBeGreaterThan(0);
      expect(Math.min(...tops)).toBeGreaterThanOrEqual(viewport.height);
      // on a wide screen the bar under the map shows once the map has its size (it was seen moving down: 0.009)
      expect(await shiftsOf(page)).toBeLessThanOrEqual(NO_SHIFT);
    });
  });
}

/** Pages a visitor reads on a phone, and the signed-in header: nothing moves while their answers arrive. */
test.describe('390×844: nothing moves', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the arena: the minimap has its size before it is drawn', async ({ page, request }) => {
    await page.goto(`/order/${await arenaPresentation(request)}?lang=en`);
    await expect(page.getByRole('list', { name: 'Legend' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await shiftsOf(page)).toBeLessThanOrEqual(NO_SHIFT);
  });

  test('/membership: the seasons come under the memberships, not under a spinner the list replaces', async ({ page }) => {
    // the list's real answer held back a little, as a slow line does, so the seasons answer first
    await page.route(/\/api\/memberships(\?|$)/, async (route) => { await new Promise((r) => setTimeout(r, 800)); await route.continue(); });
    await page.goto('/membership?lang=he');
    await expect(page.getByRole('heading', { level: 2, name: 'מנויי עונה' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await shiftsOf(page)).toBeLessThanOrEqual(NO_SHIFT);
  });

  test('a film page: the days and screenings stay where they are when the film details arrive', async ({ page }) => {
    await page.goto('/order?lang=en');
    const film = page.getByTestId('event-list').getByRole('link').first();
    const href = await film.getAttribute('href');
    expect(href).toMatch(/feature=\d+/);
    await page.goto(`${href}&lang=en`);
    await expect(page.getByRole('link', { name: 'All films' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await shiftsOf(page)).toBeLessThanOrEqual(NO_SHIFT);
  });

  test('signed in: the header keeps its height (the account is in the menu) and the area comes whole', async ({ page }) => {
    // Dvir (api/src/seed/customerarea.ts SPEC_CUSTOMERS) is this spec's own customer
    const mobile = '0531234510';
    await page.goto('/customer?lang=he');
    await page.getByLabel('מספר נייד').fill(mobile);
    await page.getByRole('button', { name: 'שלחו לי קוד' }).click();
    await expect(page.getByLabel('הקוד מה-SMS')).toBeVisible();
    const box = await (await page.request.get(`/api/dev/sms-outbox?mobileNumber=${mobile}`)).json() as { messages: Array<{ code: string | null }> };
    await page.getByLabel('הקוד מה-SMS').fill(box.messages[0]!.code!);
    await page.getByRole('button', { name: 'התחברות', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'שלום, דביר' })).toBeVisible();

    for (const path of ['/order?lang=he', '/customer?lang=he']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await shiftsOf(page), path).toBeLessThanOrEqual(NO_SHIFT);
    }
    // the account and its sign-out are in the menu on a phone, and the header stays one row
    expect((await page.locator('header').boundingBox())!.height).toBeLessThan(80);
    await page.getByRole('button', { name: 'תפריט' }).click();
    await expect(page.getByRole('navigation', { name: 'ניווט ראשי' }).getByRole('link', { name: 'מחובר/ת: דביר' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'ניווט ראשי' }).getByRole('button', { name: 'התנתקות' })).toBeVisible();
  });
});
