import { createApi } from '@reduxjs/toolkit/query/react';
import {
  ConfigResponse, createBaseQuery, currentCustomer, type CustomerInfoResponse, LockSeatResponse, MembershipsResponse, PaymentFormResponse, PresentationResponse, type SeatplanV2Response,
  type SeatsStatusV2Response, SelectionCheckResponse, UnlockSeatResponse, type LockSeatInput, type MembershipOrderBody,
} from '@ticketing/shared';
import { parseSeatplanV2, parseSeatsStatusV2 } from '@ticketing/seatmap/contract';
// Bundled, not taken from the shared singleton: a host built before these contracts existed still runs this remote.
import {
  MembershipOrderResponse, MembershipQuoteResponse, MembershipRenewalResponse, MembershipSeatplanResponse,
} from '@ticketing/shared/contracts/membership-responses';

export const membershipsApi = createApi({
  reducerPath: 'membershipsApi',
  baseQuery: createBaseQuery(),
  endpoints: (b) => ({
    memberships: b.query<MembershipsResponse, { locale: string; code?: string }>({
      query: ({ code }) => ({ url: '/memberships', params: code ? { code } : {} }),
      transformResponse: (raw: unknown) => MembershipsResponse.parse(raw),
    }),
    /**
     * The signed-in customer, if any (as the ticket order asks it): the details step starts from their details and
     * the confirmation speaks to them. Anonymous (no session cookie, or the session ended): null, no call or no error.
     */
    currentCustomer: b.query<CustomerInfoResponse | null, void>({
      queryFn: (_a, _api, _extra, baseQuery) => currentCustomer(baseQuery),
    }),
    config: b.query<ConfigResponse, void>({
      query: () => ({ url: '/config' }),
      transformResponse: (raw: unknown) => ConfigResponse.parse(raw),
    }),
    seatplan: b.query<MembershipSeatplanResponse, number>({
      query: (membershipId) => ({ url: '/membership/seatplan', params: { membershipId } }),
      transformResponse: (raw: unknown) => MembershipSeatplanResponse.parse(raw),
    }),
    presentation: b.query<PresentationResponse, { id: number; locale: string }>({
      query: ({ id }) => ({ url: `/presentations/${id}` }),
      transformResponse: (raw: unknown) => PresentationResponse.parse(raw),
    }),
    // the seat map's plan and status are the seats domain's; holds go through /membership/…
    // by language too: the plan's stage label and section names are the api's, in the visitor's language
    seatplanV2: b.query<SeatplanV2Response, { venueId: number; seatplanId: number; locale: string }>({
      query: ({ venueId, seatplanId }) => ({ url: '/seats/seatplanV2', params: { venueId, seatplanId } }),
      transformResponse: (raw: unknown) => parseSeatplanV2(raw),
      keepUnusedDataFor: 300,
    }),
    seatsStatusV2: b.query<SeatsStatusV2Response, { presentationId: number; isReserved: boolean }>({
      query: ({ presentationId, isReserved }) => ({ url: '/seats/seats-statusV2', params: { presentationId, isReserved: isReserved ? '1' : '0' } }),
      transformResponse: (raw: unknown) => parseSeatsStatusV2(raw),
      keepUnusedDataFor: 0,
    }),
    lockSeat: b.mutation<LockSeatResponse, { membershipId: number; seat: LockSeatInput }>({
      query: ({ membershipId, seat }) => ({ url: '/membership/lock-seat', method: 'PUT', body: { membershipId, selections: [seat] } }),
      transformResponse: (raw: unknown) => LockSeatResponse.parse(raw),
    }),
    unlockSeat: b.mutation<UnlockSeatResponse, { membershipId: number; seat: LockSeatInput }>({
      query: ({ membershipId, seat }) => ({ url: '/membership/unlock-seat', method: 'PUT', body: { membershipId, selections: [seat] } }),
      transformResponse: (raw: unknown) => UnlockSeatResponse.parse(raw),
    }),
    /** Booking's whole-selection rules (single-seat gap, companion seat) on this visit's seats in one event. */
    checkSelection: b.mutation<SelectionCheckResponse, { membershipId: number; presentationId: number }>({
      query: (body) => ({ url: '/membership/check-selection', method: 'POST', body }),
      transformResponse: (raw: unknown) => SelectionCheckResponse.parse(raw),
    }),
    quote: b.mutation<MembershipQuoteResponse, MembershipOrderBody>({
      query: (body) => ({ url: '/membership/quote', method: 'POST', body }),
      transformResponse: (raw: unknown) => MembershipQuoteResponse.parse(raw),
    }),
    paymentForm: b.mutation<PaymentFormResponse, { locale: string; total: number }>({
      query: ({ locale, total }) => ({ url: `/payment/form/${locale}`, params: { total } }),
      transformResponse: (raw: unknown) => PaymentFormResponse.parse(raw),
    }),
    renewal: b.query<MembershipRenewalResponse, string>({
      query: (memberNumber) => ({ url: `/membership/renewal/${encodeURIComponent(memberNumber)}` }),
      transformResponse: (raw: unknown) => MembershipRenewalResponse.parse(raw),
    }),
    order: b.mutation<MembershipOrderResponse, { body: MembershipOrderBody; key: string }>({
      query: ({ body, key }) => ({ url: '/membership/order', method: 'POST', body, headers: { 'Idempotency-Key': key } }),
      transformResponse: (raw: unknown) => MembershipOrderResponse.parse(raw),
    }),
  }),
});
export const {
  useMembershipsQuery, useConfigQuery, useCurrentCustomerQuery, useSeatplanQuery, usePresentationQuery, useSeatplanV2Query, useSeatsStatusV2Query,
  useLockSeatMutation, useUnlockSeatMutation, useCheckSelectionMutation, useQuoteMutation, usePaymentFormMutation, useOrderMutation, useRenewalQuery,
} = membershipsApi;
