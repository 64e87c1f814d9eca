import { createApi } from '@reduxjs/toolkit/query/react';
import type * as z from 'zod/mini';
import { createBaseQuery, parseWith, queryString, type ApiFailure } from '@ticketing/shared';
import {
  EditOptionQuantityResponse, PromptAdminResponse, PromptDetailResponse, PromptTicketSalesResponse, SendTicketsResponse,
  TicketRefAgentsResponse, type TicketRefPromptRow,
} from '@ticketing/shared';

/** Spec section 5: edit quantity response is success only on HTTP 200. */
export const isEditSuccess = (status: number | undefined) => status === 200;

/** The identifying parameters of a prompt, as the detail and history calls take them. */
export const promptParams = (p: TicketRefPromptRow, businessIds: number[]) => ({
  ticketId: p.TicketId, pricePolicyId: p.PricePolicyId, featureId: p.FeatureId ?? '', presentationId: p.PresentationId ?? '',
  featureCategoryId: p.FeatureCategoryId ?? '', businessIds: businessIds.join(','),
});
type PromptParams = ReturnType<typeof promptParams>;
export interface HistoryArgs extends PromptParams { detailLevel: 1 | 2; startDate: string; endDate: string; dateType: 1 | 2; data?: string }

export const staffApi = createApi({
  reducerPath: 'staffApi',
  baseQuery: createBaseQuery(),
  tagTypes: ['Options'],
  endpoints: (b) => ({
    agents: b.query<z.output<typeof TicketRefAgentsResponse>, number>({
      query: (userId) => `/pres-live/getTicketRefAgents?${queryString({ userId })}`, transformResponse: parseWith(TicketRefAgentsResponse),
    }),
    prompts: b.query<z.output<typeof PromptAdminResponse>, { customerId: number; userId: number; businessIds: number[] }>({
      query: ({ businessIds, ...q }) => `/pres-live/monitors/TicketReferencePromptAdmin/data?${queryString({ ...q, businessIds: businessIds.join(',') })}`,
      transformResponse: parseWith(PromptAdminResponse), providesTags: ['Options'],
    }),
    detail: b.query<z.output<typeof PromptDetailResponse>, PromptParams & { data?: string }>({
      query: (q) => `/pres-live/monitors/TicketReferencePromptAdminDetail/data?${queryString({ ...q, isDetail: true })}`,
      transformResponse: parseWith(PromptDetailResponse), providesTags: ['Options'],
    }),
    history: b.query<z.output<typeof PromptTicketSalesResponse>, HistoryArgs>({
      query: (q) => `/pres-live/monitors/TicketReferencePromptAdminTicketSales/data?${queryString({ ...q, isDetail: true })}`,
      transformResponse: parseWith(PromptTicketSalesResponse),
    }),
    /** Spec section 5: the edit is a success only on HTTP 200 (any other answer, even 2xx, is a failure). */
    editQuantity: b.mutation<z.output<typeof EditOptionQuantityResponse>, { priceType: number; priceId: number; priceRowId: number; reference: string; reference2: string; quantity: number }>({
      async queryFn({ priceType, priceId, priceRowId, ...body }, _api, _extra, baseQuery) {
        const r = await baseQuery({ url: `/pres-live/editReferencePromptOptionQuantity/1/${priceType}/${priceId}/${priceRowId}`, method: 'POST', body });
        if (r.error) return { error: r.error as ApiFailure };
        const status = (r.meta as { response?: Response } | undefined)?.response?.status;
        const parsed = EditOptionQuantityResponse.safeParse(r.data);
        if (!isEditSuccess(status) || !parsed.success) return { error: { status: status ?? 'UNKNOWN', code: 'refPromptOptError', key: 'errors.generic' } };
        return { data: parsed.data };
      },
      invalidatesTags: ['Options'],
    }),
    sendTickets: b.mutation<z.output<typeof SendTicketsResponse>, { resId: string; mobileNumber: string }>({
      query: ({ resId, mobileNumber }) => ({ url: `/pres-live/reservations/${encodeURIComponent(resId)}/sendTickets`, method: 'POST', body: { mobileNumber } }),
      transformResponse: parseWith(SendTicketsResponse),
    }),
  }),
});
export const { useAgentsQuery, usePromptsQuery, useDetailQuery, useHistoryQuery, useEditQuantityMutation, useSendTicketsMutation } = staffApi;
