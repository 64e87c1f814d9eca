import { expect, test } from '@playwright/test';
import { expectConfirmation, fillCustomer, startOrder, expectStepAdvanced } from './booking-flow';

// A whole booking per test on a shared 2-core machine: more than the default minute.
test.describe.configure({ timeout: 150_000 });

/** Tickets → customer info → the add-ons step (not yet Continue). */
async function toProducts(page: import('@playwright/test').Page) {
  await page.getByTestId('tickets-next').click();
  await expectStepAdvanced(page, 'customer-info-form');
  await fillCustomer(page);
  await expect(page.getByTestId('products-step')).toBeVisible();
}

/**
 * Eighteenth session (QA on a bad mobile line): the payment step priced the order once, when it opened. Offline at that
 * moment (or a proxy's 5xx) left only why, a disabled Pay and no Try again, and nothing changed after reconnecting.
 */
test('he, phone: priced offline, the summary comes by itself when the browser is back online', async ({ page, request, context }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await startOrder(page, request, 'he', { quantity: 1 });
  await toProducts(page);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'המשך' }).click();
  const failed = page.getByRole('alert').filter({ hasText: 'אין חיבור. בדקו את הרשת.' });
  await expect(failed).toBeVisible({ timeout: 20_000 });
  await expect(failed.getByRole('button', { name: 'ניסיון נוסף' })).toBeVisible();
  await expect(page.getByTestId('pay')).toBeDisabled();
  await context.setOffline(false);
  await expect(page.getByTestId('order-summary')).toBeVisible({ timeout: 20_000 });
  await expect(failed).toHaveCount(0);
  await expect(page.getByTestId('pay')).toBeEnabled();
});

test("en: a proxy's HTML 503 when pricing says it is the server's fault, and Try again prices the order", async ({ page, request }) => {
  await startOrder(page, request, 'en', { quantity: 1 });
  await toProducts(page);
  let fail = true;
  await page.route('**/api/cart', (route) => (fail && route.request().method() === 'POST'
    ? route.fulfill({ status: 503, contentType: 'text/html', body: '<html><head><title>503 Service Temporarily Unavailable</title></head><body><center><h1>503 Service Temporarily Unavailable</h1></center><hr><center>nginx</center></body></html>' })
    : route.continue()));
  await page.getByRole('button', { name: 'Continue' }).click();
  const failed = page.getByRole('alert').filter({ hasText: 'Something went wrong on our side. Please try again in a moment.' });
  await expect(failed).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('pay')).toBeDisabled();
  fail = false;
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('order-summary')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Order summary and payment' })).toBeFocused();
  await page.getByTestId('pay').click();
  const f = page.frameLocator('[data-testid="payment-frame"]');
  await f.locator('#cardNumber').fill('4580000000000000');
  await f.locator('#expiry').fill('12/30');
  await f.locator('#cvv').fill('123');
  await f.locator('#holderId').fill('000000018');
  await f.locator('button[value="pay"]').click();
  await expectConfirmation(page);
});
