import { test, expect, type Page } from '@playwright/test';

/**
 * A page change inside the site (host/src/pageChange.ts) moves the keyboard focus to the new page's h1 and says the page
 * once in the shell's polite live region; before, the focus was left on <body> and nothing was said. The first load
 * moves nothing, and a filter of the same page (the event list's day, a query change) leaves the focus where it is.
 */

const announcer = (page: Page) => page.getByTestId('route-announcer');
const focusedTag = (page: Page) => page.evaluate(() => document.activeElement?.tagName);
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

test('the first load focuses nothing and says nothing', async ({ page }) => {
  await page.goto('/order?lang=en');
  await expect(page.getByTestId('presentation-link').first()).toBeVisible();
  await page.waitForTimeout(800);
  expect(await focusedTag(page)).toBe('BODY');
  await expect(announcer(page)).toHaveText('');
  await expect(announcer(page)).toHaveAttribute('aria-live', 'polite');
});

test('Enter on a screening of the event list: the order page\'s h1 has the focus and is announced', async ({ page }) => {
  await page.goto('/order?lang=en');
  const screening = page.getByTestId('presentation-link').first();
  await screening.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/order\/\d+/);
  const title = page.locator('#main h1');
  await expect(title).toBeFocused();
  const name = (await title.textContent())!.trim();
  expect(name).not.toBe('');
  await expect(announcer(page)).toHaveText(name);
});

test('a header link and the brand: the new page\'s h1 has the focus (remote to remote, remote to the shell\'s home)', async ({ page }) => {
  await page.goto('/order?lang=en');
  await expect(page.getByTestId('presentation-link').first()).toBeVisible();
  await mainNav(page).getByRole('link', { name: 'Gift vouchers' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/vouchers/);
  const vouchers = page.locator('#main h1');
  await expect(vouchers).toBeFocused();
  await expect(announcer(page)).toHaveText((await vouchers.textContent())!.trim());

  await page.getByRole('banner').getByRole('link', { name: 'Cinema tickets', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/(\?|$)/);
  await expect(page.getByRole('heading', { level: 1, name: 'What would you like to see?' })).toBeFocused();
  await expect(announcer(page)).toHaveText('What would you like to see?');
});

test('a day of the event list\'s strip (same page, another query) keeps the focus on the day', async ({ page }) => {
  await page.goto('/order?lang=en');
  await expect(page.getByTestId('presentation-link').first()).toBeVisible();
  const days = page.locator('[data-date]');
  const tomorrow = days.nth(15);
  await tomorrow.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/date=/);
  await page.waitForTimeout(800);
  await expect(tomorrow).toBeFocused();
  await expect(announcer(page)).toHaveText('');
});
