import type { MembershipOrderResponse } from '@ticketing/shared/contracts';
import type { EmailMessage } from '../../lib/email.ts';
import type { Lang } from '../../lib/route.ts';

/** What the buyer's confirmation says beside the order's answer (gathered in the commit's transaction). */
export interface MembershipMailFacts {
  /** The buyer's first name (the greeting) and full name (each new member's holder), as typed in the form. */
  firstName: string; holder: string;
  /** The membership's name and what it gives (its description on /membership), in the mail's language. */
  membership: string; grants: string;
  /** What was paid for, as the payment step lists it: membership · price, quantity, amount (shekels). */
  lines: Array<{ name: string; quantity: number; amount: number }>;
  /** The card's last four digits; null when nothing was paid or the provider has no card. */
  last4: string | null;
  /** The last digits of the mobile number the membership is on (signing in with it gives the member tickets). */
  mobileEnd: string;
  /** Whether the sign-in also takes a member number (CUSTOMER_LOGIN_IDENTIFIERS). */
  memberNumberSignIn: boolean;
  /** The customer area's address; null without a configured public address (no link is better than a wrong one). */
  customerAreaUrl: string | null;
}

const TEXT = {
  he: {
    subject: (name: string, id: string) => `המנוי שלך: ${name} (הזמנה ${id})`,
    intro: (name: string) => `שלום ${name}, תודה על הרכישה. המנוי פעיל מעכשיו.`,
    order: (id: string) => `מספר הזמנה: ${id}`,
    membership: (name: string) => `מנוי: ${name}`,
    members: 'המנויים:',
    new: (n: string, holder: string, from: string, until: string, balance: number) => `מספר חבר ${n} (${holder}): בתוקף מ-${from} עד ${until}, ${balance} כרטיסי מנוי`,
    topUp: (n: string, holder: string, until: string, balance: number) => `מספר חבר ${n} (${holder}): נטען, ${balance} כרטיסי מנוי, בתוקף עד ${until}`,
    renewal: (n: string, holder: string, from: string, until: string) => `מספר חבר ${n} (${holder}): חודש, בתוקף מ-${from} עד ${until}`,
    grants: (d: string) => `מה המנוי נותן: ${d}`,
    seats: (n: number) => `מקומות: ${n}`,
    paidFor: 'שולם עבור:',
    card: (last4: string, a: string) => `שולם בכרטיס אשראי המסתיים ב-${last4}: ${a}`,
    paid: (a: string) => `שולם: ${a}`,
    total: (a: string) => `סה"כ: ${a}`,
    howTo: 'איך משתמשים במנוי:',
    signIn: (end: string, byMember: boolean) => `מתחברים באתר עם הטלפון הנייד (המסתיים ב-${end})${byMember ? ' או עם מספר החבר' : ''}.`,
    book: 'בהזמנת כרטיסים, בשלב הכרטיסים מוצעים כרטיסי המנוי („שימוש בכרטיס מנוי”); למנויים אפשר גם לשמור מקומות ולשלם בקופה.',
    area: (url: string | null) => (url ? `המנויים והכרטיסים שנותרו מופיעים באזור האישי: ${url}` : 'המנויים והכרטיסים שנותרו מופיעים באזור האישי באתר.'),
  },
  en: {
    subject: (name: string, id: string) => `Your membership: ${name} (order ${id})`,
    intro: (name: string) => `Hello ${name}, thank you for your purchase. Your membership is active now.`,
    order: (id: string) => `Order number: ${id}`,
    membership: (name: string) => `Membership: ${name}`,
    members: 'Members:',
    new: (n: string, holder: string, from: string, until: string, balance: number) => `Member number ${n} (${holder}): valid from ${from} until ${until}, ${balance} member tickets`,
    topUp: (n: string, holder: string, until: string, balance: number) => `Member number ${n} (${holder}): topped up, ${balance} member tickets, valid until ${until}`,
    renewal: (n: string, holder: string, from: string, until: string) => `Member number ${n} (${holder}): renewed, valid from ${from} until ${until}`,
    grants: (d: string) => `What it gives: ${d}`,
    seats: (n: number) => `Seats: ${n}`,
    paidFor: 'Paid for:',
    card: (last4: string, a: string) => `Paid by card ending ${last4}: ${a}`,
    paid: (a: string) => `Paid: ${a}`,
    total: (a: string) => `Total: ${a}`,
    howTo: 'How to use it:',
    signIn: (end: string, byMember: boolean) => `Sign in on the site with your mobile number (ending ${end})${byMember ? ' or your member number' : ''}.`,
    book: 'When you book tickets, the tickets step offers your member tickets (“Use a member ticket”); members can also reserve seats and pay at the box office.',
    area: (url: string | null) => (url ? `Your memberships and the member tickets left are in your customer area: ${url}` : 'Your memberships and the member tickets left are in your customer area on the site.'),
  },
} satisfies Record<Lang, unknown>;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const money = (shekels: number) => `₪${shekels.toFixed(2)}`;
const dmy = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

function memberLine(t: typeof TEXT[Lang], m: MembershipOrderResponse['members'][number], holder: string): string {
  if (m.kind === 'topUp') return t.topUp(m.memberNumber, holder, dmy(m.endDate), m.balance);
  if (m.kind === 'renewal') return t.renewal(m.memberNumber, holder, dmy(m.startDate), dmy(m.endDate));
  return t.new(m.memberNumber, holder, dmy(m.startDate), dmy(m.endDate), m.balance);
}

/**
 * The buyer's confirmation of a membership purchase (QA, eighteenth session: vouchers, donations and ticket orders were
 * confirmed by e-mail, memberships by nothing): the order number, each member number with its holder and validity, what
 * the membership gives, what was paid and how, and how to use it (sign in; member tickets on the tickets step).
 */
export function membershipConfirmationMessage(r: MembershipOrderResponse, f: MembershipMailFacts, to: string, lang: Lang): EmailMessage {
  const t = TEXT[lang];
  const subject = t.subject(f.membership, r.orderIdentifier);
  const payment = r.total <= 0 ? t.total(money(0)) : f.last4 ? t.card(f.last4, money(r.total)) : t.paid(money(r.total));
  const sections: Array<{ head?: string; lines: string[]; link?: boolean }> = [
    { lines: [t.intro(f.firstName), t.order(r.orderIdentifier), t.membership(f.membership)] },
    { head: t.members, lines: r.members.map((m) => memberLine(t, m, f.holder)) },
    { lines: [t.grants(f.grants), ...(r.seats > 0 ? [t.seats(r.seats)] : [])] },
    { head: t.paidFor, lines: [...f.lines.map((l) => `${l.name} × ${l.quantity}: ${money(l.amount)}`), payment] },
    { head: t.howTo, lines: [t.signIn(f.mobileEnd, f.memberNumberSignIn), t.book, t.area(f.customerAreaUrl)], link: true },
  ];
  const text = sections.map((s) => [...(s.head ? [s.head] : []), ...s.lines].join('\n')).join('\n\n');
  const para = (l: string, link: boolean) => (link && f.customerAreaUrl && l === t.area(f.customerAreaUrl)
    ? `<p>${esc(l.slice(0, -f.customerAreaUrl.length))}<a href="${esc(f.customerAreaUrl)}">${esc(f.customerAreaUrl)}</a></p>` : `<p>${esc(l)}</p>`);
  const dir = lang === 'he' ? 'rtl' : 'ltr';
  const html = `<!doctype html><html lang="${lang}" dir="${dir}"><body style="font-family:system-ui,sans-serif">`
    + `<h1>${esc(subject)}</h1>`
    + sections.map((s) => (s.head ? `<h2>${esc(s.head)}</h2>` : '') + (s.head === t.members
      ? `<ul>${s.lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>` : s.lines.map((l) => para(l, !!s.link)).join(''))).join('')
    + '</body></html>';
  return { to, subject, text, html };
}
