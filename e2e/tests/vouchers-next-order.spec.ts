import { expect, test } from '@playwright/test';
import { CARDS, newVisit, submitCardForm } from './booking-flow';

/**
 * What a tester found on a phone (390x844), he and en: an open amount is checked at its field before any round trip;
 * every step's heading takes the focus; a gift box by courier asks for the address; the booking form's name rule; a
 * declined card says why (the ticket checkout's shared text) and its try-again button takes the focus; Back after the
 * confirmation lands on the voucher list; and the next purchase's form is empty (nothing of the last gift left behind).
 */
const T = {
  en: {
    name: 'Gift card, any amount', amount: /^Amount/, qty: 'How many: Gift card, any amount', decimals: 'Use at most 2 digits after the decimal point (for example 55.50).',
    products: 'Add products', moreBox: 'One more Gift box (delivered)', courier: 'Courier', next: 'Next', buy: 'Buy gift vouchers', address: 'Delivery address',
    letters: 'Letters only.', required: 'This field is required.', declined: 'Error processing payment: the card was declined. You can try again or use another card.', retry: 'Try again',
    done: 'Your gift vouchers', list: 'Gift vouchers',
  },
  he: {
    name: 'כרטיס מתנה בסכום פתוח', amount: /^סכום/, qty: 'כמות: כרטיס מתנה בסכום פתוח', decimals: 'אפשר לכל היותר 2 ספרות אחרי הנקודה העשרונית (למשל 55.50).',
    products: 'הוספת מוצרים', moreBox: 'עוד מארז מתנה עם משלוח', courier: 'שליח', next: 'המשך', buy: 'רכישת שוברי מתנה', address: 'כתובת למשלוח',
    letters: 'אותיות בלבד.', required: 'שדה חובה.', declined: 'שגיאה בעיבוד התשלום: העסקה נדחתה. ניתן לנסות שוב או להשתמש בכרטיס אחר.', retry: 'נסו שוב',
    done: 'שוברי המתנה שלך', list: 'שוברי מתנה',
  },
} as const;

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 180_000 });

for (const lang of ['en', 'he'] as const) {
  test(`a gift box by courier, a declined card, then a new purchase starts empty (${lang}, 390x844)`, async ({ page }) => {
    const t = T[lang];
    await newVisit(page);
    await page.goto(`/vouchers?lang=${lang}`);
    const amount = page.getByLabel(t.amount);
    await page.getByLabel(t.qty).selectOption('1');
    await amount.fill('55.555');
    await page.getByTestId('vouchers-next').click();
    // Refused at the field, before the api: described, invalid, focused.
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(amount).toBeFocused();
    await expect(page.locator(`#${await amount.getAttribute('aria-describedby')}`)).toHaveText(`${t.name}: ${t.decimals}`); // several vouchers: it names this one
    await amount.fill('60');
    await page.getByTestId('vouchers-next').click();

    await expect(page.getByRole('heading', { name: t.products, level: 1 })).toBeFocused();
    await page.getByRole('button', { name: t.moreBox }).click();
    await page.getByLabel(t.courier, { exact: true }).check();
    await page.getByRole('button', { name: t.next, exact: true }).click();

    await expect(page.getByRole('heading', { name: t.buy, level: 1 })).toBeFocused();
    await expect(page.getByTestId('voucher-total')).toContainText('159.00');
    await expect(page.getByRole('group', { name: t.address })).toBeVisible();
    await page.locator('#buyer-firstName').fill('Dana1');
    await page.locator('#buyer-lastName').fill('Levi');
    await page.locator('#buyer-email').fill('dana.next@example.com');
    await page.locator('#buyer-mobileNumber').fill('0521234567');
    await page.locator('#buyer-recipientName').fill('Noa');
    await page.locator('#buyer-greeting').fill('Happy birthday');
    await page.getByTestId('voucher-pay').click();
    await expect(page.locator('#buyer-firstName')).toBeFocused();
    await expect(page.locator('#buyer-firstName-error')).toHaveText(t.letters);
    await expect(page.locator('#buyer-address1')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#buyer-postalCode-error')).toHaveText(t.required);
    await page.locator('#buyer-firstName').fill('Dana');
    await page.locator('#buyer-address1').fill('Herzl 12');
    await page.locator('#buyer-city').fill('Haifa');
    await page.locator('#buyer-postalCode').fill('3303312');

    await page.getByTestId('voucher-pay').click();
    await submitCardForm(page, CARDS.decline);
    const error = page.getByTestId('voucher-buy-error');
    await expect(error).toContainText(t.declined);
    await expect(error.getByRole('button', { name: t.retry })).toBeFocused();
    await error.getByRole('button', { name: t.retry }).click();
    await submitCardForm(page, CARDS.approve);
    await expect(page.getByRole('heading', { name: t.done })).toBeFocused({ timeout: 20_000 });
    await expect(page.getByTestId('issued-voucher')).toContainText('Noa');

    // Back: the list, not an empty buy form.
    await page.goBack();
    await expect(page).toHaveURL(/\/vouchers(\?lang=\w+)?$/);
    await expect(page.getByRole('heading', { name: t.list, level: 1 })).toBeVisible();

    // The next purchase: nothing of the last buyer, recipient or greeting.
    await page.getByLabel(t.qty).selectOption('1');
    await page.getByLabel(t.amount).fill('70');
    await page.getByTestId('vouchers-next').click();
    await page.getByRole('button', { name: t.next, exact: true }).click();
    await expect(page.getByTestId('voucher-buy')).toBeVisible();
    for (const f of ['firstName', 'lastName', 'email', 'mobileNumber', 'recipientName', 'greeting']) await expect(page.locator(`#buyer-${f}`)).toHaveValue('');
    await expect(page.getByRole('group', { name: t.address })).toHaveCount(0);
  });
}
