import { expect, test, type Page } from '@playwright/test';
import {
  LANGS, expectConfirmation, fillCustomer, followLink, holdSeats, newVisit, payByCard, takePresentationId as takePresentation, toTickets, type Lang,
} from './booking-flow';

/**
 * Issue 11 §4, in Chromium, he and en: after a paid order with a snack and a gift voucher that the order
 * used up, every way of starting another order (header menu, "New order", browser back, a direct link, a
 * reload) starts from an empty cart: no snack, no voucher, nothing on hold. And a voucher payment the api
 * no longer accepts is dropped with a message instead of leaving the order stuck; one carried back to
 * an earlier step can be removed there.
 */

const T = {
  en: { mainNav: 'Main navigation', stepsNav: 'Order steps', navOrder: 'Movies & shows', newOrder: 'New order', more: /^One .+ more$/, products: 'Products', remove: 'Remove voucher', dropped: /GIFT-EMPTY was removed from this order: There is no balance left/ },
  he: { mainNav: 'ניווט ראשי', stepsNav: 'שלבי ההזמנה', navOrder: 'סרטים והצגות', newOrder: 'הזמנה חדשה', more: /^עוד /, products: 'מוצרים', remove: 'הסרת השובר', dropped: /GIFT-EMPTY הוסר מההזמנה: / },
} as const;

// Each test is a paid order and most of another: longer than the default minute on a busy machine.
test.describe.configure({ timeout: 150_000 });

/** ₪20 single-use gift cards seeded for these specs (api/src/seed/vouchers.ts). */
let voucherNo = 0;
const nextVoucher = (lang: Lang) => `CART-E2E-${String((lang === 'en' ? 1 : 13) + test.info().workerIndex % 2 * 6 + (voucherNo++ % 6)).padStart(2, '0')}`;

/** A paid order of two tickets, one snack and a ₪20 gift voucher it uses up; ends on the confirmation. */
async function paidOrderWithSnackAndVoucher(page: Page, lang: Lang, presentationId: number, voucher: string) {
  await page.goto(`/order/${presentationId}?lang=${lang}`);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await toTickets(page);
  await page.getByTestId('tickets-next').click();
  await fillCustomer(page);
  await expect(page.getByTestId('products-step')).toBeVisible();
  const snack = page.getByTestId('product').first();
  await snack.getByRole('button', { name: T[lang].more }).click();
  await expect(snack.getByRole('spinbutton')).toHaveValue('1');
  await page.getByTestId('products-next').click();
  await expect(page.getByTestId('order-summary')).toContainText(T[lang].products);
  await page.getByTestId('voucher-open').click();
  await page.getByRole('dialog').locator('#voucher-ref').fill(voucher);
  await page.getByTestId('voucher-apply').click();
  await expect(page.getByTestId('summary-voucher')).toBeVisible();
  await payByCard(page);
  await expectConfirmation(page);
  await expect(page.getByTestId('summary-voucher')).toBeVisible();
}

/** The next order, from its seats to the priced summary: nothing of the previous order is in it. */
async function expectCleanOrder(page: Page, lang: Lang) {
  await toTickets(page);
  await expect(page.getByTestId('voucher-carried')).toHaveCount(0);
  await page.getByTestId('tickets-next').click();
  await fillCustomer(page);
  await expect(page.getByTestId('products-step')).toBeVisible();
  for (const qty of await page.getByTestId('product').getByRole('spinbutton').all()) await expect(qty).toHaveValue('0');
  await page.getByTestId('products-next').click();
  await expect(page.getByTestId('summary-due')).toBeVisible();
  const summary = page.getByTestId('order-summary');
  await expect(summary.locator('caption', { hasText: new RegExp(`^${T[lang].products}$`) })).toHaveCount(0);
  await expect(page.getByTestId('summary-voucher')).toHaveCount(0);
  await expect(page.getByTestId('voucher-open')).toBeVisible();
  await expect(page.getByTestId('voucher-dropped')).toHaveCount(0);
  await expect(page.getByTestId('summary-error')).toHaveCount(0);
}

for (const lang of LANGS) {
  test.describe(`no leaks between orders (${lang})`, () => {
    const ways: Array<[string, (page: Page, next: number) => Promise<void>]> = [
      ['the header menu', async (page, next) => {
        await page.getByRole('navigation', { name: T[lang].mainNav }).getByRole('link', { name: T[lang].navOrder, exact: true }).click();
        await expect(page.getByTestId('event-list')).toBeVisible();
        await followLink(page, `/order/${next}`);
      }],
      ['"New order"', async (page, next) => {
        await page.getByRole('button', { name: T[lang].newOrder }).click();
        await expect(page.getByTestId('event-list')).toBeVisible();
        await followLink(page, `/order/${next}`);
      }],
      ['the browser back button', async (page, next) => {
        await page.goBack();
        await expect(page.getByTestId('order-page')).toBeVisible();
        await expect(page.getByTestId('voucher-carried')).toHaveCount(0);
        await followLink(page, `/order/${next}`);
      }],
      ['a direct link', async (page, next) => {
        await page.goto(`/order/${next}?lang=${lang}`);
      }],
      ['a reload', async (page, next) => {
        await page.reload();
        await expect(page.getByTestId('reservation-number')).toBeVisible();
        await followLink(page, `/order/${next}`);
      }],
    ];
    for (const [way, start] of ways) {
      test(`another order started from ${way} starts from an empty cart`, async ({ page, request }) => {
        const uuid = await newVisit(page);
        const first = await takePresentation(request);
        const second = await takePresentation(request);
        await holdSeats(request, first, uuid);
        await paidOrderWithSnackAndVoucher(page, lang, first, nextVoucher(lang));
        await holdSeats(request, second, uuid);
        await start(page, second);
        await expect(page.getByTestId('order-page')).toHaveAttribute('data-presentation', String(second));
        await expectCleanOrder(page, lang);
      });
    }

    test('a voucher payment the api refuses is dropped with a message, and a carried one can be removed', async ({ page, request }) => {
      const uuid = await newVisit(page);
      const id = await takePresentation(request);
      await holdSeats(request, id, uuid);
      // What the old build left in the tab after a used-up gift voucher: a voucher payment with no balance behind it.
      await page.addInitScript(() => {
        if (window !== window.top || sessionStorage.getItem('ticketing.checkout.state')) return;
        sessionStorage.setItem('ticketing.checkout.state', JSON.stringify({ products: {}, numberOfPayments: 1, isHold: false, walkin: false, deliveryMethod: null, paymentIdentifier: null, reservation: null, voucherPayment: { amount: 20, systemVoucher: 'GIFT-EMPTY' } }));
      });
      await page.goto(`/order/${id}?lang=${lang}`);
      await toTickets(page);
      const carried = page.getByTestId('voucher-carried');
      // The tickets step prices the cart through the api, which refuses the used-up voucher: it is dropped
      // with the message as soon as the step opens, before the visitor can continue with it.
      await expect(page.getByTestId('voucher-dropped')).toContainText(T[lang].dropped);
      await expect(page.getByTestId('voucher-dropped')).toContainText('GIFT-EMPTY');
      await expect(carried).toHaveCount(0);
      await page.getByTestId('tickets-next').click();
      await expect(page.getByTestId('customer-info-form')).toBeVisible();
      await page.reload();
      await expect(page.getByTestId('voucher-carried')).toHaveCount(0);

      // A voucher applied on the summary and carried back to the tickets step is removable there. (The reload came
      // back on the details step: the order in progress is kept across a reload.)
      await fillCustomer(page);
      await page.getByTestId('products-next').click();
      await page.getByTestId('voucher-open').click();
      await page.getByRole('dialog').locator('#voucher-ref').fill(nextVoucher(lang));
      await page.getByTestId('voucher-apply').click();
      await expect(page.getByTestId('summary-voucher')).toBeVisible();
      await page.getByRole('navigation', { name: T[lang].stepsNav }).getByRole('listitem').nth(1).getByRole('button').click();
      await expect(page.getByTestId('tickets-step')).toBeVisible();
      await carried.getByRole('button', { name: T[lang].remove }).click();
      await expect(carried).toHaveCount(0);
      await page.getByTestId('tickets-next').click();
      await fillCustomer(page);
      await page.getByTestId('products-next').click();
      await expect(page.getByTestId('summary-due')).toBeVisible();
      await expect(page.getByTestId('summary-voucher')).toHaveCount(0);
    });
  });
}
