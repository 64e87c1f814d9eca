import { expect, test } from '@playwright/test';
import { CARDS, LANGS, expectConfirmation, payByCard, startOrder, toSummary } from './booking-flow';

// A whole booking per test on a shared 2-core machine: more than the default minute.
test.describe.configure({ timeout: 150_000 });

/**
 * Issue 16 §6, in he and en: the confirmation and the e-ticket link the api's calendar.ics, share the
 * ticket (copy link where the Web Share API is absent, as in desktop Chromium), and the QR code carries a
 * signed token rather than the document key.
 */
const T = {
  en: { calendar: 'Add to calendar', share: 'Share the ticket', copied: 'The ticket link was copied.', eticket: 'Open the e-ticket', weekday: /(Sun|Mon|Tues|Wednes|Thurs|Fri|Satur)day, \d\d\/\d\d\/\d{4}/ },
  he: { calendar: 'הוספה ליומן', share: 'שיתוף הכרטיס', copied: 'הקישור לכרטיס הועתק.', eticket: 'פתיחת הכרטיס האלקטרוני', weekday: /יום (ראשון|שני|שלישי|רביעי|חמישי|שישי)|שבת/ },
} as const;

for (const lang of LANGS) {
  test(`e-ticket: calendar file from the api, share by copying the link, signed QR (${lang})`, async ({ page, request, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { presentationId } = await startOrder(page, request, lang);
    await toSummary(page);
    await payByCard(page, CARDS.approve);
    await expectConfirmation(page);
    // The screening is named once, in the summary with its weekday (it was named twice, in two date formats).
    const { presentation } = await (await request.get(`/api/presentations/${presentationId}`, { headers: { 'Accept-Language': lang } })).json() as { presentation: { featureName: string } };
    await expect(page.getByTestId('order-summary')).toContainText(presentation.featureName);
    expect((await page.getByTestId('confirmation').innerText()).split(presentation.featureName).length - 1).toBe(1);
    await expect(page.getByTestId('order-summary').locator('caption').first()).toHaveText(T[lang].weekday);
    const calendar = page.getByRole('link', { name: T[lang].calendar });
    const href = await calendar.getAttribute('href');
    // in the page's language: a download sends the browser's language, so the link says the page's
    expect(href).toMatch(new RegExp(`^/api/edocument/[^/]+/calendar\\.ics\\?lang=${lang}$`));
    const ics = await request.get(href!, { headers: { 'Accept-Language': lang === 'he' ? 'en-US' : 'he-IL' } });
    expect(ics.headers()['content-type']).toContain('text/calendar');
    const event = (await ics.text()).replace(/\\([,;\\])/g, '$1');
    expect(event).toContain('BEGIN:VEVENT');
    expect(event).toContain(`SUMMARY:${presentation.featureName}`);
    // its link is the address the site is opened at (the demo's said localhost beside 127.0.0.1)
    expect(event).toContain(`URL:${new URL(page.url()).origin}/edocument/`);

    await page.getByTestId('eticket-link').click();
    await expect(page.getByTestId('edocument')).toHaveAttribute('data-state', 'valid');
    const documentKey = page.url().split('/edocument/')[1]!;
    await expect(page.getByRole('link', { name: T[lang].calendar })).toHaveAttribute('href', href!);
    await page.getByRole('button', { name: T[lang].share }).click();
    await expect(page.getByRole('status').filter({ hasText: T[lang].copied })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

    const doc = await (await request.get(`/api/edocument/${documentKey}`)).json() as { edocument: { qrToken: string } };
    expect(doc.edocument.qrToken).toMatch(/^ET1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(doc.edocument.qrToken).not.toContain(documentKey);

    // on a 320 px phone the e-ticket fits in every language (its tickets' table was 330 px wide in Russian)
    await page.setViewportSize({ width: 320, height: 700 });
    for (const l of ['he', 'en', 'ru', 'ar', 'pl']) {
      await page.goto(`/edocument/${documentKey}?lang=${l}`);
      await expect(page.getByTestId('edocument')).toHaveAttribute('data-state', 'valid');
      expect(await page.evaluate(() => document.documentElement.scrollWidth), l).toBe(320);
    }
  });
}
