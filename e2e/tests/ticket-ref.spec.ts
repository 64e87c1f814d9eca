import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * The ticket reference admin after a QA tester's pass as a cinema manager (fifteenth session), in Chromium, en on a
 * desktop and he on a 390×844 phone, driven by visible labels: a quantity below the redeemed tickets and values that
 * cannot be saved or sent are explained next to their field (aria-invalid, aria-describedby); each prompt's buttons
 * name its film; "Per order" lists each order once; a past screening is noted beside Send; the same tickets resent to
 * the same number at once are refused with a reason. Seeded staff and references: api/src/seed/sales.ts.
 */
const TLV = { username: 'manager.tlv', password: 'PresLive-1' };
const TEXT = {
  en: {
    user: 'Username', password: 'Password', signIn: 'Sign in', prompts: 'Reference prompts and redemptions', refs: 'References',
    details: 'Details', sales: 'Ticket sales', save: 'Save', send: 'Send tickets', quantityFor: 'Quantity for ', mobileFor: 'Mobile number for order ',
  },
  he: {
    user: 'שם משתמש', password: 'סיסמה', signIn: 'כניסה', prompts: 'שאלות הפניה ומימושים', refs: 'הפניות',
    details: 'פרטים', sales: 'מכירות כרטיסים', save: 'שמירה', send: 'שליחת כרטיסים', quantityFor: 'כמות עבור ', mobileFor: 'מספר נייד עבור הזמנה ',
  },
} as const;

async function signIn(page: Page, lang: 'he' | 'en') {
  await page.goto(`/PRES-live/ticket-ref?lang=${lang}`);
  await page.getByLabel(TEXT[lang].user).fill(TLV.username);
  await page.getByLabel(TEXT[lang].password).fill(TLV.password);
  await page.getByRole('button', { name: TEXT[lang].signIn }).click();
  await expect(page.getByRole('table', { name: TEXT[lang].prompts })).toBeVisible();
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('[data-remote="mf-ticketref"]').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('en, desktop: each prompt\'s buttons name its film; a quantity below the redeemed or not a whole number is explained and not sent', async ({ page }) => {
  await signIn(page, 'en');
  const prompts = page.getByRole('table', { name: TEXT.en.prompts });
  // QA 3: both Details buttons were "Details Employee number Partner employee"
  await expect(prompts.getByRole('button', { name: /^Details/ })).toHaveText([
    'Details (Employee number — Partner employee, Any film)',
    'Details (Employee number — Partner employee, The Quiet Sea)',
  ]);
  const summary = prompts.getByRole('row').nth(1);
  const allotted = await summary.getByRole('cell').nth(2).innerText();

  const posts: string[] = [];
  page.on('request', (r) => { if (r.method() === 'POST' && r.url().includes('/editReferencePromptOptionQuantity/')) posts.push(r.url()); });
  await prompts.getByRole('button', { name: 'Details (Employee number — Partner employee, Any film)' }).click();
  await expect(page.getByRole('heading', { name: 'Redemption details: Employee number — Partner employee, Any film' })).toBeVisible();
  const refs = page.getByRole('table', { name: TEXT.en.refs });
  // a reference with at least two tickets redeemed (the seeded sales differ from day to day: the first row had one)
  await expect(refs.getByRole('row').nth(1)).toBeVisible();
  let row = refs.getByRole('row').nth(1);
  let redeemed = 0;
  for (const r of (await refs.getByRole('row').all()).slice(1)) {
    const n = Number(await r.getByRole('cell').nth(2).innerText());
    if (n >= 2) { row = r; redeemed = n; break; }
  }
  expect(redeemed, 'a reference with two or more redeemed').toBeGreaterThanOrEqual(2);
  const reference = await row.getByRole('rowheader').innerText();
  const qty = refs.getByRole('textbox', { name: `${TEXT.en.quantityFor}${reference}` });
  await expect(qty).toHaveAttribute('dir', 'ltr');
  await expect(qty).toHaveAttribute('inputmode', 'numeric');
  const save = refs.getByRole('button', { name: `${TEXT.en.save} ${reference}` });

  // QA 1: quantity 1 (and 0) was saved under 2 redeemed
  const below = `At least ${redeemed}: ${redeemed} tickets are already redeemed with this reference.`;
  for (const typed of [String(redeemed - 1), '0']) {
    await qty.fill(typed);
    await save.click();
    await expect(qty).toHaveAttribute('aria-invalid', 'true');
    await expect(qty).toHaveAccessibleDescription(below);
    await expect(refs.getByRole('alert')).toHaveText(below);
  }
  // QA 2: -1, 1.5, abc, 99999999999 only greyed Save out
  for (const [typed, text] of [
    ['-1', 'Enter a whole number of tickets, 0 or more (digits only).'],
    ['1.5', 'Enter a whole number of tickets, 0 or more (digits only).'],
    ['abc', 'Enter a whole number of tickets, 0 or more (digits only).'],
    ['99999999999', 'The quantity can be at most 100,000.'],
  ] as const) {
    await qty.fill(typed);
    await expect(save).toBeEnabled();
    await save.click();
    await expect(qty).toHaveAccessibleDescription(text);
    await expect(qty).toHaveValue(typed);
    await expect(qty).toBeFocused();
  }
  await expectNoAxeViolations(page);
  expect(posts).toEqual([]);
  await expect(summary.getByRole('cell').nth(2)).toHaveText(allotted);

  // exactly the redeemed tickets is allowed (Remaining 0)
  await qty.fill(String(redeemed));
  await expect(qty).not.toHaveAttribute('aria-invalid', 'true');
  await save.click();
  await expect(refs.getByRole('status')).toHaveText('Quantity saved.');
  await expect(row.getByRole('cell').nth(3)).toHaveText('0');
});

test('he, phone: per order lists each order once; a past screening is noted; a wrong number is explained; the same resend at once is refused', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'he');
  const prompts = page.getByRole('table', { name: TEXT.he.prompts });
  await expect(prompts.getByRole('button', { name: /^מכירות כרטיסים/ })).toHaveText([
    'מכירות כרטיסים (מספר עובד — עובדי ארגון שותף, כל סרט)',
    'מכירות כרטיסים (מספר עובד — עובדי ארגון שותף, הים השקט)',
  ]);
  await prompts.getByRole('button', { name: 'מכירות כרטיסים (מספר עובד — עובדי ארגון שותף, כל סרט)' }).click();
  const history = page.getByRole('table', { name: /^מכירות כרטיסים מ-/ });
  await expect(history).toBeVisible();
  await page.getByRole('combobox', { name: 'שורות בעמוד' }).last().selectOption('100');

  // QA 4: an order redeemed with two references was listed once per reference
  const orders = await history.getByRole('rowheader').allInnerTexts();
  expect(orders.length).toBeGreaterThan(0);
  expect(new Set(orders).size).toBe(orders.length);

  // QA 6: a past screening's tickets are resent with a note (not blocked)
  const pastNote = 'ההקרנה הזו כבר התקיימה.';
  const pastRow = history.getByRole('row').filter({ hasText: pastNote }).first();
  const order = await pastRow.getByRole('rowheader').innerText();
  const send = pastRow.getByRole('button', { name: `${TEXT.he.send} ${order}` });
  await expect(send).toHaveAccessibleDescription(pastNote);
  await expect(send).toBeEnabled();

  // QA 2: 123 or nothing only greyed Send out
  const mobile = pastRow.getByRole('textbox', { name: `${TEXT.he.mobileFor}${order}` });
  await expect(mobile).toHaveAttribute('dir', 'ltr');
  await expect(mobile).toHaveAttribute('inputmode', 'tel');
  for (const [typed, text] of [
    ['123', 'יש להזין מספר נייד ישראלי: 10 ספרות שמתחילות ב-05, למשל \u2066050\u20111234567\u2069.'],
    ['', 'יש להזין מספר נייד.'],
  ] as const) {
    await mobile.fill(typed);
    await send.click();
    await expect(mobile).toHaveAttribute('aria-invalid', 'true');
    await expect(mobile).toHaveAccessibleDescription(text);
    await expect(pastRow.getByRole('alert')).toHaveText(text);
  }
  await expectNoAxeViolations(page);

  // QA 5: three presses sent three identical messages
  await mobile.fill('054-150-0009');
  await send.click();
  await expect(pastRow.getByRole('status')).toHaveText('הכרטיסים נשלחו ב-SMS.');
  await send.click();
  await expect(pastRow.getByRole('alert')).toHaveText(/^הכרטיסים נשלחו למספר הזה לפני רגע\. אפשר לשלוח אותם שוב בעוד (שנייה|שתי שניות|\d+ שניות)\.$/);
  await expect(mobile).toHaveValue('054-150-0009');
  // the page stays 390 px wide with the texts shown: the table scrolls in its own box
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
});
