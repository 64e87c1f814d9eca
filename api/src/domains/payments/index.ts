import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  LocaleParams, PaymentFormQuery, PaymentFormResponse, PaymentSessionParams, PaymentSessionResponse, SessionHeaders,
  VoucherPaymentQuery, VoucherPaymentResponse,
} from '@ticketing/shared/contracts';
import type { Db } from '../../db/index.ts';
import { guarded } from '../../lib/guesses.ts';
import { ApiHttpError, route } from '../../lib/route.ts';
import { shekels, toIso } from '../../lib/time.ts';
import { loadOrdersSettings } from '../orders/config.ts';
import { findVoucherItem, voucherUsable } from '../orders/tickets.ts';
import { allProviders, ProviderRegistry } from './providers/index.ts';
import { getSession } from './providers/sessions.ts';

/**
 * The page that may frame the hosted payment page and receive its outcome, besides the payment page's own origin
 * (the site and its api share one address, so the site's page is that origin: ''). Another origin only when
 * PAYMENT_ALLOWED_ORIGINS lists it. The caller's Origin/Referer alone is never trusted: anyone can send any, so a
 * session opened with a forged Origin let a foreign page frame the card page and receive the approval for its own
 * order (QA, seventeenth session).
 */
export function parentOriginOf(req: FastifyRequest, env: NodeJS.ProcessEnv = process.env): string {
  const allowed = new Set((env.PAYMENT_ALLOWED_ORIGINS ?? '').split(',').map((s) => originOf(s.trim())).filter(Boolean));
  if (!allowed.size) return '';
  for (const c of [req.headers.origin, req.headers.referer]) {
    const o = typeof c === 'string' ? originOf(c) : '';
    if (o && allowed.has(o)) return o;
  }
  return '';
}

function originOf(url: string): string {
  try {
    const o = new URL(url).origin;
    return o !== 'null' && /^https?:/.test(o) ? o : '';
  } catch {
    return '';
  }
}

/** Payments: payment form (hosted pages of the providers), session status, voucher payments (spec 7 Booking). */
export async function paymentsPlugin(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const { db } = opts;
  const settings = loadOrdersSettings();
  const registry = new ProviderRegistry(allProviders(), settings.activeProviders, settings.config.payment.defaultProvider);

  // The hosted pages post classic HTML forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    } catch (e) {
      done(e as Error, undefined);
    }
  });
  for (const p of registry.all()) p.registerRoutes(app, db);

  route(app, {
    method: 'GET', url: '/payment/form/{locale}', summary: 'Opens a payment session; returns the hosted payment page URL', tags: ['payments'],
    params: LocaleParams, query: PaymentFormQuery, headers: SessionHeaders, response: PaymentFormResponse,
    errors: { 409: 'PAYMENT_PROVIDER_INACTIVE' },
    async handler({ params, query, headers, req }) {
      const provider = registry.active_(query.provider);
      const s = await provider.createSession(db, {
        uuid: headers.uuid, amount: Math.round(query.total * 100), locale: params.locale, parentOrigin: parentOriginOf(req),
        numberOfPayments: query.numberOfPayments ?? 1,
      });
      return { paymentFormURL: s.paymentFormURL, sessionId: s.sessionId, provider: provider.id, expiresAt: toIso(s.expiresAt) };
    },
  });

  route(app, {
    method: 'GET', url: '/payment/session/{sessionId}', summary: 'State of a payment session (for the visit that opened it)', tags: ['payments'],
    params: PaymentSessionParams, headers: SessionHeaders, response: PaymentSessionResponse, errors: { 404: 'PAYMENT_SESSION_NOT_FOUND' },
    async handler({ params, headers }) {
      const s = await getSession(db, params.sessionId);
      if (s.uuid !== headers.uuid) throw new ApiHttpError(404, 'PAYMENT_SESSION_NOT_FOUND');
      return { sessionId: s.id, provider: s.provider, status: s.status, amount: shekels(s.amount), last4: s.last4, brand: s.brand };
    },
  });

  route(app, {
    method: 'POST', url: '/payment/voucher', summary: 'A voucher payment: the lesser of the order total and the voucher balance', tags: ['payments'],
    body: VoucherPaymentQuery, response: VoucherPaymentResponse,
    errors: { 404: 'SYSTEM_VOUCHER_NOT_FOUND', 409: 'NO_BALANCE | voucherExpired', 429: 'RATE_LIMITED' },
    async handler({ body: query, req }) {
      // A right code answers its balance (needed to pay); wrong ones count in the address's one budget of guesses.
      const v = await guarded(db, req, async () => {
        const found = await findVoucherItem(db, query.reference);
        if (!found) throw new ApiHttpError(404, 'SYSTEM_VOUCHER_NOT_FOUND');
        return found;
      });
      const u = voucherUsable(v);
      if (u === 'expired') throw new ApiHttpError(409, 'voucherExpired');
      if (u !== 'ok') throw new ApiHttpError(409, 'SYSTEM_VOUCHER_NOT_ACTIVE');
      const total = Math.round(query.total * 100);
      const amount = Math.min(total, v.balance);
      if (amount <= 0) throw new ApiHttpError(409, 'NO_BALANCE', 'no balance left to redeem the benefit');
      return {
        payment: { amount: shekels(amount), id: v.system_voucher_id, systemVoucher: v.reference, systemVoucherItemId: v.id },
        balance: shekels(v.balance),
        remaining: shekels(total - amount),
      };
    },
  });
}
