import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * Issue 14 point 11, the staff screens as a manager sees them, in Chromium, he and en, desktop and a 390×844 phone:
 * dates day/month/year (lists, captions, tables and typed dates), held seats drawn and counted in the sales chart,
 * themed buttons and inputs, the bars using the width, the 'all cinemas' explanation for the Tel Aviv manager
 * and no foreign cinema in the Jerusalem manager's footnote. Seeded staff: api/src/seed/sales.ts.
 */
const TLV = { username: 'manager.tlv', password: 'PresLive-1' };
const JERUSALEM = { username: 'manager.jerusalem', password: 'PresLive-2' };
const TEXT = {
  en: { user: 'Username', password: 'Password', signIn: 'Sign in', logout: 'Log out', title: 'Sales by cinema', caption: 'Sales by cinema on', reports: 'Reports' },
  he: { user: 'שם משתמש', password: 'סיסמה', signIn: 'כניסה', logout: 'התנתקות', title: 'מכירות לפי קולנוע', caption: 'מכירות לפי קולנוע ב-', reports: 'דוחות' },
} as const;
const DMY = /\d{2}\/\d{2}\/\d{4}/;
const dmy = (iso: string) => iso.split('-').reverse().join('/');
/** The theme's control surface (--tx-surface-2 in shared/src/ui/ui.css): not the browser's white or grey. */
const SURFACE_2 = 'rgb(34, 39, 74)';

async function signIn(page: Page, lang: 'he' | 'en', who: { username: string; password: string }, path = '/PRES-live') {
  await page.goto(`${path}?lang=${lang}`);
  await page.getByLabel(TEXT[lang].user).fill(who.username);
  await page.getByLabel(TEXT[lang].password).fill(who.password);
  await page.getByRole('button', { name: TEXT[lang].signIn }).click();
}

const widthOf = async (l: Locator) => (await l.boundingBox())!.width;

async function expectThemed(page: Page, lang: 'he' | 'en') {
  const logout = page.getByRole('button', { name: TEXT[lang].logout });
  await expect(logout).toHaveCSS('background-color', SURFACE_2);
  await expect(logout).not.toHaveCSS('border-top-style', 'outset');
  await expect(page.getByRole('combobox').first()).toHaveCSS('background-color', SURFACE_2);
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('Tel Aviv manager (en, desktop): day/month/year, held seats in the chart, the all-cinemas explanation, themed controls', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'en', TLV);
  await expect(page.getByRole('heading', { name: TEXT.en.title })).toBeVisible();
  const table = page.getByRole('table', { name: new RegExp(`^${TEXT.en.caption} ${DMY.source}$`) });
  await expect(table).toBeVisible();
  const dateSelect = page.getByRole('combobox', { name: /^Date/ });
  for (const option of await dateSelect.locator('option').allTextContents()) expect(option).toMatch(new RegExp(`^${DMY.source} — `));

  // The explanation stands next to the total and under the table, naming location 1.
  await expect(table.getByRole('rowheader', { name: 'All cinemas (without City Cinema Tel Aviv)' })).toBeVisible();
  await expect(page.getByText("The 'All cinemas' row does not include City Cinema Tel Aviv (location 1), as the report defines it.")).toBeVisible();
  await expectThemed(page, 'en');

  // A day with unpaid hold orders (the seed holds seats of later screenings): held seats are drawn and counted.
  const heldDay = await page.evaluate(async () => {
    const { dates } = await (await fetch('/api/PRES-live/locationTicketSales/')).json() as { dates: { Date: string }[] };
    for (const { Date: d } of dates) {
      const day = await (await fetch(`/api/PRES-live/locationTicketSales/data/${d}/0`)).json() as { locations: { LocationId: number; Name: string; Capacity: number; Sold: number; Availability: number }[] };
      const l = day.locations.find((x) => x.LocationId > 0 && x.Capacity - x.Sold - x.Availability > 0);
      if (l) return { date: d, name: l.Name, held: l.Capacity - l.Sold - l.Availability };
    }
    return undefined;
  });
  expect(heldDay, 'the seed holds seats on some day of the window').toBeTruthy();
  await dateSelect.selectOption(heldDay!.date);
  await expect(page.getByRole('table', { name: `${TEXT.en.caption} ${dmy(heldDay!.date)}` })).toBeVisible();
  const chart = page.getByRole('figure', { name: `Sold and held out of capacity, ${dmy(heldDay!.date)}` });
  await expect(chart.locator('p').first()).toContainText('Held');
  const bar = chart.getByRole('img', { name: new RegExp(`^${heldDay!.name}: [\\d,]+ sold · ${heldDay!.held.toLocaleString('en-GB')} held of `) });
  await expect(bar).toBeVisible();
  expect(await widthOf(bar.getByTestId('held-bar'))).toBeGreaterThan(4);
  // The bars use the page's width, not a strip of it.
  expect(await widthOf(bar)).toBeGreaterThan(0.6 * (await widthOf(chart)));

  // Reports: typed dates and table dates read day/month/year; a typed date changes the report.
  await page.getByRole('link', { name: TEXT.en.reports }).click();
  const from = page.getByRole('textbox', { name: 'From' });
  await expect(from).toHaveValue(DMY);
  await expect(page.getByRole('table', { name: /^Attendance from / }).getByRole('rowheader').first()).toHaveText(DMY);
  await from.fill('01/11/2026');
  await expect(page.getByRole('table', { name: /^Attendance from 01\/11\/2026 to / })).toBeVisible();
  await from.fill('11/31/2026');
  await expect(page.getByRole('alert')).toHaveText('Enter a date as day/month/year, e.g. 23/11/2026.');
  await from.fill('01/11/2026');
  await expectNoAxeViolations(page);

  // Ticket reference history: its dates are typed and shown day/month/year too.
  await page.goto('/PRES-live/ticket-ref?lang=en');
  await page.getByRole('table', { name: 'Reference prompts and redemptions' }).getByRole('button', { name: /^Ticket sales/ }).first().click();
  await expect(page.getByRole('textbox', { name: 'From' })).toHaveValue(DMY);
  await expect(page.getByRole('table', { name: new RegExp(`^Ticket sales from ${DMY.source} to ${DMY.source}$`) })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Mobile number for order / }).first()).toHaveCSS('background-color', SURFACE_2);
});

test('Jerusalem manager (he, phone 390×844): no foreign cinema named, day/month/year, full-width bars, themed controls', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'he', JERUSALEM);
  await expect(page.getByRole('heading', { name: TEXT.he.title })).toBeVisible();
  const table = page.getByRole('table', { name: new RegExp(`^${TEXT.he.caption}${DMY.source}$`) });
  await expect(table).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'כל בתי הקולנוע', exact: true })).toBeVisible();
  // every column on the screen: the table needs no sideways scroll on a phone
  expect(await table.evaluate((t) => t.scrollWidth - t.parentElement!.clientWidth)).toBeLessThanOrEqual(1);
  const main = page.locator('[data-remote="mf-preslive"]');
  await expect(main).not.toContainText('תל אביב');
  await expect(main).not.toContainText('Tel Aviv');
  await expectThemed(page, 'he');

  const chart = page.getByRole('figure', { name: new RegExp(`^נמכרו ושמורים מתוך התפוסה, ${DMY.source}$`) });
  const bar = chart.getByRole('img').first();
  await expect(bar).toHaveAccessibleName(/נמכרו · [\d,]+ שמורים מתוך/);
  expect(await widthOf(bar)).toBeGreaterThan(0.9 * (await widthOf(chart)));
  await expectNoAxeViolations(page);

  // the films' page: its film select, as wide as its longest option, made the page 406 px wide and was cut off
  await page.goto('/PRES-live/features?lang=he');
  await expect(page.getByRole('combobox').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);

  // the ticket reference admin's wide table scrolls in its own box: the visually hidden labels of its buttons
  // (absolute) escaped that box and made the whole page 449–453 px wide at 360 in English
  await page.setViewportSize({ width: 360, height: 780 });
  for (const lang of ['he', 'en']) {
    await page.goto(`/PRES-live/ticket-ref?lang=${lang}`);
    await expect(page.getByRole('table').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), lang).toBe(360);
  }
});
