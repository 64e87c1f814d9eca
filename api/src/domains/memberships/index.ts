import type { FastifyInstance } from 'fastify';
import {
  CommitHeaders, LockSeatResponse, MembershipCheckBody, MembershipLockBody, MembershipOrderBody, MembershipOrderResponse, MembershipQuoteResponse,
  MembershipSeatplanQuery, MembershipSeatplanResponse, SelectionCheckResponse, SessionHeaders, UnlockSeatResponse, MembershipRenewalParams,
  MembershipRenewalResponse,
} from '@ticketing/shared/contracts';
import { requireCustomer } from '../customers/service.ts';
import { loginIdentifiers } from '../customers/identify.ts';
import { outboxEmailProvider, type EmailProvider } from '../../lib/email.ts';
import { jerusalemToday } from '../../lib/time.ts';
import type { Db } from '../../db/index.ts';
import { ApiHttpError, route } from '../../lib/route.ts';
import { loadOrdersSettings } from '../orders/config.ts';
import { assertSelection } from '../seats/selection.ts';
import { commitMembershipOrder, eventsOf, findMembership, priceOrder } from './service.ts';

const SEAT_ERRORS = { 400: 'GENERAL_ERROR | INVALID_ID', 404: 'INVALID_ID', 409: 'lock_seat_error | MAX_SEATS | SINGLE_SEAT_GAP' };

/**
 * Membership purchase (spec 2, 3, 7, 8): the seats of a membership's events, quote and idempotent commit.
 * Holds go through the seats domain's own lock/unlock calls (same statement, timers, limits and live events).
 * The buyer's confirmation goes out through the e-mail provider (the outbox unless one is handed in).
 */
export async function membershipsPlugin(app: FastifyInstance, opts: { db: Db; email?: EmailProvider }): Promise<void> {
  const { db } = opts;
  const email = opts.email ?? outboxEmailProvider(db);
  const settings = loadOrdersSettings();
  const memberNumberSignIn = loginIdentifiers(app.demo).includes('memberNumber');

  route(app, {
    method: 'GET', url: '/membership/seatplan', summary: "A membership's events to choose seats in (series: one step per event)", tags: ['memberships'],
    query: MembershipSeatplanQuery, response: MembershipSeatplanResponse, errors: { 404: 'INVALID_ID' },
    async handler({ query }) {
      await findMembership(db, query.membershipId);
      return { membershipId: query.membershipId, events: await eventsOf(db, query.membershipId) };
    },
  });

  /** Forwards each selection to the seats domain's call of the same name (one hold path for every flow). */
  async function forward(kind: 'lock-seat' | 'unlock-seat', body: MembershipLockBody, headers: Record<string, unknown>) {
    if (!body.selections.length) throw new ApiHttpError(400, 'GENERAL_ERROR', 'no selections');
    await findMembership(db, body.membershipId);
    const events = new Set((await eventsOf(db, body.membershipId)).map((e) => e.presentationId));
    if (body.selections.some((s) => !events.has(s.PresentationId))) throw new ApiHttpError(400, 'INVALID_ID', 'not an event of this membership');
    let last: unknown;
    for (const seat of body.selections) {
      const res = await app.inject({
        method: 'PUT', url: `/api/seats/${kind}`, payload: { seat },
        headers: { uuid: String(headers.uuid), 'accept-language': String(headers['accept-language'] ?? 'he') },
      });
      const json = res.json() as Record<string, unknown>;
      if (res.statusCode !== 200) throw new ApiHttpError(res.statusCode, String(json.error ?? 'GENERAL_ERROR'), String(json.message ?? ''), json);
      last = json;
    }
    return last;
  }

  route(app, {
    method: 'PUT', url: '/membership/lock-seat', summary: "Hold seats in a membership's events (no selections: GENERAL_ERROR)", tags: ['memberships'],
    headers: SessionHeaders, body: MembershipLockBody, response: LockSeatResponse, errors: SEAT_ERRORS,
    async handler({ body, req }) { return (await forward('lock-seat', body, req.headers)) as LockSeatResponse; },
  });

  route(app, {
    method: 'PUT', url: '/membership/unlock-seat', summary: "Release held seats in a membership's events", tags: ['memberships'],
    headers: SessionHeaders, body: MembershipLockBody, response: UnlockSeatResponse, errors: SEAT_ERRORS,
    async handler({ body, req }) { return (await forward('unlock-seat', body, req.headers)) as UnlockSeatResponse; },
  });

  route(app, {
    method: 'POST', url: '/membership/check-selection', summary: "Judge this visit's seats in one event of the membership before it continues (booking's single-seat and companion rules)", tags: ['memberships'],
    headers: SessionHeaders, body: MembershipCheckBody, response: SelectionCheckResponse,
    errors: { 400: 'INVALID_ID', 404: 'INVALID_ID', 409: 'SINGLE_SEAT_GAP | COMPANION_ALONE' },
    async handler({ body, headers }) {
      await findMembership(db, body.membershipId);
      if (!(await eventsOf(db, body.membershipId)).some((e) => e.presentationId === body.presentationId)) {
        throw new ApiHttpError(400, 'INVALID_ID', 'not an event of this membership');
      }
      return { ok: true as const, seats: await assertSelection(db, db, body.presentationId, headers.uuid) };
    },
  });

  route(app, {
    method: 'GET', url: '/membership/renewal/{memberNumber}', summary: "The signed-in customer's membership to renew (linked from the customer area)", tags: ['memberships'],
    params: MembershipRenewalParams, response: MembershipRenewalResponse, errors: { 401: 'UNAUTHORIZED', 404: 'MEMBER_NOT_FOUND' },
    async handler({ params, req }) {
      const customerId = await requireCustomer(db, req, { csrf: false });
      const { rows } = await db.query<{ code: string; end_date: string }>(`
        SELECT m.code, to_char(cm.end_date, 'YYYY-MM-DD') AS end_date FROM customer_members cm JOIN memberships m ON m.id = cm.membership_id
        WHERE cm.member_number = $1 AND cm.customer_id = $2 AND NOT cm.is_cancelled`, [params.memberNumber, customerId]);
      const r = rows[0];
      if (!r) throw new ApiHttpError(404, 'MEMBER_NOT_FOUND', 'no such member of this customer');
      return { memberNumber: params.memberNumber, membershipCode: r.code, endDate: r.end_date, isExpired: r.end_date < jerusalemToday() };
    },
  });

  route(app, {
    method: 'POST', url: '/membership/quote', summary: 'Prices a membership cart (every section-8 check except payment)', tags: ['memberships'],
    body: MembershipOrderBody, response: MembershipQuoteResponse,
    errors: { 404: 'INVALID_ID | PRICE_NOT_FOUND | MEMBER_NOT_FOUND', 409: 'NONE_FOR_SALE | CODE_ALREADY_ENTERED | MEMBER_EXPIRED' },
    async handler({ body, lang }) {
      const o = await priceOrder(db, db, body, settings.config.forms.memberships, lang, { skipCustomer: true });
      return {
        total: o.total / 100, quantity: o.quantity,
        lines: o.lines.map((l) => ({ name: l.name, quantity: l.quantity, amount: (l.unit * l.quantity) / 100, kind: l.renew ? 'renewal' as const : l.member ? 'topUp' as const : 'new' as const })),
      };
    },
  });

  route(app, {
    method: 'POST', url: '/membership/order', summary: 'Pays and commits a membership order (idempotent by Idempotency-Key)', tags: ['memberships'],
    headers: CommitHeaders, body: MembershipOrderBody, response: MembershipOrderResponse,
    errors: {
      402: 'PAYMENT_REQUIRED | PAYMENT_NOT_APPROVED | PAYMENT_DECLINED', 404: 'INVALID_ID | PRICE_NOT_FOUND | MEMBER_NOT_FOUND',
      409: 'NONE_FOR_SALE | CODE_ALREADY_ENTERED | MEMBER_EXPIRED | HOLD_EXPIRED | PAYMENT_AMOUNT_MISMATCH | SINGLE_SEAT_GAP | COMPANION_ALONE',
    },
    async handler({ body, headers, lang }) {
      return commitMembershipOrder(db, {
        body, uuid: headers.uuid, idempotencyKey: headers['idempotency-key'], form: settings.config.forms.memberships, lang, email, memberNumberSignIn,
      });
    },
  });
}
