import type { FastifyInstance } from 'fastify';
import { SEAT_FLAGS, SeatplanQuery, SeatplanResponse, SeatplanV2Response, type Seat, type SeatplanV2 } from '@ticketing/shared/contracts';
import { pick } from '../../../lib/lang.ts';
import { localeOf, type FullLocale } from '../../../lib/localizedNames.ts';
import { ApiHttpError, route, type Lang } from '../../../lib/route.ts';
import type { Plan, PlanSeat } from '../plan.ts';
import { TAGS, type SeatsContext } from '../context.ts';

const seatOut = (s: PlanSeat, plan: Plan, lang: Lang): Seat => {
  const sec = plan.sectionById.get(s.sectionId)!;
  return {
    XCoordinate: s.x, YCoordinate: s.y, RowName: s.rowName, SeatName: s.seatName,
    SectionName: pick(lang, sec.nameHe, sec.nameEn), VenueSectionId: s.sectionId, VenueSectionSeatGroupId: s.groupId,
    TicketGroupId: s.ticketGroupId, isHandicap: s.isHandicap, isCompanion: s.isCompanion, isLimitedView: s.isLimitedView,
    isPremium: s.isPremium, sofaUnit: s.sofaUnit,
  };
};

/** The words drawn on the map's stage, in every language of the site (a Russian visitor read "Screen"). */
const STAGE_LABELS: Record<FullLocale, { screen: string; stage: string }> = {
  he: { screen: 'מסך', stage: 'במה' }, en: { screen: 'Screen', stage: 'Stage' }, ru: { screen: 'Экран', stage: 'Сцена' },
  ar: { screen: 'الشاشة', stage: 'المسرح' }, pl: { screen: 'Ekran', stage: 'Scena' },
};

function planHead(plan: Plan, locale: FullLocale) {
  return {
    id: plan.id, venueId: plan.venueId, name: plan.name, width: plan.width, height: plan.height,
    stage: { ...plan.stage, label: STAGE_LABELS[locale][plan.stage.kind === 'screen' ? 'screen' : 'stage'] },
  };
}

/** Seat plans: the full tree and the compact form. */
export function planRoutes(app: FastifyInstance, { plans }: SeatsContext): void {
  async function checkedPlan(venueId: number, seatplanId: number): Promise<Plan> {
    const plan = await plans.get(seatplanId);
    if (!plan || plan.venueId !== venueId) throw new ApiHttpError(404, 'SEATPLAN_NOT_FOUND', `no seat plan ${seatplanId} in venue ${venueId}`);
    return plan;
  }

  route(app, {
    method: 'GET', url: '/seats/seatplan', summary: 'Seat plan: sections → groups → rows → seats', tags: TAGS,
    query: SeatplanQuery, response: SeatplanResponse, errors: { 404: 'SEATPLAN_NOT_FOUND' },
    async handler({ query, lang, req }) {
      const plan = await checkedPlan(query.venueId, query.seatplanId);
      return {
        seatplan: {
          ...planHead(plan, localeOf(req)),
          sections: plan.sections.map((sec) => ({
            id: sec.id, name: pick(lang, sec.nameHe, sec.nameEn), isGA: sec.isGa, capacity: sec.capacity,
            ticketGroupId: sec.ticketGroupId, bounds: sec.bounds,
            groups: sec.groups.map((g) => {
              const rows = new Map<number, Seat[]>();
              for (const s of plan.seats) if (s.groupId === g.id) rows.set(s.y, [...(rows.get(s.y) ?? []), seatOut(s, plan, lang)]);
              return {
                id: g.id, name: pick(lang, g.nameHe, g.nameEn),
                rows: [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([y, seats]) => ({ name: seats[0]!.RowName, y, seats })),
              };
            }),
          })),
        },
      };
    },
  });

  route(app, {
    method: 'GET', url: '/seats/seatplanV2', summary: 'Compact seat plan: seats as [x, name, flags, sofaUnit, ticketGroupId]', tags: TAGS,
    query: SeatplanQuery, response: SeatplanV2Response, errors: { 404: 'SEATPLAN_NOT_FOUND' },
    async handler({ query, lang, req }) {
      const plan = await checkedPlan(query.venueId, query.seatplanId);
      const sections: SeatplanV2['sections'] = plan.sections.map((sec) => ({
        id: sec.id, name: pick(lang, sec.nameHe, sec.nameEn), isGA: sec.isGa, capacity: sec.capacity,
        ticketGroupId: sec.ticketGroupId, bounds: sec.bounds,
        groups: sec.groups.map((g) => ({ id: g.id, name: pick(lang, g.nameHe, g.nameEn), rows: [] })),
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
      return { seatplan: { ...planHead(plan, localeOf(req)), sections } };
    },
  });
}
