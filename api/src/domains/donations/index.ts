import type { FastifyInstance } from 'fastify';
import {
  CommitHeaders, DonationPurchaseBody, DonationPurchaseResponse, DonationQuoteBody, DonationQuoteResponse, DonationsResponse,
} from '@ticketing/shared/contracts';
import type { Db } from '../../db/index.ts';
import { outboxEmailProvider, type EmailProvider } from '../../lib/email.ts';
import { route } from '../../lib/route.ts';
import { sessionCustomerId } from '../customers/service.ts';
import { loadOrdersSettings } from '../orders/config.ts';
import { listDonations, purchaseDonations, quoteDonations, quoteResponse } from './service.ts';

/** Donations (issue 11 §2): causes and amounts, priced by the api, paid through the payment providers, a receipt. */
export async function donationsPlugin(app: FastifyInstance, opts: { db: Db; email?: EmailProvider }): Promise<void> {
  const { db } = opts;
  const email = opts.email ?? outboxEmailProvider(db);
  const form = loadOrdersSettings().config.forms.donations;

  route(app, {
    method: 'GET', url: '/donations', summary: 'Donation causes and amounts', tags: ['donations'],
    response: DonationsResponse,
    async handler({ lang }) {
      return listDonations(db, lang);
    },
  });

  route(app, {
    method: 'POST', url: '/donations/quote', summary: 'Prices chosen donations (custom amounts within min and max, at most 10)', tags: ['donations'],
    body: DonationQuoteBody, response: DonationQuoteResponse,
    errors: { 400: 'DONATION_MUST_SELECT', 404: 'DONATION_NONE_AVAILABLE', 409: 'DONATION_MAX_QUANTITY | DONATION_AMOUNT_RANGE' },
    async handler({ body, lang }) {
      return quoteResponse(await quoteDonations(db, body, lang));
    },
  });

  route(app, {
    method: 'POST', url: '/donations/purchase', summary: 'Donates (idempotent by Idempotency-Key); returns the receipt', tags: ['donations'],
    headers: CommitHeaders, body: DonationPurchaseBody, response: DonationPurchaseResponse,
    errors: {
      400: 'DONATION_MUST_SELECT | VALIDATION_ERROR', 402: 'PAYMENT_REQUIRED | PAYMENT_NOT_APPROVED | PAYMENT_DECLINED', 404: 'DONATION_NONE_AVAILABLE',
      409: 'DONATION_MAX_QUANTITY | DONATION_AMOUNT_RANGE | IDEMPOTENCY_CONFLICT | PAYMENT_AMOUNT_MISMATCH',
    },
    async handler({ body, headers, lang, req }) {
      const customerId = await sessionCustomerId(db, req);
      return purchaseDonations(body, { db, uuid: headers.uuid, idempotencyKey: headers['idempotency-key'], customerId, lang, form, email });
    },
  });
}
