import { createApi } from '@reduxjs/toolkit/query/react';
import { createBaseQuery } from '@ticketing/shared';

export const customerApi = createApi({
  reducerPath: 'customerApi',
  baseQuery: createBaseQuery(),
  endpoints: (b) => ({
    sendCode: b.mutation<{ success: boolean }, { mobileNumber: string }>({
      query: (body) => ({ url: '/customer-area/mobile-login', method: 'POST', body }),
    }),
    verifyCode: b.mutation<unknown, { smsCode: string; mobileNumber: string }>({
      query: (body) => ({ url: '/customer-area/mobile-login-validation', method: 'POST', body }),
    }),
  }),
});

export const { useSendCodeMutation, useVerifyCodeMutation } = customerApi;
