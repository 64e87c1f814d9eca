import { registerApplication, start, addErrorHandler, getAppStatus, LOAD_ERROR, SKIP_BECAUSE_BROKEN, navigateToUrl } from 'single-spa';
import { registerRemotes, registerPlugins, loadRemote } from '@module-federation/enhanced/runtime';
import '@ticketing/shared/ui.css';
import {
  initI18n, storedLocale, isLocale, setRuntimeConfig, getRuntimeConfig, isChunkLoadError, reloadAfterChunkError, getSessionUuid,
  type RemoteEntry,
} from '@ticketing/shared';
import { fetchRegistry } from './registry';
import { activityFor, externalTarget, pageKind, redirectFor } from './routes';
import { resiliencePlugin } from './runtime-plugin/resilience';
import { fallbackLifecycles } from './fallbackApp';
import { shellLifecycles } from './shell/lifecycles';

const federationName = (name: string) => name.replace(/-/g, '_');
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

  const registry = await fetchRegistry();
  const config = setRuntimeConfig(registry?.config ?? {});
  const langParam = new URLSearchParams(location.search).get('lang');
  const initial = langParam && config.enabledLocales.includes(langParam as never) && isLocale(langParam) ? langParam : storedLocale() ?? 'he';
  await initI18n(initial);
  if (langParam && isLocale(langParam) && config.enabledLocales.includes(langParam)) sessionStorage.setItem('ticketing.locale', langParam);

  const remotes: RemoteEntry[] = registry?.remotes ?? [];
  registerPlugins([resiliencePlugin((id) => fallbackLifecycles(id.split('/')[0], () => containerOf(remoteNameOf(id))))]);
  registerRemotes(remotes.map((r) => ({ name: federationName(r.name), entry: new URL(r.manifest, location.href).href })));
  const byFederationName = new Map(remotes.map((r) => [federationName(r.name), r.name]));
  const remoteNameOf = (id: string) => byFederationName.get(id.split('/')[0]) ?? id;

  registerApplication({ name: 'shell', app: async () => shellLifecycles({ registryFailed: !registry }), activeWhen: () => true });

  const enabled = () => getRuntimeConfig().enabledLocales;
  for (const remote of remotes) {
    const isActive = activityFor(remote.name);
    registerApplication({
      name: remote.name,
      app: async () => {
        try {
          const mod = await loadRemote<Record<string, unknown>>(`${federationName(remote.name)}/spa`);
          if (!mod || typeof mod.mount !== 'function') throw new Error(`${remote.name} exposes no lifecycles`);
          return mod as never;
        } catch (error) {
          console.error(`[host] ${remote.name} failed to load`, error);
          return fallbackLifecycles(remote.name, () => containerOf(remote.name)) as never;
        }
      },
      activeWhen: (loc) => pageKind(loc.pathname, new URL(loc.href).searchParams.get('lang'), enabled()) === 'remote' && isActive(loc),
      customProps: () => ({ domElement: containerOf(remote.name) }),
    });
  }

  // A remote that throws in bootstrap or mount: show the fallback in its area, keep the rest running.
  addErrorHandler((err) => {
    console.error('[host] application error', err.appOrParcelName, err);
    const name = err.appOrParcelName;
    const status = getAppStatus(name);
    if (status === LOAD_ERROR || status === SKIP_BECAUSE_BROKEN) {
      void fallbackLifecycles(name, () => containerOf(name)).mount();
    }
  });

  // Links rendered by the shell and remotes with data-spa navigate without a page load.
  document.addEventListener('click', (e) => {
    const a = (e.target as HTMLElement).closest('a[data-spa]') as HTMLAnchorElement | null;
    if (a && !e.metaKey && !e.ctrlKey && a.origin === location.origin) { e.preventDefault(); navigateToUrl(a.href); }
  });

  start({ urlRerouteOnly: true });
}

void main();
