import type { VoucherPurchaseResponse } from '@ticketing/shared/contracts';
import type { EmailMessage } from '../../lib/email.ts';
import type { Lang } from '../../lib/route.ts';

const TEXT = {
  he: {
    subject: (id: string) => `שוברי המתנה שלך (הזמנה ${id})`,
    intro: (name: string) => `שלום ${name}, תודה על הרכישה. אלה הקודים של שוברי המתנה:`,
    voucher: (name: string, code: string, amount: string, until: string) => `${name}: קוד ${code}, שווי ${amount}, בתוקף עד ${until}`,
    products: 'מוצרים:',
    total: (a: string) => `סה"כ שולם: ${a}`,
    use: 'כל קוד אפשר לממש מיד כתשלום בשובר בעת הזמנת כרטיסים באתר.',
  },
  en: {
    subject: (id: string) => `Your gift vouchers (order ${id})`,
    intro: (name: string) => `Hello ${name}, thank you for your purchase. Here are your gift voucher codes:`,
    voucher: (name: string, code: string, amount: string, until: string) => `${name}: code ${code}, value ${amount}, valid until ${until}`,
    products: 'Products:',
    total: (a: string) => `Total paid: ${a}`,
    use: 'Each code works at once as a voucher payment when booking tickets on the site.',
  },
} satisfies Record<Lang, unknown>;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const money = (shekels: number) => `₪${shekels.toFixed(2)}`;
const dmy = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

/** The buyer's confirmation by e-mail: each voucher's code, value and validity, the products and the total paid. */
export function voucherPurchaseMessage(r: VoucherPurchaseResponse, buyerFirstName: string, to: string, lang: Lang): EmailMessage {
  const t = TEXT[lang];
  const lines = [
    t.intro(buyerFirstName),
    ...r.vouchers.map((v) => t.voucher(v.name, v.reference, money(v.amount), dmy(v.validUntil))),
    ...(r.products.length ? [t.products, ...r.products.map((p) => `${p.name} × ${p.quantity}: ${money(p.total)}`)] : []),
    t.total(money(r.total)), t.use,
  ];
  const dir = lang === 'he' ? 'rtl' : 'ltr';
  const html = `<!doctype html><html lang="${lang}" dir="${dir}"><body style="font-family:system-ui,sans-serif">`
    + `<h1>${esc(t.subject(r.purchaseIdentifier))}</h1>${lines.map((l) => `<p>${esc(l)}</p>`).join('')}</body></html>`;
  return { to, subject: t.subject(r.purchaseIdentifier), text: lines.join('\n'), html };
}
