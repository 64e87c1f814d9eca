import { createApi } from '@reduxjs/toolkit/query/react';
import { createBaseQuery, MembershipsResponse } from '@ticketing/shared';

export const membershipsApi = createApi({
  reducerPath: 'membershipsApi',
  baseQuery: createBaseQuery(),
  endpoints: (b) => ({
    memberships: b.query<MembershipsResponse, { locale: string; code?: string }>({
      query: ({ code }) => ({ url: '/memberships', params: code ? { code } : {} }),
      transformResponse: (raw: unknown) => MembershipsResponse.parse(raw),
    }),
  }),
});
export const { useMembershipsQuery } = membershipsApi;
