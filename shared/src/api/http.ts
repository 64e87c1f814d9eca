import { getRuntimeConfig } from '../runtime/config';
import { i18n } from '../i18n';

/*
 * The api's address, cookies and error texts, for calls with plain fetch (the staff session, SSE URLs, downloads).
 * Apart from baseQuery.ts, which brings RTK Query: a screen that needs only these (a sign-in form) does not load it.
 */

/** The i18n key that says an api error code: every code with a text in `common:errors` is known. */
export function errorKeyFor(code: string | undefined): string {
  return code && i18n.exists(`common:errors.${code}`) ? `errors.${code}` : 'errors.generic';
}

export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const m = document.cookie.match(new RegExp(`(?:^|; )${name}=([^;]*)`));
  return m ? decodeURIComponent(m[1]) : undefined;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The staff session's double-submit token (cookie `csrf`) for a call, on state-changing calls only: the api checks no
 * other, and reading document.cookie is a synchronous round trip to the browser process that every GET paid.
 */
export function staffCsrfFor(method = 'GET'): string | undefined {
  return SAFE_METHODS.has(method.toUpperCase()) ? undefined : readCookie('csrf');
}

/** Plain fetch with the same headers, for calls outside RTK Query (SSE URLs, downloads). */
export function apiUrl(path: string): string {
  return `${getRuntimeConfig().apiBase}${path}`;
}
