import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { ApiHttpError, route } from '../../lib/route.ts';

export const SimulateSaleBody = z.object({
  presentationId: z.number().int().positive().optional(),
  quantity: z.number().int().min(1).max(10).default(2),
});
const SimulateSaleResponse = z.object({ identifier: z.string(), presentationId: z.number().int(), locationId: z.number().int(), tickets: z.number().int() });

/**
 * DEVELOPMENT / TEST ONLY (registered in demo mode only, answering loopback clients only): POST /dev/simulate-sale commits
 * a web sale of `quantity` free places of a presentation (default: the next presentation with free
 * seats at location 2) through the same tables the booking path writes, so e2e tests and demos can
 * watch the live dashboard move. Real sales come from the booking commit.
 */
export async function devSalesPlugin(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const { db } = opts;
  route(app, {
    method: 'POST', url: '/dev/simulate-sale', summary: 'DEVELOPMENT ONLY: commit a simulated web sale (absent in production)', tags: ['dev'],
    body: SimulateSaleBody, response: SimulateSaleResponse, errors: { 404: 'NOT_FOUND', 409: 'NOT_ENOUGH_SEATS' },
    async handler({ body }) {
      return db.tx(async (q) => {
        const { rows: [p] } = await q.query<{ id: number; location_id: number; business_id: number; seatplan_id: number; service_charge: number }>(`
          SELECT p.id, v.location_id, l.business_id, p.seatplan_id, p.service_charge
          FROM presentations p JOIN venues v ON v.id = p.venue_id JOIN locations l ON l.id = v.location_id
          WHERE v.venue_type_id < 101 AND ${body.presentationId ? 'p.id = $1' : `v.location_id = 2 AND p.starts_at > now() AND $1::int IS NULL`}
          ORDER BY p.starts_at LIMIT 1`, [body.presentationId ?? null]);
        if (!p) throw new ApiHttpError(404, 'NOT_FOUND', 'no such presentation');
        // Free reserved seats first, then general-admission places (x = place number, y = 0).
        const { rows: places } = await q.query<{ section_id: number; x: number; y: number; tg: number }>(`
          SELECT * FROM (
            SELECT s.section_id, s.x, s.y, s.ticket_group_id AS tg FROM seats s JOIN sections se ON se.id = s.section_id
            WHERE se.seatplan_id = $2 AND NOT se.is_ga
            UNION ALL
            SELECT se.id, g, 0, se.ticket_group_id FROM sections se, generate_series(1, se.capacity) g
            WHERE se.seatplan_id = $2 AND se.is_ga) pl
          WHERE NOT EXISTS (SELECT 1 FROM presentation_seats ps WHERE ps.presentation_id = $1 AND ps.section_id = pl.section_id AND ps.x = pl.x AND ps.y = pl.y)
            AND NOT EXISTS (SELECT 1 FROM reservation_tickets rt WHERE rt.presentation_id = $1 AND rt.section_id = pl.section_id AND rt.x = pl.x AND rt.y = pl.y AND rt.status IN ('sold', 'held'))
          ORDER BY pl.section_id, pl.y DESC, pl.x LIMIT $3`, [p.id, p.seatplan_id, body.quantity]);
        if (places.length < body.quantity) throw new ApiHttpError(409, 'NOT_ENOUGH_SEATS', 'not enough free places');
        const identifier = 'SIM-' + randomBytes(4).toString('hex').toUpperCase();
        const { rows: [t] } = await q.query<{ price: number }>('SELECT price FROM tickets WHERE id = $1', [places[0]!.tg * 10 + 1]);
        const price = t?.price ?? 4500;
        const total = body.quantity * (price + p.service_charge);
        const { rows: [r] } = await q.query<{ id: number }>(`
          INSERT INTO reservations (identifier, location_id, business_id, pos_id, status, total_agorot, service_charge_agorot)
          VALUES ($1, $2, $3, $2 * 100 + 1, 'committed', $4, $5) RETURNING id`,
        [identifier, p.location_id, p.business_id, total, body.quantity * p.service_charge]);
        await q.query(`
          INSERT INTO reservation_tickets (reservation_id, presentation_id, section_id, x, y, ticket_id, price_agorot, service_charge_agorot, status)
          SELECT $1, $2, u.s, u.x, u.y, u.tg * 10 + 1, $6, $7, 'sold' FROM unnest($3::int[], $4::int[], $5::int[], $8::int[]) AS u(s, x, y, tg)`,
        [r!.id, p.id, places.map((x) => x.section_id), places.map((x) => x.x), places.map((x) => x.y), price, p.service_charge, places.map((x) => x.tg)]);
        await q.query(`
          INSERT INTO presentation_seats (presentation_id, section_id, x, y, status, reservation_id, ticket_group_id)
          SELECT $1, u.s, u.x, u.y, 'sold', $5, u.tg FROM unnest($2::int[], $3::int[], $4::int[], $6::int[]) AS u(s, x, y, tg)`,
        [p.id, places.map((x) => x.section_id), places.map((x) => x.x), places.map((x) => x.y), identifier, places.map((x) => x.tg)]);
        return { identifier, presentationId: p.id, locationId: p.location_id, tickets: places.length };
      });
    },
  });
}
