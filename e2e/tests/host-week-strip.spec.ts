import { test, expect } from '@playwright/test';

/** The home page's week strip writes its days dd/mm with two digits in every language (Hebrew wrote 1/12, English 01/12). */
for (const [lang, week] of [['he', 'השבוע'], ['en', 'This week']] as const) {
  test(`the home page's week strip: dd/mm with two digits (${lang})`, async ({ page }) => {
    await page.goto(`/?lang=${lang}`);
    const days = page.getByRole('navigation', { name: week }).locator('a strong');
    await expect(days).toHaveCount(7);
    for (const text of await days.allTextContents()) expect(text).toMatch(/^\d{2}\/\d{2}$/);
  });
}
