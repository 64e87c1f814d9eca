import type { FastifyInstance } from 'fastify';
import { VodResponse } from '@ticketing/shared/contracts';
import type { Db } from '../../db/index.ts';
import { route } from '../../lib/route.ts';
import { shekels, toIso } from '../../lib/time.ts';
import { pick } from '../../lib/lang.ts';
import { venueTickets } from '../orders/tickets.ts';

/** Venue types that clear all cart presentations when loaded (spec 4). */
export const VOD_CLEARS_CART = new Set([101, 102]);

/** Video on demand: titles of venue types 101–104, bought through the same checkout (GET /vod). */
export async function vodPlugin(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const { db } = opts;
  route(app, {
    method: 'GET', url: '/vod', summary: 'Video-on-demand titles (venue types 101–104) with their prices', tags: ['vod'],
    response: VodResponse,
    async handler({ lang }) {
      // One presentation per title and venue: the latest that has started, else the next one.
      const { rows } = await db.query<{
        id: number; feature_id: number; venue_id: number; venue_type_id: number; starts_at: Date; service_charge: number;
        name_he: string; name_en: string; venue_he: string; venue_en: string; description_he: string; description_en: string; duration_min: number; rating: string; web_booking_offline: boolean;
      }>(`
        SELECT DISTINCT ON (p.feature_id, p.venue_id) p.id, p.feature_id, p.venue_id, v.venue_type_id, p.starts_at, p.service_charge,
               f.name_he, f.name_en, v.name_he AS venue_he, v.name_en AS venue_en, f.description_he, f.description_en, f.duration_min, f.rating, l.web_booking_offline
        FROM presentations p JOIN venues v ON v.id = p.venue_id JOIN features f ON f.id = p.feature_id JOIN locations l ON l.id = v.location_id
        WHERE v.venue_type_id BETWEEN 101 AND 104 AND p.starts_at > now() - interval '14 days' AND NOT l.web_booking_offline
        ORDER BY p.feature_id, p.venue_id, (p.starts_at <= now()) DESC,
                 CASE WHEN p.starts_at <= now() THEN -extract(epoch FROM p.starts_at) ELSE extract(epoch FROM p.starts_at) END`);
      const ticketsByVenue = new Map<number, Awaited<ReturnType<typeof venueTickets>>>();
      const titles = [];
      for (const r of rows) {
        let ts = ticketsByVenue.get(r.venue_id);
        if (!ts) ticketsByVenue.set(r.venue_id, (ts = await venueTickets(db, r.venue_id)));
        titles.push({
          featureId: r.feature_id, name: pick(lang, r.name_he, r.name_en), description: pick(lang, r.description_he, r.description_en),
          durationMinutes: r.duration_min, rating: r.rating, presentationId: r.id, venueTypeId: r.venue_type_id,
          venueName: pick(lang, r.venue_he, r.venue_en),
          clearsCart: VOD_CLEARS_CART.has(r.venue_type_id), availableFrom: toIso(r.starts_at),
          tickets: ts.map((t) => ({ id: t.id, name: pick(lang, t.name_he, t.name_en), price: shekels(t.price), serviceCharge: shekels(r.service_charge * t.multiply_factor) })),
        });
      }
      // A title's offerings (one per venue: standard, premium) stay together, in venue type order.
      titles.sort((a, b) => a.name.localeCompare(b.name, lang) || a.featureId - b.featureId || a.venueTypeId - b.venueTypeId);
      return { titles };
    },
  });
}
