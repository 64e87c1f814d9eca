import { fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { getRuntimeConfig } from '../runtime/config';
import { getSessionUuid } from '../runtime/session';
import { currentLocale, i18n } from '../i18n';

/** What a failed call looks like to components: an error code and the i18n key that says it. */
export interface ApiFailure { status: number | string; code: string; key: string; data?: unknown }

/**
 * The RTK Query base for every remote: base URL from runtime config (never baked into a
 * build), the visit's uuid header, the visitor's language, and error codes mapped to i18n keys.
 */
export function createBaseQuery(): BaseQueryFn<string | FetchArgs, unknown, ApiFailure> {
  return async (args, api, extra) => {
    const raw = fetchBaseQuery({
      baseUrl: getRuntimeConfig().apiBase,
      credentials: 'same-origin',
      prepareHeaders: (headers) => {
        headers.set('uuid', getSessionUuid());
        headers.set('Accept-Language', currentLocale());
        const csrf = readCookie('csrf');
        if (csrf) headers.set('x-csrf-token', csrf);
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
  const code = data?.error ?? (error.status === 'FETCH_ERROR' ? 'NETWORK' : 'GENERIC');
  return { status: error.status, code, key: errorKeyFor(code), data };
}

/** The i18n key that says an api error code: every code with a text in `common:errors` is known. */
export function errorKeyFor(code: string | undefined): string {
  return code && i18n.exists(`common:errors.${code}`) ? `errors.${code}` : 'errors.generic';
}

export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const m = document.cookie.match(new RegExp(`(?:^|; )${name}=([^;]*)`));
  return m ? decodeURIComponent(m[1]) : undefined;
}

/** Plain fetch with the same headers, for calls outside RTK Query (SSE URLs, downloads). */
export function apiUrl(path: string): string {
  return `${getRuntimeConfig().apiBase}${path}`;
}
