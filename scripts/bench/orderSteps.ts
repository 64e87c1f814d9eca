/**
 * JS bytes downloaded for each step of a ticket order (issue 4 bench): the seat step (first
 * screen of /order/{id}), then choose tickets, customer info, choose products and payment.
 * The checkout steps are separate chunks, so each later step should download only its own code.
 * Seats are held beforehand through the api (best available, isLock=1) for the page's uuid, so
 * the run does not depend on clicking the seat map.
 */
import { randomUUID } from 'node:crypto';
import { chromium, type Page, type Response } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from './lib.ts';

interface StepBytes { step: string; jsBytes: number; jsTransferBytes: number; jsFiles: number }

async function pickPresentation(baseUrl: string): Promise<number> {
  for (let d = 0; d < 4; d++) {
    const date = new Date(Date.now() + d * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Jerusalem' });
    const r = await (await fetch(`${baseUrl}/api/seats/presentations?date=${date}`)).json() as { presentations: Array<{ id: number; seatingMode: string; locationOffline: boolean; available: number; capacity: number; dateTime: string; isVod: boolean }> };
    const p = r.presentations.find((x) => x.seatingMode === 'reserved' && !x.locationOffline && !x.isVod && x.capacity < 1000 && x.available > 20 && Date.parse(x.dateTime) > Date.now() + 3_600_000);
    if (p) return p.id;
  }
  throw new Error('no reserved presentation with free seats in the next days');
}

export async function benchOrderSteps(baseUrl: string) {
  const presentationId = await pickPresentation(baseUrl);
  const uuid = randomUUID();
  const lock = await fetch(`${baseUrl}/api/seats/best-available?presentationId=${presentationId}&quantity=2&isLock=1`, { headers: { uuid } });
  if (!lock.ok) throw new Error(`best-available: ${lock.status}`);

  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const steps: StepBytes[] = [];
  try {
    const context = await browser.newContext();
    await context.addInitScript((u) => { try { sessionStorage.setItem('ticketing.uuid', u); } catch { /* opaque origin */ } }, uuid);
    const page = await context.newPage();
    let current: StepBytes = { step: 'chooseSeats', jsBytes: 0, jsTransferBytes: 0, jsFiles: 0 };
    const pending: Promise<void>[] = [];
    page.on('response', (resp: Response) => {
      const type = resp.headers()['content-type'] ?? '';
      if (!/javascript/.test(type) && !resp.url().endsWith('.js')) return;
      const bucket = current;
      pending.push((async () => {
        try {
          const body = await resp.body();
          const sizes = await resp.request().sizes();
          bucket.jsBytes += body.length;
          bucket.jsTransferBytes += sizes.responseBodySize;
          bucket.jsFiles += 1;
        } catch { /* redirected or aborted */ }
      })());
    });
    const settle = async (p: Page) => { await p.waitForLoadState('networkidle'); await Promise.all(pending.splice(0)); };
    const next = async (step: string, clickTestId: string, waitTestId: string) => {
      steps.push(current);
      current = { step, jsBytes: 0, jsTransferBytes: 0, jsFiles: 0 };
      await page.getByTestId(clickTestId).click();
      await page.getByTestId(waitTestId).waitFor({ timeout: 20_000 });
      await settle(page);
    };

    await page.goto(`${baseUrl}/order/${presentationId}?lang=en`);
    await page.getByTestId('step-next').waitFor();
    await page.waitForFunction(() => !(document.querySelector('[data-testid="step-next"]') as HTMLButtonElement | null)?.disabled, undefined, { timeout: 20_000 });
    await settle(page);
    await next('chooseTickets', 'step-next', 'tickets-step');
    await next('customerInfo', 'tickets-next', 'customer-info-form');
    const fill = (id: string, v: string) => page.locator(`#ci-${id}`).fill(v);
    await fill('firstName', 'Bench'); await fill('lastName', 'Runner'); await fill('ssn', '000000018');
    await fill('email', 'bench@example.com'); await fill('emailVerify', 'bench@example.com');
    await fill('mobileNumber', '0521234567'); await fill('mobileNumberVerify', '0521234567');
    await page.locator('#ci-termsConfirmed').check();
    await next('chooseProducts', 'customer-info-next', 'products-step');
    await next('payment', 'products-next', 'payment-step');
    steps.push(current);
    await context.close();
  } finally {
    await browser.close();
    await fetch(`${baseUrl}/api/seats/holds?presentationId=${presentationId}`, { method: 'DELETE', headers: { uuid } }).catch(() => undefined);
  }
  return { presentationId, steps, totalJsBytes: steps.reduce((n, s) => n + s.jsBytes, 0) };
}
