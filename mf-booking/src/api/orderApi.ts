import { CartResponse, ConfigResponse, currentCustomer, prebuild, type CartBody, type CustomerInfoResponse } from '@ticketing/shared';
import { bookingApi } from './bookingApi';

/**
 * The calls of the order page itself, from its first step: the site's configuration (steps, timers), the signed-in
 * customer if any, and the api's price of the cart (the seat bar's total, every later step's). The later steps' calls
 * and contracts are in checkoutApi.ts (issue 12: the seat step fetched them all).
 */
export const orderApi = bookingApi.enhanceEndpoints({ addTagTypes: ['Customer'] }).injectEndpoints({
  endpoints: (b) => ({
    startupConfig: b.query<ConfigResponse, void>({
      query: () => ({ url: '/config' }),
      onQueryStarted: () => prebuild(ConfigResponse),
      transformResponse: (raw: unknown) => ConfigResponse.parse(raw),
      keepUnusedDataFor: 3600,
    }),
    currentCustomer: b.query<CustomerInfoResponse | null, void>({
      // The customer session (cookie) if any; anonymous visitors get null, not an error, and without the session's
      // readable cookie no call at all (it answered 401 at every step of every anonymous booking)
      queryFn: (_a, _api, _extra, baseQuery) => currentCustomer(baseQuery),
      providesTags: ['Customer'],
    }),
    buildCart: b.mutation<CartResponse, CartBody>({
      query: (body) => ({ url: '/cart', method: 'POST', body }),
      transformResponse: (raw: unknown) => CartResponse.parse(raw),
    }),
  }),
});

export const { useStartupConfigQuery, useCurrentCustomerQuery, useBuildCartMutation } = orderApi;
