import { createApi } from '@reduxjs/toolkit/query/react';
import { createBaseQuery } from '@ticketing/shared';

/**
 * PresLive's api in the store, without its calls: the dashboard's chunk adds them (dashboardApi.ts). The
 * sign-in screen needs only the store, so a cold /PRES-live loads no dashboard contract.
 */
export const staffApi = createApi({
  reducerPath: 'staffApi',
  baseQuery: createBaseQuery(),
  tagTypes: ['Sales', 'Refunds'],
  endpoints: () => ({}),
});
