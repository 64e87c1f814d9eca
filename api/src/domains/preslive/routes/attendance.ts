import type { FastifyInstance } from 'fastify';
import {
  AttendanceByDateResponse, AttendanceByLocationResponse, AttendanceByShowTimeResponse, AttendanceRangeParams,
  CinemaFilterDataResponse, DateLocationParams, DateParams, PresentationBoxParams, PresentationBoxResponse, type PresentationBoxRow,
} from '@ticketing/shared/contracts';
import { route, type Lang } from '../../../lib/route.ts';
import { pick } from '../../../lib/lang.ts';
import { TAGS, type PresliveContext, type StaffRequest } from '../context.ts';
import { attendanceByDate, boxRows, filterData } from '../queries.ts';

const CLASS_NAMES: Record<string, { he: string; en: string }> = {
  food: { he: 'מזון', en: 'Food' }, drinks: { he: 'משקאות', en: 'Drinks' }, glasses: { he: 'משקפיים', en: 'Glasses' }, gift: { he: 'מתנות', en: 'Gifts' },
};

/** Attendance reports: by date, by location, by show time and the presentation box drill-down. */
export function attendanceRoutes(scope: FastifyInstance, { db, biz }: PresliveContext): void {
  route(scope, {
    method: 'GET', url: '/PRES-live/attendanceByDate/{startDate}/{endDate}', summary: 'Attendance (tickets sold) per business date, every date of the range', tags: TAGS,
    params: AttendanceRangeParams, response: AttendanceByDateResponse, errors: { 401: 'UNAUTHORIZED' },
    async handler({ params, req }) {
      const rows = await attendanceByDate(db, biz(req), params.startDate, params.endDate);
      return { rows: rows.map((r) => ({ BusinessDate: r.d, SoldQuantity: r.sold, HeldQuantity: r.held, Capacity: r.cap })) };
    },
  });

  route(scope, {
    method: 'GET', url: '/PRES-live/getCinemaFilterData', summary: 'Report filters: locations, product classes, weekend days', tags: TAGS,
    response: CinemaFilterDataResponse, errors: { 401: 'UNAUTHORIZED' },
    async handler({ req, lang }) {
      const { locations, categories } = await filterData(db, biz(req));
      return {
        locations: locations.map((r) => ({ LocationId: r.id, Name: pick(lang, r.he, r.en), BusinessId: r.b })),
        productClasses: categories.map((c) => ({ ProductClassId: c, Name: CLASS_NAMES[c]?.[lang] ?? c })),
        weekendDays: [5, 6],
      };
    },
  });

  route(scope, {
    method: 'GET', url: '/PRES-live/attendanceByDateByLocation/{date}', summary: 'Attendance of one day by location', tags: TAGS,
    params: DateParams, response: AttendanceByLocationResponse, errors: { 401: 'UNAUTHORIZED' },
    async handler({ params, req, lang }) {
      const rows = await boxRows(db, biz(req), 'p.business_date = $2::date', [params.date], lang);
      const by = new Map<number, { LocationId: number; LocationName: string; Presentations: number; Capacity: number; HeldQuantity: number; SoldQuantity: number }>();
      for (const r of rows) {
        const g = by.get(r.LocationId) ?? { LocationId: r.LocationId, LocationName: r.LocationName, Presentations: 0, Capacity: 0, HeldQuantity: 0, SoldQuantity: 0 };
        g.Presentations += 1; g.Capacity += r.Capacity; g.HeldQuantity += r.HeldQuantity; g.SoldQuantity += r.SoldQuantity;
        by.set(r.LocationId, g);
      }
      return { rows: [...by.values()].sort((a, b) => a.LocationId - b.LocationId) };
    },
  });

  const showTimes = (groupBy: 'venue' | 'feature') => async ({ params, req, lang }: { params: { date: string; locationId: number }; req: StaffRequest; lang: Lang }) => {
    const rows = await boxRows(db, biz(req), 'p.business_date = $2::date AND v.location_id = $3', [params.date, params.locationId], lang);
    const groups = new Map<number, { Id: number; Name: string; rows: PresentationBoxRow[] }>();
    for (const r of rows) {
      const id = groupBy === 'venue' ? r.VenueId : r.FeatureId;
      const g = groups.get(id) ?? { Id: id, Name: groupBy === 'venue' ? r.VenueName : r.FeatureName, rows: [] };
      g.rows.push(r);
      groups.set(id, g);
    }
    return { groups: [...groups.values()].sort((a, b) => a.Id - b.Id) };
  };
  route(scope, {
    method: 'GET', url: '/PRES-live/attendanceByDateByLocationByVenue/{date}/{locationId}', summary: 'Attendance by show time, grouped by venue', tags: TAGS,
    params: DateLocationParams, response: AttendanceByShowTimeResponse, errors: { 401: 'UNAUTHORIZED' }, handler: showTimes('venue'),
  });
  route(scope, {
    method: 'GET', url: '/PRES-live/attendanceByDateByLocationByFeature/{date}/{locationId}', summary: 'Attendance by show time, grouped by feature', tags: TAGS,
    params: DateLocationParams, response: AttendanceByShowTimeResponse, errors: { 401: 'UNAUTHORIZED' }, handler: showTimes('feature'),
  });

  route(scope, {
    method: 'GET', url: '/PRES-live/attendanceByDatePresentationBox/{date}/{locationId}/{drillBy}/{id}',
    summary: 'Presentation box of one venue or one feature at a location on a day (drillBy: venue | feature)', tags: TAGS,
    params: PresentationBoxParams, response: PresentationBoxResponse, errors: { 401: 'UNAUTHORIZED' },
    async handler({ params, req, lang }) {
      const col = params.drillBy === 'venue' ? 'p.venue_id' : 'p.feature_id';
      return { rows: await boxRows(db, biz(req), `p.business_date = $2::date AND v.location_id = $3 AND ${col} = $4`, [params.date, params.locationId, params.id], lang) };
    },
  });
}
