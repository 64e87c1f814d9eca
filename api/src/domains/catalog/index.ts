import type { FastifyInstance } from 'fastify';
import {
  FeaturesQuery, FeaturesResponse, IdParams, PresentationQuery, PresentationResponse, PresentationsQuery,
  PresentationsResponse, TicketGroupsQuery, TicketGroupsResponse, type TicketGroup,
} from '@ticketing/shared/contracts';
import type { Db } from '../../db/index.ts';
import { route } from '../../lib/route.ts';
import {
  findMiniSite, getPresentationRow, isVodType, PRESENTATION_SELECT, rowToSummary, shekels, ticketKind, windowDates,
  type PresentationRow,
} from './queries.ts';
import { pick } from '../../lib/lang.ts';

/** Catalog: features, presentations, ticket groups (spec section 7, Booking). */
export async function catalogPlugin(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const { db } = opts;

  route(app, {
    method: 'GET', url: '/features/', summary: 'Features (films) with presentations in the coming 14 days', tags: ['catalog'],
    query: FeaturesQuery, response: FeaturesResponse, errors: { 404: 'MINI_SITE_NOT_FOUND' },
    async handler({ query, lang }) {
      const mini = await findMiniSite(db, query.miniSiteUrl);
      const { from, to } = windowDates();
      const locationId = query.locationId ?? mini?.location_id ?? null;
      const featureIds = query.featureIds ?? mini?.feature_ids ?? null;
      const { rows } = await db.query<{
        id: number; name_he: string; name_en: string; description_he: string; description_en: string; duration_min: number;
        rating: string; genre_he: string; genre_en: string; release_date: string; is_vod: boolean;
      }>(`
        SELECT f.id, f.name_he, f.name_en, f.description_he, f.description_en, f.duration_min, f.rating, f.genre_he, f.genre_en,
               f.release_date::text AS release_date, f.is_vod
        FROM features f
        WHERE ($1::int[] IS NULL OR f.id = ANY($1::int[]))
          AND EXISTS (SELECT 1 FROM presentations p JOIN venues v ON v.id = p.venue_id
                      WHERE p.feature_id = f.id AND p.business_date BETWEEN $3::date AND $4::date
                        AND ($2::int IS NULL OR v.location_id = $2::int))
        ORDER BY f.release_date DESC, f.id`,
      [featureIds, locationId, from, to]);
      return {
        features: rows.map((f) => ({
          id: f.id,
          name: pick(lang, f.name_he, f.name_en),
          alternateName: pick(lang, f.name_en, f.name_he),
          description: pick(lang, f.description_he, f.description_en),
          durationMinutes: f.duration_min,
          rating: f.rating,
          genre: pick(lang, f.genre_he, f.genre_en),
          releaseDate: f.release_date,
          isVod: f.is_vod,
          imageUrl: null,
        })),
      };
    },
  });

  route(app, {
    method: 'GET', url: '/presentations/', summary: 'Presentations from today to 14 days ahead', tags: ['catalog'],
    query: PresentationsQuery, response: PresentationsResponse, errors: { 404: 'MINI_SITE_NOT_FOUND' },
    async handler({ query, lang }) {
      const mini = await findMiniSite(db, query.miniSiteUrl);
      const { from, to } = windowDates();
      const { rows } = await db.query<PresentationRow>(`${PRESENTATION_SELECT}
        WHERE p.business_date BETWEEN $1::date AND $2::date AND p.starts_at > now() - interval '30 minutes'
          AND ($3::int[] IS NULL OR p.feature_id = ANY($3::int[]))
          AND ($4::int IS NULL OR v.location_id = $4::int)
          AND ($5::text[] IS NULL OR EXISTS (SELECT 1 FROM tickets t JOIN ticket_groups tg ON tg.id = t.ticket_group_id
                                             WHERE tg.venue_id = p.venue_id AND t.ticket_code = ANY($5::text[])))
        ORDER BY p.starts_at, p.id`,
      [from, to, query.featureIds ?? mini?.feature_ids ?? null, query.locationId ?? mini?.location_id ?? null,
        query.ticketCodes?.length ? query.ticketCodes : null]);
      const presentations = rows.map((r) => rowToSummary(r, lang));
      return {
        presentations,
        hasReserved: presentations.some((p) => p.isReserved),
        hasGA: presentations.some((p) => p.isGA > 0),
      };
    },
  });

  route(app, {
    method: 'GET', url: '/presentations/{id}', summary: 'One presentation with lock timers, service charge and products', tags: ['catalog'],
    params: IdParams, query: PresentationQuery, response: PresentationResponse,
    errors: { 404: 'EVENT_DETAILS_ERROR' },
    async handler({ params, query, lang }) {
      await findMiniSite(db, query.miniSiteUrl);
      const r = await getPresentationRow(db, params.id);
      const vod = isVodType(r.venue_type_id);
      const products = vod ? [] : (await db.query<{ id: number; name_he: string; name_en: string; category: string; price: number; is_delivery_required: boolean }>(
        'SELECT id, name_he, name_en, category, price, is_delivery_required FROM products ORDER BY sort, id')).rows;
      return {
        presentation: {
          ...rowToSummary(r, lang),
          featureDurationMinutes: r.duration_min,
          featureRating: r.rating,
          serviceCharge: shekels(r.service_charge),
          products: products.map((p) => ({
            id: p.id, name: pick(lang, p.name_he, p.name_en), price: shekels(p.price),
            isDeliveryRequired: p.is_delivery_required, selectedQuantity: 0, category: p.category,
          })),
          lockTimer: {
            chooseSeatsInSeconds: r.choose_seats_s,
            chooseTicketsInSeconds: r.choose_tickets_s,
            customerInfoInSeconds: r.customer_info_s,
            chooseProductsInSeconds: r.choose_products_s,
          },
          hasReservedSection: r.n_res > 0,
          hasGASection: r.n_ga > 0,
          hasMultiGASections: r.n_ga > 1,
          isVod: vod,
          newBookingUrl: `/order/${r.id}`,
          isDisplayQr: true,
          viewAreaFilename: null,
          imageMapHtml: null,
        },
      };
    },
  });

  route(app, {
    method: 'GET', url: '/presentations/{id}/ticketGroups', summary: 'Price zones and their tickets', tags: ['catalog'],
    params: IdParams, query: TicketGroupsQuery, response: TicketGroupsResponse,
    errors: { 404: 'EVENT_DETAILS_ERROR' },
    async handler({ params, query, lang }) {
      const p = await getPresentationRow(db, params.id);
      const { rows } = await db.query<{
        tg_id: number; tg_code: string; tg_he: string; tg_en: string; id: number | null; name_he: string; name_en: string;
        price: number; old_price: number | null; price_policy_id: number; multiply_factor: number; is_by_code_enabled: boolean; ticket_code: string | null;
        kind: string | null; loyalty_points: number | null; walkin: boolean | null;
      }>(`
        SELECT tg.id AS tg_id, tg.code AS tg_code, tg.name_he AS tg_he, tg.name_en AS tg_en,
               t.id, t.name_he, t.name_en, t.price, t.old_price, t.price_policy_id, t.multiply_factor, t.is_by_code_enabled, t.ticket_code,
               o.kind, o.loyalty_points, o.walkin
        FROM ticket_groups tg LEFT JOIN tickets t ON t.ticket_group_id = tg.id LEFT JOIN ticket_options o ON o.ticket_id = t.id
        WHERE tg.venue_id = $1 ORDER BY tg.sort, tg.id, t.sort, t.id`, [p.venue_id]);
      const codes = new Set(query.ticketCodes ?? []);
      const groups = new Map<number, TicketGroup>();
      for (const r of rows) {
        let g = groups.get(r.tg_id);
        if (!g) groups.set(r.tg_id, (g = { id: r.tg_id, code: r.tg_code, name: pick(lang, r.tg_he, r.tg_en), tickets: [] }));
        if (r.id === null) continue;
        g.tickets.push({
          id: r.id,
          name: pick(lang, r.name_he, r.name_en),
          price: shekels(r.price),
          oldPrice: shekels(r.old_price ?? r.price),
          serviceCharge: shekels(p.service_charge * r.multiply_factor),
          pricePolicyId: r.price_policy_id,
          multiplyFactor: r.multiply_factor,
          isByCodeEnabled: r.is_by_code_enabled,
          // The code of a code-only ticket is revealed only to a visit that typed it.
          code: r.ticket_code && codes.has(r.ticket_code) ? r.ticket_code : null,
          ref1prompt: null,
          ref2prompt: null,
          walkin: r.walkin ?? false,
          loyaltyPointsPrice: r.loyalty_points,
          kind: ticketKind(r.kind, r.is_by_code_enabled),
          addons: [],
        });
      }
      return { ticketGroups: [...groups.values()], serviceCharge: shekels(p.service_charge) };
    },
  });
}
