import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** How many times a remote's manifest/entry is fetched again after a transient failure. */
export const MAX_RETRIES = 2;
const RETRY_DELAY_MS = 300;

/**
 * Module Federation runtime plugin: bounded retry of manifest fetches, then a fallback
 * module for a remote that cannot be loaded, so the host never crashes on one dead remote.
 */
export function resiliencePlugin(makeFallback: (remoteId: string) => unknown): ModuleFederationRuntimePlugin {
  return {
    name: 'ticketing-resilience',
    async fetch(url, init) {
      let lastError: unknown;
      for (let attempt = 0; attempt <= MAX_RETRIES; attempt++) {
        try {
          const res = await fetch(url, init);
          // 4xx is not transient: a missing file stays missing.
          if (res.ok || (res.status >= 400 && res.status < 500)) return res;
          lastError = new Error(`HTTP ${res.status} for ${url}`);
        } catch (e) {
          lastError = e;
        }
        await new Promise((r) => setTimeout(r, RETRY_DELAY_MS * (attempt + 1)));
      }
      throw lastError;
    },
    errorLoadRemote(args) {
      console.error('[host] remote failed to load', args.id, args.error);
      return makeFallback(args.id);
    },
  };
}
