import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
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

/** Opens a new sandbox card page (en) with its script held back; returns the call that lets the script arrive. */
async function cardPageWithScriptHeld(page: Page, request: APIRequestContext): Promise<{ url: string; release: () => void }> {
  const form = await (await request.get('/api/payment/form/en?total=12&locationId=2&authProfileId=1&numberOfPayments=1&provider=sandbox', { headers: { uuid: randomUUID() } })).json() as { paymentFormURL: string };
  let release!: () => void;
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route('**/api/payment/sandbox/page.js', async (route) => { await held; await route.continue(); });
  return { url: form.paymentFormURL, release };
}

/**
 * The hosted card page's script gives the first field the focus when it loads. On a slow line it can arrive after the
 * visitor has started typing; taking the focus then sent the next keys into the card number (a clean-clone run typed
 * the ID number there and paid with a 19-digit card). Here the script is held back until a field is in use.
 */
test('the hosted card page: its script, arriving late, leaves the focus where the visitor is typing', async ({ page, request }) => {
  const { url, release } = await cardPageWithScriptHeld(page, request);
  const script = page.waitForResponse('**/api/payment/sandbox/page.js');
  await page.goto(url, { waitUntil: 'commit' });
  const cvv = page.getByLabel('CVV', { exact: true });
  await cvv.click();
  await page.keyboard.type('12');
  release();
  await script;
  // A script at the end of the body holds the parser: the document is past 'loading' once it has run.
  await page.waitForFunction(() => document.readyState !== 'loading');
  await page.keyboard.type('3');
  await expect(cvv).toBeFocused();
  await expect(cvv).toHaveValue('123');
  await expect(page.getByLabel('Card number')).toHaveValue('');
  // It did run: the card number is grouped as it is typed.
  await page.getByLabel('Card number').fill('4580000000000000');
  await expect(page.getByLabel('Card number')).toHaveValue('4580 0000 0000 0000');
});

test('the hosted card page: a card number and expiry filled before its script arrives are grouped when it does', async ({ page, request }) => {
  // A password manager, or a visitor on a slow line, fills the form in that gap; only later keys were grouped (a
  // clean-clone run read '4580123456789012').
  const { url, release } = await cardPageWithScriptHeld(page, request);
  await page.goto(url, { waitUntil: 'commit' });
  await page.getByLabel('Card number').fill('4580123456789012');
  await page.getByLabel('Expiry (MM/YY)').fill('1229');
  await expect(page.getByLabel('Card number')).toHaveValue('4580123456789012');
  release();
  await expect(page.getByLabel('Card number')).toHaveValue('4580 1234 5678 9012');
  await expect(page.getByLabel('Expiry (MM/YY)')).toHaveValue('12/29');
});

/**
 * The card page's steps replace it in place: each form post of the frame added an entry to the site's history (a wrong
 * card number, the card, the 3-D Secure answer: three), so Back on the confirmation stayed on the order page three
 * times before leaving it. Now the confirmation is the one entry paying adds, and what was typed survives an error.
 */
test('paying by card with a mistake and 3-D Secure adds one history entry, the confirmation', async ({ page, request }) => {
  await startOrder(page, request, 'en');
  await toSummary(page);
  const before = await page.evaluate(() => history.length);
  await page.getByTestId('pay').click();
  const f = frame(page);
  await f.getByLabel('Card number').fill('4580000000000001');
  await f.getByLabel('Expiry (MM/YY)').fill('12/30');
  await f.getByLabel('CVV', { exact: true }).fill('123');
  await f.getByLabel("Card holder's ID number").fill('000000018');
  await f.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(f.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
  await expect(f.getByLabel('Card number')).toHaveValue('4580 0000 0000 0001');
  await expect(f.getByLabel('Card number')).toBeFocused();
  await f.getByLabel('Card number').fill(CARDS.threeDs);
  await f.getByLabel('CVV', { exact: true }).fill('123');
  await f.getByRole('button', { name: 'Pay', exact: true }).click();
  await f.getByRole('button', { name: 'Approve', exact: true }).click();
  await expectConfirmation(page);
  expect(await page.evaluate(() => history.length)).toBe(before + 1);
  await page.goBack();
  await expect(page).not.toHaveURL(/\/order\/confirmation/);
  await page.goBack();
  await expect(page).toHaveURL(/about:blank/);
});

/**
 * The card page answers "Pay" by replacing itself with the 3-D Secure challenge, which destroyed the focused button: the
 * focus was left on the frame's body, nothing was said, and a keyboard or screen-reader user had to hunt for Approve
 * (QA, eighteenth session). Now the challenge's heading takes the focus (read with the bank's request) and Tab reaches
 * Approve. Paid by keyboard only.
 */
test('3-D Secure by keyboard: after Pay the focus is on the challenge heading inside the frame, then Tab and Enter approve', async ({ page, request }) => {
  await startOrder(page, request, 'en');
  await toSummary(page);
  await page.getByTestId('pay').focus();
  await page.keyboard.press('Enter');
  const f = frame(page);
  await f.getByLabel('Card number').focus();
  await page.keyboard.type(CARDS.threeDs);
  await page.keyboard.press('Tab');
  await page.keyboard.type('1230');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await page.keyboard.press('Tab');
  await page.keyboard.type('000000018');
  await page.keyboard.press('Tab');
  await expect(f.getByRole('button', { name: 'Pay', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  const heading = f.getByRole('heading', { name: '3-D Secure verification' });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  const active = await f.locator('body').evaluate(() => ({
    tag: document.activeElement?.tagName, text: document.activeElement?.textContent, described: document.activeElement?.getAttribute('aria-describedby'),
  }));
  expect(active).toEqual({ tag: 'H1', text: '3-D Secure verification', described: 'challenge-text' });
  await expect(heading).toHaveAccessibleDescription('Your bank asks you to confirm this payment.');
  await page.keyboard.press('Tab');
  await expect(f.getByRole('button', { name: 'Approve', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectConfirmation(page);
});
