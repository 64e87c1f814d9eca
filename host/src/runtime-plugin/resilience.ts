import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { isChunkLoadError } from '@ticketing/shared';

/** How many times a remote's manifest or entry script is fetched again after a transient failure. */
export const MAX_RETRIES = 2;
export const RETRY_DELAY_MS = 300;

type LoadEntryErrorArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>>[0];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** 4xx is not transient: a missing file stays missing, so it goes straight to the fallback. */
export const isTransientStatus = (status: number) => status >= 500 || status === 408 || status === 429;

export interface ResilienceOptions {
  /** The module to use in place of a remote that cannot be loaded (single-spa lifecycles showing the fallback). */
  makeFallback: (remoteId: string) => unknown;
  retries?: number;
  delayMs?: number;
  /** Injected for tests. */
  fetchImpl?: typeof fetch;
}

/**
 * Module Federation runtime plugin (see module-federation/core apps/router-demo runtime-plugin):
 * - `fetch`: bounded retry of manifest fetches on network errors and 5xx (not on 4xx);
 * - `loadEntryError`: bounded retry of the remoteEntry.js script after a network failure;
 * - `errorLoadRemote`: once retries are spent, the remote resolves to a fallback module so the host
 *   never crashes on one dead remote. A failed chunk load is left to the host's loader (remotes.ts), which
 *   applies the spec's reload rule (shared/src/runtime/chunkReload.ts) and shows the fallback only when it does
 *   not reload (the fallback would flash before the reload).
 */
export function resiliencePlugin(opts: ResilienceOptions): ModuleFederationRuntimePlugin {
  const retries = opts.retries ?? MAX_RETRIES;
  const delay = opts.delayMs ?? RETRY_DELAY_MS;
  const doFetch = opts.fetchImpl ?? ((url: string, init?: RequestInit) => fetch(url, init));
  return {
    name: 'ticketing-resilience',
    async fetch(url, init) {
      let lastError: unknown;
      for (let attempt = 0; attempt <= retries; attempt++) {
        if (attempt > 0) await sleep(delay * attempt);
        try {
          const res = await doFetch(url, init);
          if (!isTransientStatus(res.status)) return res;
          lastError = new Error(`HTTP ${res.status} for ${url}`);
        } catch (e) {
          lastError = e;
        }
      }
      throw lastError;
    },
    // (The hook's declared return type wraps the promise twice; the runtime awaits whatever is returned.)
    loadEntryError: (async ({ getRemoteEntry, origin, remoteInfo, remoteEntryExports, globalLoading, uniqueKey }: LoadEntryErrorArgs) => {
      for (let attempt = 1; attempt <= retries; attempt++) {
        await sleep(delay * attempt);
        // Forget the failed attempt so the runtime creates a fresh script element.
        delete globalLoading[uniqueKey];
        try {
          const exports = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
          if (exports) return exports;
        } catch (e) {
          console.warn(`[host] ${remoteInfo.name}: entry attempt ${attempt + 1} failed`, e);
        }
      }
      return undefined;
    }) as unknown as NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>,
    errorLoadRemote(args) {
      // undefined: the runtime throws the error on to the host's loader, which reloads or shows the fallback
      if (isChunkLoadError(args.error)) return undefined;
      console.error('[host] remote failed to load', args.id, args.error);
      return opts.makeFallback(args.id);
    },
  };
}
