import { PaymentSessionResponse } from '@ticketing/shared';
import { bookingApi } from './bookingApi';

/** How long a session's status question or a card page's cancel may take before the page stops waiting (a bad mobile line). */
export const SESSION_CALL_MS = 8000;

/**
 * Payment-session calls of the payment step: Blik's (the code, then polling while the visitor confirms in the bank app)
 * and the card page's session state when its frame could not tell the page (its answer lost, or the browser's error page).
 */
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
    // GET /payment/session/{id}, read-only; a mutation so that every question reaches the api. A bad mobile line is not
    // waited on for long: no answer in 8 s is no answer.
    sessionStatus: b.mutation<PaymentSessionResponse, { sessionId: string }>({
      query: ({ sessionId }) => ({ url: `/payment/session/${encodeURIComponent(sessionId)}`, timeout: SESSION_CALL_MS }),
      transformResponse: (raw: unknown) => PaymentSessionResponse.parse(raw),
    }),
    blikCancel: b.mutation<PaymentSessionResponse, { sessionId: string }>({
      query: ({ sessionId }) => ({ url: `/payment/blik/${sessionId}/cancel`, method: 'POST' }),
      transformResponse: (raw: unknown) => PaymentSessionResponse.parse(raw),
    }),
  }),
});

export const { useBlikCodeMutation, useBlikStatusMutation, useBlikCancelMutation, useSessionStatusMutation } = paymentsApi;
