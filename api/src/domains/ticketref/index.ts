import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  EditOptionQuantityBody, EditOptionQuantityParams, EditOptionQuantityResponse, PromptAdminQuery, PromptAdminResponse,
  PromptDetailQuery, PromptDetailResponse, PromptTicketSalesQuery, PromptTicketSalesResponse, SendTicketsBody,
  SendTicketsParams, SendTicketsResponse, TicketRefAgentsQuery, TicketRefAgentsResponse,
  type RedemptionItem,
} from '@ticketing/shared/contracts';
import type { Db, Queryable } from '../../db/index.ts';
import { ApiHttpError, route, type Lang } from '../../lib/route.ts';
import { outboxSmsProvider, type SmsProvider } from '../../lib/sms.ts';
import { addDays, jerusalemToday, shekels, toIso, TZ } from '../../lib/time.ts';
import { staffGuard, staffOf } from '../staff/auth.ts';

const TAGS = ['ticketref'];
const pick = (lang: Lang, he: string, en: string) => (lang === 'he' ? he : en);
const dmyFmt = new Intl.DateTimeFormat('en-GB', { timeZone: TZ, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
/** dd/mm/yyyy hh:mm in Asia/Jerusalem. */
const dmy = (d: Date) => dmyFmt.format(d).replace(',', '');

/** The session's businesses, narrowed by an optional businessIds query parameter. */
function scopeOf(req: FastifyRequest, requested?: number[], userId?: number): number[] {
  const user = staffOf(req);
  if (userId !== undefined && userId !== user.userId) throw new ApiHttpError(403, 'FORBIDDEN', 'userId is not the signed-in user');
  return requested ? user.businessIds.filter((b) => requested.includes(b)) : user.businessIds;
}

interface PromptRow { id: number; prompt_he: string; prompt_en: string; ticket_id: number }

/** The prompt matching the admin's identifying parameters within the businesses, or 404. */
async function findPrompt(db: Queryable, businessIds: number[], q: { ticketId: number; pricePolicyId: number; featureId?: number | null; presentationId?: number | null; featureCategoryId?: number | null }): Promise<PromptRow> {
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

/** Ticket reference admin (spec section 7), mounted at /PRES-live/ticket-ref by mf-ticketref. */
export async function ticketrefPlugin(app: FastifyInstance, opts: { db: Db; sms?: SmsProvider }): Promise<void> {
  const { db } = opts;
  const sms = opts.sms ?? outboxSmsProvider(db);

  await app.register(async (scope) => {
    scope.addHook('onRequest', staffGuard(db));

    route(scope, {
      method: 'GET', url: '/pres-live/getTicketRefAgents', summary: 'Agents (organisations with reference prompts) of the user\'s businesses', tags: TAGS,
      query: TicketRefAgentsQuery, response: TicketRefAgentsResponse, errors: { 401: 'UNAUTHORIZED', 403: 'FORBIDDEN' },
      async handler({ query, req, lang }) {
        const businessIds = scopeOf(req, undefined, query.userId);
        const { rows } = await db.query<{ customer_id: number; business_id: number; name_he: string; name_en: string }>(
          'SELECT * FROM ticket_ref_agents WHERE business_id = ANY($1::int[]) ORDER BY customer_id', [businessIds]);
        return { agents: rows.map((r) => ({ CustomerId: r.customer_id, Name: pick(lang, r.name_he, r.name_en), BusinessId: r.business_id })) };
      },
    });

    route(scope, {
      method: 'GET', url: '/pres-live/monitors/TicketReferencePromptAdmin/data', summary: 'Redemption list: the agent\'s reference prompts with allotted and redeemed tickets', tags: TAGS,
      query: PromptAdminQuery, response: PromptAdminResponse, errors: { 401: 'UNAUTHORIZED', 403: 'FORBIDDEN' },
      async handler({ query, req, lang }) {
        const businessIds = scopeOf(req, query.businessIds, query.userId);
        const { rows } = await db.query<{
          id: number; customer_id: number; ticket_id: number; feature_id: number | null; price_policy_id: number; presentation_id: number | null;
          feature_category_id: number | null; prompt_he: string; prompt_en: string; t_he: string; t_en: string; f_he: string | null; f_en: string | null;
          options: number; allotted: number; redeemed: number;
        }>(`
          SELECT pr.*, t.name_he AS t_he, t.name_en AS t_en, f.name_he AS f_he, f.name_en AS f_en,
                 (SELECT count(*)::int FROM ticket_ref_options o WHERE o.prompt_id = pr.id) AS options,
                 (SELECT COALESCE(sum(o.quantity), 0)::int FROM ticket_ref_options o WHERE o.prompt_id = pr.id) AS allotted,
                 (SELECT count(*)::int FROM reservation_tickets rt WHERE rt.ticket_id = pr.ticket_id AND rt.status = 'sold'
                    AND rt.ref1 IN (SELECT o.reference1 FROM ticket_ref_options o WHERE o.prompt_id = pr.id)) AS redeemed
          FROM ticket_ref_prompts pr JOIN tickets t ON t.id = pr.ticket_id LEFT JOIN features f ON f.id = pr.feature_id
          WHERE pr.customer_id = $1 AND pr.business_id = ANY($2::int[]) ORDER BY pr.id`, [query.customerId, businessIds]);
        return {
          rows: rows.map((r) => ({
            CustomerId: r.customer_id, TicketId: r.ticket_id, FeatureId: r.feature_id, PricePolicyId: r.price_policy_id,
            PresentationId: r.presentation_id, FeatureCategoryId: r.feature_category_id, PromptId: r.id,
            Prompt: pick(lang, r.prompt_he, r.prompt_en), TicketName: pick(lang, r.t_he, r.t_en),
            FeatureName: r.f_he === null ? null : pick(lang, r.f_he, r.f_en ?? r.f_he),
            Options: r.options, Allotted: r.allotted, Redeemed: r.redeemed,
          })),
        };
      },
    });

    route(scope, {
      method: 'GET', url: '/pres-live/monitors/TicketReferencePromptAdminDetail/data',
      summary: 'Redemption detail: the prompt\'s references (Reference1/2, PriceType, PriceId, PriceRowId) with quantity and redeemed', tags: TAGS,
      query: PromptDetailQuery, response: PromptDetailResponse, errors: { 401: 'UNAUTHORIZED', 404: 'refPromptOptNotFound' },
      async handler({ query, req, lang }) {
        const prompt = await findPrompt(db, scopeOf(req, query.businessIds), query);
        const { rows } = await db.query<OptionRow>(`${OPTION_SELECT}
          WHERE o.prompt_id = $1 AND ($2::text IS NULL OR o.reference1 ILIKE '%' || $2 || '%' OR o.reference2 ILIKE '%' || $2 || '%')
          ORDER BY o.price_row_id`, [prompt.id, query.data?.trim() || null]);
        const items = rows.map(toItem).filter((i) => query.isDetail || i.Redeemed > 0);
        return { prompt: pick(lang, prompt.prompt_he, prompt.prompt_en), items };
      },
    });

    route(scope, {
      method: 'GET', url: '/pres-live/monitors/TicketReferencePromptAdminTicketSales/data',
      summary: 'Ticket sales history of a prompt (defaults: detailLevel 1, startDate one month ago, endDate today, dateType 2 = sale date)', tags: TAGS,
      query: PromptTicketSalesQuery, response: PromptTicketSalesResponse, errors: { 401: 'UNAUTHORIZED', 404: 'refPromptOptNotFound' },
      async handler({ query, req, lang }) {
        const prompt = await findPrompt(db, scopeOf(req, query.businessIds), query);
        const today = jerusalemToday();
        const endDate = query.endDate ?? today;
        const startDate = query.startDate ?? addDays(endDate, -30);
        if (startDate > endDate) throw new ApiHttpError(400, 'BAD_REQUEST', 'startDate after endDate');
        const dateExpr = query.dateType === 1 ? 'p.business_date' : `(rt.created_at AT TIME ZONE 'Asia/Jerusalem')::date`;
        const perTicket = query.detailLevel === 2;
        const { rows } = await db.query<{
          rid: number; identifier: string; created: Date; starts: Date; f_he: string; f_en: string; l_he: string; l_en: string;
          ref1: string; ref2: string; qty: number; amount: number; mobile: string | null; seat: string | null;
        }>(`
          SELECT r.id AS rid, r.identifier, min(rt.created_at) AS created, min(p.starts_at) AS starts, f.name_he AS f_he, f.name_en AS f_en,
                 l.name_he AS l_he, l.name_en AS l_en, rt.ref1, COALESCE(rt.ref2, '') AS ref2, count(*)::int AS qty,
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
          GROUP BY r.id, f.id, l.id, rt.ref1, rt.ref2 ${perTicket ? ', rt.id' : ''}
          ORDER BY min(rt.created_at) DESC, r.id LIMIT 2000`,
        [prompt.ticket_id, prompt.id, query.data?.trim() || null, startDate, endDate]);
        return {
          startDate, endDate, detailLevel: query.detailLevel, dateType: query.dateType,
          rows: rows.map((r) => ({
            ReservationId: r.rid, ReservationIdentifier: r.identifier, TransactionDateTime: toIso(r.created), PresentationDateTime: toIso(r.starts),
            FeatureName: pick(lang, r.f_he, r.f_en), LocationName: pick(lang, r.l_he, r.l_en), Reference1: r.ref1, Reference2: r.ref2,
            Quantity: r.qty, Amount: shekels(Number(r.amount)), MobileNumber: r.mobile, Seat: r.seat,
          })),
        };
      },
    });

    route(scope, {
      method: 'POST', url: '/pres-live/editReferencePromptOptionQuantity/1/{priceType}/{priceId}/{priceRowId}',
      summary: 'Sets the allotted quantity of one reference (success only with HTTP 200)', tags: TAGS,
      params: EditOptionQuantityParams, body: EditOptionQuantityBody, response: EditOptionQuantityResponse,
      errors: { 401: 'UNAUTHORIZED', 403: 'CSRF', 404: 'refPromptOptNotFound' },
      async handler({ params, body, req }) {
        const businessIds = staffOf(req).businessIds;
        const { rows } = await db.query<{ price_row_id: number }>(`
          UPDATE ticket_ref_options o SET quantity = $6, updated_at = now()
          FROM ticket_ref_prompts pr
          WHERE pr.id = o.prompt_id AND pr.business_id = ANY($1::int[])
            AND o.price_type = $2 AND o.price_id = $3 AND o.price_row_id = $4 AND o.reference1 = $5
            AND ($7::text = '' OR o.reference2 = $7)
          RETURNING o.price_row_id`,
        [businessIds, params.priceType, params.priceId, params.priceRowId, body.reference, body.quantity, body.reference2 ?? '']);
        if (!rows[0]) throw new ApiHttpError(404, 'refPromptOptNotFound', 'no such reference option');
        const { rows: [o] } = await db.query<OptionRow>(`${OPTION_SELECT} WHERE o.price_type = $1 AND o.price_id = $2 AND o.price_row_id = $3`,
          [params.priceType, params.priceId, params.priceRowId]);
        return { success: true as const, item: toItem(o!) };
      },
    });

    route(scope, {
      method: 'POST', url: '/pres-live/reservations/{resId}/sendTickets', summary: 'Staff resend of a reservation\'s tickets by SMS (any reservation of the staff member\'s businesses; through the SMS provider). The visitor call POST /reservations/{resId}/sendTickets belongs to the orders domain', tags: TAGS,
      params: SendTicketsParams, body: SendTicketsBody, response: SendTicketsResponse,
      errors: { 401: 'UNAUTHORIZED', 403: 'CSRF', 404: 'NOT_FOUND', 409: 'NOTHING_TO_SEND', 502: 'SMS_FAILED' },
      async handler({ params, body, req, lang }) {
        const businessIds = staffOf(req).businessIds;
        const { rows } = await db.query<{ identifier: string; doc: string | null; starts: Date; f_he: string; f_en: string; l_he: string; l_en: string; v_he: string; v_en: string; n: number }>(`
          SELECT r.identifier, to_jsonb(r) ->> 'document_key' AS doc, min(p.starts_at) AS starts, f.name_he AS f_he, f.name_en AS f_en,
                 l.name_he AS l_he, l.name_en AS l_en, v.name_he AS v_he, v.name_en AS v_en, count(*)::int AS n
          FROM reservations r JOIN reservation_tickets rt ON rt.reservation_id = r.id AND rt.status IN ('sold', 'held')
          JOIN presentations p ON p.id = rt.presentation_id JOIN features f ON f.id = p.feature_id
          JOIN venues v ON v.id = p.venue_id JOIN locations l ON l.id = v.location_id
          WHERE r.identifier = $1 AND r.business_id = ANY($2::int[]) AND r.status <> 'cancelled'
          GROUP BY r.id, f.id, l.id, v.id ORDER BY min(p.starts_at)`, [params.resId, businessIds]);
        if (!rows.length) throw new ApiHttpError(404, 'NOT_FOUND', 'no such reservation of yours');
        const lines = rows.map((r) => `${pick(lang, r.f_he, r.f_en)} · ${dmy(new Date(r.starts))} · ${pick(lang, r.l_he, r.l_en)}, ${pick(lang, r.v_he, r.v_en)} · ${r.n}`);
        const doc = rows[0]!.doc ?? rows[0]!.identifier;
        const text = [lang === 'he' ? `הכרטיסים שלך, הזמנה ${params.resId}:` : `Your tickets, reservation ${params.resId}:`, ...lines, `/edocument/${doc}`].join('\n');
        try {
          await sms.send(body.mobileNumber, text);
        } catch {
          throw new ApiHttpError(502, 'SMS_FAILED', 'the SMS provider failed');
        }
        return { success: true };
      },
    });
  });
}
