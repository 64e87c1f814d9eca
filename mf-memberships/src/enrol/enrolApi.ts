import { createApi } from '@reduxjs/toolkit/query/react';
import { createBaseQuery, LockSeatResponse, SelectionCheckResponse, UnlockSeatResponse, type LockSeatInput } from '@ticketing/shared';
// Bundled (like membership-responses): this remote parses with it even under a host whose shared singleton predates it.
import {
  EnrolOrderResponse, EnrolQuoteResponse, EnrolReleaseResponse, EnrolSeasonResponse, EnrolSeasonsResponse, EnrolSeatplanResponse,
  MyEnrolmentsResponse, type EnrolOrderBody,
} from '@ticketing/shared/contracts/enrolment';

type LockArgs = { seasonId: number; seat: LockSeatInput | null; presentationIds?: number[] };

export const enrolApi = createApi({
  reducerPath: 'enrolApi',
  // enrolment and release need a signed-in customer: the shared base sends the session's CSRF echo on them
  baseQuery: createBaseQuery(),
  tagTypes: ['Season', 'Mine'],
  endpoints: (b) => ({
    seasons: b.query<EnrolSeasonsResponse, string>({
      query: () => ({ url: '/enroll' }),
      transformResponse: (raw: unknown) => EnrolSeasonsResponse.parse(raw),
    }),
    season: b.query<EnrolSeasonResponse, { id: number; locale: string }>({
      query: ({ id }) => ({ url: `/enroll/${id}` }),
      transformResponse: (raw: unknown) => EnrolSeasonResponse.parse(raw),
      providesTags: ['Season'],
    }),
    fixedStatus: b.query<EnrolSeatplanResponse, number>({
      query: (id) => ({ url: `/enroll/${id}/seatplan` }),
      transformResponse: (raw: unknown) => EnrolSeatplanResponse.parse(raw),
      keepUnusedDataFor: 0,
    }),
    lock: b.mutation<LockSeatResponse, LockArgs>({
      query: ({ seasonId, seat, presentationIds }) => ({ url: `/enroll/${seasonId}/lock-seat`, method: 'PUT', body: { seat, presentationIds } }),
      transformResponse: (raw: unknown) => LockSeatResponse.parse(raw),
    }),
    unlock: b.mutation<UnlockSeatResponse, LockArgs>({
      query: ({ seasonId, seat, presentationIds }) => ({ url: `/enroll/${seasonId}/unlock-seat`, method: 'PUT', body: { seat, presentationIds } }),
      transformResponse: (raw: unknown) => UnlockSeatResponse.parse(raw),
    }),
    /** Booking's whole-selection rules on this visit's seats in the listed events (none: every event, the season-seat step). */
    checkSelection: b.mutation<SelectionCheckResponse, { seasonId: number; presentationIds?: number[] }>({
      query: ({ seasonId, presentationIds }) => ({ url: `/enroll/${seasonId}/check-selection`, method: 'POST', body: { presentationIds } }),
      transformResponse: (raw: unknown) => SelectionCheckResponse.parse(raw),
    }),
    quote: b.mutation<EnrolQuoteResponse, { seasonId: number; body: EnrolOrderBody }>({
      query: ({ seasonId, body }) => ({ url: `/enroll/${seasonId}/quote`, method: 'POST', body }),
      transformResponse: (raw: unknown) => EnrolQuoteResponse.parse(raw),
    }),
    order: b.mutation<EnrolOrderResponse, { seasonId: number; body: EnrolOrderBody; key: string }>({
      query: ({ seasonId, body, key }) => ({ url: `/enroll/${seasonId}/order`, method: 'POST', body, headers: { 'Idempotency-Key': key } }),
      transformResponse: (raw: unknown) => EnrolOrderResponse.parse(raw),
      invalidatesTags: ['Season', 'Mine'],
    }),
    mine: b.query<MyEnrolmentsResponse, string>({
      query: () => ({ url: '/enroll/mine' }),
      transformResponse: (raw: unknown) => MyEnrolmentsResponse.parse(raw),
      providesTags: ['Mine'],
    }),
    release: b.mutation<EnrolReleaseResponse, { enrolmentIdentifier: string; presentationId: number }>({
      query: (body) => ({ url: '/enroll/release', method: 'POST', body }),
      transformResponse: (raw: unknown) => EnrolReleaseResponse.parse(raw),
      invalidatesTags: ['Mine'],
    }),
  }),
});
export const {
  useSeasonsQuery, useSeasonQuery, useFixedStatusQuery, useLockMutation, useUnlockMutation, useCheckSelectionMutation, useQuoteMutation,
  useOrderMutation, useMineQuery, useReleaseMutation,
} = enrolApi;
