import type { FastifyInstance } from 'fastify';
import {
  CommitHeaders, DevEmailQuery, DevEmailResponse, GiftEmailBody, GiftEmailParams, GiftEmailResponse, SessionHeaders, VoucherProductsResponse,
  VoucherPurchaseBody, VoucherPurchaseResponse, VoucherQuoteBody, VoucherQuoteResponse, VoucherSettingsResponse,
} from '@ticketing/shared/contracts';
import type { Db } from '../../db/index.ts';
import { outboxEmailProvider, type EmailProvider } from '../../lib/email.ts';
import { route } from '../../lib/route.ts';
import { toIso } from '../../lib/time.ts';
import { sessionCustomerId } from '../customers/service.ts';
import { loadOrdersSettings } from '../orders/config.ts';
import { allProviders, ProviderRegistry } from '../payments/providers/index.ts';
import { sendGiftEmail } from './giftEmail.ts';
import { purchaseVouchers, quoteResponse, quoteVouchers, voucherProducts, vouchersAuthRequired } from './service.ts';

/**
 * Gift vouchers on sale (issue 11 §1): priced by the api (with the products chosen beside them), paid through the
 * payment providers, issued at once; a bought voucher's gift page goes out through the e-mail provider.
 */
export async function vouchersPlugin(app: FastifyInstance, opts: { db: Db; email?: EmailProvider }): Promise<void> {
  const { db } = opts;
  const email = opts.email ?? outboxEmailProvider(db);
  const settings = loadOrdersSettings();
  const registry = new ProviderRegistry(allProviders(), settings.activeProviders, settings.config.payment.defaultProvider);
  const authRequired = vouchersAuthRequired();

  route(app, {
    method: 'GET', url: '/vouchers/settings', summary: 'Whether buying gift vouchers needs a signed-in customer', tags: ['vouchers'],
    response: VoucherSettingsResponse,
    async handler() {
      return { authRequired };
    },
  });

  route(app, {
    method: 'GET', url: '/vouchers/products', summary: 'Products offered with gift vouchers (the catalog\'s products)', tags: ['vouchers'],
    response: VoucherProductsResponse,
    async handler({ lang }) {
      return { products: await voucherProducts(db, lang) };
    },
  });

  route(app, {
    method: 'POST', url: '/vouchers/quote', summary: 'Prices chosen gift vouchers (open price within min and max, at most 10)', tags: ['vouchers'],
    body: VoucherQuoteBody, response: VoucherQuoteResponse,
    errors: { 400: 'VOUCHER_MUST_SELECT', 404: 'VOUCHER_NONE_AVAILABLE', 409: 'VOUCHER_MAX_QUANTITY | VOUCHER_AMOUNT_RANGE | PRODUCT_NOT_FOUND | DELIVERY_METHOD_REQUIRED' },
    async handler({ body, lang }) {
      return quoteResponse(await quoteVouchers(db, body, lang));
    },
  });

  route(app, {
    method: 'POST', url: '/vouchers/purchase', summary: 'Buys gift vouchers (idempotent by Idempotency-Key); returns their codes', tags: ['vouchers'],
    headers: CommitHeaders, body: VoucherPurchaseBody, response: VoucherPurchaseResponse,
    errors: {
      400: 'VOUCHER_MUST_SELECT | DELIVERY_ADDRESS_REQUIRED', 401: 'LOGIN_REQUIRED', 402: 'PAYMENT_REQUIRED | PAYMENT_NOT_APPROVED | PAYMENT_DECLINED', 404: 'VOUCHER_NONE_AVAILABLE',
      409: 'VOUCHER_MAX_QUANTITY | VOUCHER_AMOUNT_RANGE | PRODUCT_NOT_FOUND | DELIVERY_METHOD_REQUIRED | IDEMPOTENCY_CONFLICT | PAYMENT_AMOUNT_MISMATCH',
    },
    async handler({ body, headers, lang, req }) {
      const customerId = await sessionCustomerId(db, req);
      return purchaseVouchers(body, { db, uuid: headers.uuid, idempotencyKey: headers['idempotency-key'], customerId, lang, registry, authRequired, email });
    },
  });

  route(app, {
    method: 'POST', url: '/vouchers/purchases/{identifier}/email', summary: 'Sends a bought voucher\'s gift page by e-mail (the visit or customer that bought it)', tags: ['vouchers'],
    params: GiftEmailParams, headers: SessionHeaders, body: GiftEmailBody, response: GiftEmailResponse,
    errors: { 404: 'VOUCHER_PURCHASE_NOT_FOUND', 429: 'RATE_LIMITED', 502: 'EMAIL_FAILED' },
    async handler({ params, headers, body, lang, req }) {
      const customerId = await sessionCustomerId(db, req);
      return sendGiftEmail(db, email, { identifier: params.identifier, body, uuid: headers.uuid, customerId, lang });
    },
  });

  // Demo mode only (lib/demo.ts): the outbox of the development e-mail provider, like the SMS outbox.
  if (app.demo) {
    route(app, {
      method: 'GET', url: '/dev/email-outbox', summary: 'Development only: e-mails sent to an address (newest first)', tags: ['dev'],
      query: DevEmailQuery, response: DevEmailResponse,
      async handler({ query }) {
        const { rows } = await db.query<{ to_address: string; subject: string; text_body: string; html_body: string; created_at: Date }>(
          'SELECT to_address, subject, text_body, html_body, created_at FROM email_outbox WHERE lower(to_address) = lower($1) ORDER BY id DESC LIMIT 20', [query.to]);
        return { messages: rows.map((r) => ({ to: r.to_address, subject: r.subject, text: r.text_body, html: r.html_body, createdAt: toIso(r.created_at) })) };
      },
    });
  }
}
