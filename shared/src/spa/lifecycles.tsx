import { StrictMode, startTransition, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import type { Store } from '@reduxjs/toolkit';
import { i18n, initI18n, loadNamespace, storedLocale, type ResourceLoaders } from '../i18n';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { RemoteFallback } from '../ui/RemoteFallback';
import { Toasts } from '../ui/toast';
import { setRuntimeConfig } from '../runtime/config';
import { yieldToMain } from '../runtime/yieldToMain';
import { ScrollToTop } from './ScrollToTop';

export interface RemoteDefinition {
  /** Package name, e.g. "mf-booking", and its version (the visible release marker). */
  name: string;
  version: string;
  /** Router basename = the remote's route prefix, e.g. "/order". Empty for remotes owning several prefixes. */
  basename: string;
  /** i18n namespace and a loader of its texts per locale (only the visitor's language is fetched). */
  namespace: string;
  resources: ResourceLoaders;
  App: ComponentType;
  /** One Redux store per remote (created on first mount, kept across remounts). */
  createStore: () => Store;
  /**
   * The code of the screen the page opened on, when it is a chunk of its own (`lazyScreen(…).preload()`): awaited
   * beside the texts, so that the first render shows that screen rather than a loading screen for code already on
   * its way (see lazyScreen). A failure is left to the screen's own load, which reports it.
   */
  firstScreen?: () => Promise<unknown>;
}

interface SpaProps { name: string; domElement?: HTMLElement }

function tree(def: RemoteDefinition, store: Store) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <ErrorBoundary name={def.name} fallback={<RemoteFallback name={def.name} />}>
          <Provider store={store}>
            <BrowserRouter basename={def.basename}>
              <ScrollToTop />
              <div data-remote={def.name} data-version={def.version}>
                <def.App />
              </div>
            </BrowserRouter>
          </Provider>
        </ErrorBoundary>
      </I18nextProvider>
    </StrictMode>
  );
}

/** single-spa lifecycles (bootstrap, mount, unmount) for one remote, with its error boundary. */
export function createSpaLifecycles(def: RemoteDefinition) {
  let root: Root | undefined;
  let store: Store | undefined;
  return {
    async bootstrap() {
      // single-spa bootstraps in the task that evaluated the remote's modules (≈ 60 ms of a phone's CPU for booking):
      // the texts and the first screen's code start in a task of their own (issue 12, Total Blocking Time).
      await yieldToMain();
      await initI18n();
      await Promise.all([loadNamespace(def.namespace, def.resources), def.firstScreen?.().catch(() => undefined)]);
    },
    async mount(props: SpaProps) {
      const el = props.domElement ?? document.getElementById(`app-${def.name}`);
      if (!el) throw new Error(`${def.name}: no container`);
      store ??= def.createStore();
      const mounted = createRoot(el);
      root = mounted;
      // A transition: React renders the remote's first screen in slices that leave the main thread free between
      // them, instead of one long task (issue 12: Total Blocking Time).
      startTransition(() => mounted.render(tree(def, store!)));
    },
    async unmount() {
      root?.unmount();
      root = undefined;
    },
  };
}

/** Standalone mode for a remote's own team: `npm run dev -w mf-x` renders it alone. */
export async function renderStandalone(def: RemoteDefinition, container: HTMLElement | null) {
  setRuntimeConfig({ apiBase: '/api', enabledLocales: ['he', 'en', 'ru', 'ar', 'pl'] });
  await initI18n(storedLocale());
  await loadNamespace(def.namespace, def.resources);
  if (!container) throw new Error('no #root');
  const store = def.createStore();
  createRoot(container).render(<>{tree(def, store)}<Toasts /></>);
}
