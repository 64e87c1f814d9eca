/**
 * The customer sign-in screen (mf-customer, reached by URL: remotes talk through addresses) with the address to come
 * back to once signed in; by default the page the visitor is on.
 */
export function customerSignInUrl(returnTo = `${window.location.pathname}${window.location.search}`): string {
  return `/customer?returnTo=${encodeURIComponent(returnTo)}`;
}
