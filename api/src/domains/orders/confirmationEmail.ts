import { maskVoucherReference, type CommitResponse, type SummaryTicket } from '@ticketing/shared/contracts';
import type { EmailMessage } from '../../lib/email.ts';
import type { Lang } from '../../lib/route.ts';

const TEXT = {
  he: {
    subject: (id: string, hold: boolean) => (hold ? `ההזמנה שלך נשמרה (הזמנה ${id})` : `הכרטיסים שלך (הזמנה ${id})`),
    intro: (name: string) => `שלום ${name}, תודה על ההזמנה.`,
    hold: 'ההזמנה שמורה ותשולם בקופה לפני תחילת ההצגה.',
    seat: (row: string, seat: string) => `שורה ${row}, כיסא ${seat}`,
    place: (seat: string) => `מקום ${seat}`,
    serviceCharge: (a: string) => `דמי טיפול: ${a}`,
    addons: (a: string) => `תוספות: ${a}`,
    vod: 'צפייה באזור האישי באתר',
    products: 'מוצרים:',
    bookingFee: (a: string) => `עמלת הזמנה: ${a}`,
    voucher: (ref: string, a: string) => `שולם בשובר ${ref}: ${a}`,
    card: (a: string) => `שולם בכרטיס אשראי: ${a}`,
    total: (a: string) => `סה"כ: ${a}`,
    link: (url: string) => `הכרטיס האלקטרוני: ${url}`,
    show: 'בכניסה מציגים את הכרטיס האלקטרוני (הקוד שבו) מהטלפון או מודפס.',
  },
  en: {
    subject: (id: string, hold: boolean) => (hold ? `Your reservation is held (order ${id})` : `Your tickets (order ${id})`),
    intro: (name: string) => `Hello ${name}, thank you for your order.`,
    hold: 'The order is held and is paid at the box office before the show.',
    seat: (row: string, seat: string) => `row ${row}, seat ${seat}`,
    place: (seat: string) => `place ${seat}`,
    serviceCharge: (a: string) => `Service charge: ${a}`,
    addons: (a: string) => `Add-ons: ${a}`,
    vod: 'Watch it in your account on the site',
    products: 'Products:',
    bookingFee: (a: string) => `Booking fee: ${a}`,
    voucher: (ref: string, a: string) => `Paid by voucher ${ref}: ${a}`,
    card: (a: string) => `Paid by card: ${a}`,
    total: (a: string) => `Total: ${a}`,
    link: (url: string) => `Your e-ticket: ${url}`,
    show: 'Show the e-ticket (its code) at the entrance, on your phone or printed.',
  },
} satisfies Record<Lang, unknown>;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const money = (shekels: number) => `₪${shekels.toFixed(2)}`;
/** dd/mm/yyyy hh:mm in Jerusalem, the way the site writes a screening's time in every language. */
function when(iso: string): string {
  const p = Object.fromEntries(new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Jerusalem', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** Worded as the order's summary on the site: the seat, its ticket and the ticket's price (charges on their own lines). */
function ticketLine(t: typeof TEXT[Lang], x: SummaryTicket): string {
  const where = x.RowName && x.SeatName ? t.seat(x.RowName, x.SeatName) : t.place(x.SeatName ?? String(x.XCoordinate ?? ''));
  return `${x.SectionName ? `${x.SectionName}, ` : ''}${where} · ${x.ticketName} · ${money(x.price)}`;
}

function presentationLines(t: typeof TEXT[Lang], p: CommitResponse['order']['presentations'][number]): string[] {
  if (p.isVod) return [`${p.featureName}: ${t.vod}`, ...p.tickets.map((x) => `${x.ticketName} · ${money(x.price)}`)];
  return [`${p.featureName} · ${when(p.dateTime)} · ${p.locationName} · ${p.venueName}`, ...p.tickets.map((x) => ticketLine(t, x))];
}

/**
 * The buyer's confirmation of a ticket order (QA, seventeenth session: vouchers and donations were confirmed by e-mail,
 * ticket orders by nothing): each screening with its seats, products, how it was paid, the total and the e-ticket's
 * link (none without a configured public address: no link is better than a wrong one).
 */
export function orderConfirmationMessage(r: CommitResponse, firstName: string, to: string, lang: Lang, eTicketUrl: string | null): EmailMessage {
  const t = TEXT[lang];
  const o = r.order;
  const lines = [
    t.intro(firstName),
    ...(o.isHold ? [t.hold] : []),
    ...o.presentations.flatMap((p) => presentationLines(t, p)),
    ...(o.products.length ? [t.products, ...o.products.map((p) => `${p.name} × ${p.quantity}: ${money(p.total)}`)] : []),
    ...(o.addons > 0 ? [t.addons(money(o.addons))] : []),
    ...(o.serviceCharge > 0 ? [t.serviceCharge(money(o.serviceCharge))] : []),
    ...(o.bookingFee > 0 ? [t.bookingFee(money(o.bookingFee))] : []),
    // a voucher's code is as good as money: its last four, as the e-ticket shows it
    ...o.voucherPayments.map((v) => t.voucher(maskVoucherReference(v.systemVoucher), money(v.amount))),
    ...(o.amountDue > 0 && !o.isHold ? [t.card(money(o.amountDue))] : []),
    t.total(money(o.totalAmount)),
    ...(eTicketUrl ? [t.link(eTicketUrl)] : []),
    ...(o.presentations.some((p) => !p.isVod) ? [t.show] : []),
  ];
  const subject = t.subject(r.reservationIdentifier, o.isHold);
  const dir = lang === 'he' ? 'rtl' : 'ltr';
  const html = `<!doctype html><html lang="${lang}" dir="${dir}"><body style="font-family:system-ui,sans-serif">`
    + `<h1>${esc(subject)}</h1>${lines.map((l) => (eTicketUrl && l === t.link(eTicketUrl)
      ? `<p><a href="${esc(eTicketUrl)}">${esc(l)}</a></p>` : `<p>${esc(l)}</p>`)).join('')}</body></html>`;
  return { to, subject, text: lines.join('\n'), html };
}
