import { spaPreload, type RemoteEntry } from '@ticketing/shared';
import { hintRemote } from './hints';

/**
 * The route's remote, hinted by the host's main script when the page's early script (early.ts) has not done it:
 * its registry entry had no preload list (one written before they existed), so the files are read from its manifest.
 */
export function preloadRemote(remote: RemoteEntry, lang: string): void {
  hintRemote(remote, lang, spaPreload);
}
