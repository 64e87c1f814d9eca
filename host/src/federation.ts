/**
 * The Module Federation runtime, loaded only when a remote's route is active. The home page, the terms and the
 * 404 are the shell's own and need no remote, so they fetch none of it (≈ 32 KB gzip, issue 12). The host is an
 * ordinary application that owns React and i18next; here it offers them to the remotes as the page's singletons
 * (what the federation plugin's share scope did when the host was built with it), and it provides the runtime
 * core that the remotes' entries expect on globalThis (they are built with `externalRuntime`), so a page still
 * runs one federation runtime.
 */
import * as runtimeCore from '@module-federation/runtime-tools/runtime-core';
import { createInstance } from '@module-federation/enhanced/runtime';
import * as React from 'react';
import * as JsxRuntime from 'react/jsx-runtime';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import * as I18next from 'i18next';
// Only the names of SHARED_SUBSETS (scripts/lib/shared-singletons.ts): the release gate holds every remote to them.
import { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next';
import { federationName } from '@ticketing/shared';
import { resiliencePlugin } from './runtime-plugin/resilience';

/** Version and accepted range of each singleton this build bundles (scripts/lib/host-requirements.ts). */
declare const __HOST_SHARED__: Record<string, { version: string; requiredVersion: string; exports?: string[] }>;
/** The runtime's own version, which the remotes' entries check the provided core against. */
declare const __FEDERATION_RUNTIME_VERSION__: string;

/** The modules behind each singleton key: the very instances the shell renders with. */
const LIBS: Record<string, unknown> = {
  react: React,
  'react/jsx-runtime': JsxRuntime,
  'react-dom': ReactDOM,
  'react-dom/client': ReactDOMClient,
  i18next: I18next,
  'react-i18next': { I18nextProvider, initReactI18next, useTranslation },
};

export interface Federation {
  loadRemote<T>(id: string): Promise<T | null | undefined>;
}

export function startFederation(remotes: ReadonlyArray<{ name: string; manifest: string }>, makeFallback: (remoteId: string) => unknown): Federation {
  const global = globalThis as { _FEDERATION_RUNTIME_CORE?: unknown; _FEDERATION_RUNTIME_CORE_FROM?: unknown };
  const name = federationName('host');
  global._FEDERATION_RUNTIME_CORE = runtimeCore;
  global._FEDERATION_RUNTIME_CORE_FROM = { name, version: __FEDERATION_RUNTIME_VERSION__ };
  const shared = Object.fromEntries(Object.entries(__HOST_SHARED__).map(([key, { version, requiredVersion, exports }]) => {
    if (!(key in LIBS)) throw new Error(`no module for the shared singleton ${key}`);
    const missing = (exports ?? []).filter((name) => !(name in (LIBS[key] as object)));
    if (missing.length) throw new Error(`the shared singleton ${key} is offered without ${missing.join(', ')} (SHARED_SUBSETS)`);
    return [key, { version, lib: () => LIBS[key], shareConfig: { singleton: true, requiredVersion } }];
  }));
  return createInstance({
    name,
    // Every remote of this page resolves from the page's one registry answer (versioned manifest URLs).
    remotes: remotes.map((r) => ({ name: federationName(r.name), entry: new URL(r.manifest, location.href).href })),
    shared,
    shareStrategy: 'loaded-first',
    plugins: [resiliencePlugin({ makeFallback })],
  });
}
