import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/index.ts';

/**
 * Names in the visitor's language beyond he/en (issue 16 item 7, done by issue 14). The domains answer
 * in he or en from their own columns; for a ru, ar or pl visitor (`?lang=` or Accept-Language) this
 * hook swaps the names of films, cinemas, venues and products in every visitor response for the
 * stored translation (table localized_names), keeping the domain's name where none is stored.
 */
export type FullLocale = 'he' | 'en' | 'ru' | 'ar' | 'pl';
const EXTRA = ['ru', 'ar', 'pl'] as const;
type Extra = (typeof EXTRA)[number];

/** The visitor's locale: `lang` query parameter, else the first Accept-Language tag; he when neither is known. */
export function localeOf(req: FastifyRequest): FullLocale {
  const q = (req.query as Record<string, unknown> | undefined)?.lang;
  const tags = [typeof q === 'string' ? q : '', String(req.headers['accept-language'] ?? '').split(',')[0] ?? ''];
  for (const tag of tags) {
    const l = tag.trim().toLowerCase().slice(0, 2);
    if (l === 'iw') return 'he';
    if (l === 'he' || l === 'en' || l === 'ru' || l === 'ar' || l === 'pl') return l;
  }
  return 'he';
}

type Entity = 'feature' | 'venue' | 'location' | 'product';
export type NameTable = Map<string, string>;
const keyOf = (entity: Entity, id: number, locale: Extra) => `${entity}:${id}:${locale}`;

export async function loadNames(q: Queryable): Promise<NameTable> {
  const { rows } = await q.query<{ entity: Entity; entity_id: number; locale: Extra; name: string }>('SELECT entity, entity_id, locale, name FROM localized_names');
  return new Map(rows.map((r) => [keyOf(r.entity, r.entity_id, r.locale), r.name]));
}

/** Id/name field pairs that name a catalog entity wherever they appear in a response. */
const PAIRS: ReadonlyArray<readonly [string, string, Entity]> = [
  ['featureId', 'featureName', 'feature'], ['locationId', 'locationName', 'location'], ['venueId', 'venueName', 'venue'],
  // the customer area's orders and streams name their film `title`
  ['featureId', 'title', 'feature'],
];
/** Lists whose items are `{ id, name }` of one entity. */
const LISTS: Record<string, Entity> = { features: 'feature', products: 'product' };
/** Lists whose items name their film `name` beside its `featureId` (GET /vod's titles). */
const FEATURE_NAMED_LISTS = new Set(['titles']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A copy of `payload` with every known name in `locale` (the input is never changed: answers may be cached). */
export function localizePayload<T>(payload: T, names: NameTable, locale: Extra): T {
  const walk = (node: unknown, listEntity?: Entity | 'featureNamed'): unknown => {
    if (Array.isArray(node)) return node.map((x) => walk(x, listEntity));
    if (!isObject(node)) return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) out[k] = walk(v, LISTS[k] ?? (FEATURE_NAMED_LISTS.has(k) ? 'featureNamed' : undefined));
    for (const [idKey, nameKey, entity] of PAIRS) {
      if (typeof out[idKey] === 'number' && typeof out[nameKey] === 'string') out[nameKey] = names.get(keyOf(entity, out[idKey] as number, locale)) ?? out[nameKey];
    }
    if (listEntity === 'featureNamed') {
      if (typeof out.featureId === 'number' && typeof out.name === 'string') out.name = names.get(keyOf('feature', out.featureId, locale)) ?? out.name;
    } else if (listEntity && typeof out.id === 'number' && typeof out.name === 'string') out.name = names.get(keyOf(listEntity, out.id, locale)) ?? out.name;
    return out;
  };
  return walk(payload) as T;
}

/** Staff screens keep their own language handling; only visitor calls are localized. */
const STAFF = /^\/api\/pres-live\//i;
const REFRESH_MS = 60_000;

export function installLocalizedNames(app: FastifyInstance, db: Queryable): void {
  let cache: { at: number; names: Promise<NameTable> } | null = null;
  const names = () => {
    if (!cache || Date.now() - cache.at > REFRESH_MS) cache = { at: Date.now(), names: loadNames(db).catch(() => new Map()) };
    return cache.names;
  };
  app.addHook('preSerialization', async (req, _reply, payload) => {
    const locale = localeOf(req);
    if (locale === 'he' || locale === 'en' || STAFF.test(req.url) || !isObject(payload)) return payload;
    return localizePayload(payload, await names(), locale);
  });
}
