import { expect, test, type Locator, type Page } from '@playwright/test';
import { recordProblems } from './helpers';

/**
 * Customer sign-in by SMS code on /customer, as a visitor does it: the code is read from the demo
 * SMS outbox only where the visitor's phone would show it. Own customers (api/src/seed/customerarea.ts
 * SPEC_CUSTOMERS): Rina (en) and Omer (he), so this spec runs beside the other customer specs.
 */
// sign-in and the area on a loaded 2-core machine (several teams share it)
test.setTimeout(180_000);

async function smsCode(page: Page, mobile: string): Promise<string> {
  const box = await (await page.request.get(`/api/dev/sms-outbox?mobileNumber=${mobile}`)).json() as { messages: Array<{ code: string | null }> };
  const code = box.messages[0]?.code;
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const CASES = [
  {
    lang: 'en', mobile: '0531234502', name: 'Rina',
    t: {
      send: 'Send me a code', mobile: 'Mobile number', code: 'Code from the SMS', signIn: 'Sign in', codeTitle: 'Enter the code',
      resendIn: /Send a new code in \d+ s/, change: 'Change the mobile number', wrongCode: 'The code is incorrect.',
      hello: 'Hello, Rina', members: 'Memberships', header: 'Signed in: Rina', signOut: 'Sign out', title: 'My account',
    },
  },
  {
    lang: 'he', mobile: '0531234503', name: 'עומר',
    t: {
      send: 'שלחו לי קוד', mobile: 'מספר נייד', code: 'הקוד מה-SMS', signIn: 'התחברות', codeTitle: 'הזינו את הקוד',
      resendIn: /אפשר לשלוח קוד חדש בעוד \d+ שניות/, change: 'שינוי מספר הנייד', wrongCode: 'הקוד שגוי.',
      hello: 'שלום, עומר', members: 'מנויים', header: 'מחובר/ת: עומר', signOut: 'התנתקות', title: 'האזור האישי',
    },
  },
] as const;

/** What has the keyboard focus, for a failure message that says where it went (it was <body>). */
const focused = (page: Page) => page.evaluate(() => {
  const el = document.activeElement;
  return !el || el === document.body ? 'body' : `${el.tagName.toLowerCase()}: ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60)}`;
});
/** Tab (only) until the control has the focus, as a keyboard user goes down the page. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 12 && !(await target.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

for (const { lang, mobile, t } of CASES) {
  test(`[${lang}] sign in with the SMS code by the keyboard alone, the focus at each step: code step, countdown, change number, wrong code, area, header, sign out`, async ({ page }) => {
    await page.goto(`/customer?lang=${lang}`);
    const number = page.getByLabel(t.mobile);
    const code = page.getByLabel(t.code);
    await number.focus();
    await page.keyboard.type(mobile);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: t.codeTitle })).toBeVisible();
    // the step replaced the number's form: the focus is on the code's field (it fell to <body>), the status says where it went
    await expect(code).toBeFocused();
    await expect(page.getByRole('main').getByRole('status')).toContainText(mobile);
    // resend waits for its countdown
    await expect(page.getByRole('button', { name: t.resendIn })).toBeDisabled();
    // change number goes back to the number step, its field focused, and keeps the flow usable
    await tabTo(page, page.getByRole('button', { name: t.change }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: t.title, level: 1 })).toBeVisible();
    await expect(number).toBeFocused();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(mobile);
    // sent by its button this time (disabled while sending: Chromium moves a disabled button's focus to <body>)
    await tabTo(page, page.getByRole('button', { name: t.send }));
    await page.keyboard.press('Enter');
    // the code's field comes once the api has sent the new code: the outbox read before that could find the first one
    await expect(code).toBeFocused();
    const right = await smsCode(page, mobile);
    await page.keyboard.type(wrong(right));
    await tabTo(page, page.getByRole('button', { name: t.signIn, exact: true }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toHaveText(t.wrongCode);
    // refused: back on the code's field (the pressed Sign in was disabled during the check)
    await expect(code).toBeFocused();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(right);
    await page.keyboard.press('Enter');

    // the area replaced the form: its greeting has the focus, read as the sign-in's outcome
    const hello = page.getByRole('heading', { name: t.hello, level: 1 });
    await expect(hello).toBeVisible();
    await expect.poll(() => focused(page)).toBe(`h1: ${t.hello}`);
    await expect(hello).toBeFocused();
    await expect(page.getByRole('heading', { name: t.members, level: 2 })).toBeVisible();
    await expect(page.getByRole('link', { name: t.header })).toBeVisible();
    // the session survives a reload (cookie), and the header knows it before the area loads
    await page.reload();
    await expect(page.getByRole('heading', { name: t.hello, level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: t.header })).toBeVisible();
    // sign out from the header: the area returns to the sign-in form
    await page.getByRole('banner').getByRole('button', { name: t.signOut }).click();
    await expect(page.getByRole('heading', { name: t.title, level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: t.header })).toHaveCount(0);
  });
}

test('the fourth code to one number within 15 minutes is refused, with the same answer for a stranger number', async ({ page }) => {
  const stranger = '0509876543'; // nobody's number: the answer looks the same as for a customer
  await page.goto('/customer?lang=en');
  for (let i = 0; i < 3; i++) {
    await page.getByLabel('Mobile number').fill(stranger);
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await expect(page.getByRole('heading', { name: 'Enter the code' })).toBeVisible();
    await page.getByRole('button', { name: 'Change the mobile number' }).click();
  }
  await page.getByLabel('Mobile number').fill(stranger);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByRole('alert')).toHaveText('Too many codes were requested for this number. Please try again in 15 minutes.');
  await expect(page.getByRole('heading', { name: 'Enter the code' })).toHaveCount(0);
});

test('a visitor who is not signed in gets the sign-in with no refused call and nothing in the console; signed in, a reload keeps the area', async ({ page }) => {
  const problems = recordProblems(page);
  await page.goto('/customer?lang=en');
  await expect(page.getByLabel('Mobile number')).toBeVisible();
  // the page asked for no session: nobody's session cookie is in this browser
  expect(problems).toEqual({ refused: [], errors: [] });
  // signed in by the screen, the session is asked for on the next load and the area comes back
  await page.getByRole('button', { name: 'Sign in with email and password' }).click();
  await page.getByLabel('Email', { exact: true }).fill('noa@example.com');
  await page.getByLabel('Password', { exact: true }).fill('demo-password-1');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: /^Hello, /, level: 1 })).toBeVisible();
  // the area replaced the password form: its greeting has the focus (it fell to <body>)
  await expect(page.getByRole('heading', { name: /^Hello, /, level: 1 })).toBeFocused();
  const asked = page.waitForResponse((r) => r.url().endsWith('/api/customer/refresh'));
  await page.reload();
  expect((await asked).status()).toBe(200);
  await expect(page.getByRole('heading', { name: /^Hello, /, level: 1 })).toBeVisible();
});
