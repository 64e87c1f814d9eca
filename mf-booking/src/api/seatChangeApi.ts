import { SeatChangeInfo, SeatChangeResponse, type ModifyBlock } from '@ticketing/shared';
import { bookingApi } from './bookingApi';

/** Seat change of an existing reservation (issue 16 item 5): what may change, and the change itself. */
export const seatChangeApi = bookingApi.enhanceEndpoints({ addTagTypes: ['SeatChange'] }).injectEndpoints({
  endpoints: (b) => ({
    seatChangeInfo: b.query<SeatChangeInfo, { documentKey: string }>({
      query: ({ documentKey }) => ({ url: `/edocument/${encodeURIComponent(documentKey)}/seat-change` }),
      transformResponse: (raw: unknown) => SeatChangeInfo.parse(raw),
      providesTags: (_r, _e, a) => [{ type: 'SeatChange', id: a.documentKey }],
    }),
    modifySeats: b.mutation<SeatChangeResponse, { documentKey: string; modify: ModifyBlock }>({
      query: ({ modify }) => ({ url: '/reservations/modify', method: 'POST', body: { modify } }),
      transformResponse: (raw: unknown) => SeatChangeResponse.parse(raw),
      invalidatesTags: (_r, _e, a) => [{ type: 'SeatChange', id: a.documentKey }],
    }),
  }),
});

export const { useSeatChangeInfoQuery, useModifySeatsMutation } = seatChangeApi;
