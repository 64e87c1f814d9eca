import { expect, test } from '@playwright/test';
import { expectConfirmation, payByCard, startOrder, toSummary } from './booking-flow';

// A booking to its payment step per test on a shared 2-core machine: more than the default minute.
test.describe.configure({ timeout: 120_000 });

/**
 * Sixteenth session (QA, keyboard and screen reader): the keyboard's place survives the presses that remove or disable
 * what was pressed, and a quantity change is said once; the e-ticket prints as a ticket and a wrong e-ticket link is
 * not a dead end. By visible labels and keys.
 */
test('he, phone: "one ticket less" down to 0 keeps the focus in its row and says the new quantity once', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await startOrder(page, request, 'he', { quantity: 1 });
  // the row of the ticket the seat was given (its "less" is enabled), found again by its name once "less" is disabled
  const given = page.getByTestId('ticket-type').filter({ has: page.getByRole('button', { name: /^כרטיס .* אחד פחות$/, disabled: false }) }).first();
  const name = (await given.getByRole('rowheader').textContent())!.trim();
  const row = page.getByTestId('ticket-type').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  const less = row.getByRole('button', { name: /אחד פחות$/ });
  const more = row.getByRole('button', { name: /אחד נוסף$/ });
  await less.focus();
  await page.keyboard.press('Enter');
  await expect(less).toBeDisabled();
  await expect(more).toBeFocused();
  await expect(page.getByTestId('ticket-qty-said')).toHaveText(`${name}: 0 כרטיסים`);
  // a single polite region for the table: the quantities themselves are not live regions that read out bare numbers
  // (an <output> is a polite live region by its role, with or without aria-live: it read each bare number too)
  await expect(page.getByTestId('ticket-qty').and(page.locator('[aria-live], output, [role=status]'))).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('ticket-qty-said')).toHaveText(`${name}: כרטיס אחד`);
});

test('en: a voucher applied from the dialog takes the focus, and removing it gives the focus to "Pay with a voucher"', async ({ page, request }) => {
  await startOrder(page, request, 'en', { quantity: 2 });
  await toSummary(page);
  await page.getByRole('button', { name: 'Pay with a voucher' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Pay with a voucher' })).toBeVisible();
  await page.keyboard.type('GIFT-30-DEMO');
  await page.keyboard.press('Enter');
  const applied = page.getByTestId('voucher-applied');
  await expect(applied).toContainText('Voucher GIFT-30-DEMO pays');
  await expect(applied).toBeFocused();
  await applied.getByRole('button', { name: 'Remove voucher' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Pay with a voucher' })).toBeFocused();
});

test('a wrong e-ticket link says where the right one is and leads on (he); the e-ticket prints as the ticket alone (en)', async ({ page, request }) => {
  await page.goto('/edocument/NO-SUCH-TICKET?lang=he');
  await expect(page.getByRole('heading', { level: 1, name: 'ההזמנה לא נמצאה' })).toBeVisible();
  await expect(page.getByText('בדקו את הקישור שקיבלתם ב-SMS או בדוא"ל; ההזמנות שלכם נמצאות גם באזור האישי.')).toBeVisible();
  await page.getByTestId('edocument').getByRole('link', { name: 'סרטים והצגות' }).click();
  await expect(page).toHaveURL(/\/order(\?|$)/);

  await startOrder(page, request, 'en', { quantity: 1 });
  await toSummary(page);
  await payByCard(page);
  await expectConfirmation(page);
  await page.getByTestId('eticket-link').click();
  await expect(page.getByRole('button', { name: 'Print the ticket' })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('header').first()).toHaveCSS('visibility', 'hidden');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCSS('visibility', 'visible');
  await expect(page.getByRole('button', { name: 'Print the ticket' })).toBeHidden();
});

test('he, phone: an e-ticket opened from the customer area leads back to it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/customer?lang=he');
  await page.getByRole('button', { name: 'כניסה עם אימייל וסיסמה' }).click();
  await page.getByLabel('אימייל', { exact: true }).fill('noa@example.com');
  await page.getByLabel('סיסמה', { exact: true }).fill('demo-password-1');
  await page.getByRole('button', { name: 'התחברות', exact: true }).click();
  await page.getByRole('link', { name: 'הצגת הכרטיס האלקטרוני' }).first().click();
  await expect(page.getByTestId('edocument')).toBeVisible();
  await page.getByRole('link', { name: 'חזרה לאזור האישי' }).click();
  await expect(page).toHaveURL(/\/customer(\?|$)/);
  await expect(page.getByRole('heading', { level: 1, name: /נועה/ })).toBeVisible();
});

for (const [lang, next, said] of [['he', 'ArrowLeft', /^הקרנות: /], ['en', 'ArrowRight', /^Screenings of /]] as const) {
  test(`the event list's day strip is one Tab stop, the arrows move along it in the screen's direction and a chosen day is said (${lang})`, async ({ page }) => {
    await page.goto(`/order?lang=${lang}`);
    const strip = page.getByRole('navigation', { name: lang === 'he' ? 'בחרו יום' : 'Choose a day' });
    await expect(strip.getByRole('button')).toHaveCount(29);
    await expect(strip.locator('button[tabindex="0"]')).toHaveCount(1);
    const today = strip.locator('button[aria-pressed="true"]');
    const tomorrow = strip.getByRole('button').nth(15);
    await today.focus();
    await page.keyboard.press(next);
    await expect(tomorrow).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(tomorrow).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('day-said')).toHaveText(said);
    await expect(strip.locator('button[tabindex="0"]')).toHaveCount(1);
    // Tab leaves the strip: the next stop is not another day
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-date'))).toBe(false);
  });
}
