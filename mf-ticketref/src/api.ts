import { createApi } from '@reduxjs/toolkit/query/react';
import { createBaseQuery } from '@ticketing/shared';

export const staffApi = createApi({
  reducerPath: 'staffApi',
  baseQuery: createBaseQuery(),
  endpoints: (b) => ({
    login: b.mutation<unknown, { username: string; password: string }>({
      query: (body) => ({ url: '/staff/login', method: 'POST', body }),
    }),
  }),
});
export const { useLoginMutation } = staffApi;
