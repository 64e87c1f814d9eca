/**
 * The spec's route table (section 2) mapped to the remote that owns each prefix.
 * Pure functions: they decide which single-spa application is active and what is a 404.
 */
export const REMOTE_ROUTES: Record<string, readonly string[]> = {
  'mf-booking': ['/order', '/mini-site', '/edocument', '/vod'],
  'mf-customer': ['/customer'],
  'mf-memberships': ['/membership'],
  'mf-vouchers': ['/vouchers', '/donations'],
  'mf-preslive': ['/PRES-live'],
  'mf-ticketref': ['/PRES-live/ticket-ref'],
};

/** Configured route defaults that point at the canonical route (decisions.md). */
export const REDIRECTS: Record<string, string> = { '/system-vouchers': '/vouchers', '/memberships': '/membership' };

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** The one remote owning a path: the longest matching prefix wins (ticket-ref inside PRES-live). */
export function remoteFor(pathname: string): string | undefined {
  let best: { name: string; len: number } | undefined;
  for (const [name, prefixes] of Object.entries(REMOTE_ROUTES)) {
    for (const p of prefixes) if (under(pathname, p) && (!best || p.length > best.len)) best = { name, len: p.length };
  }
  return best?.name;
}

/** Staff pages (the live dashboard and what is under it) carry no customer menu and read no customer cookie. */
export const isStaffPath = (pathname: string): boolean => pathname.startsWith('/PRES-live');

export const activityFor = (name: string) => (location: Location | URL) => remoteFor(location.pathname) === name;

export function redirectFor(pathname: string): string | undefined {
  for (const [from, to] of Object.entries(REDIRECTS)) if (under(pathname, from)) return to + pathname.slice(from.length);
  return undefined;
}

/** Spec section 2: a path beginning with /http is a full-page redirect to that address. */
export function externalTarget(pathname: string, search = ''): string | undefined {
  if (!pathname.startsWith('/http')) return undefined;
  const target = decodeURIComponent(pathname.slice(1)).replace(/^(https?):\/(?!\/)/, '$1://') + search;
  return /^https?:\/\/[^/]/.test(target) ? target : undefined;
}

export type PageKind = 'index' | 'terms' | 'remote' | 'notFound';

/** What the shell shows in the page area: the index, nothing (a remote does), or the 404. */
export function pageKind(pathname: string, langParam: string | null, enabledLocales: readonly string[]): PageKind {
  if (langParam !== null && !enabledLocales.includes(langParam)) return 'notFound';
  if (pathname === '/' || pathname === '') return 'index';
  if (pathname === '/terms') return 'terms';
  return remoteFor(pathname) ? 'remote' : 'notFound';
}

/** The page title's key (common namespace) for a path: the route's own screen, then the site name. */
const TITLES: ReadonlyArray<readonly [string, string]> = [
  ['/PRES-live/ticket-ref', 'titles.ticketRef'], ['/PRES-live', 'titles.staff'], ['/order', 'titles.order'],
  ['/edocument', 'titles.edocument'], ['/mini-site', 'titles.miniSite'], ['/vod', 'titles.vod'], ['/customer', 'titles.customer'],
  ['/membership', 'titles.membership'], ['/vouchers', 'titles.vouchers'], ['/donations', 'titles.donations'],
];
export function titleKeyFor(pathname: string, kind: PageKind): string {
  if (kind === 'notFound') return 'titles.notFound';
  if (kind === 'index') return 'titles.index';
  if (kind === 'terms') return 'titles.terms';
  return TITLES.find(([p]) => under(pathname, p))?.[1] ?? 'titles.index';
}
