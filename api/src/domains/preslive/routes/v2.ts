import type { FastifyInstance } from 'fastify';
import {
  AvailableFeaturesResponse, AvailablePresentationsQuery, AvailablePresentationsResponse, FeatureDataQuery, FeatureDataResponse,
  PresentationDataQuery, PresentationDataResponse,
} from '@ticketing/shared/contracts';
import { ApiHttpError, route } from '../../../lib/route.ts';
import { shekels } from '../../../lib/time.ts';
import { pick } from '../../../lib/lang.ts';
import { dashboardWindow, TAGS, type PresliveContext } from '../context.ts';
import { boxRows, featureAtLocationNames, featureLocationPairs, salesOverTime, ticketTypeSales, totalsOf } from '../queries.ts';

/** PresLive v2: one feature at one location, one presentation. */
export function v2Routes(scope: FastifyInstance, { db, biz }: PresliveContext): void {
  route(scope, {
    method: 'GET', url: '/PRES-live/v2/availableFeatures', summary: 'Feature × location pairs with presentations in the window', tags: TAGS,
    response: AvailableFeaturesResponse, errors: { 401: 'UNAUTHORIZED' },
    async handler({ req, lang }) {
      const w = dashboardWindow();
      const rows = await featureLocationPairs(db, biz(req), w.from, w.to);
      return { features: rows.map((r) => ({ FeatureId: r.fid, LocationId: r.lid, FeatureName: pick(lang, r.fhe, r.fen), LocationName: pick(lang, r.lhe, r.len) })) };
    },
  });

  route(scope, {
    method: 'GET', url: '/PRES-live/v2/featureData', summary: 'One feature at one location: totals, sales over time, presentations', tags: TAGS,
    query: FeatureDataQuery, response: FeatureDataResponse, errors: { 401: 'UNAUTHORIZED', 404: 'NOT_FOUND' },
    async handler({ query, req, lang }) {
      const w = dashboardWindow();
      const rows = await boxRows(db, biz(req),
        `p.feature_id = $2 AND v.location_id = $3 AND ($4::int[] IS NULL OR p.id = ANY($4::int[])) AND p.business_date BETWEEN $5::date AND $6::date`,
        [query.featureId, query.locationId, query.presentationIds ?? null, query.startDate ?? w.from, query.endDate ?? w.to], lang);
      const n = await featureAtLocationNames(db, biz(req), query.featureId, query.locationId);
      if (!n) throw new ApiHttpError(404, 'NOT_FOUND', 'no such feature at a location of yours');
      return {
        FeatureId: query.featureId, LocationId: query.locationId,
        FeatureName: pick(lang, n.fhe, n.fen), LocationName: pick(lang, n.lhe, n.len),
        totals: totalsOf(rows),
        salesOverTime: await salesOverTime(db, rows.map((r) => r.PresentationId)),
        presentations: rows,
      };
    },
  });

  route(scope, {
    method: 'GET', url: '/PRES-live/v2/availablePresentations', summary: 'Presentations of one feature at one location in the window', tags: TAGS,
    query: AvailablePresentationsQuery, response: AvailablePresentationsResponse, errors: { 401: 'UNAUTHORIZED' },
    async handler({ query, req, lang }) {
      const w = dashboardWindow();
      const rows = await boxRows(db, biz(req), 'p.feature_id = $2 AND v.location_id = $3 AND p.business_date BETWEEN $4::date AND $5::date',
        [query.featureId, query.locationId, w.from, w.to], lang);
      return { presentations: rows.map((r) => ({ PresentationId: r.PresentationId, PresentationDateTime: r.PresentationDateTime, VenueName: r.VenueName })) };
    },
  });

  route(scope, {
    method: 'GET', url: '/PRES-live/v2/presentationData', summary: 'One presentation: box figures, sales over time, sales by ticket type', tags: TAGS,
    query: PresentationDataQuery, response: PresentationDataResponse, errors: { 401: 'UNAUTHORIZED', 404: 'NOT_FOUND' },
    async handler({ query, req, lang }) {
      const [presentation] = await boxRows(db, biz(req), 'p.id = $2', [query.presentationId], lang);
      if (!presentation) throw new ApiHttpError(404, 'NOT_FOUND', 'no such presentation of yours');
      const rows = await ticketTypeSales(db, query.presentationId);
      return {
        presentation,
        salesOverTime: await salesOverTime(db, [query.presentationId]),
        byTicketType: rows.map((r) => ({ TicketId: r.id, TicketName: pick(lang, r.he, r.en), Sold: r.sold, Revenue: shekels(Number(r.revenue)) })),
      };
    },
  });
}
