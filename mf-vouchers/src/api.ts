import { createApi } from '@reduxjs/toolkit/query/react';
import {
  ConfigResponse, GiftEmailResponse, VoucherProductsResponse, VoucherSettingsResponse, createBaseQuery, DonationPurchaseResponse, DonationQuoteResponse, DonationsResponse, PaymentFormResponse, SystemVouchersResponse, VoucherPurchaseResponse, VoucherQuoteResponse,
  type DonationPurchaseBody, type DonationQuoteBody, type GiftEmailBody, type VoucherPurchaseBody, type VoucherQuoteBody,
} from '@ticketing/shared';

export const vouchersApi = createApi({
  reducerPath: 'vouchersApi',
  baseQuery: createBaseQuery(),
  endpoints: (b) => ({
    vouchers: b.query<SystemVouchersResponse, { locale: string; superClassId?: number }>({
      query: ({ superClassId }) => ({ url: '/system-vouchers', params: superClassId ? { superClassId } : {} }),
      transformResponse: (raw: unknown) => SystemVouchersResponse.parse(raw),
    }),
    settings: b.query<VoucherSettingsResponse, void>({
      query: () => ({ url: '/vouchers/settings' }),
      transformResponse: (raw: unknown) => VoucherSettingsResponse.parse(raw),
    }),
    /** Who is signed in (the customer session cookie), for the voucher flow's auth step. */
    signedIn: b.mutation<boolean, void>({
      query: () => ({ url: '/customer/refresh', method: 'POST' }),
      transformResponse: () => true, // 200: a live customer session (401 otherwise)
    }),
    config: b.query<ConfigResponse, void>({
      query: () => ({ url: '/config' }),
      transformResponse: (raw: unknown) => ConfigResponse.parse(raw),
    }),
    /** The products offered with gift vouchers (the voucher flow's products step; none: the step is skipped). */
    voucherProducts: b.query<VoucherProductsResponse, { locale: string }>({
      query: () => ({ url: '/vouchers/products' }),
      transformResponse: (raw: unknown) => VoucherProductsResponse.parse(raw),
    }),
    donations: b.query<DonationsResponse, { locale: string }>({
      query: () => ({ url: '/donations' }),
      transformResponse: (raw: unknown) => DonationsResponse.parse(raw),
    }),
    // Mutations: prices and payments are never served from a cache.
    quote: b.mutation<VoucherQuoteResponse, VoucherQuoteBody & { locale: string }>({
      query: ({ locale: _l, ...body }) => ({ url: '/vouchers/quote', method: 'POST', body }),
      transformResponse: (raw: unknown) => VoucherQuoteResponse.parse(raw),
    }),
    paymentForm: b.mutation<PaymentFormResponse, { locale: string; total: number }>({
      query: ({ locale, total }) => ({ url: `/payment/form/${locale}`, params: { total: String(total) } }),
      transformResponse: (raw: unknown) => PaymentFormResponse.parse(raw),
    }),
    purchase: b.mutation<VoucherPurchaseResponse, { body: VoucherPurchaseBody; idempotencyKey: string }>({
      query: ({ body, idempotencyKey }) => ({ url: '/vouchers/purchase', method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
      transformResponse: (raw: unknown) => VoucherPurchaseResponse.parse(raw),
    }),
    giftEmail: b.mutation<GiftEmailResponse, { identifier: string; body: GiftEmailBody }>({
      query: ({ identifier, body }) => ({ url: `/vouchers/purchases/${identifier}/email`, method: 'POST', body }),
      transformResponse: (raw: unknown) => GiftEmailResponse.parse(raw),
    }),
    donationQuote: b.mutation<DonationQuoteResponse, DonationQuoteBody & { locale: string }>({
      query: ({ locale: _l, ...body }) => ({ url: '/donations/quote', method: 'POST', body }),
      transformResponse: (raw: unknown) => DonationQuoteResponse.parse(raw),
    }),
    donationPurchase: b.mutation<DonationPurchaseResponse, { body: DonationPurchaseBody; idempotencyKey: string }>({
      query: ({ body, idempotencyKey }) => ({ url: '/donations/purchase', method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
      transformResponse: (raw: unknown) => DonationPurchaseResponse.parse(raw),
    }),
  }),
});
export const { useSettingsQuery, useSignedInMutation, useConfigQuery, useDonationsQuery, useDonationQuoteMutation, useDonationPurchaseMutation } = vouchersApi;
export const { useVouchersQuery, useQuoteMutation, usePaymentFormMutation, usePurchaseMutation, useVoucherProductsQuery, useGiftEmailMutation } = vouchersApi;
