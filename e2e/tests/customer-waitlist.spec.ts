import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CARDS, expectConfirmation, fillCustomer, payByCard } from './booking-flow';

/**
 * A waiting-list offer received and booked (issue 9 item 5), he and en, at phone size. Setup through the api:
 * the presentation of another customer's paid two-seat reservation (seeded) is made sold out by holding every
 * other free seat. The visitor's own steps go through the screens: the order page offers the waiting list,
 * sign-in on the way (and back to the order), join; the other customer cancels, the offer SMS arrives in the
 * development outbox, its link opens the order with the freed seats chosen, and they are booked.
 * Own customers (api/src/seed/customerarea.ts SPEC_CUSTOMERS): Lior and Ron (en), Maya and Tal (he).
 */
test.setTimeout(300_000);
test.use({ viewport: { width: 390, height: 844 } });

const CASES = [
  {
    lang: 'en', visitor: '0531234506', other: '0531234508', reservation: 'C93001',
    t: {
      soldOut: 'Sold out — join the waiting list', fewSeats: 'Not enough seats together? Join the waiting list', signInFirst: 'Sign in to join the waiting list.', signInLink: 'Sign in',
      mobile: 'Mobile number', send: 'Send me a code', code: 'Code from the SMS', signIn: 'Sign in', party: 'How many seats?',
      adjacent: 'Side by side only', join: 'Join the waiting list', joined: /^You are on the waiting list\./, chosen: '2 seats chosen',
    },
  },
  {
    lang: 'he', visitor: '0531234507', other: '0531234509', reservation: 'C93011',
    t: {
      soldOut: 'אזלו הכרטיסים — הצטרפו לרשימת ההמתנה', fewSeats: 'אין מספיק מקומות צמודים? הצטרפו לרשימת ההמתנה', signInFirst: 'כדי להצטרף לרשימת ההמתנה יש להתחבר.', signInLink: 'התחברות',
      mobile: 'מספר נייד', send: 'שלחו לי קוד', code: 'הקוד מה-SMS', signIn: 'התחברות', party: 'כמה מקומות?',
      adjacent: 'רק מקומות צמודים', join: 'הצטרפות לרשימת ההמתנה', joined: /^נרשמתם לרשימת ההמתנה\./, chosen: '2 מקומות נבחרו',
    },
  },
] as const;

type Outbox = { messages: Array<{ code: string | null; body: string }> };
const outbox = async (api: APIRequestContext, mobile: string) => (await (await api.get(`/api/dev/sms-outbox?mobileNumber=${mobile}`)).json()) as Outbox;

/** Setup: the other customer's session, through the api's SMS sign-in (cookies stay in `api`). */
async function signInThroughApi(api: APIRequestContext, mobileNumber: string) {
  expect((await api.post('/api/customer/mobile-login', { data: { mobileNumber } })).ok()).toBeTruthy();
  const code = (await outbox(api, mobileNumber)).messages.find((m) => m.code)?.code;
  const ok = await api.post('/api/customer/mobile-login-validation-area', { data: { smsCode: code, mobileNumber } });
  expect(ok.ok(), await ok.text()).toBeTruthy();
}

/** Setup: holds every seat still free, each visit up to its maxSeats; returns the places left that nobody can buy. */
async function fillPresentation(api: APIRequestContext, presentationId: number) {
  const { presentation: p } = await (await api.get(`/api/presentations/${presentationId}`)).json() as { presentation: { venueId: number; seatplanId: number; isReserved: boolean } };
  const status = async () => (await (await api.get(`/api/seats/seats-statusV2?presentationId=${presentationId}&isReserved=1`, { headers: { uuid: randomUUID() } })).json()) as {
    seats: Record<string, string>; sections: Record<string, { available: number }>;
  };
  const refused: string[] = [];
  const holdChunk = async (chunk: Array<[string, string]>) => {
    const uuid = randomUUID();
    for (const [key, groups] of chunk) {
      const [s, x, y] = key.split('_').map(Number) as [number, number, number];
      const r = await api.put('/api/seats/lock-seat', {
        headers: { uuid },
        data: { seat: { PresentationId: presentationId, VenueId: p.venueId, VenueSeatplanId: p.seatplanId, VenueSectionId: s, TicketGroupId: Number(groups.split(',')[0]) || null, XCoordinate: y === 0 ? null : x, YCoordinate: y === 0 ? null : y } },
      });
      if (!r.ok()) refused.push(`${key}: ${r.status()} ${await r.text()}`);
    }
  };
  // a few passes: a seat another visit held a moment ago, or a sofa half taken with its partner, comes round again
  let left = -1;
  for (let pass = 0; pass < 4 && left !== 0; pass++) {
    refused.length = 0;
    const keys = Object.entries((await status()).seats);
    const chunks: Array<typeof keys> = [];
    for (let i = 0; i < keys.length; i += 5) chunks.push(keys.slice(i, i + 5));
    for (let i = 0; i < chunks.length; i += 4) await Promise.all(chunks.slice(i, i + 4).map(holdChunk));
    left = Object.values((await status()).sections).reduce((n, s) => n + s.available, 0);
  }
  // A companion seat whose wheelchair space is sold cannot be sold alone: the only places that may stay "free".
  const loneCompanions = refused.filter((r) => r.includes('COMPANION_ALONE')).length;
  expect(left, `every sellable seat held (refused: ${refused.join('; ')})`).toBe(loneCompanions);
  return left;
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

for (const { lang, visitor, other, reservation, t } of CASES) {
  test(`[${lang}] a waiting-list offer received and booked: sold out, join, seats freed, the SMS link, booked`, async ({ page, browser }) => {
    // setup: the other customer's reservation names the presentation; every other seat is held
    const otherCtx = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const otherApi = otherCtx.request;
    await signInThroughApi(otherApi, other);
    const area = await (await otherApi.get('/api/customer-area/customerAreaData')).json() as {
      customerAreaData: { upcoming: Array<{ id: number; identifier: string; presentationId: number; tickets: Array<{ id: number; cancellable: boolean }> }> };
    };
    const theirs = area.customerAreaData.upcoming.find((r) => r.identifier === reservation)!;
    expect(theirs, 'the seeded reservation').toBeTruthy();
    const unsellable = await fillPresentation(otherApi, theirs.presentationId);

    // the visitor: a sold-out order page offers the waiting list, and asks to sign in first
    await page.goto(`/order/${theirs.presentationId}?lang=${lang}`);
    const offer = page.getByTestId('waiting-list-offer');
    // the seat map and its status load first (slow on a loaded 2-core machine). Sold out: the offer is open; with
    // a lone companion seat still counted as free (the demo's sales are random), it sits folded under "not enough seats"
    if (unsellable === 0) await expect(offer.getByRole('heading', { name: t.soldOut })).toBeVisible({ timeout: 30_000 });
    else await offer.getByText(t.fewSeats).click({ timeout: 30_000 });
    await expect(offer.getByText(t.signInFirst)).toBeVisible();
    await shot(page, '1-sold-out-signed-out');
    await offer.getByRole('link', { name: t.signInLink }).click();
    await page.getByLabel(t.mobile).fill(visitor);
    await page.getByRole('button', { name: t.send }).click();
    await expect(page.getByLabel(t.code)).toBeVisible();
    await page.getByLabel(t.code).fill((await outbox(page.request, visitor)).messages.find((m) => m.code)!.code!);
    await page.getByRole('button', { name: t.signIn, exact: true }).click();
    // back on the same order page, now with the join form
    await expect(page).toHaveURL(new RegExp(`/order/${theirs.presentationId}`));
    if (unsellable > 0) await offer.getByText(t.fewSeats).click({ timeout: 30_000 });
    await expect(offer.getByLabel(t.party)).toHaveValue('2', { timeout: 30_000 });
    await expect(offer.getByRole('checkbox', { name: t.adjacent })).toBeChecked();
    await shot(page, '2-sold-out-join');
    await offer.getByRole('button', { name: t.join }).click();
    await expect(offer.getByRole('status')).toHaveText(t.joined);
    // the customer area's join form (/customer?waitFor=) names the screening (it said only "Join the waiting list")
    const { presentation } = await (await page.request.get(`/api/presentations/${theirs.presentationId}`, { headers: { 'accept-language': lang } })).json() as { presentation: { featureName: string } };
    await page.goto(`/customer?waitFor=${theirs.presentationId}&lang=${lang}`);
    await expect(page.getByRole('heading', { level: 3 }).filter({ hasText: presentation.featureName })).toBeVisible();

    // seats free up: the other customer cancels their two seats in the customer area
    const csrf = (await otherCtx.cookies()).find((c) => c.name === 'tx_customer_csrf')!.value;
    const cancel = await otherApi.post(`/api/reservations/${theirs.id}/cancel`, {
      headers: { 'x-customer-csrf': csrf },
      data: { itemsToCancel: theirs.tickets.filter((x) => x.cancellable).map((x) => x.id), refundToTransactionCredit: false },
    });
    expect(cancel.ok(), await cancel.text()).toBeTruthy();
    await otherCtx.close();

    // the offer SMS reaches the visitor's phone (the development outbox) with a link
    let link = '';
    await expect.poll(async () => {
      const box = await outbox(page.request, visitor);
      const text = box.messages.map((m) => m.body).find((x) => x.includes('/customer/offer/')) ?? '';
      link = text.match(/\/customer\/offer\/wl-[\w-]+/)?.[0] ?? '';
      return link;
    }, { timeout: 30_000 }).toMatch(/^\/customer\/offer\/wl-/);

    // the link opens the order with those seats already chosen; book them
    await page.goto(`${link}?lang=${lang}`);
    await expect(page).toHaveURL(new RegExp(`/order/${theirs.presentationId}`), { timeout: 30_000 });
    await expect(page.getByText(t.chosen)).toBeVisible({ timeout: 30_000 });
    await shot(page, '3-offer-seats-chosen');
    await expect(page.getByTestId('waiting-list-offer')).toHaveCount(0);
    const go = page.getByTestId('step-next');
    await expect(go).toBeEnabled({ timeout: 20_000 });
    await go.click();
    await expect(page.getByTestId('tickets-step')).toBeVisible();
    await page.getByTestId('tickets-next').click();
    await fillCustomer(page, visitor);
    await page.getByTestId('products-next').click();
    await payByCard(page, CARDS.approve);
    await expectConfirmation(page);
    await shot(page, '4-booked-confirmation');
  });
}
