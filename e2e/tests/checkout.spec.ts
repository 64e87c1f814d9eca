import { expect, test, type Page } from '@playwright/test';
import { AVI, CARDS, DANA, LANGS, SEAT_SELECTION_HALL, YOSSI, expectConfirmation, fillCustomer, frame, payByCard, submitCardForm, presentations, startOrder, toSummary, type DayPresentation } from './booking-flow';

/**
 * Issue 4, checkout in Chromium against the composed site, in he and en: the whole path from /order to a
 * confirmation and an opened e-ticket with the sandbox approve card; a declined card; a 3-D Secure
 * challenge; a cancelled payment restarting the order; a coupon with each of its three messages; a partial
 * voucher payment plus card; a hold order refused without membership and accepted with one; a mini-site booking.
 * The flow helpers (seats held through the api, one fresh presentation per test) are in ./booking-flow.
 */

const T = {
  en: {
    serviceCharge: 'Service charge', declined: /declined/, cancelled: 'Sorry, your order was cancelled. Restarting...',
    giftCard: 'This is a gift card: it pays for the order on the payment step (“Pay with a voucher”), not for a ticket here.',
    more: 'One more ticket must be added to use this coupon.', used: 'The coupon was already used.', none: 'No tickets were found to apply the coupon to.',
    noMembership: 'Cannot make an unpaid booking - you have no active memberships', holdNote: /box office at least 30 minutes before/, threeDsFailed: /3-D Secure/,
  },
  he: {
    serviceCharge: 'דמי טיפול', declined: /נדחתה/, cancelled: 'מצטערים, ההזמנה בוטלה. מתחילים מחדש...',
    giftCard: 'זה כרטיס מתנה: משלמים בו על ההזמנה בשלב התשלום (“תשלום בשובר”), לא על כרטיס כאן.',
    more: 'יש להוסיף כרטיס אחד נוסף כדי להשתמש בקופון.', used: 'הקופון כבר נוצל.', none: 'לא נמצאו כרטיסים שעליהם ניתן להחיל את הקופון.',
    noMembership: 'לא ניתן לבצע הזמנה ללא תשלום - אין לך מנויים פעילים', holdNote: /בקופה לפחות 30 דקות/, threeDsFailed: /3-D Secure/,
  },
} as const;

/** Logs the browser context in as a seeded customer through the api's SMS login and the development outbox. */
async function loginCustomer(page: Page, mobileNumber: string) {
  const api = page.context().request;
  const send = await api.post('/api/customer/mobile-login', { data: { mobileNumber } });
  expect(send.ok(), await send.text()).toBeTruthy();
  const outbox = await (await api.get(`/api/dev/sms-outbox?mobileNumber=${mobileNumber}`)).json() as { messages: Array<{ code: string | null }> };
  const code = outbox.messages.find((m) => m.code)?.code;
  expect(code).toBeTruthy();
  const ok = await api.post('/api/customer/mobile-login-validation-area', { data: { smsCode: code, mobileNumber } });
  expect(ok.ok(), await ok.text()).toBeTruthy();
}

for (const lang of LANGS) {
  test.describe(`checkout (${lang})`, () => {
    test('from /order to a confirmation and an opened e-ticket with the approve card', async ({ page, request }) => {
      await startOrder(page, request, lang);
      await expect(page.getByTestId('seat-ticket')).toHaveCount(2);
      await toSummary(page);
      await expect(page.getByTestId('order-summary')).toContainText(T[lang].serviceCharge);
      await payByCard(page, CARDS.approve);
      const reservation = await expectConfirmation(page);
      await expect(page.getByTestId('qr-code')).toBeVisible();
      // the cart is empty once the order is committed
      await page.getByTestId('eticket-link').click();
      await expect(page).toHaveURL(/\/edocument\//);
      const doc = page.getByTestId('edocument');
      await expect(doc).toHaveAttribute('data-state', 'valid');
      await expect(page.getByTestId('edoc-reservation')).toHaveText(reservation);
      await expect(page.getByTestId('qr-code')).toBeVisible();
    });

    test('a declined card shows the payment error and the visitor can retry', async ({ page, request }) => {
      await startOrder(page, request, lang, { quantity: 1 });
      await toSummary(page);
      await payByCard(page, CARDS.decline);
      const error = page.getByTestId('payment-error');
      await expect(error).toBeVisible();
      await expect(error).toContainText(T[lang].declined);
      await error.getByRole('button').click();
      await submitCardForm(page, CARDS.approve);
      await expectConfirmation(page);
    });

    test('a 3-D Secure challenge is passed inside the payment page', async ({ page, request }) => {
      await startOrder(page, request, lang, { quantity: 1 });
      await toSummary(page);
      await payByCard(page, CARDS.threeDs);
      await frame(page).locator('button[value="approve"]').click();
      await expectConfirmation(page);
    });

    test('a cancelled payment restarts the order', async ({ page, request }) => {
      const { presentationId } = await startOrder(page, request, lang, { quantity: 1 });
      await toSummary(page);
      await page.getByTestId('pay').click();
      await frame(page).locator('button[value="cancel"]').click();
      await expect(page.getByTestId('payment-cancelled')).toHaveText(T[lang].cancelled);
      // back to the start of the order: the seat step, no held seats
      await expect(page).toHaveURL(new RegExp(`/order/${presentationId}(\\?lang=${lang})?$`), { timeout: 15_000 });
      await expect(page.getByTestId('step-next')).toBeDisabled({ timeout: 15_000 });
      await expect(page.getByTestId('payment-step')).toHaveCount(0);
    });

    test('a coupon with each of its three messages, and removal restoring the previous ticket', async ({ page, request }) => {
      await startOrder(page, request, lang, { quantity: 1 });
      const ticket = page.getByTestId('seat-ticket').first().locator('strong');
      const before = (await ticket.textContent())!;
      const code = page.locator('#ticket-code');
      const message = page.getByTestId('code-message');
      const apply = page.getByTestId('code-form').locator('button[type="submit"]');
      // multiplier 2 on one seat: one more ticket must be added
      await code.fill('FRIENDS2');
      await apply.click();
      await expect(message).toHaveText(T[lang].more);
      // a money gift card typed here says where it is used (it read "must be used with other vouchers")
      await code.fill('GIFT-30-DEMO');
      await apply.click();
      await expect(message).toHaveText(T[lang].giftCard);
      // balance used up
      await code.fill('USEDUP');
      await apply.click();
      await expect(message).toHaveText(T[lang].used);
      // a working coupon takes the seat …
      await code.fill('SINGLE1');
      await apply.click();
      await expect(page.getByTestId('applied-code')).toHaveCount(1);
      await expect(ticket).not.toHaveText(before);
      // … so the next one finds no ticket to apply to
      await code.fill('FAMILY4');
      await apply.click();
      await expect(message).toHaveText(T[lang].none);
      // removal restores the previous ticket
      await page.getByTestId('applied-code').getByRole('button').click();
      await expect(page.getByTestId('applied-code')).toHaveCount(0);
      await expect(ticket).toHaveText(before);
      // the removed code's button took the keyboard with it: it is back in the code's field, not on the page's body
      await expect(code).toBeFocused();
    });

    test('a partial voucher payment plus card', async ({ page, request }) => {
      await startOrder(page, request, lang, { quantity: 2 });
      await toSummary(page);
      await page.getByTestId('voucher-open').click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('#voucher-ref').fill('GIFT-EMPTY');
      await page.getByTestId('voucher-apply').click();
      await expect(page.getByTestId('voucher-error')).toBeVisible();
      await dialog.locator('#voucher-ref').fill(lang === 'en' ? 'GIFT-30-DEMO' : 'MOVIE-POP-DEMO');
      await page.getByTestId('voucher-apply').click();
      await expect(page.getByTestId('voucher-applied')).toBeVisible();
      await expect(page.getByTestId('summary-voucher')).toBeVisible();
      const due = await page.getByTestId('summary-due').textContent();
      expect(Number(due!.replace(/[^\d.]/g, ''))).toBeGreaterThan(0);
      await payByCard(page, CARDS.approve);
      await expectConfirmation(page);
      await expect(page.getByTestId('summary-voucher')).toBeVisible();
    });

    test('a hold order is refused without a membership and accepted with one', async ({ page, request, browser }) => {
      // without: Yossi has no active membership
      await loginCustomer(page, AVI);
      await startOrder(page, request, lang, { quantity: 1 });
      await toSummary(page, AVI);
      // click, not check(): the refusal may switch the toggle back before the click returns
      await page.getByTestId('hold-toggle').click();
      await expect(page.getByTestId('hold-refused')).toHaveText(T[lang].noMembership);
      await expect(page.getByTestId('hold-toggle')).not.toBeChecked();
      // with: Dana's Cinema Club membership
      const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      const dana = await context.newPage();
      await loginCustomer(dana, DANA);
      await startOrder(dana, request, lang, { quantity: 1 });
      await dana.getByTestId('tickets-next').click();
      // a logged-in customer's details are prefilled
      await expect(dana.locator('#ci-mobileNumber')).toHaveValue(DANA);
      await fillCustomer(dana, DANA);
      await dana.getByTestId('products-next').click();
      await dana.getByTestId('hold-toggle').check();
      await expect(dana.getByTestId('summary-due')).toHaveCount(0);
      await dana.getByTestId('pay').click();
      await expectConfirmation(dana);
      await expect(dana.getByTestId('hold-note')).toContainText(T[lang].holdNote);
      await context.close();
    });

    test("a partner's employee ticket on the teachers' union mini-site: its references, no refused call while they are typed", async ({ page, request }) => {
      const L = lang === 'en'
        ? { regularLess: 'One Regular ticket less', partnerMore: 'One Partner employee ticket more', ref1: 'Employee number *', ref2: 'Organisation code *', details: 'Your details', noMatch: 'No reference matches the details you entered: check each of them.' }
        : { regularLess: 'כרטיס רגיל אחד פחות', partnerMore: 'כרטיס עובדי ארגון שותף אחד נוסף', ref1: 'מספר עובד *', ref2: 'קוד ארגון *', details: 'הפרטים שלך', noMatch: 'לא נמצאה אסמכתא שתואמת את הפרטים שהוזנו: בדקו את כולם.' };
      const listed = await (await request.get('/api/presentations/?miniSiteUrl=haifa-teachers-union')).json() as { presentations: DayPresentation[] };
      const soon = Date.now() + 3 * 3600_000;
      const candidates = listed.presentations.filter((p) => !p.locationOffline && Date.parse(p.dateTime) > soon).map((p) => p.id)
        .sort((a, b) => (lang === 'en' ? a - b : b - a));
      expect(candidates.length).toBeGreaterThan(1);
      // every refused call, but those about the wrong pair typed on purpose below (its validation, its pricing)
      const refused: string[] = [];
      page.on('response', (r) => {
        if (r.status() >= 400 && !`${r.url()} ${r.request().postData() ?? ''}`.includes('HTX')) refused.push(`${r.status()} ${r.url()}`);
      });
      await startOrder(page, request, lang, {
        quantity: 1, candidates,
        open: async (id) => {
          await page.goto(`/mini-site/haifa-teachers-union?lang=${lang}`);
          await page.locator(`[data-testid="minisite-presentation"] a[href$="/order/${id}"]`).click();
        },
      });
      await page.getByRole('button', { name: L.regularLess, exact: true }).click();
      await page.getByRole('button', { name: L.partnerMore, exact: true }).click();
      // a person reads the two new fields before typing: longer than the quote's debounce (the cart was priced, and
      // refused 409 REF_REQUIRED, in that moment)
      await expect(page.getByLabel(L.ref1, { exact: true })).toBeVisible();
      await page.waitForTimeout(1000);
      const [ref1, ref2] = [page.getByLabel(L.ref1, { exact: true }), page.getByLabel(L.ref2, { exact: true })];
      // a pair the partner does not know: the partner judges the two together, so both fields are marked, the text
      // said once (under the second) and read out for each, and the visitor is taken to the first
      await ref1.fill('T1001');
      await ref2.fill('HTX');
      await page.getByTestId('tickets-next').click();
      await expect(page.getByRole('alert').filter({ hasText: L.noMatch })).toHaveCount(1);
      for (const field of [ref1, ref2]) {
        await expect(field).toHaveAttribute('aria-invalid', 'true');
        await expect(field).toHaveAccessibleDescription(L.noMatch);
      }
      await expect(ref1).toBeFocused();
      await ref2.fill('HTU');
      await page.getByTestId('tickets-next').click();
      await expect(page.getByRole('heading', { name: L.details })).toBeVisible();
      // the partner price came from the api once both references were there, and nothing else was refused on the way
      expect(refused).toEqual([]);
    });

    test('a mini-site booking', async ({ page, request }) => {
      // What the partner page lists: the Tel Aviv Film Club's films at its cinema (free seating or mixed halls there).
      const listed = await (await request.get('/api/presentations/?miniSiteUrl=tel-aviv-film-club')).json() as { presentations: DayPresentation[] };
      const soon = Date.now() + 3 * 3600_000;
      const candidates = listed.presentations
        .filter((p) => p.venueId !== SEAT_SELECTION_HALL && !p.locationOffline && Date.parse(p.dateTime) > soon)
        .map((p) => p.id)
        .sort((a, b) => (lang === 'en' ? a - b : b - a));
      expect(candidates.length).toBeGreaterThan(2);
      const cart = page.waitForRequest((r) => r.url().includes('/api/cart') && r.method() === 'POST');
      const seatsStatus = page.waitForRequest((r) => r.url().includes('/api/seats/seats-status'));
      await startOrder(page, request, lang, {
        quantity: 1,
        candidates,
        open: async (id) => {
          // the slug helper turns the partner's name into its address
          await page.goto(`/mini-site/Tel Aviv Film Club?lang=${lang}`);
          await expect(page).toHaveURL(/\/mini-site\/tel-aviv-film-club/);
          await expect(page.getByTestId('minisite')).toBeVisible();
          await page.locator(`[data-testid="minisite-presentation"] a[href$="/order/${id}"]`).click();
        },
      });
      expect((await seatsStatus).url()).toContain('miniSiteUrl=tel-aviv-film-club');
      await page.getByTestId('tickets-next').click();
      const body = (await cart).postDataJSON() as { cart: { referralMiniSiteId: number }; miniSiteUrl: string };
      expect(body.cart.referralMiniSiteId).toBe(1);
      expect(body.miniSiteUrl).toBe('tel-aviv-film-club');
      await fillCustomer(page);
      await page.getByTestId('products-next').click();
      await payByCard(page, CARDS.approve);
      await expectConfirmation(page);
    });
  });
}
