import QRCode from 'qrcode';
import { stripBidiControls, type GiftEmailBody, type VoucherBuyer } from '@ticketing/shared/contracts';
import type { Db } from '../../db/index.ts';
import type { EmailMessage, EmailProvider } from '../../lib/email.ts';
import { pick } from '../../lib/lang.ts';
import { ApiHttpError, type Lang } from '../../lib/route.ts';
import { shekels } from '../../lib/time.ts';
import { lockKey } from '../customers/limits.ts';

/** Gift pages sent: per purchase per rolling hour, per recipient address per rolling 15 minutes (like the SMS sends). */
export const GIFT_EMAIL_LIMITS = { perPurchasePerHour: 10, perAddressPer15Min: 3 } as const;

interface GiftRow { reference: string; balance: number; end_date: string; name_he: string; name_en: string }

const TEXT = {
  he: {
    subject: (name: string) => `מתנה בשבילך: ${name}`,
    for: (name: string) => `עבור ${name}`,
    from: (name: string) => `מאת ${name}`,
    value: (amount: string) => `שווי ${amount}`,
    code: 'קוד:',
    validUntil: (date: string) => `בתוקף עד ${date}`,
    use: 'את הקוד אפשר לממש מיד כתשלום בשובר בעת הזמנת כרטיסים באתר.',
  },
  en: {
    subject: (name: string) => `A gift for you: ${name}`,
    for: (name: string) => `For ${name}`,
    from: (name: string) => `From ${name}`,
    value: (amount: string) => `Value ${amount}`,
    code: 'Code:',
    validUntil: (date: string) => `valid until ${date}`,
    use: 'The code works at once as a voucher payment when booking tickets on the site.',
  },
} satisfies Record<Lang, unknown>;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const money = (agorot: number) => `₪${shekels(agorot).toFixed(2)}`;
const dmy = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

/** The gift page as an e-mail: the buyer's message, whom it is for, the voucher, its code as text and as a QR image. */
export async function giftMessage(g: GiftRow, buyer: VoucherBuyer, to: string, message: string | null, lang: Lang): Promise<EmailMessage> {
  const t = TEXT[lang];
  const name = pick(lang, g.name_he, g.name_en);
  const sender = `${buyer.firstName} ${buyer.lastName}`.trim();
  const codeLine = `${t.code} ${g.reference}`;
  const lines = [
    message, buyer.recipientName ? t.for(buyer.recipientName) : null, t.from(sender), buyer.greeting,
    `${name}: ${t.value(money(g.balance))}`, codeLine, t.validUntil(dmy(g.end_date)), t.use,
  ].filter((l): l is string => !!l)
    // the buyer's words without bidi controls: the gift e-mail's message, and purchases kept before the contract stripped them
    .map(stripBidiControls);
  const qr = await QRCode.toDataURL(g.reference, { margin: 1, errorCorrectionLevel: 'M', width: 200 });
  const dir = lang === 'he' ? 'rtl' : 'ltr';
  const html = `<!doctype html><html lang="${lang}" dir="${dir}"><body style="font-family:system-ui,sans-serif">`
    + `<h1>${esc(t.subject(name))}</h1>`
    + lines.map((l) => (l === codeLine ? `<p>${esc(t.code)} <strong dir="ltr">${esc(g.reference)}</strong></p>` : `<p>${esc(l)}</p>`)).join('')
    + `<p><img src="${qr}" alt="${esc(g.reference)}" width="200" height="200"></p></body></html>`;
  return { to, subject: t.subject(name), text: lines.join('\n'), html };
}

/**
 * Sends one voucher of a purchase as its gift page. Only the visit (uuid) or the signed-in customer that bought it
 * may (anyone else: 404, as if there were no such purchase); each send is counted under a lock of the purchase and
 * of the address, so parallel sends queue instead of slipping past the limits together.
 */
export async function sendGiftEmail(db: Db, email: EmailProvider, args: {
  identifier: string; body: GiftEmailBody; uuid: string; customerId: number | null; lang: Lang;
}): Promise<{ sent: true; to: string }> {
  const to = args.body.to.toLowerCase();
  // Checked and counted in one transaction; sent after it (a mail provider's network call holds no database lock).
  const { sendId, gift, buyer } = await db.tx(async (q) => {
    const { rows } = await q.query<{ id: number; uuid: string; customer_id: number | null; buyer: VoucherBuyer }>(
      'SELECT id, uuid, customer_id, buyer FROM voucher_purchases WHERE identifier = $1 AND response IS NOT NULL', [args.identifier]);
    const p = rows[0];
    const owner = p && (p.uuid === args.uuid || (p.customer_id !== null && p.customer_id === args.customerId));
    if (!p || !owner) throw new ApiHttpError(404, 'VOUCHER_PURCHASE_NOT_FOUND', 'no such purchase of this visit');
    const { rows: gifts } = await q.query<GiftRow>(`
      SELECT i.reference, i.balance, i.end_date::text AS end_date, v.name_he, v.name_en
      FROM system_voucher_items i JOIN system_vouchers v ON v.id = i.system_voucher_id
      WHERE i.purchase_id = $1 AND i.reference = $2`, [p.id, args.body.reference]);
    if (!gifts[0]) throw new ApiHttpError(404, 'VOUCHER_PURCHASE_NOT_FOUND', 'this voucher is not of the purchase');

    await lockKey(q, `gift-mail-purchase:${p.id}`);
    await lockKey(q, `gift-mail-address:${to}`);
    const { rows: [n] } = await q.query<{ purchase: number; address: number }>(`
      SELECT count(*) FILTER (WHERE purchase_id = $1 AND created_at > now() - interval '1 hour')::int AS purchase,
             count(*) FILTER (WHERE to_address = $2 AND created_at > now() - interval '15 minutes')::int AS address
      FROM voucher_email_sends WHERE purchase_id = $1 OR to_address = $2`, [p.id, to]);
    if (n!.purchase >= GIFT_EMAIL_LIMITS.perPurchasePerHour) throw new ApiHttpError(429, 'RATE_LIMITED', 'too many gift e-mails for this purchase');
    if (n!.address >= GIFT_EMAIL_LIMITS.perAddressPer15Min) throw new ApiHttpError(429, 'RATE_LIMITED', 'too many gift e-mails to this address');
    const { rows: [ins] } = await q.query<{ id: number }>('INSERT INTO voucher_email_sends (purchase_id, to_address) VALUES ($1, $2) RETURNING id', [p.id, to]);
    return { sendId: ins!.id, gift: gifts[0], buyer: p.buyer };
  });
  try {
    await email.send(await giftMessage(gift, buyer, args.body.to, args.body.message || null, args.lang));
  } catch {
    await db.query('DELETE FROM voucher_email_sends WHERE id = $1', [sendId]); // nothing went out: not counted
    throw new ApiHttpError(502, 'EMAIL_FAILED', 'the e-mail could not be sent');
  }
  return { sent: true as const, to: args.body.to };
}
