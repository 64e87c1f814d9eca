import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * Issue 14: axe-core finds no violation on any route, in Hebrew and English, on a desktop and on a
 * 390×844 phone. Each page is checked once its remote has rendered its main heading or form.
 */
type Lang = 'he' | 'en';

async function firstPresentationId(page: Page): Promise<number> {
  const date = new Date(Date.now() + 2 * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Jerusalem' });
  const res = await page.request.get(`/api/seats/presentations?date=${date}`);
  const body = (await res.json()) as { presentations: Array<{ id: number; seatingMode: string; locationOffline: boolean; isVod: boolean }> };
  const p = body.presentations.find((x) => x.seatingMode === 'reserved' && !x.locationOffline && !x.isVod);
  expect(p).toBeDefined();
  return p!.id;
}

async function firstSeasonId(page: Page): Promise<number> {
  const res = await page.request.get('/api/enroll');
  const body = (await res.json()) as { seasons: Array<{ SeasonId: number }> };
  expect(body.seasons.length).toBeGreaterThan(0);
  return body.seasons[0]!.SeasonId;
}

const ROUTES: Array<{ path: string | ((page: Page) => Promise<string>); label?: string; ready: (page: Page) => Promise<unknown> }> = [
  { path: '/', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/order', ready: (p) => expect(p.getByTestId('event-list')).toBeAttached() },
  { path: async (p) => `/order/${await firstPresentationId(p)}`, label: '/order/{id}', ready: (p) => expect(p.getByTestId('step-next')).toBeVisible({ timeout: 20_000 }) },
  { path: '/vod', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/membership', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/vouchers', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/donations', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: async (p) => `/membership/enroll/${await firstSeasonId(p)}`, label: '/membership/enroll/{id}', ready: (p) => expect(p.getByRole('heading', { level: 1 }).first()).toBeVisible() },
  { path: '/customer', ready: (p) => expect(p.getByRole('heading', { level: 1 }).first()).toBeVisible() },
  { path: '/mini-site/tel-aviv-film-club', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/edocument/no-such-ticket', ready: (p) => expect(p.getByRole('heading', { level: 1 }).or(p.getByRole('alert')).first()).toBeVisible() },
  { path: '/PRES-live', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/PRES-live/ticket-ref', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/terms', ready: (p) => expect(p.getByTestId('terms-page')).toBeVisible() },
  { path: '/no-such-page', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
];

for (const lang of ['he', 'en'] as Lang[]) {
  for (const size of [{ name: 'desktop', width: 1280, height: 900 }, { name: 'phone', width: 390, height: 844 }]) {
    test.describe(`axe on every route (${lang}, ${size.name})`, () => {
      test.use({ viewport: { width: size.width, height: size.height } });
      for (const r of ROUTES) {
        const label = typeof r.path === 'string' ? r.path : r.label!;
        test(`${label} has no axe violations`, async ({ page }) => {
          const path = typeof r.path === 'string' ? r.path : await r.path(page);
          await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
          await expect(page.locator('html')).toHaveAttribute('lang', lang);
          await r.ready(page);
          const result = await new AxeBuilder({ page }).analyze();
          const summary = result.violations.map((v) => `${v.id} (${v.nodes.length}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
          expect(summary).toEqual([]);
        });
      }
    });
  }
}
