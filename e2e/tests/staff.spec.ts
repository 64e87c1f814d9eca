import { expect, test, type Page } from '@playwright/test';
import { recordProblems, recordRequests, remoteFiles } from './helpers';

/**
 * Issue 6 in Chromium against the composed site: staff sign-in, PresLive by cinema, drill-down to a
 * presentation box, a sale committed through the api showing on the open dashboard without a reload,
 * the ticket reference admin (edit quantity, resend by SMS), and no visitor remote downloaded.
 * The sale is committed through POST /api/dev/simulate-sale (development/test only; absent when
 * NODE_ENV=production), which writes the same tables as the booking commit.
 * Seeded staff (api/src/seed/sales.ts): manager.tlv / PresLive-1 (business 1).
 */
const TLV = { username: 'manager.tlv', password: 'PresLive-1' };
const VISITOR_REMOTES = ['mf-booking', 'mf-customer', 'mf-memberships', 'mf-vouchers'];

async function signIn(page: Page, path: string) {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=en`);
  await page.getByLabel('Username').fill(TLV.username);
  await page.getByLabel('Password').fill(TLV.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('staff sign-in, sales by cinema, drill-down to a presentation box, and a live sale without reload', async ({ page, request }) => {
  const urls = recordRequests(page);
  // the sign-in screen comes without the dashboard's chunk (issue 12: /PRES-live's first screen); it arrives with the sign-in
  await page.goto('/PRES-live?lang=en');
  await expect(page.getByLabel('Username')).toBeVisible();
  expect(urls.filter((u) => u.includes('preslive-dashboard'))).toEqual([]);
  await signIn(page, '/PRES-live');
  await expect(page.getByRole('heading', { name: 'Sales by cinema' })).toBeVisible();
  expect(urls.some((u) => u.includes('preslive-dashboard'))).toBe(true);
  const table = page.getByRole('table', { name: /Sales by cinema on/ });
  await expect(table).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'All cinemas' })).toBeVisible();
  await expect(page.getByTestId('live-status')).toHaveText('Live');

  // The sale goes to the next presentation at City Cinema Haifa (location 2), so pick its date.
  const sale = await request.post('/api/dev/simulate-sale', { data: { quantity: 3 } });
  expect(sale.ok()).toBeTruthy();
  const { presentationId } = (await sale.json()) as { presentationId: number };
  const { date, sold } = await page.evaluate(async (id) => {
    const r = await fetch(`/api/PRES-live/v2/presentationData?presentationId=${id}`);
    const d = ((await r.json()) as { presentation: { BusinessDate: string } }).presentation.BusinessDate;
    const l = await (await fetch(`/api/PRES-live/locationTicketSales/data/${d}/0`)).json() as { locations: Array<{ LocationId: number; Sold: number }> };
    return { date: d, sold: l.locations.find((x) => x.LocationId === 2)!.Sold };
  }, presentationId);
  await page.getByRole('combobox', { name: /^Date/ }).selectOption(date);
  const haifa = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'City Cinema Haifa' }) });
  const soldCell = haifa.getByRole('cell').nth(1);
  const fmt = new Intl.NumberFormat('en-GB');
  await expect(soldCell).toHaveText(fmt.format(sold));

  // Another sale while the page is open: the figure moves without a reload.
  const navigations: string[] = [];
  page.on('framenavigated', (f) => { if (f === page.mainFrame()) navigations.push(f.url()); });
  const sale2 = await request.post('/api/dev/simulate-sale', { data: { quantity: 2, presentationId } });
  expect(sale2.ok()).toBeTruthy();
  await expect(soldCell).toHaveText(fmt.format(sold + 2), { timeout: 3000 });
  expect(navigations).toEqual([]);

  // Drill down: the cinema's day, by hall, then the presentation box.
  await haifa.getByRole('link', { name: 'City Cinema Haifa' }).click();
  // Dates read day/month/year (issue 14 point 11).
  await expect(page.getByRole('heading', { name: `Screenings on ${date.split('-').reverse().join('/')}` })).toBeVisible();
  await page.getByRole('heading', { level: 3 }).first().getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'Presentation box' })).toBeVisible();
  const box = page.getByRole('table', { name: /Presentation box:/ });
  await expect(box.getByRole('columnheader', { name: '% sold' })).toBeVisible();
  await expect(box.getByRole('rowheader').first()).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);

  expect(VISITOR_REMOTES.flatMap((r) => remoteFiles(urls, r))).toEqual([]);
  expect(remoteFiles(urls, 'mf-preslive').length).toBeGreaterThan(0);
});

test('the staff sign-in comes with no refused call and nothing in the console; after signing in a reload keeps the session', async ({ page }) => {
  const problems = recordProblems(page);
  await page.goto('/PRES-live?lang=en');
  await expect(page.getByLabel('Username')).toBeVisible();
  expect(problems).toEqual({ refused: [], errors: [] });
  await page.getByLabel('Username').fill(TLV.username);
  await page.getByLabel('Password').fill(TLV.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  const asked = page.waitForResponse((r) => r.url().endsWith('/api/staff/me'));
  await page.reload();
  expect((await asked).status()).toBe(200);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveCount(0);
});

test('signing out and in as another manager shows only that manager\'s cinemas, never the figures cached for the first', async ({ page }) => {
  await signIn(page, '/PRES-live');
  const table = page.getByRole('table', { name: /Sales by cinema on/ });
  await expect(table.getByRole('rowheader', { name: 'City Cinema Haifa' })).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByLabel('Username')).toBeVisible();
  await page.getByLabel('Username').fill('manager.jerusalem');
  await page.getByLabel('Password').fill('PresLive-2');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(table.getByRole('rowheader', { name: 'All cinemas' })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: /Jerusalem/ }).first()).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'City Cinema Haifa' })).toHaveCount(0);
});

test('ticket reference admin: edit an option quantity and resend tickets by SMS', async ({ page }) => {
  const urls = recordRequests(page);
  await signIn(page, '/PRES-live/ticket-ref');
  await expect(page.getByRole('heading', { name: 'Ticket reference admin' })).toBeVisible();
  const prompts = page.getByRole('table', { name: 'Reference prompts and redemptions' });
  await prompts.getByRole('button', { name: /^Details/ }).first().click();
  const refs = page.getByRole('table', { name: 'References' });
  // the last reference, found again by its name: ticket-ref.spec edits the first ones of this prompt at the same time
  // (a clean-clone run read another test's value here)
  const name = (await refs.getByRole('textbox', { name: /^Quantity for / }).last().getAttribute('aria-label'))!;
  const qty = refs.getByRole('textbox', { name, exact: true });
  const old = Number(await qty.inputValue());
  await qty.fill(String(old + 3));
  const saved = page.waitForResponse((r) => r.url().includes('/editReferencePromptOptionQuantity/1/') && r.request().method() === 'POST');
  await refs.getByRole('button', { name: `Save ${name.replace(/^Quantity for /, '')}`, exact: true }).click();
  expect((await saved).status()).toBe(200);
  await expect(refs.getByRole('status').first()).toHaveText('Quantity saved.');
  await page.reload();
  await page.getByRole('table', { name: 'Reference prompts and redemptions' }).getByRole('button', { name: /^Details/ }).first().click();
  await expect(page.getByRole('table', { name: 'References' }).getByRole('textbox', { name, exact: true })).toHaveValue(String(old + 3));

  await page.getByRole('table', { name: 'Reference prompts and redemptions' }).getByRole('button', { name: /^Ticket sales/ }).first().click();
  const history = page.getByRole('table', { name: /^Ticket sales from / });
  await expect(history).toBeVisible();
  const mobile = history.getByRole('textbox', { name: /^Mobile number for order / }).first();
  await mobile.fill('052-555-1234');
  await history.getByRole('button', { name: /^Send tickets/ }).first().click();
  await expect(history.getByRole('status').first()).toHaveText('Tickets sent by SMS.');

  expect(VISITOR_REMOTES.flatMap((r) => remoteFiles(urls, r))).toEqual([]);
});
