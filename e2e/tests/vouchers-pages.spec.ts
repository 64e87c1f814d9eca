import { expect, test } from '@playwright/test';

/**
 * Issue 11 §1, in Chromium, he (at 390x844) and en: the configured route default /system-vouchers lands on the
 * voucher list, a voucher's details open at /vouchers/Description, and /vouchers/Popup is a dialog over the list
 * that Escape closes.
 */
const T = {
  en: { list: 'Gift vouchers', combo: 'Movie and popcorn', details: 'Details of Movie and popcorn', choose: 'Choose this voucher', redeems: 'redeems for TICKET' },
  he: { list: 'שוברי מתנה', combo: 'סרט ופופקורן', details: 'פרטים: סרט ופופקורן', choose: 'לבחירת השובר', redeems: 'ניתן למימוש עבור TICKET' },
} as const;

for (const [lang, phone] of [['en', false], ['he', true]] as const) {
  test(`voucher list by its configured address, a description page and the popup (${lang}${phone ? ', 390x844' : ''})`, async ({ page }) => {
    if (phone) await page.setViewportSize({ width: 390, height: 844 });
    const t = T[lang];
    await page.goto(`/system-vouchers?lang=${lang}`);
    await expect(page).toHaveURL(/\/vouchers\?lang=/);
    await expect(page.getByRole('heading', { level: 1, name: t.list })).toBeVisible({ timeout: 20_000 });

    await page.getByRole('link', { name: t.details }).click();
    await expect(page).toHaveURL(/\/vouchers\/Description\?systemVoucherId=4$/);
    await expect(page.getByRole('heading', { level: 1, name: t.combo })).toBeVisible();
    await expect(page.getByTestId('voucher-description')).toContainText(t.redeems);
    await page.getByRole('link', { name: t.choose }).click();
    await expect(page).toHaveURL(/\/vouchers\/2$/);
    await expect(page.getByRole('heading', { level: 2, name: t.combo })).toBeVisible();

    await page.goto(`/vouchers/Popup?systemVoucherId=4&lang=${lang}`);
    const dialog = page.getByRole('dialog', { name: t.combo });
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await expect(dialog).toContainText(t.redeems);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/vouchers$/);
    await expect(page.getByRole('heading', { level: 1, name: t.list })).toBeVisible();
  });
}

test('on a 360 px phone the voucher order\'s summary fits the screen in every language, quantity and unit price under each line', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  for (const lang of ['he', 'en', 'ru', 'ar', 'pl']) {
    await page.goto(`/vouchers?lang=${lang}`);
    // the first voucher with a fixed price: one of it
    const fixed = page.getByTestId('voucher-list').getByRole('listitem').filter({ has: page.getByRole('combobox') }).first();
    await fixed.getByRole('combobox').selectOption('1');
    await page.getByTestId('vouchers-next').click();
    await page.getByTestId('voucher-products-next').click();
    const summary = page.getByTestId('voucher-summary');
    await expect(summary).toBeVisible();
    // four columns were 374 px wide in English and 453 px in Russian: the page moved sideways
    await expect(summary.getByRole('row').nth(1)).toContainText(/1 × \S/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), lang).toBe(360);
  }
});
