// First: configures zod before any module parses with it (CSP without 'unsafe-eval', see the file).
import './zodConfig';
import { registerApplication, start, addErrorHandler, getAppStatus, LOAD_ERROR, SKIP_BECAUSE_BROKEN, navigateToUrl } from 'single-spa';
import '@ticketing/shared/ui.css';
import './shell/layout.css';
import {
  initI18n, storedLocale, isLocale, setRuntimeConfig, getRuntimeConfig, isChunkLoadError, reloadAfterChunkError, getSessionUuid,
  federationName, type RemoteEntry,
} from '@ticketing/shared';
import { fetchRegistry } from './registry';
import { activityFor, externalTarget, pageKind, redirectFor } from './routes';
import { fallbackLifecycles } from './fallbackApp';
import { shellLifecycles } from './shell/lifecycles';
import type { Federation } from './federation';

const containerId = (name: string) => `app-${name}`;

function containerOf(name: string): HTMLElement {
  let el = document.getElementById(containerId(name));
  if (!el) {
    el = document.createElement('div');
    el.id = containerId(name);
    document.getElementById('remotes')!.appendChild(el);
  }
  return el;
}

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

async function main() {
  if (handleRedirects()) return;
  watchChunkErrors();
  window.addEventListener('single-spa:before-routing-event', () => { handleRedirects(); });
  getSessionUuid();

  // The federation runtime is fetched only for a remote's route, beside the registry rather than after it.
  const loadFederation = () => import(/* webpackChunkName: "federation" */ './federation');
  if (pageKind(location.pathname, null, []) === 'remote') loadFederation().catch(() => { /* retried, and reported, when the remote loads */ });
  const registry = await fetchRegistry();
  const config = setRuntimeConfig(registry?.config ?? {});
  const langParam = new URLSearchParams(location.search).get('lang');
  const initial = langParam && config.enabledLocales.includes(langParam as never) && isLocale(langParam) ? langParam : storedLocale() ?? 'he';
  await initI18n(initial);
  if (langParam && isLocale(langParam) && config.enabledLocales.includes(langParam)) sessionStorage.setItem('ticketing.locale', langParam);

  // Every remote of this page resolves from this one registry answer (versioned manifest URLs).
  const remotes: RemoteEntry[] = registry?.remotes ?? [];
  const byFederationName = new Map(remotes.map((r) => [federationName(r.name), r.name]));
  const remoteNameOf = (id: string) => byFederationName.get(id.split('/')[0]) ?? id;
  let federation: Promise<Federation> | undefined;
  const startedFederation = () => federation ??= loadFederation().then(
    (m) => m.startFederation(remotes, (id) => fallbackLifecycles(remoteNameOf(id), () => containerOf(remoteNameOf(id)))),
    (error: unknown) => { federation = undefined; throw error; }, // the next remote tries the chunk again
  );

  registerApplication({
    name: 'shell',
    app: async () => shellLifecycles({ registryFailed: !registry, versions: remotes.map((r) => ({ name: r.name, version: r.version })) }),
    activeWhen: () => true,
  });

  const enabled = () => getRuntimeConfig().enabledLocales;
  for (const remote of remotes) {
    const isActive = activityFor(remote.name);
    registerApplication({
      name: remote.name,
      app: async () => {
        try {
          const mod = await (await startedFederation()).loadRemote<Record<string, unknown>>(`${federationName(remote.name)}/spa`);
          if (!mod || typeof mod.mount !== 'function') throw new Error(`${remote.name} exposes no lifecycles`);
          return mod as never;
        } catch (error) {
          console.error(`[host] ${remote.name} failed to load`, error);
          // Spec section 2: a failed chunk load reloads the page, at most once a minute.
          if (isChunkLoadError(error) && reloadAfterChunkError()) return new Promise<never>(() => {});
          return fallbackLifecycles(remote.name, () => containerOf(remote.name)) as never;
        }
      },
      activeWhen: (loc) => pageKind(loc.pathname, new URL(loc.href).searchParams.get('lang'), enabled()) === 'remote' && isActive(loc),
      customProps: () => ({ domElement: containerOf(remote.name) }),
    });
  }

  // A remote that throws in bootstrap or mount: show the fallback in its area while its route is
  // active, keep the rest running. single-spa will not mount a broken app again, so the host owns
  // the fallback's life: mounted on its route, unmounted when the visitor navigates elsewhere.
  const brokenFallbacks = new Map<string, { mounted: boolean; app: ReturnType<typeof fallbackLifecycles> }>();
  const syncBrokenFallbacks = () => {
    for (const [name, fb] of brokenFallbacks) {
      const remote = remotes.find((r) => r.name === name);
      const active = !!remote && activityFor(remote.name)(location) && pageKind(location.pathname, new URL(location.href).searchParams.get('lang'), enabled()) === 'remote';
      if (active && !fb.mounted) { fb.mounted = true; void fb.app.mount(); }
      if (!active && fb.mounted) { fb.mounted = false; void fb.app.unmount(); }
    }
  };
  addErrorHandler((err) => {
    console.error('[host] application error', err.appOrParcelName, err);
    const name = err.appOrParcelName;
    if (isChunkLoadError(err) || isChunkLoadError((err as { cause?: unknown }).cause)) reloadAfterChunkError();
    const status = getAppStatus(name);
    if ((status === LOAD_ERROR || status === SKIP_BECAUSE_BROKEN) && !brokenFallbacks.has(name)) {
      const el = containerOf(name);
      el.replaceChildren(); // whatever the crashed mount left behind
      brokenFallbacks.set(name, { mounted: false, app: fallbackLifecycles(name, () => containerOf(name)) });
      syncBrokenFallbacks();
    }
  });
  window.addEventListener('single-spa:routing-event', syncBrokenFallbacks);

  // Links rendered by the shell and remotes with data-spa navigate without a page load.
  document.addEventListener('click', (e) => {
    const a = (e.target as HTMLElement).closest('a[data-spa]') as HTMLAnchorElement | null;
    if (a && !e.metaKey && !e.ctrlKey && a.origin === location.origin) { e.preventDefault(); navigateToUrl(a.href); }
  });

  start({ urlRerouteOnly: true });
}

void main();
