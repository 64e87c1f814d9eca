import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import {
  BestAvailableQuery, BestAvailableResponse, DayPresentationsQuery, DayPresentationsResponse, ExtendBody, ExtendResponse,
  HoldsQuery, LockSeatBody, LockSeatResponse, ReleaseHoldsResponse, SeatChangeEvent, SeatEventsQuery, SeatplanQuery,
  SeatplanResponse, SeatplanV2Response, SEAT_FLAGS, SeatsStatusQuery, SeatsStatusResponse, SeatsStatusV2Response,
  SessionHeaders, UnlockSeatResponse, type Seat, type SeatplanV2,
} from '@ticketing/shared/contracts';
import type { Db } from '../../db/index.ts';
import { ApiHttpError, HIJACKED, route, type Lang } from '../../lib/route.ts';
import { jerusalemTime, toIso } from '../../lib/time.ts';
import { isVodType, PRESENTATION_SELECT, rowToSummary, type PresentationRow } from '../catalog/queries.ts';
import {
  assertBookable, extendHolds, holdGeneralAdmission, holdReserved, liveRows, releaseAll, SEAT_CHANNEL, stateFn, sweepExpired,
  unhold, type PresentationMeta,
} from './holds.ts';
import { PlanCache, type Plan, type PlanSeat } from './plan.ts';
import { bestAvailable } from './rules.ts';

export interface SeatsOptions {
  db: Db;
  /** Max seats per visit and presentation (decisions.md: default 10). */
  maxSeats: number;
  /** Expired-hold sweeper period; 0 disables it. */
  sweepIntervalMs: number;
  /** SSE heartbeat period. */
  heartbeatMs: number;
}

const OptionalSession = SessionHeaders.partial();

/** Seats: seat plans, seat status, holds, best available, live availability (spec section 7, Booking). */
export async function seatsPlugin(app: FastifyInstance, opts: SeatsOptions): Promise<void> {
  const { db } = opts;
  const plans = new PlanCache(db);

  // --- presentation facts for the hold path (cached briefly; they rarely change) ---
  const metaCache = new Map<number, { at: number; meta: Promise<PresentationMeta> }>();
  function meta(id: number): Promise<PresentationMeta> {
    const hit = metaCache.get(id);
    if (hit && Date.now() - hit.at < 5000) return hit.meta;
    const m = (async () => {
      const { rows } = await db.query<{ id: number; venue_id: number; seatplan_id: number; seating_policy_id: number; venue_type_id: number; choose_seats_s: number; web_booking_offline: boolean; starts_at: Date }>(`
        SELECT p.id, p.venue_id, p.seatplan_id, v.seating_policy_id, v.venue_type_id, p.choose_seats_s, l.web_booking_offline, p.starts_at
        FROM presentations p JOIN venues v ON v.id = p.venue_id JOIN locations l ON l.id = v.location_id WHERE p.id = $1`, [id]);
      const r = rows[0];
      if (!r) throw new ApiHttpError(404, 'EVENT_DETAILS_ERROR', `no presentation ${id}`);
      return {
        id: r.id, venueId: r.venue_id, seatplanId: r.seatplan_id, seatingPolicyId: r.seating_policy_id, venueTypeId: r.venue_type_id,
        chooseSeatsS: r.choose_seats_s, offline: r.web_booking_offline, startsAt: new Date(r.starts_at),
      };
    })();
    metaCache.set(id, { at: Date.now(), meta: m });
    m.catch(() => metaCache.delete(id));
    return m;
  }
  async function planOf(seatplanId: number): Promise<Plan> {
    const plan = await plans.get(seatplanId);
    if (!plan) throw new ApiHttpError(404, 'SEATPLAN_NOT_FOUND', `no seat plan ${seatplanId}`);
    return plan;
  }

  // --- live availability: one LISTEN per process, fanned out to the open streams ---
  const streams = new Map<number, Set<ServerResponse>>();
  let unlisten: (() => Promise<void>) | null = null;
  unlisten = await db.listen(SEAT_CHANNEL, (payload) => {
    let ev: SeatChangeEvent;
    try {
      ev = JSON.parse(payload) as SeatChangeEvent;
    } catch {
      return;
    }
    const set = streams.get(ev.presentationId);
    if (!set) return;
    const msg = `event: seats\ndata: ${payload}\n\n`;
    for (const res of set) res.write(msg);
  });

  let sweeper: NodeJS.Timeout | null = null;
  let sweeping = false;
  if (opts.sweepIntervalMs > 0) {
    sweeper = setInterval(() => {
      if (sweeping) return;
      sweeping = true;
      sweepExpired(db).catch((err: unknown) => app.log.warn({ err }, 'hold sweeper failed')).finally(() => { sweeping = false; });
    }, opts.sweepIntervalMs);
    sweeper.unref();
  }

  app.addHook('preClose', async () => {
    if (sweeper) clearInterval(sweeper);
    for (const set of streams.values()) for (const res of set) res.end();
    streams.clear();
  });
  app.addHook('onClose', async () => {
    if (unlisten) await unlisten().catch(() => undefined);
  });

  // ---------- seat plans ----------

  const seatOut = (s: PlanSeat, plan: Plan, lang: Lang): Seat => {
    const sec = plan.sectionById.get(s.sectionId)!;
    return {
      XCoordinate: s.x, YCoordinate: s.y, RowName: s.rowName, SeatName: s.seatName,
      SectionName: lang === 'he' ? sec.nameHe : sec.nameEn, VenueSectionId: s.sectionId, VenueSectionSeatGroupId: s.groupId,
      TicketGroupId: s.ticketGroupId, isHandicap: s.isHandicap, isCompanion: s.isCompanion, isLimitedView: s.isLimitedView,
      isPremium: s.isPremium, sofaUnit: s.sofaUnit,
    };
  };

  function planHead(plan: Plan, lang: Lang) {
    return {
      id: plan.id, venueId: plan.venueId, name: plan.name, width: plan.width, height: plan.height,
      stage: { ...plan.stage, label: plan.stage.kind === 'screen' ? (lang === 'he' ? 'מסך' : 'Screen') : (lang === 'he' ? 'במה' : 'Stage') },
    };
  }

  async function checkedPlan(venueId: number, seatplanId: number): Promise<Plan> {
    const plan = await plans.get(seatplanId);
    if (!plan || plan.venueId !== venueId) throw new ApiHttpError(404, 'SEATPLAN_NOT_FOUND', `no seat plan ${seatplanId} in venue ${venueId}`);
    return plan;
  }

  route(app, {
    method: 'GET', url: '/seats/seatplan', summary: 'Seat plan: sections → groups → rows → seats', tags: ['seats'],
    query: SeatplanQuery, response: SeatplanResponse, errors: { 404: 'SEATPLAN_NOT_FOUND' },
    async handler({ query, lang }) {
      const plan = await checkedPlan(query.venueId, query.seatplanId);
      return {
        seatplan: {
          ...planHead(plan, lang),
          sections: plan.sections.map((sec) => ({
            id: sec.id, name: lang === 'he' ? sec.nameHe : sec.nameEn, isGA: sec.isGa, capacity: sec.capacity,
            ticketGroupId: sec.ticketGroupId, bounds: sec.bounds,
            groups: sec.groups.map((g) => {
              const rows = new Map<number, Seat[]>();
              for (const s of plan.seats) if (s.groupId === g.id) rows.set(s.y, [...(rows.get(s.y) ?? []), seatOut(s, plan, lang)]);
              return {
                id: g.id, name: lang === 'he' ? g.nameHe : g.nameEn,
                rows: [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([y, seats]) => ({ name: seats[0]!.RowName, y, seats })),
              };
            }),
          })),
        },
      };
    },
  });

  route(app, {
    method: 'GET', url: '/seats/seatplanV2', summary: 'Compact seat plan: seats as [x, name, flags, sofaUnit, ticketGroupId]', tags: ['seats'],
    query: SeatplanQuery, response: SeatplanV2Response, errors: { 404: 'SEATPLAN_NOT_FOUND' },
    async handler({ query, lang }) {
      const plan = await checkedPlan(query.venueId, query.seatplanId);
      const sections: SeatplanV2['sections'] = plan.sections.map((sec) => ({
        id: sec.id, name: lang === 'he' ? sec.nameHe : sec.nameEn, isGA: sec.isGa, capacity: sec.capacity,
        ticketGroupId: sec.ticketGroupId, bounds: sec.bounds,
        groups: sec.groups.map((g) => ({ id: g.id, name: lang === 'he' ? g.nameHe : g.nameEn, rows: [] })),
      }));
      const groupOut = new Map(sections.flatMap((s) => s.groups.map((g) => [g.id, g] as const)));
      for (const s of plan.seats) {
        const g = groupOut.get(s.groupId)!;
        let row = g.rows[g.rows.length - 1];
        if (!row || row.y !== s.y) g.rows.push((row = { name: s.rowName, y: s.y, seats: [] }));
        const flags = (s.isHandicap ? SEAT_FLAGS.handicap : 0) | (s.isCompanion ? SEAT_FLAGS.companion : 0) |
          (s.isLimitedView ? SEAT_FLAGS.limitedView : 0) | (s.isPremium ? SEAT_FLAGS.premium : 0);
        row.seats.push([s.x, s.seatName, flags, s.sofaUnit ?? 0, s.ticketGroupId]);
      }
      return { seatplan: { ...planHead(plan, lang), sections } };
    },
  });

  // ---------- seat status ----------

  async function status(presentationId: number, sectionId: number | undefined, uuid: string | undefined) {
    const p = await meta(presentationId);
    const plan = await planOf(p.seatplanId);
    const live = await liveRows(db, p.id, sectionId);
    const st = stateFn(live, uuid);
    let holdExpiresAt: Date | null = null;
    for (const r of live) {
      if (r.status === 'held' && uuid && r.holder_uuid === uuid && r.expires_at && (!holdExpiresAt || r.expires_at < holdExpiresAt)) holdExpiresAt = r.expires_at;
    }
    return { p, plan, st, live, holdExpiresAt };
  }

  function sectionsFilter(plan: Plan, sectionId: number | undefined) {
    if (sectionId !== undefined && !plan.sectionById.has(sectionId)) throw new ApiHttpError(404, 'SECTION_NOT_FOUND', `no section ${sectionId}`);
    return plan.sections.filter((s) => sectionId === undefined || s.id === sectionId);
  }

  route(app, {
    method: 'GET', url: '/seats/seats-statusV2', summary: "Seats available to this visit as a 'section_x_y' → 'ticketGroup,allocation' map", tags: ['seats'],
    query: SeatsStatusQuery, headers: OptionalSession, response: SeatsStatusV2Response,
    errors: { 404: 'EVENT_DETAILS_ERROR' },
    async handler({ query, headers }) {
      const { plan, st, holdExpiresAt } = await status(query.presentationId, query.sectionId, headers.uuid);
      const seats: Record<string, string> = {};
      const held: string[] = [];
      const sections: Record<string, { available: number; capacity: number }> = {};
      for (const sec of sectionsFilter(plan, query.sectionId)) sections[sec.id] = { available: 0, capacity: sec.capacity };
      for (const s of plan.seats) {
        const sum = sections[s.sectionId];
        if (!sum) continue;
        const state = st(s);
        if (state === 'taken') continue;
        const key = `${s.sectionId}_${s.x}_${s.y}`;
        seats[key] = `${s.ticketGroupId},${plan.sectionById.get(s.sectionId)!.allocationId}`;
        if (state === 'mine') held.push(key);
        sum.available++;
      }
      for (const sec of plan.sections) {
        if (!sec.isGa || !sections[sec.id]) continue;
        for (let x = 1; x <= sec.capacity; x++) {
          const state = st({ sectionId: sec.id, x, y: 0 });
          if (state === 'taken') continue;
          const key = `${sec.id}_${x}_0`;
          seats[key] = `${sec.ticketGroupId},${sec.allocationId}`;
          if (state === 'mine') held.push(key);
          sections[sec.id]!.available++;
        }
      }
      return { seats, held, sections, holdExpiresAt: holdExpiresAt ? toIso(holdExpiresAt) : null };
    },
  });

  route(app, {
    method: 'GET', url: '/seats/seats-status', summary: 'Seats available to this visit (list form)', tags: ['seats'],
    query: SeatsStatusQuery, headers: OptionalSession, response: SeatsStatusResponse,
    errors: { 404: 'EVENT_DETAILS_ERROR' },
    async handler({ query, headers }) {
      const { plan, st, holdExpiresAt } = await status(query.presentationId, query.sectionId, headers.uuid);
      const out: z.input<typeof SeatsStatusResponse>['seats'] = [];
      const sections: Record<string, { available: number; capacity: number }> = {};
      for (const sec of sectionsFilter(plan, query.sectionId)) sections[sec.id] = { available: 0, capacity: sec.capacity };
      const push = (sectionId: number, x: number, y: number, tg: number, alloc: number) => {
        const state = st({ sectionId, x, y });
        if (state === 'taken') return;
        out.push({ VenueSectionId: sectionId, XCoordinate: x, YCoordinate: y, TicketGroupId: tg, AllocationId: alloc, isAvailable: true, isSelected: state === 'mine' });
        sections[sectionId]!.available++;
      };
      for (const s of plan.seats) if (sections[s.sectionId]) push(s.sectionId, s.x, s.y, s.ticketGroupId, plan.sectionById.get(s.sectionId)!.allocationId);
      for (const sec of plan.sections) if (sec.isGa && sections[sec.id]) for (let x = 1; x <= sec.capacity; x++) push(sec.id, x, 0, sec.ticketGroupId, sec.allocationId);
      return { seats: out, sections, holdExpiresAt: holdExpiresAt ? toIso(holdExpiresAt) : null };
    },
  });

  // ---------- event list of a day ----------

  route(app, {
    method: 'GET', url: '/seats/presentations', summary: 'Presentations of one Asia/Jerusalem day with availability', tags: ['seats', 'catalog'],
    query: DayPresentationsQuery, response: DayPresentationsResponse,
    async handler({ query, lang }) {
      const { rows } = await db.query<PresentationRow & { taken: number }>(`
        SELECT * FROM (${PRESENTATION_SELECT}
          WHERE p.business_date = $1::date AND ($2::int IS NULL OR v.location_id = $2::int)) x
        LEFT JOIN LATERAL (SELECT count(*)::int AS taken FROM presentation_seats ps
                           WHERE ps.presentation_id = x.id AND (ps.status = 'sold' OR ps.expires_at > now())) t ON true
        ORDER BY x.starts_at, x.id`, [query.date, query.locationId ?? null]);
      return {
        date: query.date,
        presentations: rows.map((r) => {
          const s = rowToSummary(r, lang);
          return {
            id: s.id, featureId: s.featureId, featureName: s.featureName, locationId: s.locationId, locationName: s.locationName,
            venueId: s.venueId, venueName: s.venueName, venueTypeId: s.venueTypeId, dateTime: s.dateTime,
            time: jerusalemTime(new Date(r.starts_at)), seatingMode: s.seatingMode, isReserved: s.isReserved, isGA: s.isGA,
            capacity: r.capacity, available: Math.max(0, r.capacity - r.taken), locationOffline: s.locationOffline,
            isVod: isVodType(s.venueTypeId),
          };
        }),
      };
    },
  });

  // ---------- holds ----------

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
    method: 'PUT', url: '/seats/lock-seat', summary: 'Hold a seat (or, for general admission, a place the server picks) for this visit', tags: ['seats'],
    headers: SessionHeaders, body: LockSeatBody, response: LockSeatResponse,
    errors: { 404: 'EVENT_DETAILS_ERROR | SEAT_NOT_FOUND', 409: 'lock_seat_error | MAX_SEATS | SINGLE_SEAT_GAP | NOT_ENOUGH_SEATS | LOCATION_OFFLINE | EVENT_PAST' },
    async handler({ body, headers }) {
      const { p, plan, section } = await resolveSeat(body.seat);
      assertBookable(p);
      let res;
      if (section.isGa) {
        res = await holdGeneralAdmission(db, { p, section, uuid: headers.uuid, maxSeats: opts.maxSeats });
      } else {
        if (body.seat.XCoordinate === null || body.seat.YCoordinate === null) {
          throw new ApiHttpError(400, 'BAD_REQUEST', 'XCoordinate and YCoordinate are required for a reserved section');
        }
        const seat = plan.seatByKey.get(`${section.id}_${body.seat.XCoordinate}_${body.seat.YCoordinate}`);
        if (!seat) throw new ApiHttpError(404, 'SEAT_NOT_FOUND', 'no such seat');
        res = await holdReserved(db, { p, plan, section, seats: [seat], uuid: headers.uuid, maxSeats: opts.maxSeats, checkGap: p.seatingPolicyId === 3 });
      }
      const first = section.isGa ? res.seats[0]! : res.seats.find((s) => s.x === body.seat.XCoordinate && s.y === body.seat.YCoordinate) ?? res.seats[0]!;
      return { lockedSeat: { x: first.x, y: first.y }, seats: res.seats, expiresAt: toIso(res.expiresAt) };
    },
  });

  route(app, {
    method: 'PUT', url: '/seats/unlock-seat', summary: "Release this visit's hold on a seat (with its sofa unit)", tags: ['seats'],
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
        }
      } else if (!section.isGa) {
        throw new ApiHttpError(400, 'BAD_REQUEST', 'XCoordinate and YCoordinate are required for a reserved section');
      }
      return { success: true as const, seats: await unhold(db, { p, section, seats, uuid: headers.uuid }) };
    },
  });

  route(app, {
    method: 'PUT', url: '/seats/extend', summary: "Extend this visit's holds on a presentation (once per order)", tags: ['seats'],
    headers: SessionHeaders, body: ExtendBody, response: ExtendResponse,
    errors: { 404: 'EVENT_DETAILS_ERROR', 409: 'EXTEND_LIMIT | HOLD_EXPIRED' },
    async handler({ body, headers }) {
      const p = await meta(body.presentationId);
      const r = await extendHolds(db, p, headers.uuid);
      return { expiresAt: toIso(r.expiresAt), seats: r.seats };
    },
  });

  route(app, {
    method: 'DELETE', url: '/seats/holds', summary: 'Release every hold of this visit on a presentation', tags: ['seats'],
    headers: SessionHeaders, query: HoldsQuery, response: ReleaseHoldsResponse,
    errors: { 404: 'EVENT_DETAILS_ERROR' },
    async handler({ query, headers }) {
      await meta(query.presentationId);
      return { released: await releaseAll(db, query.presentationId, headers.uuid) };
    },
  });

  route(app, {
    method: 'GET', url: '/seats/best-available', summary: 'Best available seats; isLock=1 holds the first match', tags: ['seats'],
    headers: OptionalSession, query: BestAvailableQuery, response: BestAvailableResponse,
    errors: { 404: 'EVENT_DETAILS_ERROR', 409: 'MAX_SEATS | LOCATION_OFFLINE | EVENT_PAST' },
    async handler({ query, headers }) {
      if (query.isLock && !headers.uuid) throw new ApiHttpError(400, 'BAD_REQUEST', 'isLock=1 needs the uuid header');
      const p = await meta(query.presentationId);
      const plan = await planOf(p.seatplanId);
      if (query.isLock) assertBookable(p);
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
                p, plan, section: plan.sectionById.get(sectionId)!, seats, uuid: headers.uuid, maxSeats: opts.maxSeats, checkGap: false,
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

  // ---------- live availability ----------

  route(app, {
    method: 'GET', url: '/seats/events', summary: 'Server-sent events: `seats` events (SeatChangeEvent) for one presentation', tags: ['seats'],
    query: SeatEventsQuery, response: z.string(), produces: 'text/event-stream',
    async handler({ query, req, reply }) {
      await meta(query.presentationId);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(`retry: 2000\n: presentation ${query.presentationId}\n\n`);
      let set = streams.get(query.presentationId);
      if (!set) streams.set(query.presentationId, (set = new Set()));
      set.add(res);
      const hb = setInterval(() => res.write(': heartbeat\n\n'), opts.heartbeatMs);
      hb.unref();
      const done = () => {
        clearInterval(hb);
        const s = streams.get(query.presentationId);
        s?.delete(res);
        if (s && s.size === 0) streams.delete(query.presentationId);
      };
      req.raw.on('close', done);
      res.on('close', done);
      return HIJACKED;
    },
  });
}
