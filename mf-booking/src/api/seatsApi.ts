import {
  BestAvailableResponse, ExtendResponse, type ExtendStep, LockSeatResponse, PresentationResponse, ReleaseHoldsResponse, SeatplanV2Response, SelectionCheckResponse,
  SeatsStatusV2Response, TicketGroupsResponse, UnlockSeatResponse, prebuild, type LockSeatInput,
} from '@ticketing/shared';
import { parseSeatplanV2, parseSeatsStatusV2 } from '@ticketing/seatmap/contract';
import { bookingApi } from './bookingApi';

/** mark → measure helper for the seat map benchmark (parse time of the big plan). */
function timed<T>(name: string, fn: () => T): T {
  performance.mark(`${name}:start`);
  try { return fn(); } finally {
    performance.mark(`${name}:end`);
    try { performance.measure(name, `${name}:start`, `${name}:end`); } catch { /* marks cleared */ }
  }
}

/**
 * Seat selection calls (issue 3). Responses are parsed with the shared contracts.
 * Seat status is never cached across mounts: a reload must show the truth.
 */
export const seatsApi = bookingApi.injectEndpoints({
  endpoints: (b) => ({
    presentation: b.query<PresentationResponse, { id: number; locale: string }>({
      query: ({ id }) => ({ url: `/presentations/${id}` }),
      // the presentation's, the seat plan's and the seat status's contracts are built while the answers are on the
      // network: the plan and the status often arrive together, and building the plan's contract in the task that
      // handles them delayed the map's first frame (the plan's seats are checked by a loop, but its one seat schema
      // costs little to build)
      onQueryStarted: () => prebuild(PresentationResponse, SeatplanV2Response, SeatsStatusV2Response),
      transformResponse: (raw: unknown) => PresentationResponse.parse(raw),
      providesTags: (_r, _e, a) => [{ type: 'Presentation', id: a.id }],
    }),
    ticketGroups: b.query<TicketGroupsResponse, { id: number; locale: string }>({
      query: ({ id }) => ({ url: `/presentations/${id}/ticketGroups`, params: { timestamp: String(Date.now()) } }),
      transformResponse: (raw: unknown) => TicketGroupsResponse.parse(raw),
    }),
    // by language too: the plan's stage label and section names are the api's, in the visitor's language
    seatplanV2: b.query<SeatplanV2Response, { venueId: number; seatplanId: number; locale: string }>({
      query: ({ venueId, seatplanId }) => ({ url: '/seats/seatplanV2', params: { venueId, seatplanId } }),
      transformResponse: (raw: unknown) => timed('seatmap:parse', () => parseSeatplanV2(raw)),
      keepUnusedDataFor: 300,
    }),
    seatsStatusV2: b.query<SeatsStatusV2Response, { presentationId: number; isReserved: boolean }>({
      query: ({ presentationId, isReserved }) => ({
        url: '/seats/seats-statusV2', params: { presentationId, isReserved: isReserved ? '1' : '0' },
      }),
      transformResponse: (raw: unknown) => parseSeatsStatusV2(raw),
      keepUnusedDataFor: 0,
      providesTags: (_r, _e, a) => [{ type: 'Seats', id: a.presentationId }],
    }),
    lockSeat: b.mutation<LockSeatResponse, LockSeatInput>({
      query: (seat) => ({ url: '/seats/lock-seat', method: 'PUT', body: { seat } }),
      transformResponse: (raw: unknown) => LockSeatResponse.parse(raw),
    }),
    unlockSeat: b.mutation<UnlockSeatResponse, LockSeatInput>({
      query: (seat) => ({ url: '/seats/unlock-seat', method: 'PUT', body: { seat } }),
      transformResponse: (raw: unknown) => UnlockSeatResponse.parse(raw),
    }),
    extendHold: b.mutation<ExtendResponse, { presentationId: number; step?: ExtendStep }>({
      query: (body) => ({ url: '/seats/extend', method: 'PUT', body }),
      transformResponse: (raw: unknown) => ExtendResponse.parse(raw),
    }),
    /** The api judges the whole selection when the visitor continues (single-seat rule, companion seats). */
    checkSelection: b.mutation<SelectionCheckResponse, { presentationId: number }>({
      query: (body) => ({ url: '/seats/check-selection', method: 'POST', body }),
      transformResponse: (raw: unknown) => SelectionCheckResponse.parse(raw),
    }),
    releaseHolds: b.mutation<{ released: number }, { presentationId: number }>({
      query: (params) => ({ url: '/seats/holds', method: 'DELETE', params }),
      transformResponse: (raw: unknown) => ReleaseHoldsResponse.parse(raw),
    }),
    bestAvailable: b.mutation<BestAvailableResponse, { presentationId: number; quantity: number; accessible?: boolean; ticketGroupId?: number }>({
      // A mutation, not a query: with isLock=1 it holds seats, so it must never be cached or deduplicated.
      query: ({ presentationId, quantity, accessible, ticketGroupId }) => ({
        url: '/seats/best-available',
        params: {
          presentationId, quantity, maxMatches: 5, resultsPerMatch: 1, isBestPerPresentation: 1, isLock: 1,
          ...(accessible ? { accessible: 1 } : {}), ...(ticketGroupId ? { ticketGroupId } : {}),
        },
      }),
      transformResponse: (raw: unknown) => BestAvailableResponse.parse(raw),
    }),
  }),
});

export const {
  usePresentationQuery, useTicketGroupsQuery, useSeatplanV2Query, useSeatsStatusV2Query,
  useLockSeatMutation, useUnlockSeatMutation, useExtendHoldMutation, useReleaseHoldsMutation, useBestAvailableMutation,
  useCheckSelectionMutation,
} = seatsApi;
