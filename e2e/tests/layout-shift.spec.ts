import { expect, test } from '@playwright/test';
import { takePresentationId as takePresentation } from './booking-flow';

/**
 * Issue 12: the page frame is reserved before the remotes mount, so nothing visible moves while they
 * arrive. Layout shifts are read from the browser's own Layout Instability API (what Lighthouse's CLS
 * sums), and the footer's position is compared before and after the remote's screen is there.
 */
declare global { interface Window { __shifts: number[]; __footerTops: number[] } }

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
      const { shifts, tops } = await page.evaluate(() => ({ shifts: window.__shifts, tops: window.__footerTops }));
      expect(tops.length).toBeGreaterThan(0);
      expect(Math.min(...tops)).toBeGreaterThanOrEqual(viewport.height);
      expect(shifts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(0.05);
    });

    test('/order: the footer stays below the fold and nothing shifts while the event list mounts', async ({ page }) => {
      await page.goto('/order?lang=en');
      await expect(page.getByTestId('event-list')).toBeVisible();
      await page.waitForLoadState('networkidle');
      const { shifts, tops } = await page.evaluate(() => ({ shifts: window.__shifts, tops: window.__footerTops }));
      expect(tops.length).toBeGreaterThan(0);
      expect(Math.min(...tops)).toBeGreaterThanOrEqual(viewport.height);
      expect(shifts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(0.05);
    });

    test('/order/{id}: the seat map page mounts without moving what is already on screen', async ({ page, request }) => {
      const id = await takePresentation(request);
      await page.goto(`/order/${id}?lang=he`);
      await expect(page.getByTestId('order-page')).toBeVisible();
      await page.waitForLoadState('networkidle');
      const { shifts, tops } = await page.evaluate(() => ({ shifts: window.__shifts, tops: window.__footerTops }));
      expect(tops.length).toBeGreaterThan(0);
      expect(Math.min(...tops)).toBeGreaterThanOrEqual(viewport.height);
      expect(shifts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(0.05);
    });
  });
}
