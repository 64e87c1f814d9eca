import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expectConfirmation, payByCard, startOrder, toSummary } from './booking-flow';
import { holdTwoRegularSeats } from './helpers';

/**
 * A tester following the money (eighteenth session): the cancel dialog offered "Refund to my account credit instead of
 * the card" and said "₪40.00 to your account credit", but no account credit existed anywhere — nothing showed or spent
 * it. Now the credit is a voucher of the customer's: the outcome names it (masked) with its balance, the area's Gift
 * vouchers list it with its code, and it pays a new booking through "Pay with a voucher".
 * Eli signs in with his password (no SMS: other specs text numbers) and books an order of his own for this spec, paid
 * by card through the sandbox page, so the seeded order other specs cancel is left alone.
 */
test.setTimeout(240_000);
test.use({ viewport: { width: 390, height: 844 } });

async function signIn(page: Page) {
  await page.goto('/customer?lang=en');
  await page.getByRole('button', { name: 'Sign in with email and password' }).click();
  await page.getByLabel('Email', { exact: true }).fill('eli@example.com');
  await page.getByLabel('Password', { exact: true }).fill('demo-password-2');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Eli' })).toBeVisible();
}

/** Two regular seats of `presentationId` for Eli, paid by the sandbox card, through the api (his session's cookies). */
async function bookByCard(page: Page, presentationId: number): Promise<string> {
  const { uuid, seats } = await holdTwoRegularSeats(page, presentationId, 'last');
  const cart = {
    seats,
    customerInfo: { firstName: 'Eli', lastName: 'Shani', ssn: '000000018', email: 'eli@example.com', emailVerify: 'eli@example.com',
      mobileNumber: '0531234501', mobileNumberVerify: '0531234501', termsConfirmed: true, isMailingAllowed: false },
  };
  const priced = await page.request.post('/api/cart', { headers: { uuid }, data: { cart } });
  expect(priced.ok(), await priced.text()).toBeTruthy();
  const { order } = await priced.json() as { order: { amountDue: number } };
  const form = await (await page.request.get(`/api/payment/form/en?total=${order.amountDue}`, { headers: { uuid } })).json() as { sessionId: string; paymentFormURL: string };
  const paid = await page.request.post(form.paymentFormURL, { form: { cardNumber: '4580000000000000', expiry: '12/39', cvv: '123', holderId: '000000018', action: 'pay' } });
  expect(paid.ok()).toBeTruthy();
  const committed = await page.request.post('/api/payment/commit', {
    headers: { uuid, 'idempotency-key': randomUUID() }, data: { cart: { ...cart, paymentIdentifier: form.sessionId }, recaptchaToken: 't' },
  });
  expect(committed.ok(), await committed.text()).toBeTruthy();
  return (await committed.json() as { reservationIdentifier: string }).reservationIdentifier;
}

test('[en, 390×844] cancel to account credit → the credit voucher is in the area → it pays a new booking', async ({ page, request }) => {
  await signIn(page);
  const area = await (await page.request.get('/api/customer-area/customerAreaData')).json() as
    { customerAreaData: { upcoming: Array<{ presentationId: number; identifier: string }> } };
  const presentationId = area.customerAreaData.upcoming.find((r) => r.identifier.startsWith('C9'))!.presentationId;
  const identifier = await bookByCard(page, presentationId);

  await page.reload();
  const upcoming = page.getByRole('region', { name: 'Upcoming tickets' });
  const card = upcoming.getByRole('listitem').filter({ hasText: `Reservation ${identifier}` });
  await card.getByRole('button', { name: 'Cancel tickets' }).click();
  const dialog = page.getByRole('dialog');
  // one ticket of the two, to the account credit
  await dialog.getByRole('checkbox').nth(1).uncheck();
  const credit = dialog.getByRole('checkbox', { name: 'Refund to my account credit instead of the card' });
  await credit.check();
  await expect(credit).toHaveAccessibleDescription('Account credit is a voucher of yours, listed under Gift vouchers and valid for 5 years: it pays a next order at checkout (“Pay with a voucher”).');
  await expect(dialog.getByRole('status')).toHaveText('You will get ₪40.00 back (₪5.00 cancellation fee withheld): ₪40.00 to your account credit.');
  await page.screenshot({ path: test.info().outputPath('credit-dialog.png') });
  await dialog.getByRole('button', { name: 'Yes, cancel' }).click();

  // the outcome names the credit's voucher (masked as the area masks codes), its balance and how it pays
  const outcome = card.getByRole('status');
  await expect(outcome).toHaveText(/^Cancelled: ₪40\.00 to your account credit, voucher \u2066••••([A-Z2-9]{4})\u2069 \(₪5\.00 fee withheld\)\. Your account credit \u2066••••\1\u2069 now holds ₪(\d+\.\d\d), valid until \u2066\d\d\/\d\d\/\d{4}\u2069: pay with it at checkout \(“Pay with a voucher”\); its code is under Gift vouchers\.$/);
  const said = (await outcome.textContent())!;
  const last4 = /••••([A-Z2-9]{4})/.exec(said)![1]!;
  const balance = /now holds ₪(\d+\.\d\d)/.exec(said)![1]!;
  await page.screenshot({ path: test.info().outputPath('credit-outcome.png'), fullPage: true });

  // the Gift vouchers list it: its full code, its balance
  const vouchers = page.getByRole('region', { name: 'Gift vouchers' });
  const creditCard = vouchers.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(`^Account credit · CR-[A-Z2-9]{4}-[A-Z2-9]{4}-${last4}$`) }) });
  await expect(creditCard).toHaveCount(1);
  const code = /CR-[A-Z2-9-]+/.exec((await creditCard.getByRole('heading').textContent())!)![0];
  await expect(creditCard.getByRole('definition').first()).toHaveText(`₪${balance}`);
  await creditCard.screenshot({ path: test.info().outputPath('credit-voucher.png') });

  // a new booking: "Pay with a voucher" with the credit's code, the card for the rest
  await startOrder(page, request, 'en', { quantity: 2 });
  await toSummary(page);
  await page.getByRole('button', { name: 'Pay with a voucher' }).click();
  const pay = page.getByRole('dialog', { name: 'Pay with a voucher' });
  await pay.getByLabel('Voucher number').fill(code);
  await pay.getByRole('button', { name: 'Use voucher' }).click();
  await expect(page.getByTestId('voucher-applied')).toContainText(`Voucher ${code} pays ₪${balance}.`);
  await page.screenshot({ path: test.info().outputPath('credit-pays.png'), fullPage: true });
  await payByCard(page);
  await expectConfirmation(page);

  // spent: nothing left on it, what it paid counted as redeemed
  await page.goto('/customer?lang=en');
  const spent = page.getByRole('region', { name: 'Gift vouchers' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Account credit · ${code}` }) });
  await expect(spent.getByRole('definition').nth(0)).toHaveText('₪0.00');
  await expect(spent.getByRole('definition').nth(1)).toHaveText(`₪${balance}`);
});
