import { expect, test, type Page } from '@playwright/test';
import { fillCustomer, startOrder } from './booking-flow';

/**
 * Sixteenth session (QA): an order keeps only the signed-in customer's own details and member tickets. Signing out in
 * the middle of an order left Noa's ID number, e-mail and member ticket in it (and the next customer's order failed on
 * her membership); signing in after typing someone else's details showed "signed in as Eli: details filled in" over
 * the other person's details. Now a change of identity takes them out and the order says so. By visible labels.
 */
async function signInWithPassword(page: Page, t: { withPassword: string; email: string; password: string; go: string }, email: string, password: string) {
  await page.getByRole('button', { name: t.withPassword }).click();
  await page.getByLabel(t.email, { exact: true }).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: t.go, exact: true }).click();
}

test('he, phone: signing out mid-order takes the member ticket and the details out, and says so on the tickets step', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/customer?lang=he');
  await signInWithPassword(page, { withPassword: 'כניסה עם אימייל וסיסמה', email: 'אימייל', password: 'סיסמה', go: 'התחברות' }, 'noa@example.com', 'demo-password-1');
  await expect(page.getByRole('heading', { level: 1, name: /נועה/ })).toBeVisible();
  await startOrder(page, request, 'he', { quantity: 2 });
  await page.getByTestId('member-tickets').getByRole('button', { name: 'שימוש בכרטיס מנוי' }).click();
  await expect(page.getByTestId('seat-ticket').filter({ hasText: 'כרטיס מנוי' })).toHaveCount(1);
  await page.getByTestId('tickets-next').click();
  await expect(page.locator('#ci-firstName')).toHaveValue('נועה');

  await page.getByRole('button', { name: 'תפריט' }).click();
  await page.getByRole('navigation', { name: 'ניווט ראשי' }).getByRole('button', { name: 'התנתקות' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'התנתקתם, ולכן כרטיסי המנוי והפרטים של החשבון הוצאו מההזמנה. בחרו שוב כרטיסים למקומות שלכם.' })).toBeVisible();
  await expect(page.getByTestId('tickets-next')).toBeVisible();
  await expect(page.getByTestId('seat-ticket').filter({ hasText: 'כרטיס מנוי' })).toHaveCount(0);
  await expect(page.getByTestId('member-tickets')).toHaveCount(0);
  await page.getByTestId('tickets-next').click();
  await expect(page.getByTestId('customer-info-form')).toBeVisible();
  await expect(page.locator('#ci-firstName')).toHaveValue('');
  await expect(page.locator('#ci-ssn')).toHaveValue('');
  await expect(page.getByText(/מחובר\/ת בתור/)).toHaveCount(0);
});

test('en: details typed for someone else give way to the account\'s when the visitor signs in from the details step', async ({ page, request }) => {
  await startOrder(page, request, 'en', { quantity: 1 });
  await page.getByTestId('tickets-next').click();
  await fillCustomer(page); // Dana Levi, dana.e2e@example.com, and on to the add-ons
  await page.getByRole('navigation', { name: 'Order steps' }).getByRole('button', { name: 'Your details' }).click();
  await expect(page.locator('#ci-firstName')).toHaveValue('Dana');
  const orderUrl = page.url();
  await page.getByTestId('customer-info-form').getByRole('link', { name: 'Sign in' }).click();
  await signInWithPassword(page, { withPassword: 'Sign in with email and password', email: 'Email', password: 'Password', go: 'Sign in' }, 'eli@example.com', 'demo-password-2');
  await expect(page).toHaveURL(orderUrl);
  await expect(page.getByRole('status').filter({ hasText: 'You signed in, so the details in this order are now your account\'s. Check them before you go on.' })).toBeVisible();
  await expect(page.locator('#ci-firstName')).toHaveValue('Eli');
  await expect(page.locator('#ci-email')).toHaveValue('eli@example.com');
  await expect(page.getByText('Logged in as Eli Shani: your details are filled in.')).toBeVisible();
});
