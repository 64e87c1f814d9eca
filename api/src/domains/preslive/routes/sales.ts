import type { FastifyInstance } from 'fastify';
import {
  ALL_CINEMAS_EXCLUDED_LOCATION, ALL_CINEMAS_ID, DateRangeQuery, FeatureDatesResponse, FeatureSalesParams, FeatureSalesQuery,
  FeatureSalesResponse, LocationDatesResponse, LocationSalesParams, LocationSalesResponse, PresentationSalesResponse,
  type FeatureSalesItem, type LocationSalesRow,
} from '@ticketing/shared/contracts';
import { route } from '../../../lib/route.ts';
import { pick } from '../../../lib/lang.ts';
import { dashboardWindow, TAGS, type PresliveContext } from '../context.ts';
import { boxRows, datesWithValue, featuresShown, locationDay } from '../queries.ts';

const ALL_CINEMAS_NAME = { he: 'כל בתי הקולנוע', en: 'All cinemas' } as const;

/** Sales by cinema, by film and by date (the dashboard's three first screens). */
export function salesRoutes(scope: FastifyInstance, { db, biz }: PresliveContext): void {
  // ---------- sales by cinema ----------
  route(scope, {
    method: 'GET', url: '/PRES-live/locationTicketSales/', summary: 'Dates with value: tickets sold for each day\'s presentations (window −30…+14 days)', tags: TAGS,
    response: LocationDatesResponse, errors: { 401: 'UNAUTHORIZED' },
    async handler({ req }) {
      const w = dashboardWindow();
      return { dates: await datesWithValue(db, biz(req), w.from, w.to) };
    },
  });

  route(scope, {
    method: 'GET', url: '/PRES-live/locationTicketSales/data/{date}/{mode}',
    summary: 'Locations of one day: Capacity, Sold, Availability, plus the all-cinemas row (LocationId −1, location 1 excluded)', tags: TAGS,
    params: LocationSalesParams, response: LocationSalesResponse, errors: { 401: 'UNAUTHORIZED' },
    async handler({ params, req, lang }) {
      const rows = await locationDay(db, biz(req), params.date);
      const row = (LocationId: number, Name: string, cap: number, sold: number, held: number): LocationSalesRow =>
        ({ LocationId, Name, Capacity: cap, Sold: sold, Availability: Math.max(0, cap - sold - held) });
      const locations = rows.map((r) => row(r.id, pick(lang, r.he, r.en), r.cap, r.sold, r.held));
      const rest = rows.filter((r) => r.id !== ALL_CINEMAS_EXCLUDED_LOCATION);
      const sum = (k: 'cap' | 'sold' | 'held') => rest.reduce((a, r) => a + r[k], 0);
      locations.push(row(ALL_CINEMAS_ID, ALL_CINEMAS_NAME[lang], sum('cap'), sum('sold'), sum('held')));
      return { date: params.date, locations };
    },
  });

  // ---------- sales by film ----------
  route(scope, {
    method: 'GET', url: '/PRES-live/featureTicketSales', summary: 'Dates with value and the features shown in the window', tags: TAGS,
    response: FeatureDatesResponse, errors: { 401: 'UNAUTHORIZED' },
    async handler({ req, lang }) {
      const w = dashboardWindow();
      const dates = await datesWithValue(db, biz(req), w.from, w.to);
      const rows = await featuresShown(db, biz(req), w.from, w.to);
      return { dates, features: rows.map((r) => ({ FeatureId: r.id, FeatureName: pick(lang, r.he, r.en) })) };
    },
  });

  route(scope, {
    method: 'GET', url: '/PRES-live/featureTicketSales/data/{date}', summary: 'Sales by feature (isByLocation: by feature and location) for one day', tags: TAGS,
    params: FeatureSalesParams, query: FeatureSalesQuery, response: FeatureSalesResponse, errors: { 401: 'UNAUTHORIZED' },
    async handler({ params, query, req, lang }) {
      const rows = await boxRows(db, biz(req), `p.business_date = $2::date AND ($3::int IS NULL OR v.location_id = $3) AND ($4::int IS NULL OR p.feature_id = $4)`,
        [params.date, query.locationId ?? null, query.featureId ?? null], lang);
      const groups = new Map<string, FeatureSalesItem>();
      for (const r of rows) {
        const key = query.isByLocation ? `${r.FeatureId}:${r.LocationId}` : String(r.FeatureId);
        let g = groups.get(key);
        if (!g) {
          g = { FeatureId: r.FeatureId, FeatureName: r.FeatureName, LocationId: query.isByLocation ? r.LocationId : null,
            LocationName: query.isByLocation ? r.LocationName : null, Presentations: 0, Capacity: 0, Sold: 0, Held: 0, Availability: 0 };
          groups.set(key, g);
        }
        g.Presentations += 1; g.Capacity += r.Capacity; g.Sold += r.SoldQuantity; g.Held += r.HeldQuantity;
        g.Availability = Math.max(0, g.Capacity - g.Sold - g.Held);
      }
      const items = [...groups.values()].sort((a, b) => b.Sold - a.Sold || a.FeatureId - b.FeatureId || (a.LocationId ?? 0) - (b.LocationId ?? 0));
      return { date: params.date, isByLocation: query.isByLocation, items };
    },
  });

  // ---------- sales by date ----------
  route(scope, {
    method: 'GET', url: '/PRES-live/monitors/PresentationSales/data', summary: 'Presentation sales monitor for a date range (rows: LocationName, FeatureName, …)', tags: TAGS,
    query: DateRangeQuery, response: PresentationSalesResponse, errors: { 401: 'UNAUTHORIZED' },
    async handler({ query, req, lang }) {
      const rows = await boxRows(db, biz(req), 'p.business_date BETWEEN $2::date AND $3::date', [query.startDate, query.endDate], lang);
      return { startDate: query.startDate, endDate: query.endDate, rows };
    },
  });
}
