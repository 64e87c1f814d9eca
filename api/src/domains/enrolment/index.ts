import type { FastifyInstance } from 'fastify';
import {
  CommitHeaders, EnrolCheckBody, EnrolLockBody, EnrolOrderBody, EnrolOrderResponse, EnrolParams, EnrolQuoteResponse, EnrolReleaseBody, EnrolReleaseResponse,
  EnrolSeasonResponse, EnrolSeasonsResponse, EnrolSeatplanResponse, LockSeatResponse, MyEnrolmentsResponse, SelectionCheckResponse, OptionalSessionHeaders, SessionHeaders,
  UnlockSeatResponse,
} from '@ticketing/shared/contracts';
import type { Db } from '../../db/index.ts';
import { outboxEmailProvider, type EmailProvider } from '../../lib/email.ts';
import { pick } from '../../lib/lang.ts';
import { localeOf, localName } from '../../lib/localizedNames.ts';
import { ApiHttpError, route } from '../../lib/route.ts';
import { PlanCache } from '../seats/plan.ts';
import { assertSelection, refusalError, type SelectionRefusal } from '../seats/selection.ts';
import { requireCustomer, sessionCustomerId } from '../customers/service.ts';
import { commitEnrolment, findSeason, myEnrolments, namesFor, priceEnrolment, releaseEvent, seasonEvents, seasonView } from './service.ts';
import { holdSeasonSeat, planSeat, seasonSeatState, unholdSeasonSeat } from './seats.ts';
import { sendEnrolmentConfirmation } from './confirmationEmail.ts';

const SEAT_ERRORS = { 400: 'GENERAL_ERROR | INVALID_ID', 404: 'INVALID_ID', 409: 'lock_seat_error | unlock_seat_error | MAX_SEATS' };

/**
 * Membership enrolment (seat subscriptions, spec 2, 3, 7, 8): a season's fixed seats held in every event at once,
 * tariffs, selection events, seats in events, idempotent paid commit (ALREADY_ENROLLED), and the customer area's
 * release of one event's seat. Season seats live in the seats domain's seat state, so ordinary booking sees them taken.
 */
export async function enrolmentPlugin(app: FastifyInstance, opts: { db: Db; email?: EmailProvider }): Promise<void> {
  const { db } = opts;
  const email = opts.email ?? outboxEmailProvider(db); // the enrolled customer's confirmation
  const plans = new PlanCache(db);

  route(app, {
    method: 'GET', url: '/enroll', summary: 'Seasons open for enrolment', tags: ['memberships'], response: EnrolSeasonsResponse,
    async handler({ lang, req }) {
      const { rows } = await db.query<{ id: number }>('SELECT id FROM enrolment_seasons ORDER BY id');
      const seasons = [];
      for (const r of rows) {
        const s = await seasonView(db, r.id, lang, null, localeOf(req));
        seasons.push({ SeasonId: s.SeasonId, Code: s.Code, Name: s.Name, Description: s.Description, VenueName: s.VenueName });
      }
      return { seasons };
    },
  });

  route(app, {
    method: 'GET', url: '/enroll/mine', summary: "The signed-in customer's enrolments and their season seats per event", tags: ['memberships', 'customer'],
    response: MyEnrolmentsResponse, errors: { 401: 'UNAUTHORIZED' },
    async handler({ req, lang }) { return myEnrolments(db, await requireCustomer(db, req, { csrf: false }), lang, localeOf(req)); },
  });

  route(app, {
    method: 'POST', url: '/enroll/release', summary: "Gives one event's season seats back to sale (that event only)", tags: ['memberships', 'customer'],
    body: EnrolReleaseBody, response: EnrolReleaseResponse, errors: { 401: 'UNAUTHORIZED', 403: 'CSRF', 404: 'INVALID_ID', 409: 'NOT_RELEASABLE' },
    async handler({ req, body }) {
      const customerId = await requireCustomer(db, req, { csrf: true });
      return { released: await releaseEvent(db, { customerId, identifier: body.enrolmentIdentifier, presentationId: body.presentationId }) };
    },
  });

  route(app, {
    method: 'GET', url: '/enroll/{id}', summary: 'A season: fixed-seat rule, tariffs, events (required, prices), the signed-in customer', tags: ['memberships'],
    params: EnrolParams, response: EnrolSeasonResponse, errors: { 404: 'INVALID_ID' },
    async handler({ params, req, lang }) {
      return { season: await seasonView(db, params.id, lang, await sessionCustomerId(db, req), localeOf(req)) };
    },
  });

  route(app, {
    method: 'GET', url: '/enroll/{id}/seatplan', summary: "Fixed-seat availability: seats free (or this visit's) in every event of the season", tags: ['memberships'],
    params: EnrolParams, headers: OptionalSessionHeaders, response: EnrolSeatplanResponse, errors: { 404: 'INVALID_ID' },
    async handler({ params, headers }) {
      const s = await findSeason(db, params.id);
      const pids = (await seasonEvents(db, s.id)).map((e) => e.presentation_id);
      const plan = await plans.get(s.seatplan_id);
      if (!plan) throw new ApiHttpError(404, 'INVALID_ID', 'no seat plan');
      const st = await seasonSeatState(db, pids, headers.uuid);
      const seats: Record<string, string> = {};
      const held: string[] = [];
      const sections: Record<string, { available: number; capacity: number }> = {};
      for (const sec of plan.sections) if (!sec.isGa) sections[sec.id] = { available: 0, capacity: sec.capacity };
      for (const seat of plan.seats) {
        const key = `${seat.sectionId}_${seat.x}_${seat.y}`;
        if (!pids.length || st.taken.has(key) || !sections[seat.sectionId]) continue;
        seats[key] = `${seat.ticketGroupId},${plan.sectionById.get(seat.sectionId)!.allocationId}`;
        if (st.held.has(key)) held.push(key);
        sections[seat.sectionId]!.available++;
      }
      return {
        seasonId: s.id, venueId: s.venue_id, seatplanId: s.seatplan_id, presentationIds: pids,
        seats, held, sections, holdExpiresAt: st.holdExpiresAt ? st.holdExpiresAt.toISOString() : null,
      };
    },
  });

  /** The events a lock applies to: the listed ones (each must be the season's), else every event of the season. */
  async function targets(seasonId: number, listed: number[] | undefined): Promise<number[]> {
    const all = (await seasonEvents(db, seasonId)).map((e) => e.presentation_id);
    if (!listed?.length) return all;
    if (listed.some((p) => !all.includes(p))) throw new ApiHttpError(400, 'INVALID_ID', 'not an event of this season');
    return listed;
  }

  /**
   * A refusal judged in one event offers its fix only when that seat can be held in every listed event (the season
   * seat is locked in all of them at once); otherwise the visitor is told the rule and chooses another seat.
   */
  async function withHoldableFix(e: unknown, pids: number[], uuid: string): Promise<unknown> {
    if (!(e instanceof ApiHttpError) || pids.length < 2) return e;
    const fix = e.extra.suggestion as SelectionRefusal['suggestion'] | undefined;
    if (!fix) return e;
    const { taken } = await seasonSeatState(db, pids, uuid);
    if (!taken.has(`${fix.sectionId}_${fix.x}_${fix.y}`)) return e;
    return refusalError({ code: e.code as SelectionRefusal['code'], seat: e.extra.seat as SelectionRefusal['seat'], suggestion: null });
  }

  route(app, {
    method: 'PUT', url: '/enroll/{id}/lock-seat', summary: 'Holds one seat in every listed event of the season at once (all or nothing)', tags: ['memberships'],
    params: EnrolParams, headers: SessionHeaders, body: EnrolLockBody, response: LockSeatResponse, errors: SEAT_ERRORS,
    async handler({ params, headers, body }) {
      const s = await findSeason(db, params.id);
      if (!body.seat || body.seat.XCoordinate === null || body.seat.YCoordinate === null) throw new ApiHttpError(400, 'GENERAL_ERROR', 'no seat selected');
      const seat = { sectionId: body.seat.VenueSectionId, x: body.seat.XCoordinate, y: body.seat.YCoordinate };
      const { ticketGroupId } = await planSeat(db, s.seatplan_id, seat);
      const pids = await targets(s.id, body.presentationIds);
      if (!pids.length) throw new ApiHttpError(400, 'GENERAL_ERROR', 'the season has no events ahead');
      const expiresAt = await holdSeasonSeat(db, {
        seasonId: s.id, presentationIds: pids, seat, ticketGroupId, uuid: headers.uuid, maxSeats: s.max_seats, holdSeconds: s.hold_seconds,
      });
      return { lockedSeat: { x: seat.x, y: seat.y }, seats: [seat], expiresAt: expiresAt.toISOString() };
    },
  });

  route(app, {
    method: 'PUT', url: '/enroll/{id}/unlock-seat', summary: "Releases the visit's hold of a seat in the listed events (no seat: all its season holds there)", tags: ['memberships'],
    params: EnrolParams, headers: SessionHeaders, body: EnrolLockBody, response: UnlockSeatResponse, errors: SEAT_ERRORS,
    async handler({ params, headers, body }) {
      const s = await findSeason(db, params.id);
      const seat = body.seat && body.seat.XCoordinate !== null && body.seat.YCoordinate !== null
        ? { sectionId: body.seat.VenueSectionId, x: body.seat.XCoordinate, y: body.seat.YCoordinate } : null;
      await unholdSeasonSeat(db, { presentationIds: await targets(s.id, body.presentationIds), seat, uuid: headers.uuid });
      return { success: true as const, seats: seat ? [seat] : [] };
    },
  });

  route(app, {
    method: 'POST', url: '/enroll/{id}/check-selection',
    summary: "Judge this visit's seats in the listed events (none: every event, the season-seat step) before it continues (booking's single-seat and companion rules)",
    tags: ['memberships'], params: EnrolParams, headers: SessionHeaders, body: EnrolCheckBody, response: SelectionCheckResponse,
    errors: { 400: 'INVALID_ID', 404: 'INVALID_ID', 409: 'SINGLE_SEAT_GAP | COMPANION_ALONE' },
    async handler({ params, headers, body }) {
      const s = await findSeason(db, params.id);
      const pids = await targets(s.id, body.presentationIds);
      let seats = 0;
      for (const pid of pids) {
        try {
          seats = Math.max(seats, await assertSelection(db, db, pid, headers.uuid, plans));
        } catch (e) {
          throw await withHoldableFix(e, pids, headers.uuid);
        }
      }
      return { ok: true as const, seats };
    },
  });

  route(app, {
    method: 'POST', url: '/enroll/{id}/quote', summary: 'Prices an enrolment (tariffs × chosen events)', tags: ['memberships'],
    params: EnrolParams, body: EnrolOrderBody, response: EnrolQuoteResponse,
    errors: { 404: 'INVALID_ID', 409: 'MAX_SEATS' },
    async handler({ params, body, lang, req }) {
      const o = await priceEnrolment(db, params.id, body);
      const locale = localeOf(req);
      const names = await namesFor(db, locale);
      const season = localName(names, 'season', o.season.id, locale, pick(lang, o.season.name_he, o.season.name_en));
      return {
        total: o.total / 100, seats: o.seatsPerEvent, events: o.events.length,
        lines: o.lines.map((l) => ({ name: `${season} · ${localName(names, 'ticket', l.tariff.id, locale, pick(lang, l.tariff.name_he, l.tariff.name_en))}`, quantity: l.seats, amount: l.amount / 100 })),
      };
    },
  });

  route(app, {
    method: 'POST', url: '/enroll/{id}/order', summary: 'Pays and commits an enrolment of the signed-in customer (idempotent by Idempotency-Key)', tags: ['memberships'],
    params: EnrolParams, headers: CommitHeaders, body: EnrolOrderBody, response: EnrolOrderResponse,
    errors: {
      401: 'UNAUTHORIZED', 402: 'PAYMENT_REQUIRED | PAYMENT_NOT_APPROVED | PAYMENT_DECLINED', 403: 'CSRF', 404: 'INVALID_ID',
      409: 'ALREADY_ENROLLED | HOLD_EXPIRED | MAX_SEATS | SINGLE_SEAT_GAP | COMPANION_ALONE',
    },
    async handler({ params, headers, body, lang, req }) {
      const customerId = await requireCustomer(db, req, { csrf: true });
      const r = await commitEnrolment(db, { seasonId: params.id, body, uuid: headers.uuid, idempotencyKey: headers['idempotency-key'], customerId });
      await sendEnrolmentConfirmation(db, email, r, customerId, lang); // once: a replay sends nothing; a failure never fails the enrolment
      return r;
    },
  });
}
