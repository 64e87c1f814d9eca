import { expect, test, type Page } from '@playwright/test';
import { CARDS, payByCard, startOrder, takePresentation, toSummary } from './booking-flow';

// A whole booking per test on a shared 2-core machine: more than the default minute.
test.describe.configure({ timeout: 150_000 });

/**
 * Issue 16: the staff dashboard shows a real booking commit (a visitor paying on the payment step), not a
 * simulated sale, on the open page without a reload (the dashboard has no polling: only its event stream can bring
 * it). The delay from the commit response (seen by the visitor's page) to the change of the figure (a
 * MutationObserver in the staff page) is recorded as an annotation; its 2 s goal is measured by `npm run bench`
 * (scripts/bench/liveCommit.ts), not asserted here: on a loaded 2-core CI machine it once took 2.18 s.
 * Seeded staff: manager.tlv (business 1, which runs City Cinema Haifa, location 2).
 */
const TLV = { username: 'manager.tlv', password: 'PresLive-1' };
const HAIFA = 2;

async function soldCellOfHaifa(staff: Page, date: string) {
  await staff.goto('/PRES-live?lang=en');
  await staff.getByLabel('Username').fill(TLV.username);
  await staff.getByLabel('Password').fill(TLV.password);
  await staff.getByRole('button', { name: 'Sign in' }).click();
  await expect(staff.getByTestId('live-status')).toHaveText('Live');
  const table = staff.getByRole('table', { name: /Sales by cinema on/ });
  const picker = staff.getByRole('combobox', { name: /^Date/ });
  // Wait for that day's figures: reading the cell before they arrive would take the previous day's.
  const loaded = staff.waitForResponse((r) => r.url().includes(`/PRES-live/locationTicketSales/data/${date}/`) && r.ok());
  const changesDay = (await picker.inputValue()) !== date;
  await picker.selectOption(date);
  const row = table.getByRole('row').filter({ has: staff.getByRole('rowheader', { name: 'City Cinema Haifa' }) });
  const cell = row.getByRole('cell').nth(1);
  if (changesDay) {
    const body = await (await loaded).json() as { locations: Array<{ LocationId: number; Sold: number }> };
    const sold = body.locations.find((l) => l.LocationId === HAIFA)!.Sold;
    await expect(cell).toHaveText(new Intl.NumberFormat('en-GB').format(sold));
  }
  return cell;
}

test('the staff dashboard shows a visitor\'s booking commit live, on the open page, by the tickets sold', async ({ page, request, browser }) => {
  const p = await takePresentation(request, (x) => x.locationId === HAIFA);
  const date = new Date(p.dateTime).toLocaleDateString('en-CA', { timeZone: 'Asia/Jerusalem' });
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  const sold = await soldCellOfHaifa(staff, date);
  await expect(sold).toHaveText(/^\d[\d,]*$/);
  const before = (await sold.textContent())!;
  // Stamp the moment the figure changes, in the staff page itself. The whole page is observed and the
  // cell looked up again on each change: a re-render may replace the row's elements instead of their text.
  await staff.evaluate((start) => {
    const w = window as unknown as { __soldChangedAt?: number };
    const read = () => {
      const table = [...document.querySelectorAll('table')].find((t) => t.querySelector('caption')?.textContent?.startsWith('Sales by cinema on'));
      const header = [...(table?.querySelectorAll('th') ?? [])].find((th) => th.textContent?.includes('City Cinema Haifa'));
      return header?.closest('tr')?.querySelectorAll('td')[1]?.textContent ?? null;
    };
    new MutationObserver(() => {
      const now = read();
      if (now !== null && now !== start && !w.__soldChangedAt) w.__soldChangedAt = Date.now();
    }).observe(document.body, { childList: true, characterData: true, subtree: true });
  }, before);

  await startOrder(page, request, 'en', { candidates: [p.id] });
  await toSummary(page);
  const committed = page.waitForResponse((r) => r.url().includes('/api/payment/commit') && r.ok());
  await payByCard(page, CARDS.approve);
  await committed;
  const committedAt = Date.now();
  await expect(sold).not.toHaveText(before);
  const changedAt = await staff.evaluate(() => (window as unknown as { __soldChangedAt?: number }).__soldChangedAt ?? 0);
  const delayMs = changedAt - committedAt;
  test.info().annotations.push({ type: 'commit-to-dashboard-ms', description: String(delayMs) });
  // changed after the commit, by the stream (the observer saw it while the page stayed open)
  expect(changedAt).toBeGreaterThan(0);
  const fmt = new Intl.NumberFormat('en-GB');
  await expect(sold).toHaveText(fmt.format(Number(before.replace(/,/g, '')) + 2));
  await staffContext.close();
});
