import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  BestAvailableQuery, BestAvailableResponse, ExtendBody, ExtendResponse, HoldsQuery, LockSeatBody, LockSeatResponse,
  ReleaseHoldsResponse, SelectionCheckBody, SelectionCheckResponse, OptionalSessionHeaders, SessionHeaders, UnlockSeatResponse,
} from '@ticketing/shared/contracts';
import { ApiHttpError, route } from '../../../lib/route.ts';
import { toIso } from '../../../lib/time.ts';
import { extendOrder } from '../extensions.ts';
import { assertBookable, holdGeneralAdmission, holdReserved, liveRows, releaseAll, stateFn, unhold } from '../holds.ts';
import type { PlanSeat } from '../plan.ts';
import { bestAvailable } from '../rules.ts';
import { assertSelection, companionRefusal, companionsBeside, refusalError } from '../selection.ts';
import { admitHold, assertWithinMaxSeats } from '../squat.ts';
import { TAGS, type SeatsContext } from '../context.ts';

/** Holds: lock and unlock a seat, judge the selection, extend, release all, best available (optionally held). */
export function holdRoutes(app: FastifyInstance, { db, plans, limits, meta, planOf }: SeatsContext): void {
  async function resolveSeat(seat: z.output<typeof LockSeatBody>['seat']) {
    const p = await meta(seat.PresentationId);
    if (p.venueId !== seat.VenueId || p.seatplanId !== seat.VenueSeatplanId) {
      throw new ApiHttpError(400, 'BAD_REQUEST', 'VenueId / VenueSeatplanId do not match the presentation');
    }
    const plan = await planOf(p.seatplanId);
    const section = plan.sectionById.get(seat.VenueSectionId);
    if (!section) throw new ApiHttpError(404, 'SEAT_NOT_FOUND', `no section ${seat.VenueSectionId}`);
    return { p, plan, section };
  }

  route(app, {
    method: 'PUT', url: '/seats/lock-seat', summary: 'Hold a seat (or, for general admission, a place the server picks) for this visit', tags: TAGS,
    headers: SessionHeaders, body: LockSeatBody, response: LockSeatResponse,
    errors: { 404: 'EVENT_DETAILS_ERROR | SEAT_NOT_FOUND', 409: 'lock_seat_error | MAX_SEATS | COMPANION_ALONE | NOT_ENOUGH_SEATS | LOCATION_OFFLINE | EVENT_PAST' },
    async handler({ body, headers, req }) {
      const { p, plan, section } = await resolveSeat(body.seat);
      assertBookable(p);
      const admit = { addr: req.ip, adding: 1, limits };
      let res;
      if (section.isGa) {
        const windowExpiresAt = await admitHold(db, { p, uuid: headers.uuid, ...admit });
        res = await holdGeneralAdmission(db, { p, section, uuid: headers.uuid, maxSeats: limits.maxSeats, windowExpiresAt });
      } else {
        const { XCoordinate: x, YCoordinate: y } = body.seat;
        const seat = x === null || y === null ? undefined : plan.seatByKey.get(`${section.id}_${x}_${y}`);
        if (seat && !seat.isCompanion) {
          // the common case: the squatting admission runs in the hold's own statement (one round trip)
          res = await holdReserved(db, { p, plan, section, seats: [seat], uuid: headers.uuid, maxSeats: limits.maxSeats, admit });
        } else {
          // the admission first, as on every hold: a refusal by address comes before the seat's own errors
          const windowExpiresAt = await admitHold(db, { p, uuid: headers.uuid, ...admit });
          if (x === null || y === null) throw new ApiHttpError(400, 'BAD_REQUEST', 'XCoordinate and YCoordinate are required for a reserved section');
          if (!seat) throw new ApiHttpError(404, 'SEAT_NOT_FOUND', 'no such seat');
          // A companion seat only beside a wheelchair space this visit already holds (issue 16 item 3).
          const refused = companionRefusal(plan, seat, stateFn(await liveRows(db, p.id, section.id, seat.y), headers.uuid));
          if (refused) throw refusalError(refused);
          res = await holdReserved(db, { p, plan, section, seats: [seat], uuid: headers.uuid, maxSeats: limits.maxSeats, windowExpiresAt });
        }
      }
      const first = section.isGa ? res.seats[0]! : res.seats.find((s) => s.x === body.seat.XCoordinate && s.y === body.seat.YCoordinate) ?? res.seats[0]!;
      return { lockedSeat: { x: first.x, y: first.y }, seats: res.seats, expiresAt: toIso(res.expiresAt) };
    },
  });

  route(app, {
    method: 'PUT', url: '/seats/unlock-seat', summary: "Release this visit's hold on a seat (with its sofa unit)", tags: TAGS,
    headers: SessionHeaders, body: LockSeatBody, response: UnlockSeatResponse,
    errors: { 404: 'EVENT_DETAILS_ERROR | SEAT_NOT_FOUND', 409: 'unlock_seat_error' },
    async handler({ body, headers }) {
      const { p, plan, section } = await resolveSeat(body.seat);
      let seats: Array<{ x: number; y: number }> | null = null;
      if (body.seat.XCoordinate !== null && body.seat.YCoordinate !== null) {
        if (section.isGa) seats = [{ x: body.seat.XCoordinate, y: 0 }];
        else {
          const seat = plan.seatByKey.get(`${section.id}_${body.seat.XCoordinate}_${body.seat.YCoordinate}`);
          if (!seat) throw new ApiHttpError(404, 'SEAT_NOT_FOUND', 'no such seat');
          const row = plan.rows.get(`${section.id}_${seat.y}`)!;
          seats = seat.sofaUnit === null ? [seat] : row.filter((s) => s.sofaUnit === seat.sofaUnit);
          // a wheelchair space given back takes its companion seat with it (only this visit's holds are released)
          if (seat.isHandicap) seats.push(...companionsBeside(plan, seat));
        }
      } else if (!section.isGa) {
        throw new ApiHttpError(400, 'BAD_REQUEST', 'XCoordinate and YCoordinate are required for a reserved section');
      }
      return { success: true as const, seats: await unhold(db, { p, section, seats, uuid: headers.uuid }) };
    },
  });

  route(app, {
    method: 'POST', url: '/seats/check-selection', summary: "Judge this visit's whole selection before it continues (single-seat rule, companion seats)", tags: TAGS,
    headers: SessionHeaders, body: SelectionCheckBody, response: SelectionCheckResponse,
    errors: { 404: 'EVENT_DETAILS_ERROR', 409: 'SINGLE_SEAT_GAP | COMPANION_ALONE' },
    async handler({ body, headers }) {
      const p = await meta(body.presentationId);
      return { ok: true as const, seats: await assertSelection(db, db, p.id, headers.uuid, plans) };
    },
  });

  route(app, {
    method: 'PUT', url: '/seats/extend', summary: "Extend this visit's holds by the step's own time (up to MAX_HOLD_EXTENSIONS per order)", tags: TAGS,
    headers: SessionHeaders, body: ExtendBody, response: ExtendResponse,
    errors: { 404: 'EVENT_DETAILS_ERROR', 409: 'EXTEND_LIMIT | HOLD_EXPIRED' },
    async handler({ body, headers }) {
      const p = await meta(body.presentationId);
      const r = await extendOrder(db, p.id, headers.uuid, body.step ?? 'chooseSeats');
      return { expiresAt: toIso(r.expiresAt), seats: r.seats, extensionsLeft: r.extensionsLeft };
    },
  });

  route(app, {
    method: 'DELETE', url: '/seats/holds', summary: 'Release every hold of this visit on a presentation', tags: TAGS,
    headers: SessionHeaders, query: HoldsQuery, response: ReleaseHoldsResponse,
    errors: { 404: 'EVENT_DETAILS_ERROR' },
    async handler({ query, headers }) {
      await meta(query.presentationId);
      return { released: await releaseAll(db, query.presentationId, headers.uuid) };
    },
  });

  route(app, {
    method: 'GET', url: '/seats/best-available', summary: 'Best available seats; isLock=1 holds the first match', tags: TAGS,
    headers: OptionalSessionHeaders, query: BestAvailableQuery, response: BestAvailableResponse,
    errors: { 404: 'EVENT_DETAILS_ERROR', 409: 'MAX_SEATS | LOCATION_OFFLINE | EVENT_PAST' },
    async handler({ query, headers, req }) {
      if (query.isLock && !headers.uuid) throw new ApiHttpError(400, 'BAD_REQUEST', 'isLock=1 needs the uuid header');
      if (query.isLock) assertWithinMaxSeats(query.quantity, limits.maxSeats); // before any per-seat work
      const p = await meta(query.presentationId);
      const plan = await planOf(p.seatplanId);
      // the same squatting limits as lock-seat
      let windowExpiresAt: Date | undefined;
      if (query.isLock && headers.uuid) {
        assertBookable(p);
        windowExpiresAt = await admitHold(db, { p, uuid: headers.uuid, addr: req.ip, adding: query.quantity, limits });
      }
      const matchesFor = async () => {
        const st = stateFn(await liveRows(db, p.id), headers.uuid);
        // a visit's own holds are not offered again
        return bestAvailable(plan.seats, (s) => (st(s) === 'free' ? 'free' : 'taken'), {
          quantity: query.quantity, maxMatches: query.maxMatches, accessible: query.accessible,
          ticketGroupId: query.ticketGroupId, sectionId: query.sectionId,
        });
      };
      let matches = await matchesFor();
      let lockedIndex = -1;
      let expiresAt: Date | null = null;
      if (query.isLock && headers.uuid) {
        // Hold the best match; if someone took one of its seats meanwhile, try the next one.
        for (let attempt = 0; attempt < 3 && lockedIndex < 0 && matches.length; attempt++) {
          for (let i = 0; i < matches.length && lockedIndex < 0; i++) {
            const m = matches[i]!;
            try {
              const bySection = new Map<number, PlanSeat[]>();
              for (const s of m.seats) bySection.set(s.sectionId, [...(bySection.get(s.sectionId) ?? []), s]);
              if (bySection.size !== 1) continue;
              const [sectionId, seats] = [...bySection.entries()][0]!;
              const r = await holdReserved(db, {
                p, plan, section: plan.sectionById.get(sectionId)!, seats, uuid: headers.uuid, maxSeats: limits.maxSeats, windowExpiresAt,
              });
              expiresAt = r.expiresAt;
              lockedIndex = i;
            } catch (e) {
              if (e instanceof ApiHttpError && e.code === 'MAX_SEATS') throw e;
              if (!(e instanceof ApiHttpError && e.code === 'lock_seat_error')) throw e;
            }
          }
          if (lockedIndex < 0) matches = await matchesFor();
        }
      }
      return {
        matches: matches.map((m, i) => ({
          presentationId: p.id,
          seats: m.seats.map((s) => ({
            VenueSectionId: s.sectionId, XCoordinate: s.x, YCoordinate: s.y, RowName: s.rowName, SeatName: s.seatName,
            TicketGroupId: s.ticketGroupId, isHandicap: s.isHandicap, isCompanion: s.isCompanion,
          })),
          together: m.together, noSingleSeat: m.noSingleSeat, locked: i === lockedIndex,
        })),
        expiresAt: expiresAt ? toIso(expiresAt) : null,
      };
    },
  });
}
