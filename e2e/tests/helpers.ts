import { randomUUID } from 'node:crypto';
import { expect, type Page, type Request } from '@playwright/test';

/** Collects every request URL a page makes (for "which remote files were downloaded" checks). */
export function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r: Request) => urls.push(r.url()));
  return urls;
}

export const remoteFiles = (urls: string[], remote: string) => urls.filter((u) => u.includes(`/remotes/${remote}/`));

/** What a visitor would find wrong in a page's load: refused calls (HTTP 4xx/5xx) and console errors, as they happen. */
export function recordProblems(page: Page): { refused: string[]; errors: string[] } {
  const problems = { refused: [] as string[], errors: [] as string[] };
  page.on('response', (r) => { if (r.status() >= 400) problems.refused.push(`${r.status()} ${r.url()}`); });
  page.on('console', (m) => { if (m.type() === 'error') problems.errors.push(m.text()); });
  return problems;
}

/** The visible labels of the customer sign-in by SMS code, in the page's language. */
export interface SmsSignInLabels { mobile: string; send: string; code: string; signIn: string }

/**
 * Signs in on the customer sign-in screen (already open) by mobile number and the SMS code, as a person does: the
 * code read from the demo's SMS outbox, where the phone would show it.
 */
export async function signInBySms(page: Page, mobile: string, t: SmsSignInLabels): Promise<void> {
  await page.getByLabel(t.mobile).fill(mobile);
  await page.getByRole('button', { name: t.send }).click();
  // the code's field comes once the api has sent it: reading the outbox before that raced the send (CI, once)
  await expect(page.getByLabel(t.code)).toBeVisible();
  const box = await (await page.request.get(`/api/dev/sms-outbox?mobileNumber=${mobile}`)).json() as { messages: Array<{ code: string | null }> };
  await page.getByLabel(t.code).fill(box.messages[0]!.code!);
  await page.getByRole('button', { name: t.signIn, exact: true }).click();
}

/**
 * Two free regular seats (price group 331 of the reserved section 3311) of `presentationId`, held through the api
 * for a new visit (`uuid`), as the cart's seats: for specs whose subject is an order's later life (its cancellation),
 * not the booking. `from`: the section's first free seats or its last (specs of one run keep apart).
 */
export async function holdTwoRegularSeats(page: Page, presentationId: number, from: 'first' | 'last' = 'first') {
  const { presentation: p } = await (await page.request.get(`/api/presentations/${presentationId}`)).json() as { presentation: { venueId: number; seatplanId: number } };
  const uuid = randomUUID();
  const status = await (await page.request.get(`/api/seats/seats-statusV2?presentationId=${presentationId}&isReserved=1`, { headers: { uuid } })).json() as { seats: Record<string, string> };
  const regular = Object.entries(status.seats).filter(([k, g]) => k.startsWith('3311_') && g.split(',').includes('331'));
  const free = (from === 'first' ? regular.slice(0, 2) : regular.slice(-2)).map(([k]) => k.split('_').map(Number) as [number, number, number]);
  expect(free).toHaveLength(2);
  for (const [sec, x, y] of free) {
    const r = await page.request.put('/api/seats/lock-seat', { headers: { uuid }, data: {
      recaptchaToken: 't', seat: { PresentationId: presentationId, VenueId: p.venueId, VenueSeatplanId: p.seatplanId, VenueSectionId: sec, TicketGroupId: 331, XCoordinate: x, YCoordinate: y },
    } });
    expect(r.ok(), await r.text()).toBeTruthy();
  }
  const seats = free.map(([sec, x, y]) => ({ XCoordinate: x, YCoordinate: y, ticket: { prsntId: presentationId, venueId: p.venueId, seatplanId: p.seatplanId, sectionId: sec, ticketId: 3311 } }));
  return { uuid, seats };
}
