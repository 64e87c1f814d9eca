import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParams } from '@ticketing/shared/contracts';
import type { Db } from '../../db/index.ts';
import { ApiHttpError, route } from '../../lib/route.ts';
import { pick } from '../../lib/lang.ts';

const COLORS: Record<string, [string, string]> = {
  food: ['#fde68a', '#92400e'], drinks: ['#bfdbfe', '#1e3a8a'], glasses: ['#e9d5ff', '#581c87'], gift: ['#fecaca', '#7f1d1d'],
};
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Products: their images (spec 7: GET /products/{id}/image). Demo products get a generated SVG picture. */
export async function productsPlugin(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const { db } = opts;
  route(app, {
    method: 'GET', url: '/products/{id}/image', summary: 'Image of a product (SVG)', tags: ['products'],
    params: IdParams, response: z.string(), produces: 'image/svg+xml', errors: { 404: 'NOT_FOUND' },
    async handler({ params, lang, reply }) {
      const { rows } = await db.query<{ name_he: string; name_en: string; category: string }>('SELECT name_he, name_en, category FROM products WHERE id = $1', [params.id]);
      const p = rows[0];
      if (!p) throw new ApiHttpError(404, 'NOT_FOUND', `no product ${params.id}`);
      const [bg, fg] = COLORS[p.category] ?? ['#e5e7eb', '#111827'];
      const name = pick(lang, p.name_he, p.name_en);
      reply.type('image/svg+xml').header('cache-control', 'public, max-age=3600');
      return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 120" role="img" aria-label="${esc(name)}">`
        + `<rect width="160" height="120" rx="12" fill="${bg}"/>`
        + `<text x="80" y="62" text-anchor="middle" font-family="system-ui,sans-serif" font-size="40" fill="${fg}">${esc([...name][0] ?? '?')}</text>`
        + `<text x="80" y="100" text-anchor="middle" font-family="system-ui,sans-serif" font-size="12" fill="${fg}">${esc(name)}</text></svg>`;
    },
  });
}
