import type { EnrolOrderResponse } from '@ticketing/shared/contracts';
import type { Queryable } from '../../db/index.ts';
import type { EmailMessage, EmailProvider } from '../../lib/email.ts';
import { pick } from '../../lib/lang.ts';
import { publicBaseUrl } from '../../lib/publicUrl.ts';
import type { Lang } from '../../lib/route.ts';
import { MANAGE_URL } from './service.ts';

/** What the enrolled customer's confirmation says, read back from what the commit stored. */
export interface EnrolmentMailFacts {
  firstName: string; season: string; venue: string;
  /** Each chosen event, in time order, with the customer's seats in it. */
  events: Array<{ title: string; startsAt: Date; seats: Array<{ row: string; seat: string }> }>;
  /** One line per tariff: its seats in each event and what they cost over the events (shekels). */
  lines: Array<{ name: string; seats: number; amount: number }>;
  total: number; last4: string | null;
  /** "My season seats" (the page to see and release them); null without a configured public address (no link is better than a wrong one). */
  manageUrl: string | null;
}

const TEXT = {
  he: {
    subject: (season: string, id: string) => `מנוי העונה שלך: ${season} (הרשמה ${id})`,
    intro: (name: string) => `שלום ${name}, ההרשמה למנוי העונה הושלמה. תודה!`,
    number: (id: string) => `מספר הרשמה: ${id}`,
    season: (season: string, venue: string) => `מנוי עונה: ${season} · ${venue}`,
    seatsHead: 'המקומות שלך:',
    seat: (row: string, seat: string) => `שורה ${row}, כיסא ${seat}`,
    paidFor: 'שולם עבור:',
    line: (name: string, seats: number, a: string) => `${name}: ${seats === 1 ? 'מקום אחד' : `${seats} מקומות`} בכל הצגה, ${a}`,
    card: (last4: string, a: string) => `שולם בכרטיס אשראי המסתיים ב-${last4}: ${a}`,
    paid: (a: string) => `שולם: ${a}`,
    total: (a: string) => `סה"כ: ${a}`,
    howTo: 'המקומות בעונה:',
    manage: (url: string | null) => `המקומות שלך בכל אחת מההצגות מופיעים באתר בעמוד „המקומות שלי בעונה” (אחרי כניסה לאזור האישי), ושם אפשר גם לשחרר מקום בהצגה שאי אפשר להגיע אליה${url ? `: ${url}` : '.'}`,
  },
  en: {
    subject: (season: string, id: string) => `You are enrolled: ${season} (enrolment ${id})`,
    intro: (name: string) => `Hello ${name}, you are enrolled in the season subscription.`,
    number: (id: string) => `Enrolment number: ${id}`,
    season: (season: string, venue: string) => `Season: ${season} · ${venue}`,
    seatsHead: 'Your seats:',
    seat: (row: string, seat: string) => `row ${row}, seat ${seat}`,
    paidFor: 'Paid for:',
    line: (name: string, seats: number, a: string) => `${name}: ${seats === 1 ? '1 seat' : `${seats} seats`} in each event, ${a}`,
    card: (last4: string, a: string) => `Paid by card ending ${last4}: ${a}`,
    paid: (a: string) => `Paid: ${a}`,
    total: (a: string) => `Total: ${a}`,
    howTo: 'Your season seats:',
    manage: (url: string | null) => `Your seats for each event are on the site's page “My season seats” (after signing in to your customer area), where you can also release a seat for an event you cannot attend${url ? `: ${url}` : '.'}`,
  },
} satisfies Record<Lang, unknown>;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const money = (shekels: number) => `₪${shekels.toFixed(2)}`;
/** dd/mm/yyyy hh:mm in Jerusalem, as the ticket order's confirmation writes a screening's time. */
function when(d: Date): string {
  const p = Object.fromEntries(new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Jerusalem', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** The enrolled customer's confirmation: the enrolment number, the season, each event with its seats, what was paid and how, where the seats are kept. */
export function enrolmentConfirmationMessage(r: EnrolOrderResponse, f: EnrolmentMailFacts, to: string, lang: Lang): EmailMessage {
  const t = TEXT[lang];
  const subject = t.subject(f.season, r.enrolmentIdentifier);
  const payment = f.total <= 0 ? t.total(money(0)) : f.last4 ? t.card(f.last4, money(f.total)) : t.paid(money(f.total));
  const events = f.events.map((e) => `${e.title} · ${when(e.startsAt)} · ${e.seats.map((s) => t.seat(s.row, s.seat)).join('; ')}`);
  const sections: Array<{ head?: string; lines: string[]; list?: boolean }> = [
    { lines: [t.intro(f.firstName), t.number(r.enrolmentIdentifier), t.season(f.season, f.venue)] },
    { head: t.seatsHead, lines: events, list: true },
    { head: t.paidFor, lines: [...f.lines.map((l) => t.line(l.name, l.seats, money(l.amount))), payment] },
    { head: t.howTo, lines: [t.manage(f.manageUrl)] },
  ];
  const text = sections.map((s) => [...(s.head ? [s.head] : []), ...s.lines].join('\n')).join('\n\n');
  const manage = t.manage(f.manageUrl);
  const para = (l: string) => (l === manage && f.manageUrl
    ? `<p>${esc(l.slice(0, -f.manageUrl.length))}<a href="${esc(f.manageUrl)}">${esc(f.manageUrl)}</a></p>` : `<p>${esc(l)}</p>`);
  const dir = lang === 'he' ? 'rtl' : 'ltr';
  const html = `<!doctype html><html lang="${lang}" dir="${dir}"><body style="font-family:system-ui,sans-serif">`
    + `<h1>${esc(subject)}</h1>`
    + sections.map((s) => (s.head ? `<h2>${esc(s.head)}</h2>` : '')
      + (s.list ? `<ul>${s.lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>` : s.lines.map(para).join(''))).join('')
    + '</body></html>';
  return { to, subject, text, html };
}

/** Reads back what the commit stored (the enrolment, its seats and tariffs, the card, the customer); null when the customer has no e-mail. */
export async function enrolmentMailFacts(q: Queryable, identifier: string, customerId: number, lang: Lang): Promise<{ to: string; facts: EnrolmentMailFacts } | null> {
  const { rows: [c] } = await q.query<{ first_name: string; email: string | null }>('SELECT first_name, email FROM customers WHERE id = $1', [customerId]);
  const to = c?.email?.trim() ?? '';
  if (!c || !to) return null;
  const { rows: [e] } = await q.query<{ id: number; total_agorot: number; last4: string | null; name_he: string; name_en: string; venue_he: string; venue_en: string }>(`
    SELECT en.id, en.total_agorot, ps.last4, s.name_he, s.name_en,
           l.name_he || ' · ' || v.name_he AS venue_he, l.name_en || ' · ' || v.name_en AS venue_en
    FROM enrolments en JOIN enrolment_seasons s ON s.id = en.season_id JOIN venues v ON v.id = s.venue_id JOIN locations l ON l.id = v.location_id
    LEFT JOIN payment_sessions ps ON ps.id = en.payment_session_id
    WHERE en.identifier = $1 AND en.customer_id = $2`, [identifier, customerId]);
  if (!e) return null;
  const { rows: seats } = await q.query<{
    presentation_id: number; starts_at: Date; title_he: string | null; title_en: string | null; row_name: string; seat_name: string;
    ticket_id: number; ticket_he: string; ticket_en: string; price_agorot: number;
  }>(`
    SELECT es.presentation_id, p.starts_at, ev.title_he, ev.title_en, st.row_name, st.seat_name, es.ticket_id,
           t.name_he AS ticket_he, t.name_en AS ticket_en, es.price_agorot
    FROM enrolment_seats es JOIN enrolments en ON en.id = es.enrolment_id
    JOIN presentations p ON p.id = es.presentation_id
    LEFT JOIN enrolment_events ev ON ev.season_id = en.season_id AND ev.presentation_id = es.presentation_id
    JOIN seats st ON st.section_id = es.section_id AND st.x = es.x AND st.y = es.y
    JOIN tickets t ON t.id = es.ticket_id
    WHERE es.enrolment_id = $1 ORDER BY p.starts_at, es.section_id, es.y, es.x`, [e.id]);
  const season = pick(lang, e.name_he, e.name_en);
  const events: EnrolmentMailFacts['events'] = [];
  const byTariff = new Map<number, { name: string; perEvent: Map<number, number>; amount: number }>();
  for (const s of seats) {
    let ev = events.at(-1);
    if (!ev || ev.startsAt.getTime() !== s.starts_at.getTime() || ev.title !== pick(lang, s.title_he ?? '', s.title_en ?? '')) {
      events.push((ev = { title: pick(lang, s.title_he ?? '', s.title_en ?? ''), startsAt: s.starts_at, seats: [] }));
    }
    ev.seats.push({ row: s.row_name, seat: s.seat_name });
    const line = byTariff.get(s.ticket_id) ?? { name: `${season} · ${pick(lang, s.ticket_he, s.ticket_en)}`, perEvent: new Map(), amount: 0 };
    line.perEvent.set(s.presentation_id, (line.perEvent.get(s.presentation_id) ?? 0) + 1);
    line.amount += s.price_agorot;
    byTariff.set(s.ticket_id, line);
  }
  let manageUrl: string | null = null;
  try { manageUrl = `${publicBaseUrl()}${MANAGE_URL}`; } catch { /* no public address: no link */ }
  return {
    to,
    facts: {
      firstName: c.first_name, season, venue: pick(lang, e.venue_he, e.venue_en), events,
      lines: [...byTariff.values()].map((l) => ({ name: l.name, seats: Math.max(...l.perEvent.values()), amount: l.amount / 100 })),
      total: e.total_agorot / 100, last4: e.last4, manageUrl,
    },
  };
}

/** Once per enrolment (never for a replay); a failing mail provider or lookup never fails the enrolment. */
export async function sendEnrolmentConfirmation(q: Queryable, email: EmailProvider, r: EnrolOrderResponse, customerId: number, lang: Lang): Promise<void> {
  if (r.replayed) return;
  try {
    const found = await enrolmentMailFacts(q, r.enrolmentIdentifier, customerId, lang);
    if (found) await email.send(enrolmentConfirmationMessage(r, found.facts, found.to, lang));
  } catch { /* the enrolment stands; the seats are in the customer area */ }
}
