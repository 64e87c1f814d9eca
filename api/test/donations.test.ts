import { expect, it } from 'vitest';
import { DonationPurchaseResponse, DonationQuoteResponse, DonationsResponse } from '@ticketing/shared/contracts';
import { forEachEngine } from './harness.ts';
import { customerInfo, newKey, newUuid, pay } from './orders-helpers.ts';

/**
 * Seeded causes (api/src/seed/data.ts): cause 1 "KIDS" has fixed 18, 36, 100 (details 11–13) and a custom amount
 * from ₪10 (detail 14); cause 2 has a custom amount from ₪20 (detail 23). Custom amounts go up to ₪10,000 (migration 231).
 */
const FIXED18 = { donationId: 1, donationDetailId: 11 };
const CUSTOM = { donationId: 1, donationDetailId: 14 };
const DECLINED_CARD = '4000 0000 0000 0002';

forEachEngine('donations: choose, pay, receipt', (get) => {
  const quote = (lines: unknown[]) => get().app.inject({ method: 'POST', url: '/api/donations/quote', payload: { lines } });
  const purchase = (uuid: string, key: string, body: Record<string, unknown>) =>
    get().app.inject({ method: 'POST', url: '/api/donations/purchase', headers: { uuid, 'idempotency-key': key }, payload: { customerInfo: customerInfo(), ...body } });
  const ordersWithKey = async (key: string) =>
    Number((await get().db.query<{ n: string }>('SELECT count(*)::text AS n FROM donation_orders WHERE idempotency_key = $1', [key])).rows[0]!.n);

  it('lists causes with fixed and custom amounts (custom: a minimum and a maximum)', async () => {
    const r = await get().app.inject({ url: '/api/donations', headers: { 'accept-language': 'en' } });
    expect(r.statusCode, r.body).toBe(200);
    const d = DonationsResponse.parse(r.json());
    expect(d.maxQuantity).toBe(10);
    const kids = d.donations.find((x) => x.id === 1)!;
    expect(kids.Name).toBe('Cinema for children in the periphery');
    expect(kids.donationDetails.filter((x) => !x.customAmount).map((x) => x.amount)).toEqual([18, 36, 100]);
    expect(kids.donationDetails.find((x) => x.customAmount)).toMatchObject({ id: 14, amount: 10, maxAmount: 10000 });
    expect(kids.donationDetails.filter((x) => !x.customAmount).every((x) => x.maxAmount === null)).toBe(true);
  });

  it('amounts: fixed ones are the api\'s own, a custom one must lie between its min and max', async () => {
    const fixed = await quote([{ ...FIXED18, customAmount: 1, selectedQuantity: 2 }]);
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(DonationQuoteResponse.parse(fixed.json())).toMatchObject({ total: 36, quantity: 2, lines: [{ amount: 18, quantity: 2, total: 36 }] });
    for (const amount of [10, 57.5, 10000]) {
      const r = await quote([{ ...CUSTOM, customAmount: amount, selectedQuantity: 1 }]);
      expect(r.statusCode, r.body).toBe(200);
      expect(DonationQuoteResponse.parse(r.json()).total).toBe(amount);
    }
    for (const amount of [9.99, 10000.01]) {
      const r = await quote([{ ...CUSTOM, customAmount: amount, selectedQuantity: 1 }]);
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({ error: 'DONATION_AMOUNT_RANGE', min: 10, max: 10000 });
    }
    expect((await quote([{ ...CUSTOM, selectedQuantity: 1 }])).json()).toMatchObject({ error: 'DONATION_AMOUNT_RANGE' });
    // Whole agorot only: 55.555 is refused, not rounded to 55.56.
    expect((await quote([{ ...CUSTOM, customAmount: 55.555, selectedQuantity: 1 }])).statusCode).toBe(400);
    expect(DonationQuoteResponse.parse((await quote([{ ...CUSTOM, customAmount: 55.56, selectedQuantity: 1 }])).json()).total).toBe(55.56);
    expect((await quote([{ ...CUSTOM, customAmount: -5, selectedQuantity: 1 }])).statusCode).toBe(400);
  });

  it('validation: "must select", at most 10 in all, a detail of another cause is "none available"', async () => {
    expect((await quote([])).json()).toMatchObject({ error: 'DONATION_MUST_SELECT' });
    const over = await quote([{ ...FIXED18, selectedQuantity: 6 }, { ...CUSTOM, customAmount: 20, selectedQuantity: 5 }]);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ error: 'DONATION_MAX_QUANTITY', max: 10 });
    expect((await quote([{ ...FIXED18, selectedQuantity: 11 }])).statusCode).toBe(400);
    expect((await quote([{ ...FIXED18, selectedQuantity: 0 }])).statusCode).toBe(400);
    expect((await quote([{ donationId: 2, donationDetailId: 11, selectedQuantity: 1 }])).json()).toMatchObject({ error: 'DONATION_NONE_AVAILABLE' });
    expect((await quote([{ donationId: 9, donationDetailId: 99, selectedQuantity: 1 }])).statusCode).toBe(404);
    // The donor's details follow the donations form switches (first name, e-mail... required by default).
    const uuid = newUuid('d');
    const { sessionId } = await pay(get().app, uuid, 18);
    const bad = await purchase(uuid, newKey(), { lines: [{ ...FIXED18, selectedQuantity: 1 }], paymentIdentifier: sessionId, customerInfo: customerInfo({ email: 'nope', emailVerify: 'nope' }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'VALIDATION_ERROR', issues: [{ field: 'email' }] });
  });

  it('commit is idempotent: a retry returns the same receipt, the same key with other donations is refused', async () => {
    const uuid = newUuid('d');
    const lines = [{ ...CUSTOM, customAmount: 42, selectedQuantity: 2 }, { ...FIXED18, selectedQuantity: 1 }];
    const { sessionId } = await pay(get().app, uuid, 102);
    const key = newKey();
    const r = await purchase(uuid, key, { lines, paymentIdentifier: sessionId });
    expect(r.statusCode, r.body).toBe(200);
    const receipt = DonationPurchaseResponse.parse(r.json());
    expect(receipt).toMatchObject({ total: 102, replayed: false, donor: { firstName: 'Dana', lastName: 'Levi' } });
    expect(receipt.receiptNumber).toMatch(/^DN\d+$/);
    expect(receipt.lines.map((l) => [l.amount, l.quantity, l.total])).toEqual([[42, 2, 84], [18, 1, 18]]);

    const again = DonationPurchaseResponse.parse((await purchase(uuid, key, { lines, paymentIdentifier: sessionId })).json());
    expect(again).toMatchObject({ receiptNumber: receipt.receiptNumber, replayed: true });
    expect(await ordersWithKey(key)).toBe(1);
    // The receipt page says it is a donation receipt and how it was paid (the card's last 4 digits).
    expect(receipt.payment).toMatchObject({ last4: expect.stringMatching(/^\d{4}$/) });
    // The donor gets the receipt by e-mail through the outbox, once (the replay sent nothing more).
    const mails = await get().db.query<{ to_address: string; text_body: string }>('SELECT to_address, text_body FROM email_outbox WHERE subject LIKE $1', [`%${receipt.receiptNumber}`]);
    expect(mails.rows).toHaveLength(1);
    expect(mails.rows[0]!.text_body).toContain('זוהי קבלה על תרומה.'); // the visit's language, Hebrew by default
    expect(mails.rows[0]!.text_body).toContain('סה"כ: ₪102.00');
    expect(mails.rows[0]!.text_body).toContain(`המסתיים ב-${receipt.payment!.last4}`);
    const { rows } = await get().db.query<{ n: string; total: string }>(`
      SELECT count(*)::text AS n, sum(l.amount_agorot * l.quantity)::text AS total
      FROM donation_order_lines l JOIN donation_orders o ON o.id = l.order_id WHERE o.idempotency_key = $1`, [key]);
    expect(rows[0]).toEqual({ n: '2', total: '10200' });
    const other = await purchase(uuid, key, { lines: [{ ...FIXED18, selectedQuantity: 2 }], paymentIdentifier: sessionId });
    expect(other.json()).toMatchObject({ error: 'IDEMPOTENCY_CONFLICT' });
    // The captured payment cannot pay a second donation.
    const reuse = await purchase(uuid, newKey(), { lines, paymentIdentifier: sessionId });
    expect(reuse.statusCode).toBe(402);
  });

  it('a payment that fails leaves nothing, and the same key can then be paid', async () => {
    const uuid = newUuid('d');
    const lines = [{ ...FIXED18, selectedQuantity: 1 }];
    const key = newKey();
    expect((await purchase(uuid, key, { lines })).json()).toMatchObject({ error: 'PAYMENT_REQUIRED' });
    expect(await ordersWithKey(key)).toBe(0);
    const declined = await pay(get().app, uuid, 18, DECLINED_CARD);
    const d = await purchase(uuid, key, { lines, paymentIdentifier: declined.sessionId });
    expect(d.statusCode).toBe(402);
    expect(d.json()).toMatchObject({ error: 'PAYMENT_DECLINED' });
    expect(await ordersWithKey(key)).toBe(0);
    const short = await pay(get().app, uuid, 17);
    expect((await purchase(uuid, key, { lines, paymentIdentifier: short.sessionId })).json()).toMatchObject({ error: 'PAYMENT_AMOUNT_MISMATCH' });
    expect(await ordersWithKey(key)).toBe(0);
    // Another visit's payment is not this visit's.
    const foreign = await pay(get().app, newUuid('x'), 18);
    expect((await purchase(uuid, key, { lines, paymentIdentifier: foreign.sessionId })).statusCode).toBe(402);
    expect(await ordersWithKey(key)).toBe(0);

    const ok = await pay(get().app, uuid, 18);
    const r = await purchase(uuid, key, { lines, paymentIdentifier: ok.sessionId });
    expect(r.statusCode, r.body).toBe(200);
    expect(DonationPurchaseResponse.parse(r.json()).total).toBe(18);
    expect(await ordersWithKey(key)).toBe(1);
  });
});
