import { test, expect } from '@playwright/test';

/**
 * An empty catalogue in production: the home page showed its "On now" heading with nothing under it (the event list,
 * vouchers, donations and memberships each say theirs is empty). The home page's films come from GET /api/features/
 * (host/src/shell/whatsOn.ts); here it answers an empty list.
 */
for (const [lang, onNow, none] of [
  ['he', 'מציגים עכשיו', 'אין כרגע הקרנות קרובות.'],
  ['en', 'Now showing', 'No upcoming screenings right now.'],
] as const) {
  test(`an empty catalogue: the home page says there is nothing on under its heading (${lang})`, async ({ page }) => {
    await page.route(/\/api\/features\/?(\?.*)?$/, async (route) => {
      const res = await route.fetch();
      const body = await res.json() as Record<string, unknown>;
      await route.fulfill({ response: res, json: { ...body, features: [] } });
    });
    await page.goto(`/?lang=${lang}`);
    const heading = page.getByRole('heading', { level: 2, name: onNow });
    await expect(heading).toBeVisible();
    const empty = page.getByTestId('home-films-empty');
    await expect(empty).toHaveText(none);
    await expect(page.getByTestId('home-films-loading')).toHaveCount(0);
    await expect(page.getByTestId('home-film')).toHaveCount(0);
    // said right under the heading
    expect(await heading.evaluate((h) => h.nextElementSibling?.getAttribute('data-testid'))).toBe('home-films-empty');
  });
}
