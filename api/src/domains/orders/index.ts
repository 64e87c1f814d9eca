import type { FastifyInstance } from 'fastify';
import {
  CartBody, CartResponse, CommitBody, CommitHeaders, CommitResponse, ConfigHeaders, ConfigResponse, IdParams, TicketLookupQuery, TicketLookupResponse,
} from '@ticketing/shared/contracts';
import type { Db, Queryable } from '../../db/index.ts';
import { ApiHttpError, route } from '../../lib/route.ts';
import { guarded } from '../../lib/guesses.ts';
import { outboxEmailProvider, type EmailProvider } from '../../lib/email.ts';
import { getPresentationRow } from '../catalog/queries.ts';
import { sessionCustomerId } from '../customers/service.ts';
import { allProviders, ProviderRegistry } from '../payments/providers/index.ts';
import { priceCart } from './cart.ts';
import { commitOrder } from './commit.ts';
import { loadOrdersSettings } from './config.ts';
import { configFor, registerConfigPreview } from './configPreview.ts';
import { lookupTicket } from './tickets.ts';

/** A mini-site by its URL slug (404 MINI_SITE_NOT_FOUND), or null when none was given. */
export async function miniSiteFor(q: Queryable, url: string | null | undefined): Promise<{ id: number; reference_ticket_codes: string[] } | null> {
  if (!url) return null;
  const { rows } = await q.query<{ id: number; reference_ticket_codes: string[] }>('SELECT id, reference_ticket_codes FROM mini_sites WHERE url = $1', [url]);
  if (!rows[0]) throw new ApiHttpError(404, 'MINI_SITE_NOT_FOUND', `no mini-site ${url}`);
  return rows[0];
}

/** Orders: start-up configuration, ticket lookup, cart build and pricing, commit (spec 5, 7 Booking). */
export async function ordersPlugin(app: FastifyInstance, opts: { db: Db; email?: EmailProvider }): Promise<void> {
  const { db } = opts;
  const email = opts.email ?? outboxEmailProvider(db);
  const settings = loadOrdersSettings();
  const registry = new ProviderRegistry(allProviders(), settings.activeProviders, settings.config.payment.defaultProvider);

  route(app, {
    method: 'GET', url: '/config', summary: 'Start-up configuration: form switches, payment providers, limits', tags: ['orders'],
    headers: ConfigHeaders, response: ConfigResponse,
    async handler({ headers }) {
      return { config: configFor(settings.config, headers.uuid) };
    },
  });
  registerConfigPreview(app);

  route(app, {
    method: 'POST', url: '/presentations/{id}/ticket', summary: 'A ticket by code, coupon, voucher, member, id, or the group default', tags: ['orders'],
    params: IdParams, body: TicketLookupQuery, response: TicketLookupResponse,
    errors: { 401: 'LOGIN_REQUIRED', 404: 'codeNotFound | ticketNotFound | memberNotFound | getTicket', 409: 'COUPON_USED | COUPON_MORE_TICKETS | COUPON_NO_TICKETS | voucherBalance | voucherExpired | member… | TICKET_SOLD_OUT' },
    async handler({ params, body: query, lang, req }) {
      await miniSiteFor(db, query.miniSiteUrl);
      const p = await getPresentationRow(db, params.id);
      if (p.web_booking_offline) throw new ApiHttpError(409, 'LOCATION_OFFLINE', 'web booking is unavailable at this location');
      const customerId = await sessionCustomerId(db, req);
      return { ticket: await guarded(db, req, () => lookupTicket(db, p, query, { customerId, lang })) };
    },
  });

  route(app, {
    method: 'POST', url: '/cart', summary: 'Builds and prices the cart (order summary)', tags: ['orders'],
    body: CartBody, response: CartResponse,
    errors: { 403: 'NO_MEMBERSHIP', 409: 'INCOMPATIBLE_AUTH_PROFILE | INCOMPATIBLE_BUSINESS | LOCATION_OFFLINE | TICKET_… | COUPON_… | DELIVERY_METHOD_REQUIRED | PREMIUM_HOLD' },
    async handler({ body, lang, req }) {
      const miniSite = await miniSiteFor(db, body.miniSiteUrl);
      const customerId = await sessionCustomerId(db, req);
      const order = await guarded(db, req, () => priceCart(db, body.cart, { customerId, lang, settings, miniSite }));
      return { order: order.summary };
    },
  });

  route(app, {
    method: 'POST', url: '/payment/commit', summary: 'Commits the order (idempotent by Idempotency-Key, atomic)', tags: ['orders'],
    headers: CommitHeaders, body: CommitBody, response: CommitResponse,
    errors: {
      401: 'VOD_LOGIN_REQUIRED', 402: 'PAYMENT_REQUIRED | PAYMENT_NOT_APPROVED | PAYMENT_DECLINED', 403: 'NO_MEMBERSHIP',
      409: 'HOLD_EXPIRED | ORDER_ALREADY_COMPLETED | IDEMPOTENCY_CONFLICT | PREMIUM_HOLD | LOCATION_OFFLINE | PAYMENT_AMOUNT_MISMATCH | …',
    },
    async handler({ body, headers, lang, req }) {
      const miniSite = await miniSiteFor(db, body.miniSiteUrl);
      const customerId = await sessionCustomerId(db, req);
      return commitOrder(body, {
        db, uuid: headers.uuid, idempotencyKey: headers['idempotency-key'], customerId, lang, settings, registry, miniSite, email,
      });
    },
  });
}
