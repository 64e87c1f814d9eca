import { expect, test, type Page } from '@playwright/test';
import { CARDS, LANGS, expectConfirmation, frame, startOrder, submitCardForm, toSummary } from './booking-flow';

// A whole booking per test on a shared 2-core machine: more than the default minute.
test.describe.configure({ timeout: 150_000 });

/**
 * Issue 16 §1, in he and en: the payment step offers the active providers of the configuration
 * (the e2e site runs with PAYMENT_PROVIDERS=sandbox,altcard,paypal,blik) and each one pays through its
 * own sandbox: the second card provider's page, PayPal approve and cancel, Blik success, rejection in
 * the bank app and the Blik error of a wrong code.
 */
const T = {
  en: {
    altcard: "Credit card (AltCard) Card details on the provider's secure page", paypal: 'PayPal Approve in your PayPal account', blik: 'Blik 6-digit code from your bank app', code: 'Blik code', blikPay: 'Pay with Blik',
    waiting: 'Confirm the payment in your bank app…', rejected: /rejected in the bank app/, blikError: /Blik error: the code is not valid/,
    cancelled: 'Sorry, your order was cancelled. Restarting...', altBrand: 'AltCard (test)', paypalApprove: 'Approve with PayPal', paypalCancel: 'Cancel',
    payments: 'Number of payments',
  },
  he: {
    altcard: 'כרטיס אשראי (AltCard) פרטי הכרטיס בדף המאובטח של חברת הסליקה', paypal: 'PayPal אישור בחשבון ה-PayPal שלך', blik: 'Blik קוד בן 6 ספרות מאפליקציית הבנק', code: 'קוד Blik', blikPay: 'תשלום ב-Blik',
    waiting: 'אשרו את התשלום באפליקציית הבנק…', rejected: /נדחה באפליקציית הבנק/, blikError: /שגיאת Blik: הקוד אינו תקין/,
    cancelled: 'מצטערים, ההזמנה בוטלה. מתחילים מחדש...', altBrand: 'כרטיס חלופי (בדיקות)', paypalApprove: 'אישור תשלום ב-PayPal', paypalCancel: 'ביטול',
    payments: 'מספר תשלומים',
  },
} as const;

/** Each radio is named by the method and its note (the label holds both). */
async function choose(page: Page, name: string) {
  const radio = page.getByRole('group').getByRole('radio', { name, exact: true });
  await radio.check();
  await expect(radio).toBeChecked();
}

for (const lang of LANGS) {
  test.describe(`payment methods (${lang})`, () => {
    test('pay with the second card provider on its own hosted page', async ({ page, request }) => {
      await startOrder(page, request, lang);
      await toSummary(page);
      await choose(page, T[lang].altcard);
      await page.getByTestId('pay').click();
      const f = frame(page);
      await expect(f.getByText(T[lang].altBrand)).toBeVisible();
      await submitCardForm(page, CARDS.approve);
      await expectConfirmation(page);
    });

    test('PayPal: approve completes the order; cancel restarts it', async ({ page, request }) => {
      await startOrder(page, request, lang);
      await toSummary(page);
      await choose(page, T[lang].paypal);
      // PayPal does not split a payment: no number-of-payments choice.
      await expect(page.getByLabel(T[lang].payments)).toHaveCount(0);
      await page.getByTestId('pay').click();
      await frame(page).getByRole('button', { name: T[lang].paypalApprove }).click();
      await expectConfirmation(page);

      const again = await page.context().newPage();
      await startOrder(again, request, lang);
      await toSummary(again);
      await choose(again, T[lang].paypal);
      await again.getByTestId('pay').click();
      await frame(again).getByRole('button', { name: T[lang].paypalCancel, exact: true }).click();
      await expect(again.getByTestId('payment-cancelled')).toHaveText(T[lang].cancelled);
    });

    test('Blik: a wrong code is a Blik error, a good one waits for the bank app and completes the order', async ({ page, request }) => {
      await startOrder(page, request, lang);
      await toSummary(page);
      await choose(page, T[lang].blik);
      await page.getByTestId('pay').click();
      const code = page.getByLabel(T[lang].code);
      await code.fill('123456');
      await page.getByRole('button', { name: T[lang].blikPay }).click();
      await expect(page.getByRole('alert').filter({ hasText: T[lang].blikError })).toBeVisible();
      await expect(code).toHaveAttribute('aria-invalid', 'true');
      await code.fill('777123');
      await page.getByRole('button', { name: T[lang].blikPay }).click();
      await expect(page.getByRole('status').filter({ hasText: T[lang].waiting })).toBeVisible();
      await expectConfirmation(page);
    });

    test('Blik: rejected in the bank app shows the payment error and the visitor may try again', async ({ page, request }) => {
      await startOrder(page, request, lang);
      await toSummary(page);
      await choose(page, T[lang].blik);
      await page.getByTestId('pay').click();
      await page.getByLabel(T[lang].code).fill('777321');
      await page.getByRole('button', { name: T[lang].blikPay }).click();
      const error = page.getByTestId('payment-error');
      await expect(error).toContainText(T[lang].rejected);
      await error.getByRole('button').click();
      await expect(page.getByLabel(T[lang].code)).toBeVisible();
    });
  });
}
