import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  EditOptionQuantityBody, EditOptionQuantityParams, EditOptionQuantityResponse, PromptAdminQuery, PromptAdminResponse,
  PromptDetailQuery, PromptDetailResponse, PromptTicketSalesQuery, PromptTicketSalesResponse, TicketRefAgentsQuery, TicketRefAgentsResponse,
} from '@ticketing/shared/contracts';
import type { Db } from '../../../db/index.ts';
import { ApiHttpError, route } from '../../../lib/route.ts';
import { pick } from '../../../lib/lang.ts';
import { addDays, jerusalemToday, shekels, toIso } from '../../../lib/time.ts';
import { staffOf } from '../../staff/auth.ts';
import { agentsOf, findPrompt, promptOptions, promptsOf, salesHistory, setOptionQuantity } from '../queries.ts';
import { TAGS } from './tags.ts';

/** The session's businesses, narrowed by an optional businessIds query parameter. */
function scopeOf(req: FastifyRequest, requested?: number[], userId?: number): number[] {
  const user = staffOf(req);
  if (userId !== undefined && userId !== user.userId) throw new ApiHttpError(403, 'FORBIDDEN', 'userId is not the signed-in user');
  return requested ? user.businessIds.filter((b) => requested.includes(b)) : user.businessIds;
}

/** Agents, their reference prompts, a prompt's references and sales history, and the quantity edit. */
export function promptRoutes(scope: FastifyInstance, db: Db): void {
  route(scope, {
    method: 'GET', url: '/pres-live/getTicketRefAgents', summary: 'Agents (organisations with reference prompts) of the user\'s businesses', tags: TAGS,
    query: TicketRefAgentsQuery, response: TicketRefAgentsResponse, errors: { 401: 'UNAUTHORIZED', 403: 'FORBIDDEN' },
    async handler({ query, req, lang }) {
      const rows = await agentsOf(db, scopeOf(req, undefined, query.userId));
      return { agents: rows.map((r) => ({ CustomerId: r.customer_id, Name: pick(lang, r.name_he, r.name_en), BusinessId: r.business_id })) };
    },
  });

  route(scope, {
    method: 'GET', url: '/pres-live/monitors/TicketReferencePromptAdmin/data', summary: 'Redemption list: the agent\'s reference prompts with allotted and redeemed tickets', tags: TAGS,
    query: PromptAdminQuery, response: PromptAdminResponse, errors: { 401: 'UNAUTHORIZED', 403: 'FORBIDDEN' },
    async handler({ query, req, lang }) {
      const rows = await promptsOf(db, query.customerId, scopeOf(req, query.businessIds, query.userId));
      return {
        rows: rows.map((r) => ({
          CustomerId: r.customer_id, TicketId: r.ticket_id, FeatureId: r.feature_id, PricePolicyId: r.price_policy_id,
          PresentationId: r.presentation_id, FeatureCategoryId: r.feature_category_id, PromptId: r.id,
          Prompt: pick(lang, r.prompt_he, r.prompt_en), TicketName: pick(lang, r.t_he, r.t_en),
          FeatureName: r.f_he === null ? null : pick(lang, r.f_he, r.f_en ?? r.f_he),
          PresentationDateTime: r.pres_starts === null ? null : toIso(r.pres_starts),
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
      const items = (await promptOptions(db, prompt.id, query.data?.trim() || null)).filter((i) => query.isDetail || i.Redeemed > 0);
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
      const rows = await salesHistory(db, {
        ticketId: prompt.ticket_id, promptId: prompt.id, search: query.data?.trim() || null, startDate, endDate,
        dateType: query.dateType === 1 ? 1 : 2, perTicket: query.detailLevel === 2,
      });
      return {
        startDate, endDate, detailLevel: query.detailLevel, dateType: query.dateType,
        rows: rows.map((r) => ({
          ReservationId: r.rid, ReservationIdentifier: r.identifier, TransactionDateTime: toIso(r.created), PresentationDateTime: toIso(r.starts),
          FeatureName: pick(lang, r.f_he, r.f_en), LocationName: pick(lang, r.l_he, r.l_en), Reference1: r.ref1, Reference2: r.ref2,
          Quantity: r.qty, Amount: shekels(Number(r.amount)), MobileNumber: r.mobile, Seat: r.seat, PresentationPast: r.past,
        })),
      };
    },
  });

  route(scope, {
    method: 'POST', url: '/pres-live/editReferencePromptOptionQuantity/1/{priceType}/{priceId}/{priceRowId}',
    summary: 'Sets the allotted quantity of one reference (success only with HTTP 200). A quantity below the tickets already redeemed with it is refused: 409 refPromptOptBelowRedeemed with details.redeemed', tags: TAGS,
    params: EditOptionQuantityParams, body: EditOptionQuantityBody, response: EditOptionQuantityResponse,
    errors: { 401: 'UNAUTHORIZED', 403: 'CSRF', 404: 'refPromptOptNotFound', 409: 'refPromptOptBelowRedeemed' },
    async handler({ params, body, req }) {
      const item = await setOptionQuantity(db, staffOf(req).businessIds, params, body);
      if (!item) throw new ApiHttpError(404, 'refPromptOptNotFound', 'no such reference option');
      return { success: true as const, item };
    },
  });
}
