import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { APPROVE_CARD, LANGS, expectConfirmation, fillCustomer, holdSeats, newVisit, payByCard, submitCardForm, takePresentationId as takePresentation, toTickets } from './booking-flow';

/**
 * Issue 11 §1 and §3, in Chromium, he and en: with tickets in the cart the visitor opens gift vouchers, is told
 * the ticket cart will be emptied, buys an open-amount voucher with a product from the products step (the ticket
 * cart is emptied, holds released), gets its code, has the site e-mail the gift page (the development outbox
 * shows it), and pays part of a ticket order with the code at once.
 */
const T = {
  en: {
    mainNav: 'Main navigation', vouchers: 'Gift vouchers', notice: /empties your other cart: tickets/, amount: /^Amount/, qty: 'How many: Gift card, any amount',
    badge: '0 items in cart', pay: /^Pay /, done: 'Your gift vouchers', products: 'Add products', morePopcorn: 'One more Small popcorn', popcorn: 'Small popcorn',
    next: 'Next', to: "Recipient's e-mail *", message: 'Message (optional)', send: 'Send the gift', badEmail: 'Enter a valid email address.', sent: /^The gift page was sent to /,
    subject: 'A gift for you: Gift card, any amount',
  },
  he: {
    mainNav: 'ניווט ראשי', vouchers: 'שוברי מתנה', notice: /תרוקן את הסל האחר שלך: כרטיסים/, amount: /^סכום/, qty: 'כמות: כרטיס מתנה בסכום פתוח',
    badge: '0 פריטים בסל', pay: /^תשלום /, done: 'שוברי המתנה שלך', products: 'הוספת מוצרים', morePopcorn: 'עוד פופקורן קטן', popcorn: 'פופקורן קטן',
    next: 'המשך', to: 'כתובת הדוא״ל של המקבל/ת *', message: 'הודעה (לא חובה)', send: 'שליחת המתנה', badEmail: 'הזינו כתובת דוא"ל תקינה.', sent: /^דף המתנה נשלח אל /,
    subject: 'מתנה בשבילך: כרטיס מתנה בסכום פתוח',
  },
} as const;

async function expectNoAxeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

// A purchase with a product, a gift e-mail and two ticket orders: longer than the default minute on a busy machine.
test.describe.configure({ timeout: 300_000 });

for (const lang of LANGS) {
  test(`buy a gift voucher while tickets are in the cart, then pay part of a ticket order with it (${lang})`, async ({ page, request }) => {
    const uuid = await newVisit(page);
    const first = await takePresentation(request);
    await holdSeats(request, first, uuid);
    await page.goto(`/order/${first}?lang=${lang}`);
    await expect(page.getByTestId('step-next')).toBeEnabled({ timeout: 20_000 });
    await expect(page.getByTestId('cart-badge')).not.toHaveAttribute('aria-label', T[lang].badge);

    await page.getByRole('navigation', { name: T[lang].mainNav }).getByRole('link', { name: T[lang].vouchers, exact: true }).click();
    await expect(page.getByTestId('cart-discard-notice')).toContainText(T[lang].notice);
    const open = page.getByTestId('voucher-list').getByRole('listitem').filter({ has: page.getByLabel(T[lang].amount) });
    await open.getByLabel(T[lang].amount).fill('60');
    await page.getByLabel(T[lang].qty).selectOption('1');
    await page.getByTestId('vouchers-next').click();
    // Starting the voucher order emptied the ticket cart (the badge hears it through the bus).
    await expect(page.getByTestId('cart-badge')).toHaveAttribute('aria-label', T[lang].badge);

    // The products step: the catalog's products, as in a ticket order.
    await expect(page.getByRole('heading', { name: T[lang].products })).toBeVisible();
    await page.getByRole('button', { name: T[lang].morePopcorn }).click();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: T[lang].next, exact: true }).click();
    await expect(page.getByTestId('voucher-buy')).toBeVisible();
    // The api priced the voucher and the product: ₪60 + ₪18.
    await expect(page.getByTestId('voucher-summary')).toContainText(T[lang].popcorn);
    await expect(page.getByTestId('voucher-total')).toContainText('78.00');
    await page.locator('#buyer-firstName').fill('Dana');
    await page.locator('#buyer-lastName').fill('Levi');
    await page.locator('#buyer-email').fill('dana.e2e@example.com');
    await page.locator('#buyer-mobileNumber').fill('0521234567');
    await page.locator('#buyer-recipientName').fill('Noa');
    await page.getByTestId('voucher-pay').click();
    await submitCardForm(page, APPROVE_CARD);
    await expect(page.getByRole('heading', { name: T[lang].done })).toBeVisible({ timeout: 20_000 });
    const code = (await page.getByTestId('voucher-code').textContent())!.trim();
    expect(code).toMatch(/^GV-/);
    await expect(page.getByTestId('issued-voucher').getByRole('img')).toBeVisible();
    await expect(page.getByTestId('confirmation-summary')).toContainText(T[lang].popcorn);

    // The site e-mails the gift page: a wrong address is refused in the visitor's language, then it goes out.
    const form = page.getByTestId('gift-email-form');
    await form.getByLabel(T[lang].to).fill('noa@example');
    await form.getByRole('button', { name: T[lang].send }).click();
    await expect(form.getByRole('alert')).toHaveText(T[lang].badEmail);
    const to = `noa.${lang}.${Date.now()}@example.com`;
    await form.getByLabel(T[lang].to).fill(to);
    await form.getByLabel(T[lang].message).fill('Happy birthday, Noa!');
    await form.getByRole('button', { name: T[lang].send }).click();
    await expect(form.getByRole('status')).toHaveText(T[lang].sent);
    await expectNoAxeViolations(page);
    const box = await (await page.request.get(`/api/dev/email-outbox?to=${encodeURIComponent(to)}`)).json() as { messages: Array<{ subject: string; text: string }> };
    expect(box.messages).toHaveLength(1);
    expect(box.messages[0]!.subject).toBe(T[lang].subject);
    expect(box.messages[0]!.text).toContain(code);
    expect(box.messages[0]!.text).toContain('Happy birthday, Noa!');

    // The voucher pays part of a ticket order at once.
    const second = await takePresentation(request);
    await holdSeats(request, second, uuid);
    await page.goto(`/order/${second}?lang=${lang}`);
    await toTickets(page);
    await page.getByTestId('tickets-next').click();
    await fillCustomer(page);
    await page.getByTestId('products-next').click();
    await page.getByTestId('voucher-open').click();
    await page.getByRole('dialog').locator('#voucher-ref').fill(code);
    await page.getByTestId('voucher-apply').click();
    await expect(page.getByTestId('summary-voucher')).toContainText('60.00');
    await payByCard(page);
    await expectConfirmation(page);
    await expect(page.getByTestId('summary-voucher')).toContainText('60.00');
  });
}
