import { expect, test } from '@playwright/test';
import { expectConfirmation, payByCard, startOrder, submitCardForm, toSummary } from './booking-flow';

// A whole booking per test on a shared 2-core machine: more than the default minute.
test.describe.configure({ timeout: 150_000 });

/**
 * Sixteenth session (QA, faults): after the card was approved, the order's commit failing. A server fault says so (not
 * "no response"), keeps what is being paid for as it is (no voucher, method or number of payments to change while the
 * approved payment waits for its order) and Try again completes the order with the same payment. A definite refusal
 * (the amount changed) brings the summary back with why and a Pay button, instead of a page without any way on.
 */
test('he, phone: a server fault at the commit keeps the order as paid for, and Try again completes it', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  let commits = 0;
  await page.route('**/api/payment/commit', (route) => (++commits === 1 ? route.fulfill({ status: 500, body: '' }) : route.continue()));
  await startOrder(page, request, 'he', { quantity: 1 });
  await toSummary(page);
  await payByCard(page);
  const failed = page.getByRole('alert').filter({ hasText: 'השרת לא הצליח להשלים את ההזמנה כרגע. הכרטיס לא יחויב פעמיים: נסו שוב בעוד רגע.' });
  await expect(failed).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'תשלום בשובר' })).toHaveCount(0);
  await failed.getByRole('button', { name: 'ניסיון נוסף' }).click();
  await expectConfirmation(page);
  expect(commits).toBe(2);
});

test('en: a definite refusal at the commit brings back the summary with why and Pay, and paying again completes the order', async ({ page, request }) => {
  let commits = 0;
  await page.route('**/api/payment/commit', (route) => (++commits === 1
    ? route.fulfill({ status: 409, contentType: 'application/json', body: '{"error":"PAYMENT_AMOUNT_MISMATCH","message":"the payment amount differs from the order total"}' })
    : route.continue()));
  await startOrder(page, request, 'en', { quantity: 1 });
  await toSummary(page);
  await payByCard(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Error processing the order: the amount changed. Please try again.' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Pay with a voucher' })).toBeVisible();
  // a new payment for the order as it is now: the card page again, not the refused payment sent once more
  await page.getByTestId('pay').click();
  await submitCardForm(page);
  await expectConfirmation(page);
  expect(commits).toBe(2);
});
