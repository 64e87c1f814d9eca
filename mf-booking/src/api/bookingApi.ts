import { createApi } from '@reduxjs/toolkit/query/react';
import { createBaseQuery, DayPresentationsResponse } from '@ticketing/shared';

/** All of mf-booking's calls. Responses are parsed with the shared contracts. */
export const bookingApi = createApi({
  reducerPath: 'bookingApi',
  baseQuery: createBaseQuery(),
  tagTypes: ['Seats', 'Presentation'],
  endpoints: (b) => ({
    dayPresentations: b.query<DayPresentationsResponse, { date: string; locale: string }>({
      query: ({ date }) => ({ url: '/seats/presentations', params: { date } }),
      transformResponse: (raw: unknown) => DayPresentationsResponse.parse(raw),
    }),
  }),
});

export const { useDayPresentationsQuery } = bookingApi;
