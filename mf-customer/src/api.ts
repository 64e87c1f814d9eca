import { createApi } from '@reduxjs/toolkit/query/react';
import { useTranslation } from 'react-i18next';
import { createBaseQuery, type ApiFailure } from '@ticketing/shared';
import {
  AreaVodResponse, CancelQuoteResponse, CancelReservationResponse, CustomerAreaDataResponse, CustomerAreaInfoResponse, CustomerInfoResponse, LoginOptionsResponse,
  PresentationResponse, VodPlayResponse, VoucherActionResponse, VoucherHistoryResponse,
  type AreaVod, type AreaVoucher, type CustomerAreaData, type CustomerInfo, type DetailsUpdateBody, type LoginOptionsResponse as LoginOptions,
  type VoucherHistoryEntry, OfferResponse, WaitingListEntryResponse, WaitingListResponse, type WaitingListEntry,
} from '@ticketing/shared/contracts';

export const customerApi = createApi({
  reducerPath: 'customerApi',
  // the shared base sends the customer session's CSRF echo on state-changing calls
  baseQuery: createBaseQuery(),
  tagTypes: ['Area', 'Vod', 'Waitlist'],
  endpoints: (b) => ({
    /** The signed-in customer, or a 401 when nobody is. */
    refresh: b.mutation<CustomerInfo, void>({
      query: () => ({ url: '/customer/refresh', method: 'POST' }),
      transformResponse: (r: unknown) => CustomerInfoResponse.parse(r).customerInfo,
    }),
    /** The screening a waiting list is joined for (/customer?waitFor=): what the join form names. */
    presentation: b.query<{ featureName: string; dateTime: string; locationName: string }, { id: number; locale: string }>({
      query: ({ id }) => ({ url: `/presentations/${id}` }), // locale: the cache's key (names come in the page's language)
      transformResponse: (r: unknown) => PresentationResponse.parse(r).presentation,
    }),
    loginOptions: b.query<LoginOptions, void>({
      query: () => '/customer/login-options',
      transformResponse: (r: unknown) => LoginOptionsResponse.parse(r),
    }),
    passwordLogin: b.mutation<CustomerInfo, { email: string; password: string }>({
      query: (body) => ({ url: '/customer/login', method: 'POST', body: { ...body, includeMemberships: true } }),
      transformResponse: (r: unknown) => CustomerInfoResponse.parse(r).customerInfo,
    }),
    sendCode: b.mutation<{ success: boolean }, { mobileNumber?: string; ssn?: string; memberNumber?: string; checkout?: boolean }>({
      query: (body) => ({ url: '/customer-area/mobile-login', method: 'POST', body }),
    }),
    verifyCode: b.mutation<CustomerInfo, { smsCode: string; mobileNumber?: string }>({
      query: (body) => ({ url: '/customer-area/mobile-login-validation', method: 'POST', body }),
      transformResponse: (r: unknown) => CustomerAreaInfoResponse.parse(r).customerAreaInfo,
    }),
    logout: b.mutation<{ success: boolean }, void>({
      query: () => ({ url: '/customer-area/logout', method: 'POST' }),
    }),
    // the page's language is the cache's key (names come in it): without it a language switched in the header kept
    // the first language's film, seat-area and voucher names
    areaData: b.query<CustomerAreaData, string>({
      query: () => '/customer-area/customerAreaData',
      transformResponse: (r: unknown) => CustomerAreaDataResponse.parse(r).customerAreaData,
      providesTags: ['Area'],
    }),
    /** The api's reckoning of a cancel before it is confirmed (the browser never works out an amount). */
    cancelQuote: b.query<CancelQuoteResponse, { id: number; items: number[] }>({
      query: ({ id, items }) => `/reservations/${id}/cancel-quote?items=${items.join(',')}`,
      transformResponse: (r: unknown) => CancelQuoteResponse.parse(r),
      providesTags: ['Area'],
    }),
    cancelReservation: b.mutation<CancelReservationResponse, { id: number; itemsToCancel?: number[]; refundToTransactionCredit: boolean }>({
      query: ({ id, ...body }) => ({ url: `/reservations/${id}/cancel`, method: 'POST', body }),
      transformResponse: (r: unknown) => CancelReservationResponse.parse(r),
      invalidatesTags: ['Area'],
    }),
    voucherAction: b.mutation<AreaVoucher, { reference: string; action: 'cancel' | 'replacement' }>({
      query: ({ reference, action }) => ({ url: `/system-vouchers/${encodeURIComponent(reference)}/${action}`, method: 'POST', body: {} }),
      transformResponse: (r: unknown) => VoucherActionResponse.parse(r).systemVoucher,
      invalidatesTags: ['Area'],
    }),
    voucherHistory: b.query<VoucherHistoryEntry[], string>({
      query: (reference) => `/system-vouchers/${encodeURIComponent(reference)}/history`,
      transformResponse: (r: unknown) => VoucherHistoryResponse.parse(r).history,
    }),
    vod: b.query<AreaVod[], string>({ // locale: the cache's key, as areaData's
      query: () => '/customer-area/vod',
      transformResponse: (r: unknown) => AreaVodResponse.parse(r).vod,
      providesTags: ['Vod'],
    }),
    playVod: b.mutation<VodPlayResponse, number>({
      query: (ticketId) => ({ url: `/customer-area/vod/${ticketId}/play`, method: 'POST' }),
      transformResponse: (r: unknown) => VodPlayResponse.parse(r),
      invalidatesTags: ['Vod'],
    }),
    /** A code texted to a new mobile number: the details save then carries it (the number is not changed before). */
    sendMobileChangeCode: b.mutation<{ success: boolean }, { mobileNumber: string }>({
      query: (body) => ({ url: '/customer-area/details/mobile-code', method: 'POST', body }),
    }),
    updateDetails: b.mutation<CustomerInfo, DetailsUpdateBody>({
      query: (body) => ({ url: '/customer-area/details', method: 'POST', body }),
      transformResponse: (r: unknown) => CustomerInfoResponse.parse(r).customerInfo,
    }),
    waitingList: b.query<WaitingListEntry[], string>({ // locale: the cache's key, as areaData's
      query: () => '/customer-area/waiting-list',
      transformResponse: (r: unknown) => WaitingListResponse.parse(r).entries,
      providesTags: ['Waitlist'],
    }),
    joinWaitingList: b.mutation<WaitingListEntry, { presentationId: number; partySize: number; adjacentOnly: boolean }>({
      query: (body) => ({ url: '/customer-area/waiting-list', method: 'POST', body }),
      transformResponse: (r: unknown) => WaitingListEntryResponse.parse(r).entry,
      invalidatesTags: ['Waitlist'],
    }),
    leaveWaitingList: b.mutation<WaitingListEntry[], number>({
      query: (id) => ({ url: `/customer-area/waiting-list/${id}/leave`, method: 'POST' }),
      transformResponse: (r: unknown) => WaitingListResponse.parse(r).entries,
      invalidatesTags: ['Waitlist'],
    }),
    offer: b.query<{ presentationId: number; expiresAt: string; live: boolean }, string>({
      query: (uuid) => `/waiting-list/offer/${encodeURIComponent(uuid)}`,
      transformResponse: (r: unknown) => OfferResponse.parse(r),
    }),
  }),
});

export const {
  useWaitingListQuery, useJoinWaitingListMutation, useLeaveWaitingListMutation, useOfferQuery,
  useRefreshMutation, useSendCodeMutation, useVerifyCodeMutation, useLogoutMutation, useAreaDataQuery, useCancelReservationMutation,
  useLoginOptionsQuery, usePasswordLoginMutation, useVoucherActionMutation, useVoucherHistoryQuery, useVodQuery, usePlayVodMutation,
  useUpdateDetailsMutation, usePresentationQuery, useSendMobileChangeCodeMutation, useCancelQuoteQuery,
} = customerApi;

/** The text of a failed call: a 400 naming the mobile number says so; the rest map through common:errors. */
export function failureKey(e: unknown): string {
  const f = e as ApiFailure;
  const data = JSON.stringify(f.data ?? '');
  if (f.code === 'BAD_REQUEST' && data.includes('invalid_mobileNumber')) return 'errors.invalid_mobileNumber';
  if (f.code === 'BAD_REQUEST' && data.includes('invalid_ssn')) return 'errors.invalid_ssn';
  return f.key;
}

/**
 * The text of a failed email sign-in: the common LOGIN_FAILED names a username, which this form does not have; its 429
 * (wrong passwords per email an hour, per address 15 minutes) lasts longer than the common "wait a minute", and the
 * SMS sign-in is not counted by it.
 */
export function passwordLoginFailureKey(e: unknown): string {
  const code = (e as ApiFailure).code;
  if (code === 'LOGIN_FAILED') return 'customer:login.emailFailed';
  return code === 'RATE_LIMITED' ? 'customer:login.tooManyPasswords' : failureKey(e);
}

/**
 * The text of a failed code request: its 429 is the per-number send limit, a 15-minute window, which the common
 * RATE_LIMITED text ("wait a minute") understates.
 */
export function codeRequestFailureKey(e: unknown): string {
  return (e as ApiFailure).code === 'RATE_LIMITED' ? 'customer:login.tooManyCodes' : failureKey(e);
}

/** The page's language: the cache key of the area's calls whose answers carry names (films, seat areas, vouchers). */
export const useAreaLocale = (): string => useTranslation().i18n.language;
