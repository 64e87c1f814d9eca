import { expect, it } from 'vitest';
import { VoucherProductsResponse, VoucherPurchaseResponse, VoucherQuoteResponse } from '@ticketing/shared/contracts';
import { forEachEngine, newUuid } from './harness.ts';
import { newKey, pay } from './orders-helpers.ts';

/** Seeded (api/src/seed/data.ts): price 1 = Gift card ₪100; products 1 Small popcorn ₪18, 4 Soft drink ₪14, 8 Gift box (delivered) ₪99. */
const FIXED = { systemVoucherId: 1, systemVoucherPriceId: 1, quantity: 1 };
const buyer = { firstName: 'Dana', lastName: 'Levi', email: 'dana@example.com', mobileNumber: '0501234567' };

forEachEngine('vouchers: the products step of the voucher flow', (get) => {
  const quote = (body: Record<string, unknown>) => get().app.inject({ method: 'POST', url: '/api/vouchers/quote', payload: { lines: [FIXED], ...body } });

  it('offers the catalog\'s products, the same as the ticket order\'s products step', async () => {
    const r = await get().app.inject({ url: '/api/vouchers/products', headers: { 'accept-language': 'en' } });
    expect(r.statusCode, r.body).toBe(200);
    const { products } = VoucherProductsResponse.parse(r.json());
    const { rows } = await get().db.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
    expect(products).toHaveLength(rows[0]!.n);
    expect(products.find((p) => p.id === 1)).toMatchObject({ name: 'Small popcorn', price: 18, isDeliveryRequired: false });
  });

  it('prices the chosen products with the vouchers; a delivered product needs a delivery method; unknown products are refused', async () => {
    const r = await quote({ products: [{ productId: 1, quantity: 2 }, { productId: 4, quantity: 1 }, { productId: 1, quantity: 1 }] });
    expect(r.statusCode, r.body).toBe(200);
    const q = VoucherQuoteResponse.parse(r.json());
    expect(q.products.map((p) => [p.productId, p.quantity, p.unitPrice, p.total])).toEqual([[1, 3, 18, 54], [4, 1, 14, 14]]);
    expect(q.total).toBe(100 + 54 + 14);
    expect(q.deliveryMethod).toBeNull();
    expect(q.quantity).toBe(1); // vouchers only: the limit of 10 is about vouchers

    expect((await quote({ products: [{ productId: 8, quantity: 1 }] })).json()).toMatchObject({ error: 'DELIVERY_METHOD_REQUIRED' });
    const delivered = VoucherQuoteResponse.parse((await quote({ products: [{ productId: 8, quantity: 1 }], deliveryMethod: 'courier' })).json());
    expect(delivered).toMatchObject({ total: 199, deliveryMethod: 'courier' });
    // A delivery method without a delivered product is not kept.
    expect(VoucherQuoteResponse.parse((await quote({ products: [{ productId: 4, quantity: 1 }], deliveryMethod: 'mail' })).json()).deliveryMethod).toBeNull();

    expect((await quote({ products: [{ productId: 9999, quantity: 1 }] })).json()).toMatchObject({ error: 'PRODUCT_NOT_FOUND' });
    expect((await quote({ products: [{ productId: 1, quantity: 11 }] })).statusCode).toBe(400);
    expect((await quote({ products: [{ productId: 1, quantity: 0 }] })).statusCode).toBe(400);
    // Products alone are not a voucher order.
    expect((await get().app.inject({ method: 'POST', url: '/api/vouchers/quote', payload: { lines: [], products: [{ productId: 1, quantity: 1 }] } })).json())
      .toMatchObject({ error: 'VOUCHER_MUST_SELECT' });
  });

  it('the purchase charges the products too and records them with their prices', async () => {
    const { app, db } = get();
    const uuid = newUuid('vp');
    const body = { buyer, lines: [FIXED], products: [{ productId: 2, quantity: 2 }, { productId: 8, quantity: 1 }], deliveryMethod: 'pickup' };
    const short = await pay(app, uuid, 100); // the vouchers alone: not the total
    const refused = await app.inject({ method: 'POST', url: '/api/vouchers/purchase', headers: { uuid, 'idempotency-key': newKey() }, payload: { ...body, paymentIdentifier: short.sessionId } });
    expect(refused.json()).toMatchObject({ error: 'PAYMENT_AMOUNT_MISMATCH' });

    const { sessionId } = await pay(app, uuid, 100 + 52 + 99);
    const r = await app.inject({ method: 'POST', url: '/api/vouchers/purchase', headers: { uuid, 'idempotency-key': newKey() }, payload: { ...body, paymentIdentifier: sessionId } });
    expect(r.statusCode, r.body).toBe(200);
    const bought = VoucherPurchaseResponse.parse(r.json());
    expect(bought.total).toBe(251);
    expect(bought.vouchers).toHaveLength(1);
    expect(bought.vouchers[0]!.amount).toBe(100); // the voucher's value is its own price, not the order's
    expect(bought.products.map((p) => [p.productId, p.quantity, p.total])).toEqual([[2, 2, 52], [8, 1, 99]]);
    expect(bought.deliveryMethod).toBe('pickup');
    const { rows } = await db.query<{ product_id: number; quantity: number; price_agorot: number; delivery_method: string; total_agorot: number }>(`
      SELECT pp.product_id, pp.quantity, pp.price_agorot, vp.delivery_method, vp.total_agorot
      FROM voucher_purchases vp JOIN voucher_purchase_products pp ON pp.purchase_id = vp.id
      WHERE vp.identifier = $1 ORDER BY pp.product_id`, [bought.purchaseIdentifier]);
    expect(rows.map((x) => [x.product_id, x.quantity, x.price_agorot])).toEqual([[2, 2, 2600], [8, 1, 9900]]);
    expect(rows[0]).toMatchObject({ delivery_method: 'pickup', total_agorot: 25100 });
  });

  it('courier and registered mail need the delivery address (stored without hash characters); pickup keeps none', async () => {
    const { app, db } = get();
    const body = { lines: [FIXED], products: [{ productId: 8, quantity: 1 }] };
    const buy = async (deliveryMethod: string, b: Record<string, unknown>) => {
      const uuid = newUuid('va');
      const { sessionId } = await pay(app, uuid, 199);
      return app.inject({ method: 'POST', url: '/api/vouchers/purchase', headers: { uuid, 'idempotency-key': newKey() }, payload: { ...body, deliveryMethod, buyer: b, paymentIdentifier: sessionId } });
    };
    for (const method of ['courier', 'mail']) {
      const r = await buy(method, { ...buyer, address1: '  ', city: 'Haifa' });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json()).toMatchObject({ error: 'DELIVERY_ADDRESS_REQUIRED', fields: ['address1', 'postalCode'] });
    }
    expect((await buy('courier', { ...buyer, address1: 'Herzl 1', city: 'Haifa', postalCode: '12a45' })).statusCode).toBe(400);
    const ok = await buy('mail', { ...buyer, address1: 'Herzl #12', address2: 'apt #3', city: 'Haifa', postalCode: '3303312' });
    expect(ok.statusCode, ok.body).toBe(200);
    const stored = async (id: string) => (await db.query<{ buyer: Record<string, unknown> }>('SELECT buyer FROM voucher_purchases WHERE identifier = $1', [id])).rows[0]!.buyer;
    expect(await stored(VoucherPurchaseResponse.parse(ok.json()).purchaseIdentifier)).toMatchObject({ address1: 'Herzl 12', address2: 'apt 3', city: 'Haifa', postalCode: '3303312' });
    const pickup = await buy('pickup', { ...buyer, address1: 'Herzl 1', city: 'Haifa', postalCode: '33033' });
    expect(pickup.statusCode, pickup.body).toBe(200);
    expect(await stored(VoucherPurchaseResponse.parse(pickup.json()).purchaseIdentifier)).not.toHaveProperty('address1');
  });
});
