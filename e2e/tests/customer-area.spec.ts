import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInBySms, type SmsSignInLabels } from './helpers';

/**
 * The customer area: sign in with the SMS code, cancel a reservation (the confirm dialog states the fee),
 * see the refund the api computed, and watch the seats turn free on a second browser's open seat map.
 * The demo seeds a paid two-seat reservation for Yossi and for Miriam (api/src/seed/customerarea.ts); they are
 * this spec's own customers (the other customer specs sign in as others), so it runs beside them. Both
 * reservations are on one presentation, and each test counts the taken seats of its map: the two tests run
 * one after the other (the default inside a file).
 */

// sign-in, the area and a second browser on a loaded 2-core machine (several teams share it)
test.setTimeout(180_000);

async function signIn(page: Page, lang: string, mobile: string, t: SmsSignInLabels) {
  await page.goto(`/customer?lang=${lang}`);
  await signInBySms(page, mobile, t);
}

/** A second visitor's open seat map of the presentation; returns a counter of its taken seats. */
async function openSecondMap(browser: Browser, presentationId: number) {
  const other = await browser.newContext();
  const page = await other.newPage();
  await page.goto(`/order/${presentationId}?lang=en`);
  await expect(page.getByTestId('seatmap')).toBeVisible();
  const taken = page.locator('[role="gridcell"][aria-label$="unavailable"]');
  await expect(taken.first()).toBeVisible();
  return { taken, close: () => other.close() };
}

const CASES = [
  {
    lang: 'en', mobile: '0541112223',
    t: {
      mobile: 'Mobile number', send: 'Send me a code', code: 'Code from the SMS', signIn: 'Sign in', upcoming: 'Upcoming tickets',
      cancel: 'Cancel tickets', fee: 'A cancellation fee of ₪5.00 per ticket is withheld from the refund.', service: 'Service fees are not refunded.',
      confirm: 'Yes, cancel', done: /^Cancelled\. ₪[\d.,]+ will be refunded to your card \(₪10\.00 fee withheld\)\.$/, cancelled: 'Cancelled',
    },
  },
  {
    lang: 'he', mobile: '0527654321',
    t: {
      mobile: 'מספר נייד', send: 'שלחו לי קוד', code: 'הקוד מה-SMS', signIn: 'התחברות', upcoming: 'כרטיסים להצגות קרובות',
      cancel: 'ביטול הכרטיסים', fee: /דמי ביטול בסך .*5\.00.* לכל כרטיס יקוזזו מההחזר\./, service: 'דמי הטיפול אינם מוחזרים.',
      confirm: 'כן, לבטל', done: /^בוטל\. .+ יוחזרו לכרטיס האשראי \(קוזזו דמי ביטול .*10\.00.*\)\.$/, cancelled: 'בוטל',
    },
  },
] as const;

for (const { lang, mobile, t } of CASES) {
  test(`[${lang}] cancel a reservation in the customer area: the fee stated, the refund shown, the seats free on another open map`, async ({ page, browser }) => {
    await signIn(page, lang, mobile, t);
    const upcoming = page.getByRole('region', { name: t.upcoming });
    await expect(upcoming.getByRole('button', { name: t.cancel })).toBeVisible();
    // which presentation the seeded order is for: read from the area's own data (the same session)
    const data = await (await page.request.get('/api/customer-area/customerAreaData')).json() as { customerAreaData: { upcoming: Array<{ presentationId: number; identifier: string }> } };
    const seeded = data.customerAreaData.upcoming.find((r) => r.identifier.startsWith('C9'))!;
    const map = await openSecondMap(browser, seeded.presentationId);
    const before = await map.taken.count();
    expect(before).toBeGreaterThanOrEqual(2);

    await upcoming.getByRole('button', { name: t.cancel }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(t.fee)).toBeVisible();
    await expect(dialog.getByText(t.service)).toBeVisible();
    await dialog.getByRole('button', { name: t.confirm }).click();
    await expect(upcoming.getByRole('status')).toHaveText(t.done);
    await expect(upcoming.getByText(t.cancelled, { exact: true }).first()).toBeVisible();
    await expect(upcoming.getByRole('button', { name: t.cancel })).toHaveCount(0);
    // live: the other visitor's map frees both seats without a reload
    await expect(map.taken).toHaveCount(before - 2);
    await map.close();
  });
}
