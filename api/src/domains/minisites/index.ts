import type { FastifyInstance } from 'fastify';
import { MiniSiteParams, MiniSiteResponse, MiniSiteValidateQuery, MiniSiteValidateResponse } from '@ticketing/shared/contracts';
import type { Db } from '../../db/index.ts';
import { ApiHttpError, route } from '../../lib/route.ts';
import { guarded } from '../../lib/guesses.ts';
import { miniSiteRefUsed } from '../orders/cart.ts';

interface MiniSiteRow {
  id: number; url: string; name_he: string; name_en: string; location_id: number | null; feature_ids: number[] | null;
  presentation_list_mode: 'list' | 'calendar' | 'byFeature'; brand_color: string; logo_text_he: string | null; logo_text_en: string | null;
  reference_ticket_codes: string[];
}

async function findSite(db: Db, url: string): Promise<MiniSiteRow> {
  const { rows } = await db.query<MiniSiteRow>(`SELECT id, url, name_he, name_en, location_id, feature_ids, presentation_list_mode, brand_color,
      logo_text_he, logo_text_en, reference_ticket_codes FROM mini_sites WHERE url = $1`, [url]);
  if (!rows[0]) throw new ApiHttpError(404, 'MINI_SITE_NOT_FOUND', `no mini-site ${url}`);
  return rows[0];
}

/** Mini-sites: partner booking pages by slug, and partner reference validation (spec 7 Mini-site). */
export async function minisitesPlugin(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const { db } = opts;
  const tags = ['minisites'];

  route(app, {
    method: 'POST', url: '/mini-site/validate/{url}', summary: 'Validates a partner reference for a ticket; returns its balance', tags,
    params: MiniSiteParams, body: MiniSiteValidateQuery, response: MiniSiteValidateResponse,
    errors: { 404: 'MINI_SITE_NOT_FOUND | ticketNotFound | refPromptOptNotFound' },
    async handler({ params, body: query, req }) {
      return guarded(db, req, async () => {
        const site = await findSite(db, params.url);
        const { rows: t } = await db.query<{ code: string }>('SELECT code FROM tickets WHERE id = $1', [query.ticketId]);
        if (!t[0]) throw new ApiHttpError(404, 'ticketNotFound');
        const ref2 = query.reference2 ?? '';
        const { rows } = await db.query<{ quantity: number }>(`SELECT quantity FROM mini_site_references
          WHERE mini_site_id = $1 AND ticket_code = $2 AND reference1 = $3 AND reference2 = $4`, [site.id, t[0].code, query.reference1, ref2]);
        if (!rows[0]) throw new ApiHttpError(404, 'refPromptOptNotFound', 'reference not recognised');
        const used = await miniSiteRefUsed(db, site.id, t[0].code, query.reference1, ref2);
        return { TicketId: query.ticketId, Balance: Math.max(0, rows[0].quantity - used) };
      });
    },
  });

  route(app, {
    method: 'GET', url: '/mini-site/{url}', summary: 'A mini-site (partner booking page) by its slug', tags,
    params: MiniSiteParams, response: MiniSiteResponse, errors: { 404: 'MINI_SITE_NOT_FOUND' },
    async handler({ params, lang }) {
      const s = await findSite(db, params.url);
      const he = lang === 'he';
      return {
        miniSite: {
          id: s.id, URL: s.url, name: he ? s.name_he : s.name_en, PresentationList: s.presentation_list_mode,
          locationId: s.location_id, featureIds: s.feature_ids, referenceTicketCodes: s.reference_ticket_codes,
          requiresReference: s.reference_ticket_codes.length > 0, brandColor: s.brand_color,
          logoText: (he ? s.logo_text_he : s.logo_text_en) ?? (he ? s.name_he : s.name_en),
        },
      };
    },
  });
}
