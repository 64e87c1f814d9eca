import { expect, test, type Page } from '@playwright/test';
import { expectConfirmation, payByCard, startOrder, submitCardForm, toSummary, CARDS } from './booking-flow';
import { signInBySms } from './helpers';

/**
 * Issue 10: a membership bought on the site is usable at once. A new visitor buys a Cinema Club membership by card,
 * signs in on the customer screen with the same mobile number, books a ticket and uses a member ticket for it,
 * then pays and gets the confirmation. By visible labels, en and he.
 */
const T = {
  en: {
    buy: 'Buy Cinema Club', qty: 'Quantity: Single', terms: /I have read and accept/, cont: 'Continue', pay: 'Pay', thanks: /Thank you! Order number: MO\d+/,
    fields: { firstName: /^First name/, lastName: /^Last name/, ssn: /^ID number/, email: /^Email/, emailVerify: /^Confirm email/, mobileNumber: /^Mobile number/, mobileNumberVerify: /^Confirm mobile number/ },
    signIn: { mobile: 'Mobile number', send: 'Send me a code', code: 'Code from the SMS', go: 'Sign in', hello: 'Hello, Noa' },
    member: /Cinema Club · 10 tickets left/, memberAfter: /Cinema Club · 9 tickets left/, use: 'Use a member ticket', memberTicket: /Member ticket/, renew: /Renew an existing membership/,
    noSeat: /None of the chosen seats can take a member ticket/, renewLink: 'Renew Cinema Club', pinned: '1 seat already has its ticket (from a code, a membership or points).',
  },
  he: {
    buy: 'לקנייה: מועדון הקולנוע', qty: 'כמות: יחיד', terms: /קראתי ואני מסכים/, cont: 'המשך', pay: 'לתשלום', thanks: /תודה! מספר ההזמנה: MO\d+/,
    fields: { firstName: /^שם פרטי/, lastName: /^שם משפחה/, ssn: /^תעודת זהות/, email: /^דוא"ל/, emailVerify: /^אימות דוא"ל/, mobileNumber: /^טלפון נייד/, mobileNumberVerify: /^אימות טלפון נייד/ },
    signIn: { mobile: 'מספר נייד', send: 'שלחו לי קוד', code: 'הקוד מה-SMS', go: 'התחברות', hello: 'שלום, Noa' },
    member: /מועדון הקולנוע · נותרו 10 כרטיסים/, memberAfter: /מועדון הקולנוע · נותרו 9 כרטיסים/, use: 'שימוש בכרטיס מנוי', memberTicket: /כרטיס מנוי/, renew: /חידוש מנוי קיים/,
    noSeat: /אין מושב שנבחר שאפשר לשים עליו כרטיס מנוי/, renewLink: 'חידוש המנוי מועדון הקולנוע', pinned: 'למקום אחד כבר יש כרטיס (מקוד, ממנוי או מנקודות).',
  },
} as const;
type Lang = keyof typeof T;

const newMobile = (lang: Lang) => `057${lang === 'he' ? 1 : 2}${String(Date.now() % 1_000_000).padStart(6, '0')}`;

async function buyClub(page: Page, lang: Lang, mobile: string) {
  const t = T[lang];
  await page.goto(`/membership?lang=${lang}`);
  await page.getByRole('link', { name: t.buy }).click();
  await page.getByRole('spinbutton', { name: t.qty }).fill('1');
  await page.getByRole('checkbox', { name: t.terms }).check();
  await page.getByRole('button', { name: t.cont }).click();
  const f = t.fields;
  await page.getByLabel(f.firstName).fill('Noa');
  await page.getByLabel(f.lastName).fill('Bar');
  await page.getByLabel(f.ssn).fill('000000018');
  await page.getByLabel(f.email).fill('noa@example.com');
  await page.getByLabel(f.emailVerify).fill('noa@example.com');
  await page.getByLabel(f.mobileNumber).fill(mobile);
  await page.getByLabel(f.mobileNumberVerify).fill(mobile);
  await page.getByRole('button', { name: t.cont }).click();
  await page.getByRole('button', { name: t.pay, exact: true }).click();
  await submitCardForm(page, CARDS.approve);
  await expect(page.getByRole('status').filter({ hasText: t.thanks })).toBeVisible({ timeout: 20_000 });
  return (await page.getByTestId('membership-confirmation').textContent())!.match(/M5\d{5}01/)![0];
}

async function signIn(page: Page, lang: Lang, mobile: string) {
  const t = T[lang].signIn;
  await page.goto(`/customer?lang=${lang}`);
  await signInBySms(page, mobile, { ...t, signIn: t.go });
  await expect(page.getByRole('heading', { name: t.hello, level: 1 })).toBeVisible();
}

for (const lang of ['en', 'he'] as const) {
  test(`buys a membership, signs in and books a ticket with a member ticket in the same visit (${lang})`, async ({ page, request }) => {
    test.setTimeout(180_000); // several flows in one test on a loaded machine: a budget, not a speed check
    const t = T[lang];
    const mobile = newMobile(lang);
    const memberNumber = await buyClub(page, lang, mobile);
    await signIn(page, lang, mobile);
    await startOrder(page, request, lang, { quantity: 1 });
    const members = page.getByTestId('member-tickets');
    await expect(members).toContainText(t.member);
    await members.getByRole('button', { name: t.use }).click();
    await expect(page.getByTestId('seat-ticket')).toContainText(t.memberTicket);
    // the one on the seat is counted at once (it said 10 left until the order was made)
    await expect(members).toContainText(t.memberAfter);
    // the only seat has its member ticket: no second offer that could only be refused, and the step says why
    await expect(members.getByRole('button', { name: t.use })).toHaveCount(0);
    await expect(members).toContainText(t.noSeat);
    await expect(page.getByText(t.pinned)).toBeVisible();
    await expect(page.getByTestId('applied-code')).toContainText(memberNumber);
    await toSummary(page, mobile);
    await expect(page.getByTestId('order-summary')).toContainText(t.memberTicket);
    await payByCard(page, CARDS.approve);
    await expectConfirmation(page);
    // renewal from the customer area's link (it had none): the purchase opens with the number filled in
    await page.goto(`/customer?lang=${lang}`);
    await page.getByRole('link', { name: t.renewLink }).click();
    await expect(page).toHaveURL(new RegExp(`/membership/CLUB\\?renew=${memberNumber}`));
    await expect(page.getByLabel(t.renew)).toHaveValue(memberNumber);
  });
}
