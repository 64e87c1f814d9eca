import type { DonationPurchaseResponse } from '@ticketing/shared/contracts';
import type { EmailMessage } from '../../lib/email.ts';
import type { Lang } from '../../lib/route.ts';

const TEXT = {
  he: {
    subject: (n: string) => `קבלה על תרומה ${n}`,
    kind: 'זוהי קבלה על תרומה.',
    number: (n: string) => `מספר קבלה: ${n}`,
    date: (d: string) => `תאריך: ${d}`,
    donor: (name: string) => `התורם/ת: ${name}`,
    line: (cause: string, amount: string, qty: number) => `${cause}: ${amount}${qty > 1 ? ` × ${qty}` : ''}`,
    total: (a: string) => `סה"כ: ${a}`,
    card: (last4: string) => `שולם בכרטיס המסתיים ב-${last4}`,
    thanks: 'תודה על תרומתך.',
  },
  en: {
    subject: (n: string) => `Donation receipt ${n}`,
    kind: 'This is a receipt for a donation.',
    number: (n: string) => `Receipt number: ${n}`,
    date: (d: string) => `Date: ${d}`,
    donor: (name: string) => `Donor: ${name}`,
    line: (cause: string, amount: string, qty: number) => `${cause}: ${amount}${qty > 1 ? ` × ${qty}` : ''}`,
    total: (a: string) => `Total: ${a}`,
    card: (last4: string) => `Paid by card ending ${last4}`,
    thanks: 'Thank you for your donation.',
  },
} satisfies Record<Lang, unknown>;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const money = (shekels: number) => `₪${shekels.toFixed(2)}`;
const dmy = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

/** The donor's receipt by e-mail: what the receipt page says (number, date, donor, causes and amounts, total, card). */
export function donationReceiptMessage(r: DonationPurchaseResponse, to: string, lang: Lang): EmailMessage {
  const t = TEXT[lang];
  const lines = [
    t.kind, t.number(r.receiptNumber), t.date(dmy(r.date)), t.donor(`${r.donor.firstName} ${r.donor.lastName}`.trim()),
    ...r.lines.map((l) => t.line(l.type, money(l.amount), l.quantity)), t.total(money(r.total)),
    r.payment?.last4 ? t.card(r.payment.last4) : null, t.thanks,
  ].filter((l): l is string => !!l);
  const dir = lang === 'he' ? 'rtl' : 'ltr';
  const html = `<!doctype html><html lang="${lang}" dir="${dir}"><body style="font-family:system-ui,sans-serif">`
    + `<h1>${esc(t.subject(r.receiptNumber))}</h1>${lines.map((l) => `<p>${esc(l)}</p>`).join('')}</body></html>`;
  return { to, subject: t.subject(r.receiptNumber), text: lines.join('\n'), html };
}
