import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * The ticket order as a visitor walks it (shared by checkout.spec.ts, the booking-*.spec.ts files and the
 * cart specs of issue 11). Seats are held through the api for the page's visit (best available, isLock=1,
 * the regular price group) and the page finds them selected (holds survive a reload), so these flows do not
 * depend on the seat map. Each test takes its own presentation (never the seat-selection tests' hall, venue 11).
 */

export type Lang = 'he' | 'en';
export const LANGS: Lang[] = ['en', 'he'];
export const APPROVE_CARD = '4580000000000000';
export const CARDS = { approve: APPROVE_CARD, decline: '4000000000000002', threeDs: '4000000000003220' };
/** Seeded customers (api/src/seed/orders.ts): Dana has an active membership, Yossi none. */
export const DANA = '0501234567';
export const YOSSI = '0527654321';
/** No membership; used by the checkout's hold-order test only (Yossi signs in in the customer specs). */
export const AVI = '0529876543';
export const SEAT_SELECTION_HALL = 11;
/** The theatre season's hall (api/src/seed/enrolment.ts SEASON_VENUE): left to the enrolment specs, which need seats free in every performance. */
export const SEASON_HALL = 31;

export interface DayPresentation { id: number; venueId: number; locationId: number; dateTime: string; locationOffline: boolean; available: number; capacity: number; seatingMode: string; isVod: boolean }

/** The presentations of the day `daysAhead` days from today (Asia/Jerusalem). */
async function dayPresentations(request: APIRequestContext, daysAhead: number): Promise<DayPresentation[]> {
  const date = new Date(Date.now() + daysAhead * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Jerusalem' });
  const res = await request.get(`/api/seats/presentations?date=${date}`);
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { presentations: DayPresentation[] }).presentations;
}

/**
 * Presentations of the seat-selection hall with no seat sold or held (the seeded history fills some), starting at
 * least two hours from now, looked for on `days` (days ahead, in that order) until `want` are found; at least `min`.
 * seat-selection.spec.ts looks from today onwards and seat-rules.spec.ts from the far end, so they rarely meet.
 */
export async function emptyHallPresentations(request: APIRequestContext, days: number[], want: number, min: number): Promise<number[]> {
  const ids: number[] = [];
  const soon = Date.now() + 2 * 3600_000;
  for (const d of days) {
    if (ids.length >= want) break;
    for (const p of await dayPresentations(request, d)) {
      if (p.venueId === SEAT_SELECTION_HALL && !p.locationOffline && Date.parse(p.dateTime) > soon && p.available === p.capacity) ids.push(p.id);
    }
  }
  expect(ids.length).toBeGreaterThanOrEqual(min);
  return ids;
}

let pool: DayPresentation[] | undefined;
let next = 0;
let fromEnd = 0;
export async function presentations(request: APIRequestContext): Promise<DayPresentation[]> {
  if (pool) return pool;
  const list: DayPresentation[] = [];
  const soon = Date.now() + 3 * 3600_000;
  for (let d = 1; d < 14 && list.length < 60; d++) {
    for (const p of await dayPresentations(request, d)) {
      if (p.seatingMode === 'reserved' && p.venueId !== SEAT_SELECTION_HALL && p.venueId !== SEASON_HALL && !p.isVod && !p.locationOffline && p.capacity < 1000
        && p.available >= 40 && Date.parse(p.dateTime) > soon) list.push(p);
    }
  }
  expect(list.length).toBeGreaterThan(10);
  // Spread over the list so that the two workers and the other spec files never meet.
  pool = list.sort((a, b) => (a.id * 7919) % 97 - (b.id * 7919) % 97);
  return pool;
}
/** A fresh presentation for one test (optionally at a given cinema, e.g. a mini-site's). */
export async function takePresentation(request: APIRequestContext, filter: (p: DayPresentation) => boolean = () => true, offset = 0): Promise<DayPresentation> {
  const list = (await presentations(request)).filter(filter);
  const p = list[(next++ + offset * 13 + test.info().workerIndex * 29) % list.length];
  return p;
}
/**
 * A presentation's id for the cart specs, taken from the other end of the list than `takePresentation`
 * (the two workers take alternate ones), so the two families of specs rarely share a presentation.
 */
export async function takePresentationId(request: APIRequestContext): Promise<number> {
  const list = await presentations(request);
  return list[list.length - 1 - ((fromEnd++ * 2 + test.info().workerIndex) % list.length)]!.id;
}

/** Holds `quantity` seats of the presentation's regular price group for a visit; true when held. */
async function tryHoldSeats(request: APIRequestContext, presentationId: number, uuid: string, quantity: number): Promise<boolean> {
  const groups = await (await request.get(`/api/presentations/${presentationId}/ticketGroups`)).json() as { ticketGroups: Array<{ id: number; code: string }> };
  const regular = groups.ticketGroups.find((g) => g.code === 'regular') ?? groups.ticketGroups[0];
  const lock = await request.get(`/api/seats/best-available?presentationId=${presentationId}&quantity=${quantity}&isLock=1&ticketGroupId=${regular.id}`, { headers: { uuid } });
  if (!lock.ok()) return false;
  const body = await lock.json() as { matches: Array<{ locked: boolean }> };
  return body.matches[0]?.locked === true;
}

/** Holds `quantity` seats of the presentation's regular price group for the visit `uuid`, or fails the test. */
export async function holdSeats(request: APIRequestContext, presentationId: number, uuid: string, quantity = 2): Promise<void> {
  expect(await tryHoldSeats(request, presentationId, uuid, quantity), `${quantity} seats held at presentation ${presentationId}`).toBe(true);
}

/** A new visit: its uuid is set in the tab before the site starts. */
export async function newVisit(page: Page): Promise<string> {
  const uuid = randomUUID();
  await page.addInitScript((u) => { try { if (window === window.top && !sessionStorage.getItem('ticketing.uuid')) sessionStorage.setItem('ticketing.uuid', u); } catch { /* sandboxed frame */ } }, uuid);
  return uuid;
}

/** On an order page whose seats are held: Continue to the tickets step. */
export async function toTickets(page: Page) {
  const go = page.getByTestId('step-next');
  await expect(go).toBeEnabled({ timeout: 20_000 });
  await go.click();
  await expect(page.getByTestId('tickets-step')).toBeVisible();
}

/**
 * Holds `quantity` seats for a new visit and opens the order on the tickets step. `open` navigates
 * (default: straight to /order/{id}); `candidates` are tried in turn until one has the seats.
 */
export async function startOrder(page: Page, request: APIRequestContext, lang: Lang, opts: { quantity?: number; candidates?: number[]; open?: (id: number) => Promise<unknown>; uuid?: string } = {}) {
  const uuid = opts.uuid ?? randomUUID();
  await page.addInitScript((u) => { try { if (window === window.top) sessionStorage.setItem('ticketing.uuid', u); } catch { /* sandboxed frame */ } }, uuid);
  const candidates = opts.candidates ?? [(await takePresentation(request)).id];
  let id: number | undefined;
  for (const c of candidates) if (await tryHoldSeats(request, c, uuid, opts.quantity ?? 2)) { id = c; break; }
  expect(id, 'a presentation with free seats').toBeDefined();
  await (opts.open ? opts.open(id!) : page.goto(`/order/${id}?lang=${lang}`));
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await toTickets(page);
  return { presentationId: id!, uuid };
}

/** Waits for the next step; when it does not come, fails with what the page said (alerts, toasts) instead of a bare timeout. */
export async function expectStepAdvanced(page: Page, testId: string) {
  try {
    await expect(page.getByTestId(testId)).toBeVisible();
  } catch (e) {
    const said = (await page.locator('[role="alert"], [role="status"], .tx-error').allTextContents()).map((x) => x.trim()).filter(Boolean);
    throw new Error(`${testId} did not appear; the page said: ${said.join(' | ') || 'nothing'}`, { cause: e });
  }
}

export async function fillCustomer(page: Page, mobile = '0521234567') {
  await expect(page.getByTestId('customer-info-form')).toBeVisible();
  const fill = async (id: string, value: string) => { const f = page.locator(`#ci-${id}`); if (await f.count()) await f.fill(value); };
  await fill('firstName', 'Dana');
  await fill('lastName', 'Levi');
  await fill('ssn', '000000018');
  await fill('email', 'dana.e2e@example.com');
  await fill('emailVerify', 'dana.e2e@example.com');
  await fill('mobileNumber', mobile);
  await fill('mobileNumberVerify', mobile);
  const terms = page.locator('#ci-termsConfirmed');
  if (!(await terms.isChecked())) await terms.check();
  await page.getByTestId('customer-info-next').click();
}

/** Tickets (as assigned) → customer info → products → the summary. */
export async function toSummary(page: Page, mobile?: string) {
  await page.getByTestId('tickets-next').click();
  await expectStepAdvanced(page, 'customer-info-form');
  await fillCustomer(page, mobile);
  await expect(page.getByTestId('products-step')).toBeVisible();
  await page.getByTestId('products-next').click();
  await expect(page.getByTestId('payment-step')).toBeVisible();
  await expect(page.getByTestId('order-summary')).toBeVisible();
}

export const frame = (page: Page) => page.frameLocator('[data-testid="payment-frame"]');

/** Fills the sandbox provider's hosted card form (already open in the payment frame) and submits it. */
export async function submitCardForm(page: Page, card = APPROVE_CARD) {
  const f = frame(page);
  await f.locator('#cardNumber').fill(card);
  await f.locator('#expiry').fill('12/30');
  await f.locator('#cvv').fill('123');
  await f.locator('#holderId').fill('000000018');
  await f.locator('button[value="pay"]').click();
}

export async function payByCard(page: Page, card = APPROVE_CARD) {
  await page.getByTestId('pay').click();
  await submitCardForm(page, card);
}

export async function expectConfirmation(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/order\/confirmation/, { timeout: 20_000 });
  const number = page.getByTestId('reservation-number');
  await expect(number).toHaveText(/\S+/);
  return (await number.textContent())!.trim();
}

/** Follows a link inside the site without reloading it (what a link in any remote does). */
export async function followLink(page: Page, path: string) {
  await page.evaluate((p) => { history.pushState(null, '', p); dispatchEvent(new PopStateEvent('popstate', { state: null })); }, path);
}
