import { getRuntimeConfig } from '../runtime/config';
import { i18n } from '../i18n';
import { CUSTOMER_CSRF_COOKIE, CUSTOMER_CSRF_HEADER, STAFF_CSRF_COOKIE, STAFF_CSRF_HEADER } from '../contracts/sessionCookies';

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
  return cookieIn(document.cookie, name);
}

function cookieIn(cookies: string, name: string): string | undefined {
  const m = cookies.match(new RegExp(`(?:^|; )${name}=([^;]*)`));
  return m?.[1] ? decodeURIComponent(m[1]) : undefined;
}

/**
 * Whether a customer may be signed in in this browser (the session's readable cookie is there): a page asks the api
 * for the session only then, so a visitor who is not signed in sees the sign-in at once, without a refused call.
 */
export const customerSessionCookie = (): boolean => readCookie(CUSTOMER_CSRF_COOKIE) !== undefined;
/** The same for a staff session (the staff pages' sign-in). */
export const staffSessionCookie = (): boolean => readCookie(STAFF_CSRF_COOKIE) !== undefined;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The sessions' double-submit headers for a call: on state-changing calls only (the api checks no other), each session's
 * token when its cookie is there. One read of document.cookie, a synchronous round trip to the browser process that
 * every GET would otherwise pay.
 */
export function csrfHeaders(method = 'GET'): Record<string, string> {
  if (SAFE_METHODS.has(method.toUpperCase()) || typeof document === 'undefined') return {};
  const cookies = document.cookie;
  const headers: Record<string, string> = {};
  const staff = cookieIn(cookies, STAFF_CSRF_COOKIE);
  if (staff) headers[STAFF_CSRF_HEADER] = staff;
  const customer = cookieIn(cookies, CUSTOMER_CSRF_COOKIE);
  if (customer) headers[CUSTOMER_CSRF_HEADER] = customer;
  return headers;
}

/** Plain fetch with the same headers, for calls outside RTK Query (SSE URLs, downloads). */
export function apiUrl(path: string): string {
  return `${getRuntimeConfig().apiBase}${path}`;
}
