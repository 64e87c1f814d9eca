import { fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { getRuntimeConfig } from '../runtime/config';
import { getSessionUuid } from '../runtime/session';
import { currentLocale } from '../i18n';
import { csrfHeaders, errorKeyFor } from './http';

/** What a failed call looks like to components: an error code and the i18n key that says it. */
export interface ApiFailure { status: number | string; code: string; key: string; data?: unknown }

/**
 * The RTK Query base for every remote: base URL from runtime config (never baked into a
 * build), the visit's uuid header, the visitor's language, the sessions' CSRF echoes on state-changing calls, and
 * error codes mapped to i18n keys.
 */
export function createBaseQuery(): BaseQueryFn<string | FetchArgs, unknown, ApiFailure> {
  return async (args, api, extra) => {
    const method = typeof args === 'string' ? undefined : args.method;
    const raw = fetchBaseQuery({
      baseUrl: getRuntimeConfig().apiBase,
      credentials: 'same-origin',
      prepareHeaders: (headers) => {
        headers.set('uuid', getSessionUuid());
        headers.set('Accept-Language', currentLocale());
        for (const [name, token] of Object.entries(csrfHeaders(method))) headers.set(name, token);
        return headers;
      },
    });
    const result = await raw(args, api, extra);
    if (result.error) return { error: toFailure(result.error) };
    return { data: result.data, meta: result.meta };
  };
}

export function toFailure(error: FetchBaseQueryError): ApiFailure {
  const data = 'data' in error ? (error.data as { error?: string } | undefined) : undefined;
  // a server fault without a code of its own (a proxy's 502, a bare 500) is said as one, not as "an error occurred"
  const code = data?.error ?? (error.status === 'FETCH_ERROR' ? 'NETWORK' : typeof error.status === 'number' && error.status >= 500 ? 'INTERNAL' : 'GENERIC');
  return { status: error.status, code, key: errorKeyFor(code), data };
}

