import { expect, test } from '@playwright/test';
import { LANGS, expectConfirmation, payByCard, startOrder, toSummary } from './booking-flow';

/**
 * One visit, two tabs (QA, fifteenth session): the order was paid in the second tab, then paid again in the first,
 * which said "Your seat hold has expired. Please choose seats again." — sending the visitor to buy the same seats a
 * second time. The first tab now names the order the visit has just made, leads to its e-ticket, and nothing is
 * charged again (the api's refusal rolls back; its payment is never captured).
 */
const T = {
  en: { said: /These seats were just bought by you in order (W\d+), perhaps in another tab or window\. Nothing more was charged\./, link: 'See the e-ticket of order' },
  he: { said: /המקומות האלה נקנו זה עתה על ידיכם בהזמנה (W\d+), אולי בלשונית או בחלון אחרים\. לא חויבתם שוב\./, link: 'לכרטיס האלקטרוני של הזמנה' },
} as const;

test.describe.configure({ timeout: 120_000 });

for (const lang of LANGS) {
  test(`[${lang}] paying again in a second tab names the order the first made, and leads to its e-ticket`, async ({ page, context, request }) => {
    // tab A: the order up to its summary
    const { presentationId, uuid } = await startOrder(page, request, lang);
    await toSummary(page);
    // tab B, the same visit: the same order, paid first
    const tabB = await context.newPage();
    await tabB.addInitScript((u) => { try { if (window === window.top) sessionStorage.setItem('ticketing.uuid', u); } catch { /* frame */ } }, uuid);
    await tabB.goto(`/order/${presentationId}?lang=${lang}`);
    await tabB.getByTestId('step-next').click();
    await toSummary(tabB);
    await payByCard(tabB);
    const number = await expectConfirmation(tabB);
    // tab A pays too
    await page.bringToFront();
    await payByCard(page);
    const error = page.getByTestId('commit-error');
    await expect(error).toContainText(T[lang].said);
    await expect(error).toContainText(number);
    await error.getByRole('link', { name: new RegExp(`^${T[lang].link} ${number}$`) }).click();
    await expect(page).toHaveURL(/\/edocument\//);
  });
}
