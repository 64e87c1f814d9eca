/**
 * Issue 16 benchmark: "the staff dashboard shows a real booking commit within a second". A staff page
 * (Chromium, signed in, Sales by cinema on the presentation's date) stays open while real bookings are
 * committed through the api exactly as the payment step does (best-available hold, priced cart, sandbox
 * card page, POST /payment/commit); the delay runs from the commit response to the dashboard cell's change
 * (a MutationObserver in the staff page, same machine clock). Records; never asserts.
 *
 * `npx tsx scripts/bench/liveCommit.ts <baseUrl>`; `npm run bench` calls benchLiveCommit(baseUrl).
 * Knob: LIVE_COMMIT_N (5 commits).
 */
import { randomUUID } from 'node:crypto';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath, median, percentile, round } from './lib.ts';

const N = Number(process.env.LIVE_COMMIT_N || 5);
const HAIFA = 2;
const STAFF = { username: 'manager.tlv', password: 'PresLive-1' };
const SSN = '000000018';

interface DayP { id: number; locationId: number; dateTime: string; seatingMode: string; isVod: boolean; locationOffline: boolean; available: number; capacity: number }

async function haifaPresentation(base: string): Promise<DayP> {
  for (let d = 2; d < 14; d++) {
    const date = new Date(Date.now() + d * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Jerusalem' });
    const { presentations } = await (await fetch(`${base}/api/seats/presentations?date=${date}`)).json() as { presentations: DayP[] };
    const p = presentations.find((x) => x.locationId === HAIFA && x.seatingMode === 'reserved' && !x.isVod && !x.locationOffline && x.available >= 2 * N + 2);
    if (p) return p;
  }
  throw new Error('no Haifa presentation with free seats');
}

/** One booking as the payment step makes it; resolves at the commit response (Date.now()). */
async function book(base: string, presentationId: number): Promise<number> {
  const uuid = randomUUID();
  const groups = await (await fetch(`${base}/api/presentations/${presentationId}/ticketGroups`)).json() as { ticketGroups: Array<{ id: number; code: string }> };
  const tg = (groups.ticketGroups.find((g) => g.code === 'regular') ?? groups.ticketGroups[0])!.id;
  const best = await (await fetch(`${base}/api/seats/best-available?presentationId=${presentationId}&quantity=2&isLock=1&ticketGroupId=${tg}`, { headers: { uuid } })).json() as
    { matches: Array<{ seats: Array<{ VenueSectionId: number; XCoordinate: number; YCoordinate: number }> }> };
  const seats = best.matches[0]!.seats;
  const lookup = await (await fetch(`${base}/api/presentations/${presentationId}/ticket`, { method: 'POST', headers: { uuid, 'content-type': 'application/json' }, body: JSON.stringify({ ticketGroupId: tg }) })).json() as { ticket: { id: number } };
  const cart = {
    seats: seats.map((s) => ({ XCoordinate: s.XCoordinate, YCoordinate: s.YCoordinate, ticket: { prsntId: presentationId, sectionId: s.VenueSectionId, ticketId: lookup.ticket.id } })),
    customerInfo: { firstName: 'Bench', lastName: 'Live', ssn: SSN, email: 'bench@example.com', emailVerify: 'bench@example.com', mobileNumber: '0501234567', mobileNumberVerify: '0501234567', termsConfirmed: true },
  };
  const json = { 'content-type': 'application/json', uuid };
  const priced = await (await fetch(`${base}/api/cart`, { method: 'POST', headers: json, body: JSON.stringify({ cart }) })).json() as { order: { amountDue: number } };
  const form = await (await fetch(`${base}/api/payment/form/en?total=${priced.order.amountDue}`, { headers: { uuid, origin: base } })).json() as { paymentFormURL: string; sessionId: string };
  await fetch(`${base}${form.paymentFormURL}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: '4580000000000000', expiry: '12/39', cvv: '123', holderId: SSN, action: 'pay' }).toString() });
  const r = await fetch(`${base}/api/payment/commit`, { method: 'POST', headers: { ...json, 'idempotency-key': randomUUID() }, body: JSON.stringify({ cart: { ...cart, paymentIdentifier: form.sessionId } }) });
  const at = Date.now();
  if (!r.ok) throw new Error(`commit failed: ${r.status} ${await r.text()}`);
  return at;
}

export async function benchLiveCommit(baseUrl: string): Promise<Record<string, unknown>> {
  const p = await haifaPresentation(baseUrl);
  const date = new Date(p.dateTime).toLocaleDateString('en-CA', { timeZone: 'Asia/Jerusalem' });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ baseURL: baseUrl });
    await page.goto('/PRES-live?lang=en');
    await page.getByLabel('Username').fill(STAFF.username);
    await page.getByLabel('Password').fill(STAFF.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('live-status').filter({ hasText: 'Live' }).waitFor();
    await page.getByRole('combobox', { name: /^Date/ }).selectOption(date);
    const cell = page.getByRole('table', { name: /Sales by cinema on/ }).getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'City Cinema Haifa' }) }).getByRole('cell').nth(1);
    await cell.waitFor();
    const delays: number[] = [];
    for (let i = 0; i < N; i++) {
      await cell.evaluate((el) => {
        const w = window as unknown as { __changedAt?: number };
        w.__changedAt = 0;
        const start = el.textContent;
        const o = new MutationObserver(() => { if (el.textContent !== start) { w.__changedAt = Date.now(); o.disconnect(); } });
        o.observe(el, { childList: true, characterData: true, subtree: true });
      });
      const committedAt = await book(baseUrl, p.id);
      await page.waitForFunction(() => ((window as unknown as { __changedAt?: number }).__changedAt ?? 0) > 0, undefined, { timeout: 10_000 });
      const changedAt = await page.evaluate(() => (window as unknown as { __changedAt?: number }).__changedAt ?? 0);
      delays.push(changedAt - committedAt);
    }
    return { commits: N, delaysMs: delays, medianMs: round(median(delays)), maxMs: round(percentile(delays, 100)), targetMs: 1000 };
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchLiveCommit(process.argv[2] ?? 'http://127.0.0.1:8080'), null, 2));
}
