import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newVisit, type DayPresentation } from './booking-flow';

/**
 * The seat map by keyboard and screen reader (QA, he and en):
 * - a standing venue's "+": Enter, Enter keeps the focus on the button (it fell to <body> while the hold ran and every
 *   next place cost 10–17 Tabs), the count is said politely, and the map's texts say places, not seats;
 * - best available in the 200-seat "Hall 1" (venue 21/41: rows A–J, row J wheelchair spaces 1 and 20 beside companion
 *   seats and then sofa pairs): one seat is "1 seat held." (not "1 seats held, side by side"), the focus goes to the
 *   seat held; 3 seats with a wheelchair space say why none was held, and the focus goes to that message.
 * Halls with no seat sold or held yet (the seeded sales fill the far days: these are the next few), from the far end of
 * those days (the other specs start with the nearest); a standing venue with places left.
 */

async function presentationsWhere(request: APIRequestContext, fits: (p: DayPresentation) => boolean): Promise<number[]> {
  const ids: number[] = [];
  const soon = Date.now() + 2 * 3600_000;
  // the next few days from their far end, then today and later ones: a standing venue plays once a day or so, and a
  // run crossing midnight in Jerusalem shifts the seeded sales by a day (clean-clone runs found too few)
  for (const d of [4, 3, 2, 1, 0, 5, 6, 7, 8, 9, 10]) {
    const date = new Date(Date.now() + d * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Jerusalem' });
    const res = await request.get(`/api/seats/presentations?date=${date}`);
    expect(res.ok()).toBeTruthy();
    for (const p of ((await res.json()) as { presentations: DayPresentation[] }).presentations) {
      if (fits(p) && !p.locationOffline && !p.isVod && Date.parse(p.dateTime) > soon) ids.push(p.id);
    }
  }
  expect(ids.length).toBeGreaterThanOrEqual(2);
  return ids;
}
const pick = (ids: number[], k: number) => ids[(k * 2 + test.info().workerIndex) % ids.length]!;

const TEXT = {
  en: {
    more: 'One place more in Standing floor', step: 'Choose places', gaTitle: 'Unnumbered places', yours: (n: number) => `Your places (${n} of at most 10)`,
    said: '2 places in Standing floor', quantity: 'Number of seats', accessible: 'Include a wheelchair space', find: 'Find the best seats',
    one: '1 seat held.', noBeside: 'No wheelchair space has 2 free seats next to it: choose fewer seats, or seats without a wheelchair space.',
  },
  he: {
    more: 'מקום אחד נוסף ברחבת עמידה', step: 'בחירת מקומות', gaTitle: 'מקומות ללא מספור', yours: (n: number) => `המקומות שלכם (${n} מתוך 10 לכל היותר)`,
    said: 'רחבת עמידה: שני מקומות', quantity: 'מספר מושבים', accessible: 'כולל מקום לכיסא גלגלים', find: 'מצאו לי מקומות',
    one: 'מושב אחד שמור.', noBeside: 'אין מקום לכיסא גלגלים שלצדו שני מושבים פנויים: בחרו פחות מושבים, או מושבים בלי מקום לכיסא גלגלים.',
  },
} as const;

async function tabTo(page: Page, name: string) {
  for (let k = 0; k < 60; k++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((n) => document.activeElement?.getAttribute('aria-label') === n, name)) return;
  }
  throw new Error(`"${name}" not reached by Tab`);
}

test.describe('seat map by keyboard', () => {
  let standing: number[];
  let halls: number[];
  test.beforeAll(async ({ request }) => {
    standing = await presentationsWhere(request, (p) => p.seatingMode === 'singleGA' && p.available >= 10);
    halls = await presentationsWhere(request, (p) => (p.venueId === 21 || p.venueId === 41) && p.available === p.capacity);
  });

  for (const [k, lang] of (['en', 'he'] as const).entries()) {
    const x = TEXT[lang];
    test(`standing venue: Enter twice on "+" keeps the focus there and holds two places, said as places (${lang})`, async ({ page }) => {
      await newVisit(page);
      await page.goto(`/order/${pick(standing, k)}?lang=${lang}`);
      await expect(page.getByTestId('ga-panel')).toBeVisible({ timeout: 30_000 });
      await tabTo(page, x.more);
      const more = page.getByRole('button', { name: x.more });
      const count = page.getByTestId('ga-panel').locator('[data-testid^="ga-count-"]');
      // a place being held has its remove button off
      const held = page.locator('[data-testid="selected-seats"] button[disabled]');
      await page.keyboard.press('Enter');
      await expect(count).toHaveText('1');
      await expect(held).toHaveCount(0); // the hold has answered
      await expect(more).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(count).toHaveText('2');
      await expect(held).toHaveCount(0); // the hold has answered
      await expect(more).toBeFocused();
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BUTTON');
      await expect(page.getByTestId('ga-live')).toHaveText(x.said);
      await expect(page.getByTestId('ga-live')).toHaveAttribute('aria-live', 'polite');
      // the one polite line: the counts themselves are no live regions (an <output> is one by its role)
      await expect(page.locator('[data-testid^="ga-count-"]').and(page.locator('output, [role=status], [aria-live]'))).toHaveCount(0);
      // a standing venue's own wording: places, and a neutral title for the general-admission panel
      await expect(page.getByRole('heading', { name: x.gaTitle })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: x.step, exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: x.yours(2) })).toBeVisible();
    });

    test(`best available in the hall: one seat is one seat, the focus goes to it; a wheelchair space without neighbours says so (${lang})`, async ({ page }) => {
      await newVisit(page);
      await page.goto(`/order/${pick(halls, k)}?lang=${lang}`);
      const best = page.getByTestId('best-available');
      await expect(best).toBeVisible({ timeout: 30_000 });
      await best.getByLabel(x.quantity).selectOption('1');
      await best.getByRole('button', { name: x.find }).click();
      const focused = page.locator('[role="gridcell"]:focus');
      await expect(focused).toHaveCount(1);
      await expect(focused).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('seat-live')).toHaveText(x.one);

      await best.getByLabel(x.quantity).selectOption('3');
      await best.getByLabel(x.accessible).check();
      await best.getByRole('button', { name: x.find }).click();
      const message = page.getByTestId('best-message');
      await expect(message).toHaveText(x.noBeside);
      await expect(message).toBeFocused();
    });
  }

  test('the arena by keyboard: "+" on a focused seat zooms at that seat, which stays in view, and tiny seats grow fast (en)', async ({ page, request }) => {
    let arena: number | undefined;
    for (let d = 1; d < 14 && !arena; d++) {
      const date = new Date(Date.now() + d * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Jerusalem' });
      const body = await (await request.get(`/api/seats/presentations?date=${date}`)).json() as { presentations: DayPresentation[] };
      arena = body.presentations.find((p) => p.venueId === 14 && !p.isVod && !p.locationOffline)?.id;
    }
    expect(arena, 'an arena night in the next two weeks (demo data)').toBeDefined();
    await newVisit(page);
    await page.goto(`/order/${arena}?lang=en`);
    const map = page.getByTestId('seatmap');
    await expect(map).toHaveAttribute('data-seats', /\d{4,}/, { timeout: 30_000 });
    const before = Number(await map.getAttribute('data-seat-px'));
    // a seat away from the hall's centre: zooming at the centre pushed such a seat out of view
    const index = await page.locator('[role="gridcell"]').nth(150).getAttribute('data-seat-index');
    const cell = page.locator(`[role="gridcell"][data-seat-index="${index}"]`);
    await cell.focus();
    for (let k = 0; k < 3; k++) await page.keyboard.press('+');
    await expect.poll(async () => Number(await map.getAttribute('data-seat-px'))).toBeGreaterThanOrEqual(Math.min(before * 4, 8));
    await expect(cell).toBeFocused();
    const [box, seat] = [await map.boundingBox(), await cell.boundingBox()];
    expect(seat!.x).toBeGreaterThanOrEqual(box!.x - 1);
    expect(seat!.x + seat!.width).toBeLessThanOrEqual(box!.x + box!.width + 1);
    expect(seat!.y).toBeGreaterThanOrEqual(box!.y - 1);
    expect(seat!.y + seat!.height).toBeLessThanOrEqual(box!.y + box!.height + 1);
  });
});
