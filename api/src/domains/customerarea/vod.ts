import type { FastifyInstance } from 'fastify';
import { AreaVodResponse, VodPlayResponse, VodTicketParams, type AreaVod } from '@ticketing/shared/contracts';
import type { Db, Queryable } from '../../db/index.ts';
import { ApiHttpError, HIJACKED, route, type Lang } from '../../lib/route.ts';
import * as z from 'zod/mini';
import { toIso } from '../../lib/time.ts';
import { requireCustomer } from '../customers/service.ts';
import { pick } from '../../lib/lang.ts';
import { demoClip, demoStreams, noStreams, type VodStreamProvider } from './vodStreams.ts';

/**
 * Video on demand in the customer area: each bought VOD ticket with its availability window, play count,
 * plays remaining and last playback; a play counts (under a row lock, so parallel plays never exceed the limit).
 *   VOD_MAX_PLAYS (default 3), VOD_WINDOW_HOURS (default 48, counted from purchase or release, whichever is later)
 */
export const vodSettings = (env: NodeJS.ProcessEnv = process.env) => ({
  maxPlays: Number(env.VOD_MAX_PLAYS || 3), windowHours: Number(env.VOD_WINDOW_HOURS || 48),
});

interface VodRow {
  ticket_id: number; feature_id: number; title_he: string; title_en: string; identifier: string; bought: Date; available_from: Date; available_until: Date;
  plays: number; last_play: Date | null; open: boolean;
}

const VOD_SQL = `
  SELECT rt.id AS ticket_id, f.id AS feature_id, f.name_he AS title_he, f.name_en AS title_en, r.identifier, rt.created_at AS bought,
         greatest(p.starts_at, rt.created_at) AS available_from,
         greatest(p.starts_at, rt.created_at) + make_interval(hours => $2) AS available_until,
         now() BETWEEN greatest(p.starts_at, rt.created_at) AND greatest(p.starts_at, rt.created_at) + make_interval(hours => $2) AS open,
         (SELECT count(*) FROM vod_plays vp WHERE vp.ticket_id = rt.id)::int AS plays,
         (SELECT max(played_at) FROM vod_plays vp WHERE vp.ticket_id = rt.id) AS last_play
  FROM reservation_tickets rt
  JOIN reservations r ON r.id = rt.reservation_id
  JOIN presentations p ON p.id = rt.presentation_id
  JOIN venues v ON v.id = p.venue_id
  JOIN features f ON f.id = p.feature_id
  WHERE v.venue_type_id BETWEEN 101 AND 104 AND rt.status = 'sold' AND r.status = 'committed' AND r.customer_id = $1`;

function toVod(r: VodRow, lang: Lang, maxPlays: number): AreaVod {
  const left = Math.max(0, maxPlays - r.plays);
  return {
    ticketId: r.ticket_id, featureId: r.feature_id, title: pick(lang, r.title_he, r.title_en), reservationIdentifier: r.identifier, purchaseDate: toIso(r.bought),
    availableFrom: toIso(r.available_from), availableUntil: toIso(r.available_until), playCount: r.plays, playsRemaining: left,
    lastPlayback: r.last_play ? toIso(r.last_play) : null, canPlay: r.open && left > 0,
  };
}

export async function customerVod(q: Queryable, customerId: number, lang: Lang): Promise<AreaVod[]> {
  const s = vodSettings();
  const { rows } = await q.query<VodRow>(`${VOD_SQL} ORDER BY rt.created_at DESC, rt.id DESC`, [customerId, s.windowHours]);
  return rows.map((r) => toVod(r, lang, s.maxPlays));
}

export function vodRoutes(app: FastifyInstance, db: Db, streams: VodStreamProvider = app.demo ? demoStreams : noStreams): void {
  const tags = ['customers'];
  route(app, {
    method: 'GET', url: '/customer-area/vod', summary: 'Customer area: bought video-on-demand titles with plays remaining', tags,
    response: AreaVodResponse, errors: { 401: 'UNAUTHORIZED' },
    async handler({ req, lang }) {
      const customerId = await requireCustomer(db, req, { csrf: false });
      return { vod: await customerVod(db, customerId, lang) };
    },
  });
  route(app, {
    method: 'POST', url: '/customer-area/vod/{ticketId}/play', summary: 'Customer area: starts a playback of an own VOD ticket (counts one play)', tags,
    params: VodTicketParams, response: VodPlayResponse,
    errors: { 401: 'UNAUTHORIZED', 403: 'CSRF', 404: 'ticketNotFound', 409: 'VOD_NO_PLAYS_LEFT' },
    async handler({ req, params, lang }) {
      const customerId = await requireCustomer(db, req, { csrf: true });
      const s = vodSettings();
      return db.tx(async (q) => {
        // The ticket row lock serialises parallel plays of one ticket.
        const own = await q.query<{ id: number }>(`SELECT rt.id FROM reservation_tickets rt JOIN reservations r ON r.id = rt.reservation_id
          WHERE rt.id = $1 AND r.customer_id = $2 FOR UPDATE OF rt`, [params.ticketId, customerId]);
        if (!own.rows[0]) throw new ApiHttpError(404, 'ticketNotFound');
        const before = (await q.query<VodRow>(`${VOD_SQL} AND rt.id = $3`, [customerId, s.windowHours, params.ticketId])).rows[0];
        if (!before) throw new ApiHttpError(404, 'ticketNotFound', 'not a video-on-demand ticket');
        if (!before.open) throw new ApiHttpError(409, 'VOD_NOT_AVAILABLE');
        if (before.plays >= s.maxPlays) throw new ApiHttpError(409, 'VOD_NO_PLAYS_LEFT');
        await q.query('INSERT INTO vod_plays (ticket_id, customer_id) VALUES ($1, $2)', [params.ticketId, customerId]);
        const after = (await q.query<VodRow>(`${VOD_SQL} AND rt.id = $3`, [customerId, s.windowHours, params.ticketId])).rows[0]!;
        return { vod: toVod(after, lang, s.maxPlays), playback: streams.playback({ ticketId: params.ticketId, featureId: after.feature_id }) };
      });
    },
  });
  if (!app.demo) return;
  // Demo mode only: the demo clip, for the customer's own title while its window is open and a play has been counted.
  route(app, {
    method: 'GET', url: '/customer-area/vod/{ticketId}/stream', summary: 'Demo only: the stream of an own VOD ticket after a counted play', tags: ['dev'],
    params: VodTicketParams, response: z.string(), produces: 'video/webm', errors: { 401: 'UNAUTHORIZED', 404: 'ticketNotFound', 409: 'VOD_NOT_AVAILABLE' },
    async handler({ req, params, reply }) {
      const customerId = await requireCustomer(db, req, { csrf: false });
      const row = (await db.query<VodRow>(`${VOD_SQL} AND rt.id = $3`, [customerId, vodSettings().windowHours, params.ticketId])).rows[0];
      if (!row || row.plays === 0) throw new ApiHttpError(404, 'ticketNotFound');
      if (!row.open) throw new ApiHttpError(409, 'VOD_NOT_AVAILABLE');
      void reply.header('content-type', 'video/webm').header('cache-control', 'private, no-store').send(demoClip());
      return HIJACKED;
    },
  });
}
