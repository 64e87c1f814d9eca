import { expect, test } from '@playwright/test';
import { LANGS, startOrder, toSummary } from './booking-flow';

/**
 * A hold that ran out on the api while the page still offered to extend it (QA, fifteenth session): "Extend" was
 * refused with "Your seat hold has expired." and the same prompt came back, again and again. Now the refusal lets
 * the seats go and takes the visitor to the seat step, which says what happened and that the details are kept.
 * The hold is ended through the api with the visit's own id (waiting ten minutes is not a test); the payment step
 * has no step budget of its own, so its Extend always asks the api.
 */
const T = {
  en: { extend: 'Extend', said: 'Your seat hold ran out and the seats were released. Choose seats again: the details you entered are kept.', seats: 'Choose seats', toast: 'Your seat hold has expired.' },
  he: { extend: 'הארכה', said: 'זמן שמירת המקומות נגמר והמקומות שוחררו. בחרו מקומות מחדש: הפרטים שהזנתם נשמרו.', seats: 'בחירת מושבים', toast: 'שמירת המושבים פגה.' },
} as const;

for (const lang of LANGS) {
  test(`[${lang}] extending a hold the api has already let go takes the visitor back to choose seats, and says so`, async ({ page, request }) => {
    if (lang === 'he') await page.setViewportSize({ width: 390, height: 844 });
    const { presentationId, uuid } = await startOrder(page, request, lang, { open: (id) => page.goto(`/order/${id}?lang=${lang}&timerWarn=900`) });
    await toSummary(page);
    const released = await request.delete(`/api/seats/holds?presentationId=${presentationId}`, { headers: { uuid } });
    expect(released.ok()).toBe(true);
    await page.getByTestId('timer-warning').getByRole('button', { name: T[lang].extend }).click();
    await expect(page.getByRole('alert').filter({ hasText: T[lang].said })).toBeVisible();
    // said once: no toast repeating it in other words (a screen reader heard three announcements)
    await expect(page.getByRole('alert').filter({ hasText: T[lang].said })).toHaveCount(1);
    expect(await page.getByText(T[lang].toast).count()).toBe(0); // read at once: a toast would still be up (3 s)
    await expect(page.locator('[aria-current="step"]')).toContainText(T[lang].seats);
    await expect(page.getByTestId('timer-expired')).toHaveCount(0);
  });
}
