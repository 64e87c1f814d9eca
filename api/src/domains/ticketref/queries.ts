import type { RedemptionItem } from '@ticketing/shared/contracts';
import type { Db, Queryable } from '../../db/index.ts';
import { ApiHttpError } from '../../lib/route.ts';

/** Ticket reference admin SQL: agents, their reference prompts, the prompts' options and redemptions. */

export interface PromptRow { id: number; prompt_he: string; prompt_en: string; ticket_id: number }
export interface PromptIdentity { ticketId: number; pricePolicyId: number; featureId?: number | null; presentationId?: number | null; featureCategoryId?: number | null }

/** The prompt matching the admin's identifying parameters within the businesses, or 404. */
export async function findPrompt(db: Queryable, businessIds: number[], q: PromptIdentity): Promise<PromptRow> {
  const { rows } = await db.query<PromptRow>(`
    SELECT id, prompt_he, prompt_en, ticket_id FROM ticket_ref_prompts
    WHERE business_id = ANY($1::int[]) AND ticket_id = $2 AND price_policy_id = $3
      AND feature_id IS NOT DISTINCT FROM $4::int AND presentation_id IS NOT DISTINCT FROM $5::int
      AND ($6::int IS NULL OR feature_category_id = $6::int)
    ORDER BY id LIMIT 1`,
  [businessIds, q.ticketId, q.pricePolicyId, q.featureId ?? null, q.presentationId ?? null, q.featureCategoryId ?? null]);
  if (!rows[0]) throw new ApiHttpError(404, 'refPromptOptNotFound', 'no such reference prompt');
  return rows[0];
}

interface OptionRow { price_type: number; price_id: number; price_row_id: number; reference1: string; reference2: string; quantity: number; redeemed: number }
const OPTION_SELECT = `
  SELECT o.price_type, o.price_id, o.price_row_id, o.reference1, o.reference2, o.quantity,
         (SELECT count(*)::int FROM reservation_tickets rt WHERE rt.ticket_id = o.price_id AND rt.ref1 = o.reference1 AND rt.status = 'sold') AS redeemed
  FROM ticket_ref_options o`;
const toItem = (o: OptionRow): RedemptionItem => ({
  Reference1: o.reference1, Reference2: o.reference2, PriceType: o.price_type, PriceId: o.price_id, PriceRowId: o.price_row_id,
  Quantity: o.quantity, Redeemed: o.redeemed, Remaining: Math.max(0, o.quantity - o.redeemed),
});

/** Agents (organisations with reference prompts) of the businesses. */
export async function agentsOf(db: Queryable, businessIds: number[]) {
  const { rows } = await db.query<{ customer_id: number; business_id: number; name_he: string; name_en: string }>(
    'SELECT * FROM ticket_ref_agents WHERE business_id = ANY($1::int[]) ORDER BY customer_id', [businessIds]);
  return rows;
}

/** An agent's reference prompts with option count, allotted and redeemed tickets. */
export async function promptsOf(db: Queryable, customerId: number, businessIds: number[]) {
  const { rows } = await db.query<{
    id: number; customer_id: number; ticket_id: number; feature_id: number | null; price_policy_id: number; presentation_id: number | null;
    feature_category_id: number | null; prompt_he: string; prompt_en: string; t_he: string; t_en: string; f_he: string | null; f_en: string | null;
    pres_starts: Date | null; options: number; allotted: number; redeemed: number;
  }>(`
    SELECT pr.*, t.name_he AS t_he, t.name_en AS t_en, f.name_he AS f_he, f.name_en AS f_en, ps.starts_at AS pres_starts,
           (SELECT count(*)::int FROM ticket_ref_options o WHERE o.prompt_id = pr.id) AS options,
           (SELECT COALESCE(sum(o.quantity), 0)::int FROM ticket_ref_options o WHERE o.prompt_id = pr.id) AS allotted,
           (SELECT count(*)::int FROM reservation_tickets rt WHERE rt.ticket_id = pr.ticket_id AND rt.status = 'sold'
              AND rt.ref1 IN (SELECT o.reference1 FROM ticket_ref_options o WHERE o.prompt_id = pr.id)) AS redeemed
    FROM ticket_ref_prompts pr JOIN tickets t ON t.id = pr.ticket_id LEFT JOIN features f ON f.id = pr.feature_id
    LEFT JOIN presentations ps ON ps.id = pr.presentation_id
    WHERE pr.customer_id = $1 AND pr.business_id = ANY($2::int[]) ORDER BY pr.id`, [customerId, businessIds]);
  return rows;
}

/** A prompt's references (optionally those whose Reference1/2 contain `search`), as redemption items. */
export async function promptOptions(db: Queryable, promptId: number, search: string | null): Promise<RedemptionItem[]> {
  const { rows } = await db.query<OptionRow>(`${OPTION_SELECT}
    WHERE o.prompt_id = $1 AND ($2::text IS NULL OR o.reference1 ILIKE '%' || $2 || '%' OR o.reference2 ILIKE '%' || $2 || '%')
    ORDER BY o.price_row_id`, [promptId, search]);
  return rows.map(toItem);
}

export interface SalesHistoryFilter {
  ticketId: number; promptId: number; search: string | null; startDate: string; endDate: string;
  /** 1 = presentation business date, 2 = sale date. */
  dateType: 1 | 2;
  /** One row per ticket (with its seat) instead of one per reservation line. */
  perTicket: boolean;
}

/**
 * Sold tickets redeemed with a prompt's references in a date range, newest first (at most 2000 rows).
 * Per order (detail level 1) is one row per reservation: an order whose tickets were redeemed with two of the
 * prompt's references (or bought for two screenings) was grouped by reference and film too, so it was listed once
 * per reference, each row with part of its quantity (QA: "Per order lists S1000756 twice"). Its references, films
 * and cinemas are now listed in its one row. Per ticket (level 2) is one row per ticket.
 */
export async function salesHistory(db: Queryable, f: SalesHistoryFilter) {
  const dateExpr = f.dateType === 1 ? 'p.business_date' : `(rt.created_at AT TIME ZONE 'Asia/Jerusalem')::date`;
  const { perTicket } = f;
  const list = (expr: string, sep: string) => `string_agg(DISTINCT ${expr}, '${sep}' ORDER BY ${expr})`;
  const { rows } = await db.query<{
    rid: number; identifier: string; created: Date; starts: Date; past: boolean; f_he: string; f_en: string; l_he: string; l_en: string;
    ref1: string; ref2: string; qty: number; amount: number; mobile: string | null; seat: string | null;
  }>(`
    SELECT r.id AS rid, r.identifier, min(rt.created_at) AS created, min(p.starts_at) AS starts, max(p.starts_at) < now() AS past,
           ${list('f.name_he', ' / ')} AS f_he, ${list('f.name_en', ' / ')} AS f_en,
           ${list('l.name_he', ' / ')} AS l_he, ${list('l.name_en', ' / ')} AS l_en,
           ${list('rt.ref1', ', ')} AS ref1, COALESCE(${list(`NULLIF(rt.ref2, '')`, ', ')}, '') AS ref2, count(*)::int AS qty,
           sum(rt.price_agorot + rt.service_charge_agorot)::float8 AS amount, r.mobile_number AS mobile,
           ${perTicket ? `min(COALESCE(s.row_name || '-' || s.seat_name, '#' || rt.x))` : 'NULL'} AS seat
    FROM reservation_tickets rt
    JOIN reservations r ON r.id = rt.reservation_id
    JOIN presentations p ON p.id = rt.presentation_id
    JOIN features f ON f.id = p.feature_id
    JOIN venues v ON v.id = p.venue_id JOIN locations l ON l.id = v.location_id
    ${perTicket ? 'LEFT JOIN seats s ON s.section_id = rt.section_id AND s.x = rt.x AND s.y = rt.y' : ''}
    WHERE rt.ticket_id = $1 AND rt.status = 'sold'
      AND rt.ref1 IN (SELECT o.reference1 FROM ticket_ref_options o WHERE o.prompt_id = $2)
      AND ($3::text IS NULL OR rt.ref1 ILIKE '%' || $3 || '%' OR rt.ref2 ILIKE '%' || $3 || '%')
      AND ${dateExpr} BETWEEN $4::date AND $5::date
    GROUP BY r.id ${perTicket ? ', rt.id' : ''}
    ORDER BY min(rt.created_at) DESC, r.id ${perTicket ? ', rt.id' : ''} LIMIT 2000`,
  [f.ticketId, f.promptId, f.search, f.startDate, f.endDate]);
  return rows;
}

export interface OptionKey { priceType: number; priceId: number; priceRowId: number }

/**
 * Sets the allotted quantity of one reference of the businesses; the updated item, or undefined when there is none.
 * A quantity below the tickets already redeemed with the reference is refused (409 refPromptOptBelowRedeemed,
 * details.redeemed): it left a negative balance ("Remaining 0", the prompt's Allotted below its Redeemed). The count
 * and the update run under the lock a checkout takes to sell against the same reference (orders/cartBalances.ts,
 * `ref:<ticket>:<reference1>`), so a sale committed meanwhile is counted.
 */
export async function setOptionQuantity(db: Db, businessIds: number[], key: OptionKey, change: { reference: string; reference2?: string; quantity: number }): Promise<RedemptionItem | undefined> {
  return db.tx(async (q) => {
    const { rows: [opt] } = await q.query<{ price_id: number; reference1: string }>(`
      SELECT o.price_id, o.reference1 FROM ticket_ref_options o JOIN ticket_ref_prompts pr ON pr.id = o.prompt_id
      WHERE pr.business_id = ANY($1::int[])
        AND o.price_type = $2 AND o.price_id = $3 AND o.price_row_id = $4 AND o.reference1 = $5
        AND ($6::text = '' OR o.reference2 = $6)
      FOR UPDATE OF o`,
    [businessIds, key.priceType, key.priceId, key.priceRowId, change.reference, change.reference2 ?? '']);
    if (!opt) return undefined;
    await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`ref:${opt.price_id}:${opt.reference1}`]);
    const { rows: [o] } = await q.query<OptionRow>(`${OPTION_SELECT} WHERE o.price_type = $1 AND o.price_id = $2 AND o.price_row_id = $3`,
      [key.priceType, key.priceId, key.priceRowId]);
    if (change.quantity < o!.redeemed) {
      throw new ApiHttpError(409, 'refPromptOptBelowRedeemed', `${o!.redeemed} tickets are already redeemed with this reference`,
        { details: { redeemed: o!.redeemed, quantity: change.quantity } });
    }
    await q.query('UPDATE ticket_ref_options SET quantity = $4, updated_at = now() WHERE price_type = $1 AND price_id = $2 AND price_row_id = $3',
      [key.priceType, key.priceId, key.priceRowId, change.quantity]);
    return toItem({ ...o!, quantity: change.quantity });
  });
}

/** A live reservation of the businesses, one row per feature × venue, earliest first (for the resent SMS). */
export async function reservationLines(db: Queryable, identifier: string, businessIds: number[]) {
  const { rows } = await db.query<{ identifier: string; doc: string | null; starts: Date; f_he: string; f_en: string; l_he: string; l_en: string; v_he: string; v_en: string; n: number }>(`
    SELECT r.identifier, to_jsonb(r) ->> 'document_key' AS doc, min(p.starts_at) AS starts, f.name_he AS f_he, f.name_en AS f_en,
           l.name_he AS l_he, l.name_en AS l_en, v.name_he AS v_he, v.name_en AS v_en, count(*)::int AS n
    FROM reservations r JOIN reservation_tickets rt ON rt.reservation_id = r.id AND rt.status IN ('sold', 'held')
    JOIN presentations p ON p.id = rt.presentation_id JOIN features f ON f.id = p.feature_id
    JOIN venues v ON v.id = p.venue_id JOIN locations l ON l.id = v.location_id
    WHERE r.identifier = $1 AND r.business_id = ANY($2::int[]) AND r.status <> 'cancelled'
    GROUP BY r.id, f.id, l.id, v.id ORDER BY min(p.starts_at)`, [identifier, businessIds]);
  return rows;
}
