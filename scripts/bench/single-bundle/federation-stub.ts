/**
 * The single-bundle comparison build (scripts/bench/singleBundle.ts) aliases the host's federation module
 * (host/src/federation.ts) to this one: the host's own code runs unchanged, and `loadRemote('mf_x/spa')` becomes an
 * ordinary lazy import of that app's source, so the whole site is one application with one copy of every
 * library, code-split by route.
 */
import type { Federation } from '../../../host/src/federation';

export const SPAS: Record<string, () => Promise<unknown>> = {
  mf_booking: () => import('../../../mf-booking/src/spa'),
  mf_customer: () => import('../../../mf-customer/src/spa'),
  mf_memberships: () => import('../../../mf-memberships/src/spa'),
  mf_vouchers: () => import('../../../mf-vouchers/src/spa'),
  mf_preslive: () => import('../../../mf-preslive/src/spa'),
  mf_ticketref: () => import('../../../mf-ticketref/src/spa'),
};

export function startFederation(): Federation {
  return {
    async loadRemote<T>(id: string): Promise<T | undefined> {
      const load = SPAS[id.split('/')[0]];
      return load ? ((await load()) as T) : undefined;
    },
  };
}
