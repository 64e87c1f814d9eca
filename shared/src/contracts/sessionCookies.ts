/**
 * The session cookies and their double-submit headers: one contract for the api, which sets and checks them, and the
 * pages, which read the readable halves. Plain constants, without zod, so the host page's early script can use them.
 * A session cookie is httpOnly; its CSRF cookie is readable, set and cleared with it, so a page knows from it alone
 * whether anyone can be signed in (and asks the api only then).
 */
export const CUSTOMER_SESSION_COOKIE = 'tx_customer';
export const CUSTOMER_CSRF_COOKIE = 'tx_customer_csrf';
export const CUSTOMER_CSRF_HEADER = 'x-customer-csrf';
export const STAFF_SESSION_COOKIE = 'staff_session';
export const STAFF_CSRF_COOKIE = 'csrf';
export const STAFF_CSRF_HEADER = 'x-csrf-token';
