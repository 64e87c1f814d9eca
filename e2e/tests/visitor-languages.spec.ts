import { expect, test } from '@playwright/test';

/**
 * What a Russian, Polish or Arabic visitor noticed on a phone (fifteenth session's pass over ar, ru and pl), each by
 * what the page shows: no film page wider than the phone (a one-word Russian title widened the page to 419 px), and
 * the email sign-in's refusal naming what the form asks for (it spoke of a username in every language).
 */
test.use({ viewport: { width: 390, height: 844 } });

// One test per language, each with room for its page loads: all three in one minute timed out on a loaded 2-core
// machine (a clean-clone run: 1.2 min).
for (const lang of ['ru', 'pl', 'ar']) {
  test(`every film page fits a 390 px phone in ${lang} (long one-word titles break)`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const { features } = await (await request.get('/api/features/')).json() as { features: Array<{ id: number }> };
    expect(features.length).toBeGreaterThan(5);
    for (const f of features) {
      await page.goto(`/order?feature=${f.id}&lang=${lang}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${lang} feature ${f.id}`).toBe(390);
    }
  });
}

for (const [lang, t] of [
  ['en', { withPassword: 'Sign in with email and password', email: 'Email', password: 'Password', signIn: 'Sign in', wrong: 'The email or password is incorrect.' }],
  ['he', { withPassword: 'כניסה עם אימייל וסיסמה', email: 'אימייל', password: 'סיסמה', signIn: 'התחברות', wrong: 'האימייל או הסיסמה שגויים.' }],
] as const) {
  test(`[${lang}] a wrong email password is refused in the form's own words (email, not username)`, async ({ page }) => {
    await page.goto(`/customer?lang=${lang}`);
    await page.getByRole('button', { name: t.withPassword }).click();
    await page.getByLabel(t.email, { exact: true }).fill('eli@example.com');
    await page.getByLabel(t.password, { exact: true }).fill('not-my-password');
    await page.getByRole('button', { name: t.signIn, exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(t.wrong);
  });
}

test('[ar] names on /vod and /membership come in Arabic, each isolated in its own direction (an English one, where no translation is stored, keeps its order)', async ({ page }) => {
  // eighteenth session: ticket types and memberships are named in ru, ar and pl too (they read English before)
  await page.goto('/vod?lang=ar');
  const rental = page.getByText('استئجار لمدة 48 ساعة').first();
  await expect(rental).toBeVisible();
  // isolated (bdi or dir=auto): laid out by its own letters, so an English "48-hour rental" never reads "hour rental-48"
  expect(await rental.evaluate((el) => el.matches('bdi, [dir=auto]') && el.matches(':dir(rtl)'))).toBe(true);
  await page.goto('/membership?lang=ar');
  const club = page.getByText('10 تذاكر اشتراك لمدة سنة، كل تذكرة مجانًا (مع رسوم الخدمة فقط)، في المقاعد العادية (غير المميزة)');
  await expect(club).toBeVisible();
  expect(await club.evaluate((el) => el.matches('bdi, [dir=auto]'))).toBe(true);
});
