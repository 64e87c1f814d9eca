import { createApi } from '@reduxjs/toolkit/query/react';
import { createBaseQuery, SystemVouchersResponse } from '@ticketing/shared';

export const vouchersApi = createApi({
  reducerPath: 'vouchersApi',
  baseQuery: createBaseQuery(),
  endpoints: (b) => ({
    vouchers: b.query<SystemVouchersResponse, { locale: string; superClassId?: number }>({
      query: ({ superClassId }) => ({ url: '/system-vouchers', params: superClassId ? { superClassId } : {} }),
      transformResponse: (raw: unknown) => SystemVouchersResponse.parse(raw),
    }),
  }),
});
export const { useVouchersQuery } = vouchersApi;
