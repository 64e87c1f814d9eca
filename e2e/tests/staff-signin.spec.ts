import { expect, test } from '@playwright/test';

/**
 * The staff sign-in's refusals as a manager reads them, in he and en at phone size: the generic refusal while tries
 * are plenty, the tries left from two on, the pause beginning, then its real length (the api's Retry-After: it said
 * "wait a minute" while the pause was fifteen). A username of its own per run: the pause is per username and address.
 */
const T = {
  en: {
    username: 'Username', password: 'Password', submit: 'Sign in',
    wrong: 'The username or password is incorrect.',
    left2: 'The username or password is incorrect. 2 more tries before sign-in from here is paused for 15 minutes.',
    left1: 'The username or password is incorrect. One more try before sign-in from here is paused for 15 minutes.',
    last: 'The username or password is incorrect. Sign-in from here is now paused for 15 minutes.',
    paused: 'Too many failed attempts: sign-in from here is paused. Try again in 15 minutes.',
  },
  he: {
    username: 'שם משתמש', password: 'סיסמה', submit: 'כניסה',
    wrong: 'שם המשתמש או הסיסמה שגויים.',
    left2: 'שם המשתמש או הסיסמה שגויים. נותרו עוד שני ניסיונות לפני שהכניסה מכאן תושהה ל-15 דקות.',
    left1: 'שם המשתמש או הסיסמה שגויים. נותר עוד ניסיון אחד לפני שהכניסה מכאן תושהה ל-15 דקות.',
    last: 'שם המשתמש או הסיסמה שגויים. הכניסה מכאן מושהית עכשיו ל-15 דקות.',
    paused: 'יותר מדי ניסיונות כושלים: הכניסה מכאן מושהית. נסו שוב בעוד 15 דקות.',
  },
} as const;

test.use({ viewport: { width: 390, height: 844 } });

for (const lang of ['en', 'he'] as const) {
  test(`[${lang}] wrong passwords: tries left, the pause and its length`, async ({ page }) => {
    const t = T[lang];
    await page.goto(`/PRES-live?lang=${lang}`);
    await page.getByLabel(t.username).fill(`nobody.${lang}.${Date.now()}`);
    const says = [t.wrong, t.wrong, t.left2, t.left1, t.last, t.paused];
    for (const text of says) {
      await page.getByLabel(t.password).fill('not-the-password');
      await page.getByRole('button', { name: t.submit }).click();
      await expect(page.getByRole('alert')).toHaveText(text);
    }
  });
}
