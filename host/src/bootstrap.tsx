// First: configures zod before any module parses with it (CSP without 'unsafe-eval', see the file).
import './zodConfig';
import '@ticketing/shared/ui.css';
import './shell/layout.css';
import { initI18n, storedLocale, rememberLocale, isLocale, setRuntimeConfig, isChunkLoadError, reloadAfterChunkError, getSessionUuid, yieldToMain, type RemoteEntry } from '@ticketing/shared';
import { fetchRegistry } from './registry';
import { externalTarget, pageKind, redirectFor, remoteFor } from './routes';
import { fallbackLifecycles } from './fallbackApp';
import { containerOf } from './containers';
import { mountShell } from './shell/mountShell';
import { prefetchWhatsOn } from './shell/whatsOn';
import { preloadRemote } from './preloadRemote';
import { earlyStart, pickLocale } from './earlyStart';
import { watchPageChanges } from './pageChange';
import type { Remotes } from './remotes';

/** Spec section 2 redirects happen before anything else renders. */
function handleRedirects(): boolean {
  const ext = externalTarget(location.pathname, location.search);
  if (ext) { location.replace(ext); return true; }
  const internal = redirectFor(location.pathname);
  if (internal) history.replaceState(null, '', internal + location.search);
  return false;
}

function watchChunkErrors() {
  const onError = (reason: unknown) => { if (isChunkLoadError(reason)) reloadAfterChunkError(); };
  window.addEventListener('error', (e) => onError(e.error));
  window.addEventListener('unhandledrejection', (e) => onError(e.reason));
}

/** A remote's route, after the spec's redirects (the language does not matter here). */
const isRemoteRoute = (pathname: string) => pageKind(redirectFor(pathname) ?? pathname, null, []) === 'remote';

async function main() {
  if (handleRedirects()) return;
  watchChunkErrors();
  getSessionUuid();
  // Before single-spa can start (it holds back later popstate listeners until the new page is mounted).
  const pages = watchPageChanges();

  // Single-spa and the federation runtime (remotes.ts) are fetched only for a remote's route, beside the registry
  // rather than after it; the shell's own pages never fetch them.
  const loadRemotes = () => import(/* webpackChunkName: "remotes" */ './remotes');
  if (isRemoteRoute(location.pathname)) loadRemotes().catch(() => { /* retried, and reported, when a remote loads */ });
  const langParam = new URLSearchParams(location.search).get('lang');
  if (location.pathname === '/') prefetchWhatsOn(langParam && isLocale(langParam) ? langParam : storedLocale() ?? 'he');
  const early = earlyStart();
  const registry = await fetchRegistry('/remotes.json', { early: early?.registry });
  // Validating the registry builds its schemas on a page's first parse (≈ 40 ms of a phone's CPU), and i18next's start
  // is as long: two tasks rather than one that blocks input for both.
  await yieldToMain();
  const config = setRuntimeConfig(registry?.config ?? {});
  const initial = pickLocale(langParam, config.enabledLocales, storedLocale());
  const routeRemote = isRemoteRoute(location.pathname) ? remoteFor(redirectFor(location.pathname) ?? location.pathname) : undefined;
  const remoteEntry = registry?.remotes.find((r) => r.name === routeRemote);
  if (remoteEntry && early?.hintedRemote !== remoteEntry.name) preloadRemote(remoteEntry, initial);
  await initI18n(initial);
  if (langParam && isLocale(langParam) && config.enabledLocales.includes(langParam)) rememberLocale(langParam);

  // Without the registry there is nothing to mount: single-spa starts once a Try again has read it.
  let remotes: RemoteEntry[] = registry?.remotes ?? [];
  let registryRead = Boolean(registry);
  const versionsOf = (list: RemoteEntry[]) => list.map((r) => ({ name: r.name, version: r.version }));

  let started: Promise<Remotes> | undefined;
  const startedRemotes = () => started ??= loadRemotes().then(
    (m) => m.startRemotes(remotes, () => { handleRedirects(); }),
    (error: unknown) => { started = undefined; throw error; }, // the next navigation tries the chunk again
  );
  const startRoute = () => {
    startedRemotes().catch((error: unknown) => {
      // Spec section 2: a failed chunk load reloads the page, at most once a minute; until then the remote's area
      // says it is unavailable and the shell keeps working.
      console.error('[host] remotes unavailable', error);
      if (isChunkLoadError(error) && reloadAfterChunkError()) return;
      const name = remoteFor(redirectFor(location.pathname) ?? location.pathname);
      if (name) void fallbackLifecycles(name, () => containerOf(name)).mount();
    });
  };
  /** The notice's Try again: the registry asked for anew and, when it answers, the route's remote mounted in place. */
  const retryRegistry = async () => {
    const again = await fetchRegistry('/remotes.json');
    if (!again) return undefined;
    setRuntimeConfig(again.config ?? {});
    remotes = again.remotes;
    registryRead = true;
    pages.contentReplaced();
    if (isRemoteRoute(location.pathname)) startRoute();
    return versionsOf(remotes);
  };

  mountShell({ registryFailed: !registry, versions: versionsOf(remotes), retryRegistry });
  await yieldToMain(); // the shell's mount and the remotes' start (the federation runtime, single-spa): two tasks

  if (registryRead && isRemoteRoute(location.pathname)) startRoute();

  /** Within the shell's own pages no router is needed: the shell follows the address (popstate). */
  const navigate = (href: string) => {
    const { pathname } = new URL(href);
    // another page opens at its top (a remote's own links: ScrollToTop in shared/src/spa)
    if (pathname !== location.pathname) window.scrollTo(0, 0);
    if (started || (registryRead && isRemoteRoute(pathname))) {
      startedRemotes().then((r) => r.navigateToUrl(href), () => { location.href = href; });
      return;
    }
    history.pushState(null, '', href);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  };
  // Links rendered by the shell and remotes with data-spa navigate without a page load.
  document.addEventListener('click', (e) => {
    const a = (e.target as HTMLElement).closest('a[data-spa]') as HTMLAnchorElement | null;
    if (a && !e.metaKey && !e.ctrlKey && a.origin === location.origin) { e.preventDefault(); navigate(a.href); }
  });
}

void main();
