import type { FastifyInstance } from 'fastify';
import { ConcessionsResponse, ReportRangeQuery, SalesByPosResponse, TopFeaturesResponse } from '@ticketing/shared/contracts';
import { route } from '../../../lib/route.ts';
import { shekels } from '../../../lib/time.ts';
import { pick } from '../../../lib/lang.ts';
import { TAGS, type PresliveContext } from '../context.ts';
import { pointOfSaleSales, productSales, topFeatures } from '../queries.ts';

/**
 * The concessions report's two lists, from every product most sold first: the ten most sold, and the ten least sold
 * (least first) of the products not already among them. No product is in both lists: with ten products or fewer
 * every one is in the first and the second is empty (the screen says so), rather than the same products reversed.
 */
export function mostAndLeast<T extends { ProductId: number; Quantity: number }>(mostSoldFirst: T[], n = 10): { most: T[]; least: T[] } {
  const most = mostSoldFirst.slice(0, n);
  const least = mostSoldFirst.slice(n).sort((a, b) => a.Quantity - b.Quantity || a.ProductId - b.ProductId).slice(0, n);
  return { most, least };
}

/**
 * Sales monitors (reports). Dates are sale days (Asia/Jerusalem) of committed reservations; tickets are seats in halls
 * (the rule in queries.ts: video on demand is never a ticket). Concessions and
 * points of sale read the per-day pre-aggregations product_daily_sales / pos_daily_sales (migration 101, kept
 * by triggers on reservations, reservation_tickets and reservation_products), never the order rows.
 */
export function reportRoutes(scope: FastifyInstance, { db, biz }: PresliveContext): void {
  route(scope, {
    method: 'GET', url: '/PRES-live/reports/concessions', summary: 'Concessions: top ten most sold products, then the ten least sold of the others (sale dates)', tags: TAGS,
    query: ReportRangeQuery, response: ConcessionsResponse, errors: { 401: 'UNAUTHORIZED' },
    async handler({ query, req, lang }) {
      const rows = await productSales(db, biz(req), query);
      const all = rows.map((r) => ({ ProductId: r.id, ProductName: pick(lang, r.he, r.en), ProductClassId: r.cat, Quantity: r.qty, Revenue: shekels(Number(r.revenue)) }));
      return mostAndLeast(all);
    },
  });

  route(scope, {
    method: 'GET', url: '/PRES-live/reports/salesByPointOfSale', summary: 'Committed orders by point of sale (sale dates): orders and revenue are whole orders; tickets are seats in halls (video on demand is not a ticket)', tags: TAGS,
    query: ReportRangeQuery, response: SalesByPosResponse, errors: { 401: 'UNAUTHORIZED' },
    async handler({ query, req, lang }) {
      const rows = await pointOfSaleSales(db, biz(req), query);
      return {
        rows: rows.map((r) => ({
          PosId: r.id, PosName: pick(lang, r.he, r.en), Kind: r.kind, LocationId: r.lid, LocationName: pick(lang, r.lhe, r.len),
          Reservations: r.res, Tickets: r.tickets, Revenue: shekels(Number(r.revenue)),
        })),
      };
    },
  });

  route(scope, {
    method: 'GET', url: '/PRES-live/reports/topFeatures', summary: 'Top ten features by seats in halls sold (sale dates; video on demand is not counted); revenue: their ticket prices', tags: TAGS,
    query: ReportRangeQuery, response: TopFeaturesResponse, errors: { 401: 'UNAUTHORIZED' },
    async handler({ query, req, lang }) {
      const rows = await topFeatures(db, biz(req), query);
      return { rows: rows.map((r) => ({ FeatureId: r.id, FeatureName: pick(lang, r.he, r.en), Tickets: r.tickets, Revenue: shekels(Number(r.revenue)) })) };
    },
  });
}
