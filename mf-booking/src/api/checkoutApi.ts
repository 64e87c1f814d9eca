import {
  CommitResponse, EDocumentResponse, MiniSiteResponse, MiniSiteValidateResponse, PaymentFormResponse, PresentationsResponse,
  SuccessResponse, TicketLookupResponse, VodResponse, VoucherPaymentResponse,
  type CommitBody, type Locale, type PaymentFormQuery, type TicketLookupQuery,
} from '@ticketing/shared';
import { bookingApi } from './bookingApi';

/** Query values as the api expects them on the wire (booleans as 0/1, no undefined). */
function params(o: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(o)) {
    if (v === undefined || v === null || v === '') continue;
    out[k] = typeof v === 'boolean' ? (v ? '1' : '0') : String(v);
  }
  return out;
}

export type TicketLookupArgs = { presentationId: number } & Partial<Omit<TicketLookupQuery, 'isHold'>> & { isHold?: boolean };

/**
 * Checkout, payment, confirmation, e-document, mini-site and VOD calls (issue 4); the order page's own (configuration,
 * customer, the cart's price) are in orderApi.ts, so that the seat step does not carry these contracts (issue 12).
 * Every response is parsed with the shared contracts. One-shot calls that must never be
 * served from a cache (payment form, voucher payment, ticket lookup, commit) are mutations.
 */
export const checkoutApi = bookingApi.injectEndpoints({
  endpoints: (b) => ({
    lookupTicket: b.mutation<TicketLookupResponse, TicketLookupArgs>({
      // POST: codes, coupons, voucher references and member numbers never travel in a (logged) query string
      query: ({ presentationId, ...q }) => ({ url: `/presentations/${presentationId}/ticket`, method: 'POST', body: params(q) }),
      transformResponse: (raw: unknown) => TicketLookupResponse.parse(raw),
    }),
    paymentForm: b.mutation<PaymentFormResponse, { locale: Locale } & PaymentFormQuery>({
      query: ({ locale, ...q }) => ({ url: `/payment/form/${locale}`, params: params(q) }),
      transformResponse: (raw: unknown) => PaymentFormResponse.parse(raw),
    }),
    voucherPayment: b.mutation<VoucherPaymentResponse, { reference: string; total: number }>({
      query: (q) => ({ url: '/payment/voucher', method: 'POST', body: params(q) }),
      transformResponse: (raw: unknown) => VoucherPaymentResponse.parse(raw),
    }),
    commit: b.mutation<CommitResponse, { body: CommitBody; idempotencyKey: string }>({
      query: ({ body, idempotencyKey }) => ({ url: '/payment/commit', method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
      transformResponse: (raw: unknown) => CommitResponse.parse(raw),
    }),
    edocument: b.query<EDocumentResponse, { documentKey: string; locale: string }>({
      query: ({ documentKey }) => ({ url: `/edocument/${encodeURIComponent(documentKey)}` }),
      transformResponse: (raw: unknown) => EDocumentResponse.parse(raw),
      keepUnusedDataFor: 0,
    }),
    sendTickets: b.mutation<{ success: true }, { resId: string; mobileNumber: string }>({
      query: ({ resId, mobileNumber }) => ({ url: `/reservations/${encodeURIComponent(resId)}/sendTickets`, method: 'POST', body: { mobileNumber } }),
      transformResponse: (raw: unknown) => SuccessResponse.parse(raw),
    }),
    miniSite: b.query<MiniSiteResponse, { url: string; locale: string }>({
      query: ({ url }) => ({ url: `/mini-site/${encodeURIComponent(url)}` }),
      transformResponse: (raw: unknown) => MiniSiteResponse.parse(raw),
    }),
    validateMiniSiteReference: b.mutation<MiniSiteValidateResponse, { url: string; ticketId: number; reference1: string; reference2?: string }>({
      query: ({ url, ...q }) => ({ url: `/mini-site/validate/${encodeURIComponent(url)}`, method: 'POST', body: params({ ...q, mode: 'check' }) }),
      transformResponse: (raw: unknown) => MiniSiteValidateResponse.parse(raw),
    }),
    miniSitePresentations: b.query<PresentationsResponse, { miniSiteUrl: string; locationId?: number | null; featureIds?: number[] | null; locale: string }>({
      query: ({ miniSiteUrl, locationId, featureIds }) => ({
        url: '/presentations/',
        params: params({ miniSiteUrl, locationId, featureIds: featureIds?.length ? featureIds.join(',') : undefined }),
      }),
      transformResponse: (raw: unknown) => PresentationsResponse.parse(raw),
    }),
    vodTitles: b.query<VodResponse, { locale: string }>({
      query: () => ({ url: '/vod' }),
      transformResponse: (raw: unknown) => VodResponse.parse(raw),
    }),
  }),
});

export const {
  useLookupTicketMutation, usePaymentFormMutation, useVoucherPaymentMutation, useCommitMutation, useEdocumentQuery, useSendTicketsMutation, useMiniSiteQuery,
  useValidateMiniSiteReferenceMutation, useMiniSitePresentationsQuery, useVodTitlesQuery,
} = checkoutApi;
