import { expect, it } from 'vitest';
import { ApiHttpError } from '../src/lib/route.ts';
import { allProviders, ProviderRegistry } from '../src/domains/payments/providers/index.ts';
import { purchaseVouchers, vouchersAuthRequired } from '../src/domains/vouchers/service.ts';
import { forEachEngine } from './harness.ts';
import { newKey, newUuid, pay } from './orders-helpers.ts';

/** The voucher flow's auth step when configured (VOUCHERS_AUTH_REQUIRED=1): no purchase without a signed-in customer. */
const buyer = { firstName: 'Dana', lastName: 'Levi', email: 'dana@example.com', mobileNumber: '0501234567' };

forEachEngine('vouchers: sign-in before buying when configured', (get) => {
  it('without a customer the purchase is refused and nothing is recorded; with one it goes through', async () => {
    const { app, db } = get();
    expect(vouchersAuthRequired({ VOUCHERS_AUTH_REQUIRED: '1' })).toBe(true);
    expect(vouchersAuthRequired({})).toBe(false);
    const uuid = newUuid('v');
    const { sessionId } = await pay(app, uuid, 100);
    const registry = new ProviderRegistry(allProviders(), ['sandbox'], 'sandbox');
    const body = { lines: [{ systemVoucherId: 1, systemVoucherPriceId: 1, quantity: 1 }], buyer, paymentIdentifier: sessionId };
    const key = newKey();
    const refused = await purchaseVouchers(body, { db, uuid, idempotencyKey: key, customerId: null, lang: 'en', registry, authRequired: true }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiHttpError);
    expect((refused as ApiHttpError).code).toBe('LOGIN_REQUIRED');
    expect((await db.query('SELECT 1 FROM voucher_purchases WHERE idempotency_key = $1', [key])).rows).toHaveLength(0);
    const { rows } = await db.query<{ id: number }>('SELECT id FROM customers ORDER BY id LIMIT 1');
    const ok = await purchaseVouchers(body, { db, uuid, idempotencyKey: key, customerId: rows[0]!.id, lang: 'en', registry, authRequired: true });
    expect(ok.vouchers).toHaveLength(1);
  });
});
