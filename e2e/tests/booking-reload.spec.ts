import { expect, test } from '@playwright/test';
import { LANGS, startOrder } from './booking-flow';

/**
 * A reload in the middle of an order (QA, fifteenth session): it went back to the seat step and the applied coupon was
 * gone without a word (₪96.60 became ₪137.00). The page comes back on the step it was on, with the coupon's ticket and
 * the api's price of it; the seats come back from the api's holds as before.
 */
const T = {
  en: { details: 'Your details', tickets: 'Choose tickets', back: 'Back' },
  he: { details: 'הפרטים שלך', tickets: 'בחירת כרטיסים', back: 'חזרה' },
} as const;

for (const lang of LANGS) {
  test(`[${lang}] a reload on the details step comes back there, the coupon still applied at the same price`, async ({ page, request }) => {
    if (lang === 'he') await page.setViewportSize({ width: 390, height: 844 });
    await startOrder(page, request, lang);
    const total = page.getByTestId('tickets-total');
    await expect(total).toBeVisible();
    const full = (await total.textContent())!;
    await page.locator('#ticket-code').fill('FRIENDS2');
    await page.getByTestId('code-form').locator('button[type="submit"]').click();
    await expect(page.getByTestId('applied-code')).toHaveCount(1);
    // the api's price with the coupon
    await expect(total).not.toHaveText(full);
    const priced = (await total.textContent())!;
    await page.getByTestId('tickets-next').click();
    await expect(page.getByRole('heading', { name: T[lang].details })).toBeVisible();
    await page.locator('#ci-firstName').fill('Dana');
    await page.reload();
    await expect(page.getByRole('heading', { name: T[lang].details })).toBeVisible({ timeout: 15_000 });
    // back on the tickets step: the coupon is there and the api's price is the one before the reload
    await page.getByTestId('customer-info-form').getByRole('button', { name: T[lang].back }).click();
    await expect(page.getByRole('heading', { name: T[lang].tickets })).toBeVisible();
    await expect(page.getByTestId('applied-code')).toHaveCount(1);
    await expect(page.getByTestId('tickets-total')).toHaveText(priced);
  });
}
