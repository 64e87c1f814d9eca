import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  DayPresentationsQuery, DayPresentationsResponse, OptionalSessionHeaders, SeatsStatusQuery, SeatsStatusResponse, SeatsStatusV2Response,
} from '@ticketing/shared/contracts';
import { ApiHttpError, route } from '../../../lib/route.ts';
import { jerusalemTime, toIso } from '../../../lib/time.ts';
import { isVodType, rowToSummary } from '../../catalog/queries.ts';
import { liveRows, stateFn } from '../holds.ts';
import type { Plan } from '../plan.ts';
import { dayPresentations } from '../queries.ts';
import { TAGS, type SeatsContext } from '../context.ts';

function sectionsFilter(plan: Plan, sectionId: number | undefined) {
  if (sectionId !== undefined && !plan.sectionById.has(sectionId)) throw new ApiHttpError(404, 'SECTION_NOT_FOUND', `no section ${sectionId}`);
  return plan.sections.filter((s) => sectionId === undefined || s.id === sectionId);
}

/** Seat status for a visit (map and list forms) and the day's presentations with availability. */
export function statusRoutes(app: FastifyInstance, { db, meta, planOf }: SeatsContext): void {
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

  route(app, {
    method: 'GET', url: '/seats/seats-statusV2', summary: "Seats available to this visit as a 'section_x_y' → 'ticketGroup,allocation' map", tags: TAGS,
    query: SeatsStatusQuery, headers: OptionalSessionHeaders, response: SeatsStatusV2Response,
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
    method: 'GET', url: '/seats/seats-status', summary: 'Seats available to this visit (list form)', tags: TAGS,
    query: SeatsStatusQuery, headers: OptionalSessionHeaders, response: SeatsStatusResponse,
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

  route(app, {
    method: 'GET', url: '/seats/presentations', summary: 'Presentations of one Asia/Jerusalem day with availability', tags: ['seats', 'catalog'],
    query: DayPresentationsQuery, response: DayPresentationsResponse,
    async handler({ query, lang }) {
      const rows = await dayPresentations(db, query.date, query.locationId ?? null);
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
}
