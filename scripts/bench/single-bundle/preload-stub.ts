/**
 * The single-bundle build's stand-in for host/src/preloadRemote.ts: the composed host hints the route's remote files
 * as soon as the registry names it; the single bundle's counterpart is to start the route's lazy chunk then (and
 * not to fetch the composed site's remote files, which this application does not use).
 */
import { federationName, type RemoteEntry } from '@ticketing/shared';
import { SPAS } from './federation-stub';

export function preloadRemote(remote: RemoteEntry): void {
  SPAS[federationName(remote.name)]?.().catch(() => { /* the route's own load reports it */ });
}
