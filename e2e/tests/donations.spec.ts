import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { APPROVE_CARD, expectConfirmation, fillCustomer, holdSeats, newVisit, payByCard, takePresentationId as takePresentation, toTickets } from './booking-flow';

/**
 * Issue 11 §2, in Chromium, he (at phone size 390x844) and en: a visitor reaches donations from the main
 * navigation, gives a custom amount twice and a fixed amount, fills the donor form (the donations form
 * switches: required fields marked *), pays on the sandbox card page and gets a printable receipt. The
 * amounts are checked before anything is paid, and a finished ticket order offers a donation.
 */
const T = {
  en: {
    mainNav: 'Main navigation', menu: 'Menu', donations: 'Donations', kids: 'Cinema for children in the periphery', archive: 'Film archive preservation',
    other: 'Another amount', amount: /^Your amount/, times: (n: string) => `How many times: ${n}`, amountsOf: (n: string) => `Donation amount for ${n}`,
    next: 'Continue to your details', first: 'First name *', last: 'Last name *', ssn: 'ID number *', email: 'Email *', email2: 'Confirm email *',
    mobile: 'Mobile number *', mobile2: 'Confirm mobile number *', terms: /I have read and accept the terms of use/, donate: /^Donate /,
    cardNumber: 'Card number', expiry: 'Expiry (MM/YY)', cvv: 'CVV', holder: "Card holder's ID number", pay: 'Pay',
    thanks: 'Thank you for your donation', print: 'Print the receipt', mustSelect: 'Choose at least one donation.', range: /Choose an amount between .*10\.00 and .*10,000\.00/,
    offer: 'Make a donation', kind: 'This is a receipt for a donation.', card: 'Card ending 0000', subject: 'Donation receipt',
  },
  he: {
    mainNav: 'ניווט ראשי', menu: 'תפריט', donations: 'תרומות', kids: 'קולנוע לילדים בפריפריה', archive: 'שימור ארכיון הסרטים',
    other: 'סכום אחר', amount: /^הסכום שלך/, times: (n: string) => `כמה פעמים: ${n}`, amountsOf: (n: string) => `סכום התרומה עבור ${n}`,
    next: 'המשך לפרטים שלך', first: 'שם פרטי *', last: 'שם משפחה *', ssn: 'תעודת זהות *', email: 'דוא"ל *', email2: 'אימות דוא"ל *',
    mobile: 'טלפון נייד *', mobile2: 'אימות טלפון נייד *', terms: /קראתי ואני מסכים\/ה לתנאי השימוש/, donate: /^תרומה של /,
    cardNumber: 'מספר כרטיס', expiry: 'תוקף (MM/YY)', cvv: 'CVV', holder: 'תעודת זהות של בעל הכרטיס', pay: 'תשלום',
    thanks: 'תודה על תרומתך', print: 'הדפסת הקבלה', mustSelect: 'יש לבחור לפחות תרומה אחת.', range: /יש לבחור סכום בין .*10\.00.* ל-.*10,000\.00/,
    offer: 'לתרומה', kind: 'זוהי קבלה על תרומה.', card: 'כרטיס המסתיים ב-0000', subject: 'קבלה על תרומה',
  },
} as const;
type Lang = keyof typeof T;

test.describe.configure({ timeout: 180_000 });

const cause = (page: Page, name: string) => page.getByTestId('donation-list').getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

async function openDonations(page: Page, lang: Lang, phone: boolean) {
  await page.goto(`/?lang=${lang}`);
  if (phone) await page.getByRole('button', { name: T[lang].menu }).click();
  await page.getByRole('navigation', { name: T[lang].mainNav }).getByRole('link', { name: T[lang].donations, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: T[lang].donations })).toBeVisible({ timeout: 20_000 });
}

async function expectNoAxeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const [lang, phone] of [['en', false], ['he', true]] as const) {
  test(`donate a custom amount and a fixed one, pay by card, get the receipt (${lang}${phone ? ', 390x844' : ''})`, async ({ page }) => {
    if (phone) await page.setViewportSize({ width: 390, height: 844 });
    await newVisit(page);
    await openDonations(page, lang, phone);
    const t = T[lang];
    const kids = cause(page, t.kids);
    await kids.getByRole('radio', { name: t.other }).check();
    await kids.getByLabel(t.amount).fill('75');
    await kids.getByLabel(t.times(t.kids)).selectOption('2');
    await cause(page, t.archive).getByRole('radiogroup', { name: t.amountsOf(t.archive) }).getByRole('radio', { name: /50\.00/ }).check();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: t.next }).click();

    await expect(page.getByTestId('donation-total')).toContainText('200.00');
    await page.getByLabel(t.first, { exact: true }).fill('Dana');
    await page.getByLabel(t.last, { exact: true }).fill('Levi');
    await page.getByLabel(t.ssn, { exact: true }).fill('000000018');
    await page.getByLabel(t.email, { exact: true }).fill('dana.donor@example.com');
    await page.getByLabel(t.email2, { exact: true }).fill('dana.donor@example.com');
    await page.getByLabel(t.mobile, { exact: true }).fill('0521234567');
    await page.getByLabel(t.mobile2, { exact: true }).fill('0521234567');
    // The terms are required: without them the form says so and nothing is paid.
    await page.getByRole('button', { name: t.donate }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expect(page.getByTestId('payment-frame')).toHaveCount(0);
    await page.getByLabel(t.terms).check();
    await page.getByRole('button', { name: t.donate }).click();

    const f = page.frameLocator('[data-testid="payment-frame"]');
    await f.getByRole('textbox', { name: t.cardNumber, exact: true }).fill(APPROVE_CARD);
    await f.getByRole('textbox', { name: t.expiry, exact: true }).fill('12/30');
    await f.getByRole('textbox', { name: t.cvv, exact: true }).fill('123');
    await f.getByRole('textbox', { name: t.holder, exact: true }).fill('000000018');
    await f.getByRole('button', { name: t.pay, exact: true }).click();

    await expect(page.getByRole('heading', { level: 1, name: t.thanks })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('receipt-number')).toHaveText(/^DN\d+$/);
    await expect(page.getByTestId('receipt-total')).toContainText('200.00');
    await expect(page.getByTestId('donation-receipt')).toContainText(t.kids);
    await expect(page.getByTestId('donation-receipt')).toContainText('75.00');
    // What a donation receipt says: that it is one, the amount, how it was paid; and a copy went to the donor's e-mail.
    await expect(page.getByTestId('receipt-kind')).toHaveText(t.kind);
    await expect(page.getByTestId('receipt-amount')).toContainText('200.00');
    await expect(page.getByTestId('receipt-card')).toHaveText(t.card);
    const receiptNumber = (await page.getByTestId('receipt-number').textContent())!;
    const mails = (await (await page.request.get(`/api/dev/email-outbox?to=dana.donor@example.com`)).json()) as { messages: Array<{ subject: string }> };
    expect(mails.messages.filter((m) => m.subject === `${t.subject} ${receiptNumber}`)).toHaveLength(1);
    await expect(page.getByRole('button', { name: t.print })).toBeVisible();
    // the e-mail lines up with the other values (its text starts on the page's start side, as the receipt number's)
    const textStart = (el: Element) => {
      const r = document.createRange(); r.selectNodeContents(el); const b = r.getBoundingClientRect();
      return document.documentElement.dir === 'rtl' ? b.right : b.left;
    };
    const numberStart = await page.getByTestId('receipt-number').evaluate(textStart);
    const emailStart = await page.getByTestId('donation-receipt').getByText('dana.donor@example.com', { exact: true }).evaluate(textStart);
    expect(Math.abs(emailStart - numberStart)).toBeLessThanOrEqual(2);
    await expectNoAxeViolations(page);

    // Donated: the next donation starts from nothing.
    await openDonations(page, lang, phone);
    await page.getByRole('button', { name: t.next }).click();
    await expect(page.getByRole('alert')).toHaveText(t.mustSelect);
    // ... and the donor form too: nothing of the last donor is left behind.
    await cause(page, t.archive).getByRole('radiogroup', { name: t.amountsOf(t.archive) }).getByRole('radio', { name: /50\.00/ }).check();
    await page.getByRole('button', { name: t.next }).click();
    await expect(page.getByTestId('donation-total')).toContainText('50.00');
    await expect(page.getByLabel(t.first, { exact: true })).toHaveValue('');
    await expect(page.getByLabel(t.email, { exact: true })).toHaveValue('');
  });
}

test('a custom amount outside its range is refused before any payment (en)', async ({ page }) => {
  await newVisit(page);
  await openDonations(page, 'en', false);
  const t = T.en;
  const kids = cause(page, t.kids);
  await kids.getByRole('radio', { name: t.other }).check();
  await kids.getByLabel(t.amount).fill('5');
  await page.getByRole('button', { name: t.next }).click();
  await expect(page.getByRole('alert')).toHaveText(t.range);
  await kids.getByLabel(t.amount).fill('10001');
  await page.getByRole('button', { name: t.next }).click();
  await expect(page.getByRole('alert')).toHaveText(t.range);
  await expect(page.getByTestId('donation-checkout')).toHaveCount(0);
});

test('the end of a ticket order offers a donation (he)', async ({ page, request }) => {
  const uuid = await newVisit(page);
  const p = await takePresentation(request);
  await holdSeats(request, p, uuid);
  await page.goto(`/order/${p}?lang=he`);
  await toTickets(page);
  await page.getByTestId('tickets-next').click();
  await fillCustomer(page);
  await page.getByTestId('products-next').click();
  await payByCard(page);
  await expectConfirmation(page);
  await page.getByTestId('donation-offer').getByRole('link', { name: T.he.offer }).click();
  await expect(page.getByRole('heading', { level: 1, name: T.he.donations })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/donations$/);
});
