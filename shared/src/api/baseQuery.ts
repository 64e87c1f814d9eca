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
  // A body that is not JSON (a proxy's HTML 502/503/504 page) comes as PARSING_ERROR with the real status beside it:
  // the HTTP status is what happened, so it is the failure's status (it was recorded as a parsing error and said
  // "An error occurred"; a commit's "no answer" read it as no connection).
  const status = error.status === 'PARSING_ERROR' && error.originalStatus >= 400 ? error.originalStatus : error.status;
  const raw = 'data' in error ? error.data : undefined;
  const data = raw && typeof raw === 'object' ? (raw as { error?: unknown }) : undefined;
  const own = typeof data?.error === 'string' && data.error ? data.error : undefined;
  const serverFault = typeof status === 'number' && status >= 500;
  // a server fault without a code of its own (a proxy's 502, a bare 500) is said as one, not as "an error occurred"
  const code = own ?? (status === 'FETCH_ERROR' ? 'NETWORK' : serverFault ? 'INTERNAL' : 'GENERIC');
  let key = errorKeyFor(code);
  // a code of the server's that this page has no text for: a 5xx is still the server's fault, said as one
  if (key === 'errors.generic' && serverFault) key = errorKeyFor('INTERNAL');
  return { status, code, key, data: raw };
}
