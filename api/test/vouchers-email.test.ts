import { expect, it } from 'vitest';
import { DevEmailResponse, VoucherPurchaseResponse } from '@ticketing/shared/contracts';
import { forEachEngine, newUuid } from './harness.ts';
import { newKey, pay } from './orders-helpers.ts';
import { GIFT_EMAIL_LIMITS } from '../src/domains/vouchers/giftEmail.ts';
import { purgeAnonymous } from '../src/lib/housekeeping.ts';

const buyer = { firstName: 'Dana', lastName: 'Levi', email: 'dana@example.com', mobileNumber: '0501234567', recipientName: 'Noa', greeting: 'Happy birthday' };

forEachEngine('vouchers: the gift page by e-mail', (get) => {
  /** Buys two ₪100 gift cards (price 1) for a new visit. */
  async function buy(): Promise<{ uuid: string; bought: VoucherPurchaseResponse }> {
    const { app } = get();
    const uuid = newUuid('ge');
    const { sessionId } = await pay(app, uuid, 200);
    const r = await app.inject({
      method: 'POST', url: '/api/vouchers/purchase', headers: { uuid, 'idempotency-key': newKey() },
      payload: { buyer, lines: [{ systemVoucherId: 1, systemVoucherPriceId: 1, quantity: 2 }], paymentIdentifier: sessionId },
    });
    expect(r.statusCode, r.body).toBe(200);
    return { uuid, bought: VoucherPurchaseResponse.parse(r.json()) };
  }
  const send = (identifier: string, uuid: string, payload: Record<string, unknown>, lang = 'en') => get().app.inject({
    method: 'POST', url: `/api/vouchers/purchases/${identifier}/email`, headers: { uuid, 'accept-language': lang }, payload,
  });
  const outbox = async (to: string) => DevEmailResponse.parse((await get().app.inject({ url: `/api/dev/email-outbox?to=${encodeURIComponent(to)}` })).json()).messages;
  const address = (tag: string) => `${newUuid(tag).toLowerCase()}@example.com`;

  it('sends the gift page through the e-mail provider; the development outbox shows it', async () => {
    const { uuid, bought } = await buy();
    const v = bought.vouchers[0]!;
    const to = address('noa');
    const r = await send(bought.purchaseIdentifier, uuid, { reference: v.reference, to, message: 'Enjoy the <show>!' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ sent: true, to });
    const [mail] = await outbox(to);
    expect(mail).toMatchObject({ to, subject: 'A gift for you: Gift card ₪100' });
    for (const s of ['Enjoy the <show>!', 'For Noa', 'From Dana Levi', 'Happy birthday', 'Value ₪100.00', `Code: ${v.reference}`]) expect(mail!.text).toContain(s);
    expect(mail!.html).toContain('Enjoy the &lt;show&gt;!'); // the buyer's words are escaped in the HTML
    expect(mail!.html).toContain(`<strong dir="ltr">${v.reference}</strong>`);
    expect(mail!.html).toMatch(/<img src="data:image\/png;base64,/);
    // a purchase kept before bidi controls were stripped, and the message: none reaches the mail (U+202E showed it reversed)
    await get().db.query(`UPDATE voucher_purchases SET buyer = jsonb_set(buyer, '{greeting}', to_jsonb($2::text)) WHERE identifier = $1`,
      [bought.purchaseIdentifier, '\u202EHappy birthday\u202C']);
    const bidi = address('bidi');
    expect((await send(bought.purchaseIdentifier, uuid, { reference: v.reference, to: bidi, message: 'Enjoy\u2067 it\u2069' })).statusCode).toBe(200);
    const [clean] = await outbox(bidi);
    for (const part of [clean!.text, clean!.html]) expect(part).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    expect(clean!.text).toContain('Enjoy it\nFor Noa');
    expect(clean!.text).toContain('Happy birthday');

    const he = address('he');
    expect((await send(bought.purchaseIdentifier, uuid, { reference: v.reference, to: he }, 'he')).statusCode).toBe(200);
    expect((await outbox(he))[0]!.subject).toMatch(/^מתנה בשבילך: /);
  });

  it('only the visit that bought it may send, only its own vouchers, to a valid address', async () => {
    const { uuid, bought } = await buy();
    const other = await buy();
    const to = address('x');
    const ref = bought.vouchers[0]!.reference;
    expect((await send(bought.purchaseIdentifier, newUuid('stranger'), { reference: ref, to })).json()).toMatchObject({ error: 'VOUCHER_PURCHASE_NOT_FOUND' });
    expect((await send(bought.purchaseIdentifier, other.uuid, { reference: ref, to })).statusCode).toBe(404);
    expect((await send(bought.purchaseIdentifier, uuid, { reference: other.bought.vouchers[0]!.reference, to })).statusCode).toBe(404);
    expect((await send('VNOSUCH', uuid, { reference: ref, to })).statusCode).toBe(404);
    for (const bad of ['not-an-address', 'a@b', 'x@example.com\r\nBcc: y@example.com']) {
      expect((await send(bought.purchaseIdentifier, uuid, { reference: ref, to: bad })).statusCode).toBe(400);
    }
    expect((await send(bought.purchaseIdentifier, uuid, { reference: ref, to, message: 'x'.repeat(501) })).statusCode).toBe(400);
    expect(await outbox(to)).toHaveLength(0);
  });

  it('rate-limited per address and per purchase', async () => {
    const { uuid, bought } = await buy();
    const ref = bought.vouchers[1]!.reference;
    const to = address('limit');
    // Parallel sends to one address: exactly the limit go out (the count is taken under a lock).
    const codes = (await Promise.all(Array.from({ length: GIFT_EMAIL_LIMITS.perAddressPer15Min + 3 }, () =>
      send(bought.purchaseIdentifier, uuid, { reference: ref, to: to.toUpperCase() })))).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(GIFT_EMAIL_LIMITS.perAddressPer15Min);
    expect(codes.filter((c) => c === 429)).toHaveLength(3);
    expect(await outbox(to)).toHaveLength(GIFT_EMAIL_LIMITS.perAddressPer15Min);

    // The purchase's own limit, over many addresses.
    let sent = GIFT_EMAIL_LIMITS.perAddressPer15Min;
    while (sent < GIFT_EMAIL_LIMITS.perPurchasePerHour) {
      expect((await send(bought.purchaseIdentifier, uuid, { reference: ref, to: address('many') })).statusCode).toBe(200);
      sent++;
    }
    const over = await send(bought.purchaseIdentifier, uuid, { reference: ref, to: address('many') });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ error: 'RATE_LIMITED' });
  });

  it('the outbox and the send counts are purged once no limit reads them', async () => {
    const { db } = get();
    const { uuid, bought } = await buy();
    const to = address('purge');
    expect((await send(bought.purchaseIdentifier, uuid, { reference: bought.vouchers[0]!.reference, to })).statusCode).toBe(200);
    await db.query(`UPDATE email_outbox SET created_at = now() - interval '8 days' WHERE to_address = $1`, [to]);
    await db.query(`UPDATE voucher_email_sends SET created_at = now() - interval '2 days' WHERE to_address = $1`, [to]);
    const n = await purgeAnonymous(db);
    expect(n.email_outbox).toBeGreaterThanOrEqual(1);
    expect(n.voucher_email_sends).toBeGreaterThanOrEqual(1);
    expect(await outbox(to)).toHaveLength(0);
  });
});
