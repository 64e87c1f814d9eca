import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { startOrder } from './booking-flow';

/**
 * Customer self-service (issue 9): sign in by ID number or member number (the code goes to the mobile on
 * file), cancel and replace a gift voucher and read its history, play a video-on-demand title (the count
 * moves), cancel one chosen ticket of two, edit the details; sign in from checkout with email and password
 * and come back to a prefilled form. Phone size (390×844), he and en, axe on every screen on the way.
 * Own demo customers (api/src/seed/customerarea.ts): Noa (he) and Eli (en), so the SMS limits stay theirs.
 */
// axe on a loaded 2-core machine takes a while per screen
test.setTimeout(300_000);
test.use({ viewport: { width: 390, height: 844 } });

async function noAxeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
}

async function smsCode(page: Page, mobile: string): Promise<string> {
  const box = await (await page.request.get(`/api/dev/sms-outbox?mobileNumber=${mobile}`)).json() as { messages: Array<{ code: string | null }> };
  expect(box.messages[0]?.code).toMatch(/^\d{6}$/);
  return box.messages[0]!.code!;
}

const CASES = [
  {
    lang: 'he', key: 'NOA', mobile: '0531234500', by: 'תעודת זהות', field: 'מספר תעודת זהות', value: '075678904',
    t: {
      send: 'שלחו לי קוד', onFile: 'שלחנו קוד בן 6 ספרות למספר הנייד השמור אצלנו.', code: 'הקוד מה-SMS', signIn: 'התחברות', hello: 'שלום, נועה',
      vouchers: 'שוברי מתנה', cancelV: 'ביטול השובר GIFT-NOA-1', replaceV: 'החלפת השובר GIFT-NOA-2', yes: 'כן, אישור',
      cancelledV: 'השובר בוטל.', noBalance: 'אין (השובר בוטל ואי אפשר להשתמש בו)', replaceWhat: 'השובר יסומן להחלפה, וקופת הקולנוע תחליף אותו בשובר חדש. עד אז היתרה שלו לא משתנה.', replacedV: 'השובר סומן להחלפה.', historyV: 'היסטוריית השובר GIFT-NOA-1', eventCancelled: 'בוטל',
      vod: 'צפייה ביתית', play: /^צפייה: /, plays: 'מספר צפיות', remaining: 'צפיות שנותרו',
      upcoming: 'כרטיסים להצגות קרובות', cancelT: 'ביטול הכרטיסים', confirmT: 'כן, לבטל', doneT: /קוזזו דמי ביטול .*5\.00/,
      memberships: 'מנויים', details: 'הפרטים שלי', edit: 'עריכת הפרטים', city: 'עיר', save: 'שמירה', saved: 'הפרטים נשמרו.', newCity: 'חיפה',
      eTicket: 'הצגת הכרטיס האלקטרוני', ticketCancelled: 'בוטל', totalAfter: 'סה"כ אחרי הביטול', refunded: 'הוחזר',
      cancelledNote: 'כרטיס שבוטל אינו מקנה כניסה: קוד ה-QR תקף רק לכרטיסים שנותרו.',
    },
  },
  {
    lang: 'en', key: 'ELI', mobile: '0531234501', by: 'My membership card', field: 'Member number', value: 'M2101',
    t: {
      send: 'Send me a code', onFile: 'We texted a 6-digit code to the mobile number on file.', code: 'Code from the SMS', signIn: 'Sign in', hello: 'Hello, Eli',
      vouchers: 'Gift vouchers', cancelV: 'Cancel voucher GIFT-ELI-1', replaceV: 'Replace voucher GIFT-ELI-2', yes: 'Yes, confirm',
      cancelledV: 'The voucher was cancelled.', noBalance: 'None (the voucher was cancelled and cannot be used)',
      replaceWhat: "We will mark the voucher for replacement, and the cinema's box office will exchange it for a new voucher. Its balance stays as it is until then.", replacedV: 'The voucher is marked for replacement.', historyV: 'History of voucher GIFT-ELI-1', eventCancelled: 'Cancelled',
      vod: 'Video on demand', play: /^Play /, plays: 'Plays', remaining: 'Plays remaining',
      upcoming: 'Upcoming tickets', cancelT: 'Cancel tickets', confirmT: 'Yes, cancel', doneT: /\(₪5\.00 fee withheld\)/,
      memberships: 'Memberships', details: 'My details', edit: 'Edit my details', city: 'City', save: 'Save', saved: 'Your details were saved.', newCity: 'Haifa',
      eTicket: 'Show the e-ticket', ticketCancelled: 'Cancelled', totalAfter: 'Total after cancellation', refunded: 'Refunded',
      cancelledNote: 'Cancelled tickets do not admit entry: the QR code admits the remaining tickets only.',
    },
  },
] as const;

for (const { lang, key, mobile, by, field, value, t } of CASES) {
  test(`[${lang}] sign in by ${key === 'NOA' ? 'ID' : 'member'} number, then vouchers, video on demand, one ticket cancelled, details`, async ({ page }) => {
    await page.goto(`/customer?lang=${lang}`);
    await page.getByRole('radio', { name: by }).check();
    await noAxeViolations(page);
    await page.getByLabel(field, { exact: true }).fill(value);
    await page.getByRole('button', { name: t.send }).click();
    await expect(page.getByText(t.onFile)).toBeVisible();
    await noAxeViolations(page);
    await page.getByLabel(t.code).fill(await smsCode(page, mobile));
    await page.getByRole('button', { name: t.signIn, exact: true }).click();
    await expect(page.getByRole('heading', { name: t.hello })).toBeVisible();
    await noAxeViolations(page);
    // the area fits the phone: the memberships' six-column table made the page 440 px wide and it moved sideways
    await expect(page.getByRole('region', { name: t.memberships }).getByRole('definition').filter({ hasText: /^\d{2}\/\d{2}\/\d{4}$/ })).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);

    // gift vouchers: cancel one, replace the other, the history says what happened
    const vouchers = page.getByRole('region', { name: t.vouchers });
    await vouchers.getByRole('button', { name: t.cancelV }).click();
    await noAxeViolations(page);
    await page.getByRole('dialog').getByRole('button', { name: t.yes }).click();
    await expect(vouchers.getByText(t.cancelledV)).toBeVisible();
    // focus on the outcome, not <body> (the dialog closed, the cancel button went away)
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toBe(t.cancelledV);
    await expect(vouchers.getByRole('button', { name: t.cancelV })).toHaveCount(0);
    // a cancelled voucher shows no usable balance (it still said ₪100.00)
    await expect(vouchers.getByRole('listitem').filter({ hasText: t.cancelV.split(' ').pop()! }).getByRole('definition').first()).toHaveText(t.noBalance);
    await vouchers.getByRole('button', { name: t.replaceV }).click();
    // the dialog says what a replacement is
    await expect(page.getByRole('dialog').getByText(t.replaceWhat)).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: t.yes }).click();
    await expect(vouchers.getByText(t.replacedV)).toBeVisible();
    await vouchers.getByRole('button', { name: t.historyV }).click();
    await expect(vouchers.getByRole('listitem').filter({ hasText: t.eventCancelled }).first()).toBeVisible();

    // video on demand: a play counts
    const vod = page.getByRole('region', { name: t.vod });
    const card = vod.getByRole('listitem').first();
    await expect(card.getByRole('definition').nth(2)).toHaveText('0');
    await vod.getByRole('button', { name: t.play }).click();
    await expect(card.getByRole('definition').nth(2)).toHaveText('1');
    // the play button is disabled while playing: the player takes the focus (it fell to <body>)
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('VIDEO');
    await expect(card.getByRole('definition').nth(3)).toHaveText('2');

    // cancel one chosen ticket of two
    // the seeded order (C9200…1): other specs book and cancel orders of the same customers in the same run
    const upcoming = page.getByRole('region', { name: t.upcoming }).getByRole('listitem').filter({ hasText: /C9200\d1/ });
    await upcoming.getByRole('button', { name: t.cancelT }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('checkbox')).toHaveCount(3); // two tickets + refund to credit
    // what each ticket is (its place and price), as the dialog names it: the e-ticket is checked against it below
    const choices = dialog.getByRole('group').locator('label');
    const [gone, kept] = [await choices.nth(0).innerText(), await choices.nth(1).innerText()];
    await dialog.getByRole('group').getByRole('checkbox').nth(1).uncheck();
    await noAxeViolations(page);
    await dialog.getByRole('button', { name: t.confirmT }).click();
    await expect(upcoming.getByRole('status')).toHaveText(t.doneT);
    await expect(upcoming.getByRole('button', { name: t.cancelT })).toBeVisible(); // the other ticket can still be cancelled

    // details
    const details = page.getByRole('region', { name: t.details });
    await details.getByRole('button', { name: t.edit }).click();
    await details.getByLabel(t.city).fill(t.newCity);
    await noAxeViolations(page);
    await details.getByRole('button', { name: t.save }).click();
    await expect(details.getByText(t.saved)).toBeVisible();
    await expect(details.getByText(t.saved)).toBeFocused();
    await expect(details.getByText(t.newCity)).toBeVisible();

    // the e-ticket after the cancel (QA: it listed the cancelled seat as an ordinary ticket, with the order's first total):
    // that seat says "Cancelled", the code admits the other, the total is what the order stands at now (the ₪5.00 fee kept)
    await upcoming.getByRole('link', { name: t.eTicket }).click();
    const eticket = page.getByTestId('edocument');
    await expect(eticket).toHaveAttribute('data-state', 'valid');
    const placeOf = (label: string) => label.split(' · ')[0]!.trim();
    const money = (text: string) => Number(/(\d[\d,]*\.\d\d)/.exec(text)![1]!.replace(/,/g, ''));
    const goneRow = eticket.getByRole('row').filter({ hasText: placeOf(gone) });
    await expect(goneRow).toContainText(t.ticketCancelled);
    await expect(eticket.getByRole('row').filter({ hasText: placeOf(kept) })).not.toContainText(t.ticketCancelled);
    await expect(eticket.getByText(t.cancelledNote)).toBeVisible();
    await expect(eticket.getByRole('img')).toBeVisible(); // the QR code: the other ticket still admits
    const refund = money(gone) - 5;
    await expect(eticket.getByText(t.totalAfter, { exact: true })).toBeVisible();
    expect(money(await eticket.getByTestId('edoc-total').innerText())).toBeCloseTo(money(gone) + money(kept) - refund, 2);
    await expect(eticket.getByText(t.refunded, { exact: true })).toBeVisible();
    expect(money(await eticket.getByTestId('edoc-refunded').innerText())).toBeCloseTo(refund, 2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await noAxeViolations(page);
    // printed the same: the word stays (the print style hides the site around the ticket, not the tag)
    await page.emulateMedia({ media: 'print' });
    await expect(goneRow.getByText(t.ticketCancelled, { exact: true })).toBeVisible();
    await expect(eticket.getByText(t.totalAfter, { exact: true })).toBeVisible();
    await page.emulateMedia({ media: 'screen' });
  });
}

const CHECKOUT = [
  { lang: 'en', email: 'eli@example.com', password: 'demo-password-2', first: 'Eli', last: 'Shani', t: { signIn: 'Sign in', withPassword: 'Sign in with email and password', email: 'Email', password: 'Password' } },
  { lang: 'he', email: 'noa@example.com', password: 'demo-password-1', first: 'נועה', last: 'ברק', t: { signIn: 'כניסה לחשבון', withPassword: 'כניסה עם אימייל וסיסמה', email: 'אימייל', password: 'סיסמה' } },
] as const;

for (const { lang, email, password, first, last, t } of CHECKOUT) {
  test(`[${lang}] sign in from checkout with email and password and come back to a prefilled form`, async ({ page, request }) => {
    await startOrder(page, request, lang, { quantity: 1 });
    await page.getByTestId('tickets-next').click();
    await expect(page.getByTestId('customer-info-form')).toBeVisible();
    const orderUrl = page.url();
    await page.getByTestId('customer-info-form').getByRole('link', { name: t.signIn }).click();
    await page.getByRole('button', { name: t.withPassword }).click();
    await page.getByLabel(t.email, { exact: true }).fill(email);
    await page.getByLabel(t.password, { exact: true }).fill(password);
    await page.getByRole('button', { name: lang === 'he' ? 'התחברות' : 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(orderUrl);
    await expect(page.getByTestId('customer-info-form')).toBeVisible();
    await expect(page.locator('#ci-firstName')).toHaveValue(first);
    await expect(page.locator('#ci-lastName')).toHaveValue(last);
    await expect(page.locator('#ci-email')).toHaveValue(email);
    await noAxeViolations(page);
  });
}
