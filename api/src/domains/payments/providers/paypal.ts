import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PaymentSessionParams } from '@ticketing/shared/contracts';
import type { Db, Queryable } from '../../../db/index.ts';
import { route } from '../../../lib/route.ts';
import { esc, layout, money, PAGE_CSS, PAGE_JS, PAGE_STRINGS, pageLang, securityHeaders, text } from './hostedCard.ts';
import { captureSession, getSession, insertSession, newToken, transition, type SessionRow } from './sessions.ts';
import type { CaptureInput, CreateSessionInput, CreatedSession, PaymentProvider } from './types.ts';

/**
 * PayPal with sandbox behaviour: a hosted approval page (approve or cancel). On approval the session
 * gets PayPal's ids (payerId, paymentId, token, orderId) and the page posts them to the parent with
 * the paymentIdentifier. Inactive by default (spec 9); PAYMENT_PROVIDERS=sandbox,altcard,paypal turns it on.
 */
const Body = z.object({ action: z.enum(['approve', 'cancel']) });

export class PaypalSandboxProvider implements PaymentProvider {
  readonly id = 'paypal';
  readonly kind = 'paypal' as const;
  readonly base = '/api/payment/paypal';

  async createSession(q: Queryable, input: CreateSessionInput): Promise<CreatedSession> {
    const s = await insertSession(q, this.id, input);
    return { sessionId: s.id, paymentFormURL: `${this.base}/page/${s.id}`, expiresAt: s.expiresAt };
  }

  capture(q: Queryable, input: CaptureInput): Promise<void> {
    return captureSession(q, this.id, input);
  }

  async answer(q: Queryable, s: SessionRow, action: 'approve' | 'cancel'): Promise<SessionRow> {
    if (action === 'cancel') return transition(q, s.id, 'cancelled');
    const paypal = { payerId: newToken('PAYER').slice(0, 19), paymentId: newToken('PAYID'), token: newToken('EC'), orderId: newToken('O'), amount: s.amount / 100 };
    return transition(q, s.id, 'approved', { token: paypal.token, brand: 'paypal', paypal });
  }

  render(s: SessionRow): string {
    const lang = pageLang(s.locale);
    const t = PAGE_STRINGS[lang];
    const brand = 'PayPal';
    if (s.status === 'pending') {
      const amount = money(s.amount, lang);
      const body = `<h1>${esc(t.paypalTitle)}</h1><p>${esc(t.paypalText)}</p><p class="amount">${esc(t.amount)}: <strong>${esc(amount)}</strong></p>
<form method="post" action="${this.base}/page/${esc(s.id)}"><div class="actions">
<button class="primary" type="submit" name="action" value="approve">${esc(t.paypalApprove)}</button>
<button class="secondary" type="submit" name="action" value="cancel">${esc(t.cancel)}</button></div></form><p class="note">${esc(t.sandboxNote)}</p>`;
      return layout({ lang, title: t.paypalTitle, base: this.base, accent: '#003087', body, brand });
    }
    const status = s.status === 'approved' || s.status === 'cancelled' ? s.status : null;
    const pp = (s.paypal ?? undefined) as { payerId: string; paymentId: string; token: string; orderId: string; amount: number } | undefined;
    const body = `<h1>${esc(t.paypalTitle)}</h1><p class="result" role="status" tabindex="-1" data-focus>${esc(text(t, s.status) ?? s.status)}</p>`;
    return layout({
      lang, title: t.paypalTitle, base: this.base, accent: '#003087', body, brand, origin: s.parent_origin,
      message: status ? { type: 'ticketing:payment', status, paymentIdentifier: s.id, ...(pp ? { paypal: pp } : {}) } : undefined,
    });
  }

  registerRoutes(app: FastifyInstance, db: Db): void {
    const tags = ['payments'];
    route(app, {
      method: 'GET', url: '/payment/paypal/page.js', summary: 'paypal: script of the hosted page', tags, response: z.string(), produces: 'text/javascript',
      async handler({ reply }) {
        reply.type('text/javascript; charset=utf-8');
        return PAGE_JS;
      },
    });
    route(app, {
      method: 'GET', url: '/payment/paypal/page.css', summary: 'paypal: style of the hosted page', tags, response: z.string(), produces: 'text/css',
      async handler({ reply }) {
        reply.type('text/css; charset=utf-8');
        return PAGE_CSS;
      },
    });
    route(app, {
      method: 'GET', url: '/payment/paypal/page/{sessionId}', summary: 'paypal: sandbox approval page', tags,
      params: PaymentSessionParams, response: z.string(), produces: 'text/html',
      handler: async ({ params, reply }) => {
        const s = await getSession(db, params.sessionId, this.id);
        securityHeaders(reply, s.parent_origin);
        return this.render(s);
      },
    });
    route(app, {
      method: 'POST', url: '/payment/paypal/page/{sessionId}', summary: 'paypal: approve or cancel', tags,
      params: PaymentSessionParams, body: Body, response: z.string(), produces: 'text/html',
      handler: async ({ params, body, reply }) => {
        const s = await getSession(db, params.sessionId, this.id);
        securityHeaders(reply, s.parent_origin);
        if (s.status !== 'pending') return this.render(s);
        return this.render(await this.answer(db, s, body.action));
      },
    });
  }
}
