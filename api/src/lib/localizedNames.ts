import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/index.ts';

/**
 * Names in the visitor's language beyond he/en (issue 16 item 7, done by issue 14; widened in the eighteenth session).
 * The domains answer in he or en from their own columns; for a ru, ar or pl visitor (`?lang=` or Accept-Language)
 * this hook swaps, in every visitor response, the names a buyer reads — films (name, genre, description), cinemas,
 * venues, products, ticket types and their price groups, add-ons and reference prompts, sections, memberships (name,
 * class, description, prices, terms link), gift vouchers and their categories, donation causes, seasons — for the
 * stored translation (table localized_names: entity, id, locale), keeping the domain's text where none is stored.
 *
 * A field is swapped only when the rules below name it beside the id of its entity (an `xId`/`xName` pair, or an
 * `{ id, name }` item of a list whose key says the entity): codes, references and every other field are never
 * touched. Domains that answer outside JSON (the e-ticket's calendar file) look names up with `localName`.
 */
export type FullLocale = 'he' | 'en' | 'ru' | 'ar' | 'pl';
const EXTRA = ['ru', 'ar', 'pl'] as const;
export type ExtraLocale = (typeof EXTRA)[number];

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

/** Kinds of stored translation (migration 330 lists them): an entity's name, or one of its texts (`feature_genre`). */
export const ENTITIES = [
  'feature', 'venue', 'location', 'product',
  'feature_genre', 'feature_description',
  'ticket', 'ticket_group', 'ticket_prompt1', 'ticket_prompt2', 'addon', 'section', 'seat_group',
  'membership', 'membership_class', 'membership_description', 'membership_price', 'terms',
  'voucher', 'voucher_description', 'voucher_class',
  'donation', 'donation_description',
  'season', 'season_description',
] as const;
export type Entity = (typeof ENTITIES)[number];
export type NameTable = Map<string, string>;
const keyOf = (entity: Entity, id: number, locale: ExtraLocale) => `${entity}:${id}:${locale}`;

export async function loadNames(q: Queryable): Promise<NameTable> {
  const { rows } = await q.query<{ entity: Entity; entity_id: number; locale: ExtraLocale; name: string }>('SELECT entity, entity_id, locale, name FROM localized_names');
  return new Map(rows.map((r) => [keyOf(r.entity, r.entity_id, r.locale), r.name]));
}

const isExtra = (locale: string): locale is ExtraLocale => (EXTRA as readonly string[]).includes(locale);

/** The stored `locale` text of an entity, else `fallback` (the domain's he/en text); he and en always get the fallback. */
export function localName(names: NameTable, entity: Entity, id: number | null | undefined, locale: FullLocale, fallback: string): string {
  if (!isExtra(locale) || typeof id !== 'number') return fallback;
  return names.get(keyOf(entity, id, locale)) ?? fallback;
}

/** Fields named by an id field of the same object: id key → (name key → entity). */
const PAIRS: Record<string, Record<string, Entity>> = {
  // the customer area's orders and streams name their film `title`
  featureId: { featureName: 'feature', title: 'feature' },
  locationId: { locationName: 'location' },
  venueId: { venueName: 'venue' },
  ticketId: { ticketName: 'ticket' },
  sectionId: { SectionName: 'section' },
  VenueSectionId: { SectionName: 'section' },
  productId: { name: 'product' },
  systemVoucherId: { name: 'voucher' },
  SystemVoucherId: { Name: 'voucher', Description: 'voucher_description' },
  SystemVoucherSuperClassId: { SuperClassName: 'voucher_class' },
  MembershipId: { Name: 'membership', ClassName: 'membership_class', Description: 'membership_description' },
  MembershipPriceId: { Name: 'membership_price' },
  termsId: { text: 'terms' },
  donationId: { type: 'donation' },
  TicketGroupId: { Name: 'ticket_group' },
  TicketId: { Name: 'ticket' },
  SeasonId: { Name: 'season', Description: 'season_description' },
};

/**
 * Lists whose items carry `id` (or, for 'titles', `featureId`) and the fields it names; a nested list is keyed by its
 * enclosing list too ('ticketGroups.tickets'), so that a `tickets` list of another kind (an order's tickets) is left alone.
 */
type Rule = { id: string; names: Record<string, Entity> };
const TICKET_TYPE: Rule = { id: 'id', names: { name: 'ticket', ref1prompt: 'ticket_prompt1', ref2prompt: 'ticket_prompt2' } };
const LISTS: Record<string, Rule> = {
  features: { id: 'id', names: { name: 'feature', genre: 'feature_genre', description: 'feature_description' } },
  titles: { id: 'featureId', names: { name: 'feature', description: 'feature_description' } },
  products: { id: 'id', names: { name: 'product' } },
  ticketGroups: { id: 'id', names: { name: 'ticket_group' } },
  'ticketGroups.tickets': TICKET_TYPE,
  'titles.tickets': { id: 'id', names: { name: 'ticket' } },
  addons: { id: 'id', names: { name: 'addon' } },
  superClasses: { id: 'id', names: { name: 'voucher_class' } },
  donations: { id: 'id', names: { Name: 'donation', Description: 'donation_description' } },
  sections: { id: 'id', names: { name: 'section' } },
  'sections.groups': { id: 'id', names: { name: 'seat_group' } },
};
/** Objects (not lists) whose key says the entity: the ticket type a ticket lookup answers (POST /presentations/{id}/ticket). */
const OBJECTS: Record<string, Rule> = { ticket: TICKET_TYPE };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A copy of `payload` with every known name in `locale`; the input is never changed (answers may be cached), and parts
 * with nothing to swap are shared, not copied (a seat plan's thousands of seats cost one look each).
 */
export function localizePayload<T>(payload: T, names: NameTable, locale: ExtraLocale): T {
  const swap = (out: Record<string, unknown> | null, node: Record<string, unknown>, idKey: string, fields: Record<string, Entity>, taken: Set<string>) => {
    const id = node[idKey];
    if (typeof id !== 'number') return out;
    for (const [field, entity] of Object.entries(fields)) {
      const value = (out ?? node)[field];
      if (typeof value !== 'string' || taken.has(field)) continue;
      taken.add(field);
      const name = names.get(keyOf(entity, id, locale));
      if (name !== undefined && name !== value) (out ??= { ...node })[field] = name;
    }
    return out;
  };
  /** `listKey`: the key of the list `node` is (an item of), with its enclosing list's; `rule`: what that key names. */
  const walk = (node: unknown, listKey: string | undefined, rule: Rule | undefined): unknown => {
    if (Array.isArray(node)) {
      let out: unknown[] | null = null;
      for (let i = 0; i < node.length; i++) {
        const item = node[i] as unknown;
        if (typeof item !== 'object' || item === null) continue;
        const next = walk(item, listKey, rule);
        if (next !== item) (out ??= node.slice())[i] = next;
      }
      return out ?? node;
    }
    if (!isObject(node)) return node;
    let out: Record<string, unknown> | null = null;
    for (const [k, v] of Object.entries(node)) {
      if (typeof v !== 'object' || v === null) continue;
      let next: unknown;
      if (Array.isArray(v)) {
        const key = listKey && LISTS[`${listKey}.${k}`] ? `${listKey}.${k}` : k;
        next = walk(v, key, LISTS[key]);
      } else next = walk(v, undefined, OBJECTS[k]);
      if (next !== v) (out ??= { ...node })[k] = next;
    }
    // what the enclosing key names, then the id/name pairs; a field two rules name (ambiguous) keeps the first rule's answer
    const taken = new Set<string>();
    if (rule) out = swap(out, node, rule.id, rule.names, taken);
    for (const idKey of Object.keys(node)) {
      const fields = PAIRS[idKey];
      if (fields) out = swap(out, node, idKey, fields, taken);
    }
    return out ?? node;
  };
  return walk(payload, undefined, undefined) as T;
}

/** Staff screens keep their own language handling; only visitor calls are localized. */
const STAFF = /^\/api\/pres-live\//i;
const REFRESH_MS = 60_000;

const caches = new WeakMap<object, { at: number; names: Promise<NameTable> }>();
/** The names table of a database, read at most once a minute (shared by the hook and the domains that look names up). */
export function cachedNames(db: Queryable): Promise<NameTable> {
  const c = caches.get(db);
  if (c && Date.now() - c.at <= REFRESH_MS) return c.names;
  const fresh = { at: Date.now(), names: loadNames(db).catch(() => new Map<string, string>()) };
  caches.set(db, fresh);
  return fresh.names;
}

export function installLocalizedNames(app: FastifyInstance, db: Queryable): void {
  app.addHook('preSerialization', async (req, _reply, payload) => {
    const locale = localeOf(req);
    if (!isExtra(locale) || STAFF.test(req.url) || !isObject(payload)) return payload;
    return localizePayload(payload, await cachedNames(db), locale);
  });
}
