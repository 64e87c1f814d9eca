import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FeatureImageParams, FeatureImageQuery, IntegrationQuery, IntegrationResponse } from '@ticketing/shared/contracts';
import type { Db } from '../../db/index.ts';
import { ApiHttpError, route } from '../../lib/route.ts';
import { localeOf } from '../../lib/localizedNames.ts';
import { posterSvg } from './poster.ts';

const MINUTES: Record<string, string> = { he: 'דק׳', en: 'min', ru: 'мин', ar: 'د', pl: 'min' };

/**
 * Spec section 7: GET /features/{id}/placeholderImage (a poster for every film, generated from its name
 * when no image is stored) and GET /integration (a partner's hand-over: TS, ret, key).
 */
export async function postersPlugin(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const { db } = opts;

  route(app, {
    method: 'GET', url: '/features/{id}/placeholderImage', summary: "The film's poster (SVG), in the visitor's language", tags: ['catalog'],
    params: FeatureImageParams, query: FeatureImageQuery, response: z.string(), produces: 'image/svg+xml', errors: { 404: 'FEATURE_NOT_FOUND' },
    async handler({ params, req, reply }) {
      const locale = localeOf(req);
      const { rows } = await db.query<{ id: number; name_he: string; name_en: string; genre_he: string; genre_en: string; rating: string; duration_min: number; local: string | null }>(
        `SELECT f.id, f.name_he, f.name_en, f.genre_he, f.genre_en, f.rating, f.duration_min,
                (SELECT name FROM localized_names n WHERE n.entity = 'feature' AND n.entity_id = f.id AND n.locale = $2) AS local
         FROM features f WHERE f.id = $1`, [params.id, locale]);
      const f = rows[0];
      if (!f) throw new ApiHttpError(404, 'FEATURE_NOT_FOUND', `no film ${params.id}`);
      const he = locale === 'he';
      const title = f.local ?? (locale === 'en' ? f.name_en : f.name_he); // fallback he
      reply.type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('vary', 'Accept-Language');
      return posterSvg({
        id: f.id, title, genre: he ? f.genre_he : f.genre_en, rating: f.rating, minutes: f.duration_min,
        minutesLabel: MINUTES[locale]!, rtl: /[\u0590-\u08ff]/.test(title),
      });
    },
  });

  route(app, {
    method: 'GET', url: '/integration', summary: "A partner's hand-over (TS, ret, key): checked and returned as integration data", tags: ['catalog'],
    query: IntegrationQuery, response: IntegrationResponse, errors: { 404: 'INTEGRATION_NOT_FOUND', 409: 'INTEGRATION_DATA_ERROR' },
    async handler({ query }) {
      const { rows } = await db.query<{ id: string; name: string; return_origin: string; max_age_s: number }>(
        'SELECT id, name, return_origin, max_age_s FROM integrations WHERE id = $1 AND is_active', [query.key]);
      const i = rows[0];
      if (!i) throw new ApiHttpError(404, 'INTEGRATION_NOT_FOUND', 'unknown integration');
      const raw = (query.TS ?? query.ts)!;
      const ms = raw < 1e12 ? raw * 1000 : raw;
      if (Math.abs(Date.now() - ms) > i.max_age_s * 1000) throw new ApiHttpError(409, 'INTEGRATION_DATA_ERROR', 'the hand-over is too old (or from the future)');
      let origin: string;
      try { origin = new URL(query.ret).origin; } catch { throw new ApiHttpError(409, 'INTEGRATION_DATA_ERROR', 'ret is not an address'); }
      if (origin !== i.return_origin) throw new ApiHttpError(409, 'INTEGRATION_DATA_ERROR', "ret is not on the partner's origin");
      return { integration: { integrationId: i.id, name: i.name, ret: query.ret, ts: ms, validUntil: new Date(ms + i.max_age_s * 1000).toISOString() } };
    },
  });
}
