/**
 * Everything the host needs to show remotes: single-spa (which remote is active on which route) and the federation
 * runtime (how a remote is loaded). One chunk, fetched only when a remote's route is active or a link leads to one;
 * the shell's own pages (home, terms, 404) run without it (issue 12: `/` within 100 KB of JS).
 */
import { registerApplication, start, addErrorHandler, getAppStatus, LOAD_ERROR, SKIP_BECAUSE_BROKEN, navigateToUrl } from 'single-spa';
import { getRuntimeConfig, isChunkLoadError, reloadAfterChunkError, federationName, yieldToMain, type RemoteEntry } from '@ticketing/shared';
import { activityFor, pageKind } from './routes';
import { fallbackLifecycles } from './fallbackApp';
import { containerOf } from './containers';
import { startFederation } from './federation';


export interface Remotes {
  navigateToUrl(href: string): void;
}

/**
 * Registers every remote of the page with single-spa and starts routing. `remotes` is the page's one registry
 * answer, so a flip during a visit never mixes two versions in one page. `beforeRouting` runs before each route
 * change (the spec's redirects).
 */
export async function startRemotes(remotes: RemoteEntry[], beforeRouting: () => void): Promise<Remotes> {
  const byFederationName = new Map(remotes.map((r) => [federationName(r.name), r.name]));
  const remoteNameOf = (id: string) => byFederationName.get(id.split('/')[0]) ?? id;
  const federation = startFederation(remotes, (id) => fallbackLifecycles(remoteNameOf(id), () => containerOf(remoteNameOf(id))));
  // The federation runtime's start and single-spa's first route (which loads the remote: its manifest, snapshot and
  // entry) were one task of ≈ 100 ms on a phone's CPU: two now (issue 12, Total Blocking Time).
  await yieldToMain();
  window.addEventListener('single-spa:before-routing-event', beforeRouting);

  const enabled = () => getRuntimeConfig().enabledLocales;
  const onRemoteRoute = (loc: Location | URL) => pageKind(loc.pathname, new URL(loc.href).searchParams.get('lang'), enabled()) === 'remote';
  for (const remote of remotes) {
    const isActive = activityFor(remote.name);
    registerApplication({
      name: remote.name,
      app: async () => {
        try {
          const mod = await federation.loadRemote<Record<string, unknown>>(`${federationName(remote.name)}/spa`);
          if (!mod || typeof mod.mount !== 'function') throw new Error(`${remote.name} exposes no lifecycles`);
          return mod as never;
        } catch (error) {
          console.error(`[host] ${remote.name} failed to load`, error);
          // Spec section 2: a failed chunk load reloads the page, at most once a minute.
          if (isChunkLoadError(error) && reloadAfterChunkError()) return new Promise<never>(() => {});
          return fallbackLifecycles(remote.name, () => containerOf(remote.name)) as never;
        }
      },
      activeWhen: (loc) => onRemoteRoute(loc) && isActive(loc),
      customProps: () => ({ domElement: containerOf(remote.name) }),
    });
  }

  // A remote that throws in bootstrap or mount: show the fallback in its area while its route is
  // active, keep the rest running. single-spa will not mount a broken app again, so the host owns
  // the fallback's life: mounted on its route, unmounted when the visitor navigates elsewhere.
  const brokenFallbacks = new Map<string, { mounted: boolean; app: ReturnType<typeof fallbackLifecycles> }>();
  const syncBrokenFallbacks = () => {
    for (const [name, fb] of brokenFallbacks) {
      const active = remotes.some((r) => r.name === name) && activityFor(name)(location) && onRemoteRoute(location);
      if (active && !fb.mounted) { fb.mounted = true; void fb.app.mount(); }
      if (!active && fb.mounted) { fb.mounted = false; void fb.app.unmount(); }
    }
  };
  addErrorHandler((err) => {
    console.error('[host] application error', err.appOrParcelName, err);
    const name = err.appOrParcelName;
    // While a failed chunk load reloads the page, no fallback (it would flash before the reload).
    if ((isChunkLoadError(err) || isChunkLoadError((err as { cause?: unknown }).cause)) && reloadAfterChunkError()) return;
    const status = getAppStatus(name);
    if ((status === LOAD_ERROR || status === SKIP_BECAUSE_BROKEN) && !brokenFallbacks.has(name)) {
      const el = containerOf(name);
      el.replaceChildren(); // whatever the crashed mount left behind
      brokenFallbacks.set(name, { mounted: false, app: fallbackLifecycles(name, () => containerOf(name)) });
      syncBrokenFallbacks();
    }
  });
  window.addEventListener('single-spa:routing-event', syncBrokenFallbacks);

  start({ urlRerouteOnly: true });
  return { navigateToUrl };
}
