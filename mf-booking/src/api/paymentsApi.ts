import { PaymentSessionResponse } from '@ticketing/shared';
import { bookingApi } from './bookingApi';

/** Blik calls of the payment step (the code, then polling while the visitor confirms in the bank app). */
export const paymentsApi = bookingApi.injectEndpoints({
  endpoints: (b) => ({
    blikCode: b.mutation<PaymentSessionResponse, { sessionId: string; code: string }>({
      query: ({ sessionId, code }) => ({ url: `/payment/blik/${sessionId}/code`, method: 'POST', body: { code } }),
      transformResponse: (raw: unknown) => PaymentSessionResponse.parse(raw),
    }),
    // A mutation, not a query: every poll must reach the api (it is where the bank's answer arrives).
    blikStatus: b.mutation<PaymentSessionResponse, { sessionId: string }>({
      query: ({ sessionId }) => ({ url: `/payment/blik/${sessionId}` }),
      transformResponse: (raw: unknown) => PaymentSessionResponse.parse(raw),
    }),
    blikCancel: b.mutation<PaymentSessionResponse, { sessionId: string }>({
      query: ({ sessionId }) => ({ url: `/payment/blik/${sessionId}/cancel`, method: 'POST' }),
      transformResponse: (raw: unknown) => PaymentSessionResponse.parse(raw),
    }),
  }),
});

export const { useBlikCodeMutation, useBlikStatusMutation, useBlikCancelMutation } = paymentsApi;
